import { readFileSync } from 'node:fs';
import {
  BridgeError,
  type CameraIndex,
  CloseCode,
  type DeviceStatus,
  ErrorCode,
  type EventDataInput,
  type EventName,
  STREAM_ID_WRAP,
  streamPath,
} from '@trialab/device-protocol';
import type { Clock } from './clock.js';
import type { BridgeConfig } from './config.js';
import type { Connection } from './connection.js';
import { DeviceQueues } from './devices/device-queue.js';
import type { BridgeLogger } from './logger.js';
import { TicketVerifier } from './security/ticket.js';
import { StreamHub } from './stream/hub.js';
import { BackgroundSupervisor, CameraSupervisor, VIDEO_DEVICE } from './supervisors/camera.js';
import { CameraAdapter } from './vendors/camera/adapter.js';
import { asBridgeError } from './vendors/http.js';
import type { FingerprintDriver, ProbeResult } from './vendors/types.js';
import { ZaAdapter } from './vendors/za/adapter.js';
import { ZkAdapter } from './vendors/zk/adapter.js';

export const BRIDGE_VERSION = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: unknown;
    };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
})();

export interface RuntimeOptions {
  config: BridgeConfig;
  logger: BridgeLogger;
  clock: Clock;
  /** The paired server's public key (PEM), already read from the config, a file or the server. */
  publicKeyPem: string | undefined;
}

/** Everything the bridge holds between connections: adapters, device queues, owners, supervisors. */
export class BridgeRuntime {
  readonly config: BridgeConfig;
  readonly logger: BridgeLogger;
  readonly clock: Clock;
  readonly version = BRIDGE_VERSION;
  readonly startedAt = new Date();
  readonly camera: CameraAdapter;
  readonly za: ZaAdapter;
  readonly zk: ZkAdapter;
  readonly queues: DeviceQueues;
  readonly cameras: CameraSupervisor;
  readonly background: BackgroundSupervisor;
  readonly verifier: TicketVerifier;
  readonly connections = new Set<Connection>();
  /** Which connections hold each camera open; the vendor camera closes when the last one lets go. */
  readonly cameraOwners: [Set<Connection>, Set<Connection>] = [new Set(), new Set()];
  readonly hubs: [StreamHub, StreamHub];
  /** Port the server listens on (set once listening; the Host check needs it). */
  port = 0;
  #streamId = 0;
  #lastStatus = '';
  #nextConnection = 1;
  #closing = false;

  constructor(options: RuntimeOptions) {
    const { config, clock } = options;
    this.config = config;
    this.logger = options.logger;
    this.clock = clock;
    this.camera = new CameraAdapter(config, {
      onFormChange: (missing, using) =>
        this.logger.info(
          { vendor: 'camera', missing, using },
          'camera service lacks a command; using another',
        ),
      onForget: (forgotten) =>
        this.logger.info(
          { vendor: 'camera', forgotten },
          'camera service unreachable; will find out its commands again',
        ),
    });
    this.za = new ZaAdapter(config);
    this.zk = new ZkAdapter(config);
    this.queues = new DeviceQueues(clock, config.queue.maxWaiting, config.queue.maxWaitMs);
    this.verifier = new TicketVerifier({
      publicKeyPem: options.publicKeyPem,
      maxLifetimeMs: config.ticket.maxLifetimeMs,
      clockSkewMs: config.ticket.clockSkewMs,
      clock,
    });
    this.cameras = new CameraSupervisor({
      camera: this.camera,
      queues: this.queues,
      clock,
      refreshPauseMs: config.polling.refreshPauseMs,
    });
    const hub = (camera: CameraIndex) =>
      new StreamHub({
        camera,
        url: this.camera.streamUrl(camera),
        dispatcher: this.camera.dispatcher,
        clock,
        timeoutMs: config.timeouts.cameraClient,
        onError: (index, error) =>
          this.logger.warn({ camera: index, code: error.code }, 'camera stream failed'),
      });
    this.hubs = [hub(0), hub(1)];
    this.background = new BackgroundSupervisor({
      clock,
      statusMs: config.polling.statusMs,
      restartMs: config.polling.cameraRestartMs,
      pollStatus: () => this.pollStatus(),
      shouldRestart: () =>
        this.cameraOwners[0].size > 0 &&
        !this.cameras.isRestarting(0) &&
        ![...this.connections].some((c) => c.open && c.subscription.cameraViewShown),
      restartDocumentCamera: () => this.restartCamera(0, 'scheduled'),
      onError: (error) => this.logger.warn({ code: asBridgeError(error).code }, 'background task failed'),
    });
  }

  newConnectionId(): string {
    return `c${this.#nextConnection++}`;
  }

  driver(vendor: 'za' | 'zk'): FingerprintDriver {
    return vendor === 'za' ? this.za : this.zk;
  }

  /** A fresh proxy path for a camera; the counter defeats `<img>` caching and wraps at STREAM_ID_WRAP. */
  streamPathFor(camera: CameraIndex, connection: Connection): string {
    this.#streamId = (this.#streamId + 1) % STREAM_ID_WRAP;
    return streamPath(camera, this.#streamId, connection.streamToken);
  }

  connectionByStreamToken(token: string): Connection | undefined {
    for (const connection of this.connections)
      if (connection.open && connection.streamToken === token) return connection;
    return undefined;
  }

  async probeAll(): Promise<ProbeResult[]> {
    return Promise.all([this.camera.probe(), this.za.probe(), this.zk.probe()]);
  }

  /** Camera states from the service (both `no` when it is not ready) and the two readers. */
  async deviceStatus(timeoutMs = this.config.timeouts.cameraClient): Promise<DeviceStatus> {
    const cameraPart = (async () => {
      if (!this.camera.enabled)
        return { cameraService: 'disabled' as const, video0: 'no' as const, video1: 'no' as const };
      try {
        const status = await this.camera.status(undefined, timeoutMs);
        return { cameraService: 'ready' as const, ...status };
      } catch {
        return { cameraService: 'unreachable' as const, video0: 'no' as const, video1: 'no' as const };
      }
    })();
    const reader = async (vendor: 'za' | 'zk') => {
      const state = await this.driver(vendor).reader();
      return this.queues.get(vendor).busy && state.state === 'ready'
        ? { ...state, state: 'busy' as const }
        : state;
    };
    const [cameras, za, zk] = await Promise.all([cameraPart, reader('za'), reader('zk')]);
    return { ...cameras, fingerprint: { za, zk }, checkedAt: new Date(this.clock.now()).toISOString() };
  }

  /** Background poll: tells every open connection when something changed. */
  async pollStatus(): Promise<void> {
    const status = await this.deviceStatus(this.config.timeouts.statusProbe);
    const { checkedAt: _, ...comparable } = status;
    const key = JSON.stringify(comparable);
    if (key === this.#lastStatus) return;
    this.#lastStatus = key;
    this.broadcast('device.statusChanged', () => status);
  }

  broadcast<E extends EventName>(event: E, data: (connection: Connection) => EventDataInput<E>): void {
    for (const connection of this.connections) if (connection.open) connection.emit(event, data(connection));
  }

  get backgroundWanted(): boolean {
    return [...this.connections].some((c) => c.open && c.subscription.cameraPages.length > 0);
  }

  /** Starts or stops the background loops: they run only while some client has a camera page open. */
  updateBackground(): boolean {
    const wanted = this.backgroundWanted && !this.#closing;
    this.background.setActive(wanted);
    return wanted;
  }

  /** Restart (requested or scheduled); every open connection hears of it with its own stream path. */
  async restartCamera(
    camera: CameraIndex,
    reason: 'scheduled' | 'requested',
    signal?: AbortSignal,
  ): Promise<void> {
    try {
      await this.cameras.restart(camera, signal);
    } catch (error) {
      const typed = asBridgeError(error);
      if (reason === 'scheduled') {
        this.broadcast('camera.captureFailed', () => ({ camera, error: typed.toPayload() }));
      }
      throw typed;
    }
    this.logger.info({ camera, reason }, 'camera restarted');
    this.broadcast('camera.restarted', (c) => ({
      camera,
      reason,
      streamPath: this.streamPathFor(camera, c),
    }));
  }

  openCameraFor(connection: Connection, camera: CameraIndex): void {
    connection.cameras.add(camera);
    this.cameraOwners[camera].add(connection);
  }

  /** Drops a connection's hold on a camera; closes the vendor camera when nobody else holds it. */
  async releaseCamera(connection: Connection, camera: CameraIndex, signal?: AbortSignal): Promise<void> {
    connection.cameras.delete(camera);
    const owners = this.cameraOwners[camera];
    owners.delete(connection);
    if (owners.size > 0) return;
    this.hubs[camera].end();
    await this.queues.run(VIDEO_DEVICE[camera], () => this.camera.close(camera, signal), signal);
  }

  /** A connection ended: abort its calls and captures, end its streams, release its cameras. */
  async releaseConnection(connection: Connection): Promise<void> {
    connection.state = 'closed';
    this.connections.delete(connection);
    const reason = new BridgeError(ErrorCode.CANCELLED, 'connection closed');
    for (const controller of connection.inFlight.values()) controller.abort(reason);
    for (const controller of connection.captures.values()) controller.abort(reason);
    for (const hub of this.hubs) hub.end(connection.streamToken);
    this.updateBackground();
    for (const camera of [...connection.cameras]) {
      try {
        await this.releaseCamera(connection, camera);
      } catch (error) {
        this.logger.warn(
          { conn: connection.id, camera, code: asBridgeError(error).code },
          'could not close camera',
        );
      }
    }
  }

  /** Graceful shutdown: tell every client, close them with 4010, release what they held. */
  async shutdown(reason: 'shutdown' | 'restart' | 'update' = 'shutdown'): Promise<void> {
    if (this.#closing) return;
    this.#closing = true;
    this.background.setActive(false);
    const connections = [...this.connections];
    for (const connection of connections) {
      connection.emit('bridge.goingAway', { reason });
      connection.close(CloseCode.BRIDGE_SHUTTING_DOWN, 'bridge shutting down');
    }
    await Promise.all(connections.map((c) => this.releaseConnection(c)));
    for (const hub of this.hubs) hub.end();
    await Promise.all([this.camera.dispose(), this.za.dispose(), this.zk.dispose()]);
  }

  get closing(): boolean {
    return this.#closing;
  }
}
