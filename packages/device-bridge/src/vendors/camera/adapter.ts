import type { CameraIndex } from '@trialab/device-protocol';
import { ErrorCode } from '@trialab/device-protocol';
import { Agent } from 'undici';
import type { BridgeConfig } from '../../config.js';
import {
  asBridgeError,
  readVendorObject,
  translateFailure,
  type VendorHttpResponse,
  vendorHttp,
} from '../http.js';
import type {
  CameraStatus,
  CameraVendor,
  CaptureParams,
  CaptureResult,
  IdCardResult,
  ProbeResult,
} from '../types.js';
import { FormMemory, type RequestForm } from './forms.js';
import {
  captureBody,
  encodeBody,
  expectSuccess,
  readCapture,
  readFaceScore,
  readIdCard,
  readResolution,
  readStatus,
} from './payloads.js';
import { requestCameraStream } from './stream.js';

type FaceApi = 'verifybase64' | 'imgdata';

export interface CameraAdapterOptions {
  /** The adapter learnt that this service lacks `missing` and now uses `using` (for the log). */
  onFormChange?(missing: string, using: string): void;
  /** The service stopped answering: what was learnt about its commands is forgotten. */
  onForget?(forgotten: readonly string[]): void;
}

/**
 * The Eloam-style camera service on 38088. Paths keep their literal `=` (`/video=grabimage`); bodies
 * are JSON text labelled as a form, never empty (an empty body gets XML from some builds).
 */
export class CameraAdapter implements CameraVendor {
  readonly vendor = 'camera' as const;
  readonly enabled: boolean;
  readonly address: string;
  readonly #config: BridgeConfig;
  readonly #agent = new Agent({ keepAliveTimeout: 10_000, connections: 16 });
  readonly #faceApi: FaceApi | undefined;
  /** Request forms this service (this address, this run of it) lacks; see FormMemory. */
  readonly forms: FormMemory;
  readonly #onForget: (forgotten: readonly string[]) => void;

  constructor(config: BridgeConfig, options: CameraAdapterOptions = {}) {
    this.#config = config;
    this.enabled = config.vendors.camera.enabled;
    this.address = config.vendors.camera.url;
    const face = config.vendors.camera.faceApi;
    this.#faceApi = face === 'auto' ? undefined : face;
    this.forms = new FormMemory(options.onFormChange);
    this.#onForget = options.onForget ?? (() => {});
  }

  /** Unreachable: the service stopped or restarts, perhaps as another build, so start learning anew. */
  #noticeFailure(error: unknown): never {
    if (asBridgeError(error).code === ErrorCode.VENDOR_UNREACHABLE && this.forms.missing.length > 0) {
      const forgotten = this.forms.missing;
      this.forms.forget();
      this.#onForget(forgotten);
    }
    throw error;
  }

  get dispatcher(): Agent {
    return this.#agent;
  }

  async #post(
    command: string,
    body: Record<string, string | Record<string, string>>,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<VendorHttpResponse> {
    return vendorHttp({
      vendor: 'camera',
      operation: command,
      url: `${this.address}/${command}`,
      method: 'POST',
      body: encodeBody(body),
      contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
      timeoutMs,
      signal,
      dispatcher: this.#agent,
      maxBytes: this.#config.limits.maxVendorResponseBytes,
    }).catch((error: unknown) => this.#noticeFailure(error));
  }

  async #call(
    command: string,
    body: Record<string, string | Record<string, string>>,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    return readVendorObject('camera', command, await this.#post(command, body, timeoutMs, signal));
  }

  get #timeout(): number {
    return this.#config.timeouts.cameraClient;
  }

  async status(signal?: AbortSignal, timeoutMs = this.#timeout): Promise<CameraStatus> {
    return readStatus(await this.#call('video=status', {}, timeoutMs, signal));
  }

  /** `video=open`; builds without it open a camera when its stream is requested (VENDOR-NOTES, issue 13). */
  async open(camera: CameraIndex, signal?: AbortSignal): Promise<void> {
    await this.forms.run(
      {
        name: 'video=open',
        run: async () => {
          const answer = await this.#call('video=open', { camidx: String(camera) }, this.#timeout, signal);
          expectSuccess(answer, ErrorCode.DEVICE_NOT_CONNECTED, 'video=open');
        },
      },
      { name: 'video=stream', run: () => this.#openByStream(camera, signal) },
    );
  }

  /** Requests the camera's stream and lets go of it once it streams: the camera is then open. */
  async #openByStream(camera: CameraIndex, signal?: AbortSignal): Promise<void> {
    const timeoutMs = this.#timeout;
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const stream = await requestCameraStream(this.streamUrl(camera), {
        dispatcher: this.#agent,
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
        headersTimeoutMs: timeoutMs + 1_000,
        failure: ErrorCode.DEVICE_NOT_CONNECTED,
      });
      stream.body.destroy();
    } catch (error) {
      this.#noticeFailure(
        translateFailure(error, { vendor: 'camera', operation: 'video=stream', timeoutMs }, timeout, signal),
      );
    }
  }

  async close(camera: CameraIndex, signal?: AbortSignal): Promise<void> {
    const answer = await this.#call('video=close', { camidx: String(camera) }, this.#timeout, signal);
    expectSuccess(answer, ErrorCode.VENDOR_ERROR, 'video=close');
  }

  async getResolution(camera: CameraIndex, signal?: AbortSignal): Promise<string> {
    const body = { type: 'resolution', camidx: String(camera) };
    return readResolution(await this.#call('param=get', body, this.#timeout, signal));
  }

  async setResolution(
    camera: CameraIndex,
    width: number,
    height: number,
    signal?: AbortSignal,
  ): Promise<void> {
    const body = { camidx: String(camera), width: String(width), height: String(height) };
    expectSuccess(
      await this.#call('param=set', body, this.#timeout, signal),
      ErrorCode.VENDOR_ERROR,
      'param=set',
    );
  }

  async setCutPage(camera: CameraIndex, enabled: boolean, signal?: AbortSignal): Promise<void> {
    const body = { camidx: String(camera), cutpage: enabled ? '1' : '0' };
    expectSuccess(
      await this.#call('param=set', body, this.#timeout, signal),
      ErrorCode.VENDOR_ERROR,
      'param=set',
    );
  }

  async capture(params: CaptureParams, signal?: AbortSignal): Promise<CaptureResult> {
    return readCapture(
      await this.#call('video=grabimage', captureBody(params), this.#timeout, signal),
      params,
    );
  }

  #face(api: FaceApi, image0: string, image1: string, signal?: AbortSignal): RequestForm<number> {
    const [name, body] =
      api === 'verifybase64'
        ? ['face=verifybase64', { face0: image0, face1: image1 }]
        : ['comparison=imgdata', { FaceOne: image0, FaceTwo: image1 }];
    return {
      name,
      run: async () =>
        readFaceScore(await this.#call(name, body, this.#config.timeouts.faceVerify, signal), name),
    };
  }

  /** The newer `face=verifybase64`, or the older `comparison=imgdata` on builds without it (or as configured). */
  async faceVerify(image0: string, image1: string, signal?: AbortSignal): Promise<number> {
    if (this.#faceApi) return this.#face(this.#faceApi, image0, image1, signal).run();
    return this.forms.run(
      this.#face('verifybase64', image0, image1, signal),
      this.#face('imgdata', image0, image1, signal),
    );
  }

  async readIdCard(signal?: AbortSignal): Promise<IdCardResult> {
    return readIdCard(await this.#call('card=idcard', {}, this.#config.timeouts.idCard, signal));
  }

  streamUrl(camera: CameraIndex): string {
    return `${this.address}/video=stream&camidx=${camera}`;
  }

  async probe(signal?: AbortSignal): Promise<ProbeResult> {
    if (!this.enabled) return { service: 'camera', state: 'disabled', address: this.address };
    const started = performance.now();
    try {
      await this.status(signal, this.#config.timeouts.statusProbe);
      return {
        service: 'camera',
        state: 'ready',
        address: this.address,
        latencyMs: performance.now() - started,
      };
    } catch (error) {
      const typed = asBridgeError(error);
      return {
        service: 'camera',
        state:
          typed.code === ErrorCode.VENDOR_UNREACHABLE || typed.code === ErrorCode.TIMEOUT
            ? 'unreachable'
            : 'ready',
        address: this.address,
        lastError: { code: typed.code, message: typed.message },
      };
    }
  }

  async dispose(): Promise<void> {
    await this.#agent.close();
  }
}
