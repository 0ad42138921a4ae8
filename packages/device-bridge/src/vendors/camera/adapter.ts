import type { CameraIndex } from '@trialab/device-protocol';
import { BridgeError, ErrorCode } from '@trialab/device-protocol';
import { Agent } from 'undici';
import type { BridgeConfig } from '../../config.js';
import { asBridgeError, readVendorObject, type VendorHttpResponse, vendorHttp } from '../http.js';
import type {
  CameraStatus,
  CameraVendor,
  CaptureParams,
  CaptureResult,
  IdCardResult,
  ProbeResult,
} from '../types.js';
import {
  captureBody,
  encodeBody,
  expectSuccess,
  isUnsupported,
  readCapture,
  readFaceScore,
  readIdCard,
  readResolution,
  readStatus,
} from './payloads.js';

type FaceApi = 'verifybase64' | 'imgdata';

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
  #faceApi: FaceApi | undefined;

  constructor(config: BridgeConfig) {
    this.#config = config;
    this.enabled = config.vendors.camera.enabled;
    this.address = config.vendors.camera.url;
    const face = config.vendors.camera.faceApi;
    this.#faceApi = face === 'auto' ? undefined : face;
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
    });
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

  async open(camera: CameraIndex, signal?: AbortSignal): Promise<void> {
    const answer = await this.#call('video=open', { camidx: String(camera) }, this.#timeout, signal);
    expectSuccess(answer, ErrorCode.DEVICE_NOT_CONNECTED, 'video=open');
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

  async #face(api: FaceApi, image0: string, image1: string, signal?: AbortSignal) {
    const [command, body] =
      api === 'verifybase64'
        ? ['face=verifybase64', { face0: image0, face1: image1 }]
        : ['comparison=imgdata', { FaceOne: image0, FaceTwo: image1 }];
    const response = await this.#post(command, body, this.#config.timeouts.faceVerify, signal);
    const answer = response.status === 404 ? {} : readVendorObject('camera', command, response);
    return { command, answer, response };
  }

  async faceVerify(image0: string, image1: string, signal?: AbortSignal): Promise<number> {
    if (this.#faceApi) {
      const { command, answer } = await this.#face(this.#faceApi, image0, image1, signal);
      return readFaceScore(answer, command);
    }
    // Not yet known: the newer API first, the older one when this build does not have it; remember which.
    const newer = await this.#face('verifybase64', image0, image1, signal);
    if (!isUnsupported(newer.answer, newer.response.status)) {
      this.#faceApi = 'verifybase64';
      return readFaceScore(newer.answer, newer.command);
    }
    const older = await this.#face('imgdata', image0, image1, signal);
    if (isUnsupported(older.answer, older.response.status)) {
      throw new BridgeError(ErrorCode.FACE_VERIFY_FAILED, 'camera service offers no face comparison', {
        details: { vendor: 'camera', operation: 'face' },
      });
    }
    this.#faceApi = 'imgdata';
    return readFaceScore(older.answer, older.command);
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
