import type { ServerResponse } from 'node:http';
import { BridgeError, type CameraIndex, ErrorCode } from '@trialab/device-protocol';
import type { Dispatcher } from 'undici';
import type { Clock } from '../clock.js';
import { requestCameraStream } from '../vendors/camera/stream.js';
import { asBridgeError, translateFailure } from '../vendors/http.js';
import { MultipartSplitter } from './multipart.js';

export interface Viewer {
  res: ServerResponse;
  /** Stream token of the connection this viewer belongs to. */
  token: string;
}

export interface StreamHubOptions {
  camera: CameraIndex;
  url: string;
  dispatcher: Dispatcher;
  clock: Clock;
  /** For the first bytes of the answer, and between frames once streaming. */
  timeoutMs: number;
  onError(camera: CameraIndex, error: BridgeError): void;
}

type Upstream = {
  controller: AbortController;
  boundary: string | undefined;
  idle: unknown;
};

/**
 * One upstream MJPEG request per camera, shared by every viewer; parts are relayed unchanged. The
 * upstream is aborted when the last viewer leaves, and a stalled upstream after `timeoutMs`.
 */
export class StreamHub {
  readonly #o: StreamHubOptions;
  readonly #viewers = new Set<Viewer>();
  /** Viewers waiting for the upstream's headers. */
  readonly #pending = new Set<Viewer>();
  #upstream: Upstream | undefined;
  /** Upstream requests started so far (tests and benchmarks read it). */
  upstreamRequests = 0;

  constructor(options: StreamHubOptions) {
    this.#o = options;
  }

  get viewers(): number {
    return this.#viewers.size + this.#pending.size;
  }

  add(viewer: Viewer): void {
    viewer.res.on('close', () => this.#remove(viewer));
    if (this.#upstream?.boundary) {
      this.#start(viewer, this.#upstream.boundary);
      return;
    }
    this.#pending.add(viewer);
    if (!this.#upstream) void this.#connect();
  }

  /** Ends the viewers of one connection (it closed), or all of them. */
  end(token?: string): void {
    for (const viewer of [...this.#viewers, ...this.#pending]) {
      if (token === undefined || viewer.token === token) {
        if (!viewer.res.writableEnded) viewer.res.end();
        this.#remove(viewer);
      }
    }
  }

  #remove(viewer: Viewer): void {
    this.#viewers.delete(viewer);
    this.#pending.delete(viewer);
    if (this.viewers === 0) this.#stop();
  }

  #stop(): void {
    const upstream = this.#upstream;
    if (!upstream) return;
    this.#upstream = undefined;
    this.#o.clock.clearTimeout(upstream.idle);
    upstream.controller.abort();
  }

  #start(viewer: Viewer, boundary: string): void {
    this.#pending.delete(viewer);
    viewer.res.writeHead(200, {
      'Content-Type': `multipart/x-mixed-replace; boundary=${boundary}`,
      'Cache-Control': 'no-cache, no-store, must-revalidate',
      Pragma: 'no-cache',
      Connection: 'close',
    });
    this.#viewers.add(viewer);
  }

  #fail(error: BridgeError, status: number): void {
    for (const viewer of [...this.#pending]) {
      if (!viewer.res.headersSent) {
        viewer.res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      }
      viewer.res.end(JSON.stringify({ error: error.toPayload() }));
    }
    this.#pending.clear();
    this.#o.onError(this.#o.camera, error);
  }

  #armIdle(upstream: Upstream): void {
    this.#o.clock.clearTimeout(upstream.idle);
    upstream.idle = this.#o.clock.setTimeout(() => upstream.controller.abort(), this.#o.timeoutMs);
  }

  async #connect(): Promise<void> {
    const controller = new AbortController();
    const upstream: Upstream = { controller, boundary: undefined, idle: undefined };
    this.#upstream = upstream;
    this.upstreamRequests++;
    this.#armIdle(upstream);
    const timedOut = { aborted: false } as { aborted: boolean };
    controller.signal.addEventListener('abort', () => {
      if (this.#upstream === upstream) timedOut.aborted = true;
    });
    try {
      // Not a stream: the service's error answer (camera not open, not connected) is thrown.
      const response = await requestCameraStream(this.#o.url, {
        dispatcher: this.#o.dispatcher,
        signal: controller.signal,
        headersTimeoutMs: this.#o.timeoutMs + 1_000,
        failure: ErrorCode.CAMERA_NOT_OPEN,
      });
      const { boundary } = response;
      if (this.#upstream !== upstream) {
        response.body.destroy();
        return;
      }
      upstream.boundary = boundary;
      for (const viewer of [...this.#pending]) this.#start(viewer, boundary);
      const splitter = new MultipartSplitter(boundary);
      for await (const chunk of response.body) {
        this.#armIdle(upstream);
        for (const part of splitter.push(chunk as Buffer)) {
          for (const viewer of this.#viewers) {
            // A viewer that cannot keep up skips frames rather than buffering them.
            if (!viewer.res.writableNeedDrain && !viewer.res.destroyed) viewer.res.write(part);
          }
        }
      }
      if (this.#upstream === upstream)
        throw new BridgeError(ErrorCode.CONNECTION_LOST, 'camera stream ended');
    } catch (error) {
      if (this.#upstream !== upstream) return;
      const typed =
        error instanceof BridgeError
          ? error
          : timedOut.aborted
            ? new BridgeError(
                ErrorCode.TIMEOUT,
                `camera ${this.#o.camera} stream stalled for ${this.#o.timeoutMs} ms`,
                {
                  details: { vendor: 'camera', operation: 'video=stream', timeoutMs: this.#o.timeoutMs },
                },
              )
            : translateFailure(
                error,
                { vendor: 'camera', operation: 'video=stream', timeoutMs: this.#o.timeoutMs },
                new AbortController().signal,
                undefined,
              );
      this.#upstream = undefined;
      this.#o.clock.clearTimeout(upstream.idle);
      this.#fail(asBridgeError(typed), typed.code === ErrorCode.CAMERA_NOT_OPEN ? 409 : 502);
      // Viewers already streaming see their response end; the page reloads the stream when told.
      for (const viewer of [...this.#viewers]) {
        this.#viewers.delete(viewer);
        if (!viewer.res.writableEnded) viewer.res.end();
      }
    } finally {
      this.#o.clock.clearTimeout(upstream.idle);
    }
  }
}
