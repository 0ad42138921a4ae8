import {
  BridgeError,
  ErrorCode,
  type FingerprintVendor,
  FULL_CAPABILITIES,
  faceMatches,
  type MethodHandlers,
  PROTOCOL_VERSION,
  parseResolution,
} from '@trialab/device-protocol';
import type { Connection } from './connection.js';
import { findPrinter, printerInfo, printZpl } from './printers.js';
import type { BridgeRuntime } from './runtime.js';
import { VIDEO_DEVICE } from './supervisors/camera.js';
import { runFingerprintCapture } from './supervisors/fingerprint.js';

export interface RequestContext {
  connection: Connection;
  requestId: string;
  /** Aborted when the connection closes (or, for captures, when cancelled). */
  signal: AbortSignal;
}

function disabled(service: string): BridgeError {
  return new BridgeError(
    ErrorCode.DEVICE_NOT_CONNECTED,
    `${service} is disabled in the bridge configuration`,
    {
      details: { vendor: service, disabled: true },
    },
  );
}

/** One handler per catalogue method: a missing one fails the typecheck. */
export function createHandlers(rt: BridgeRuntime): MethodHandlers<RequestContext> {
  const capabilities = { ...FULL_CAPABILITIES, maxFrameBytes: rt.config.limits.maxFrameBytes };
  const uptime = () => Math.max(0, Math.round(rt.clock.now() - rt.startedAt.getTime()));
  const cameraOn = () => {
    if (!rt.camera.enabled) throw disabled('camera');
    return rt.camera;
  };

  return {
    'bridge.info': async () => ({
      version: rt.version,
      protocolVersion: PROTOCOL_VERSION,
      startedAt: rt.startedAt.toISOString(),
      uptimeMs: uptime(),
      capabilities,
    }),
    'bridge.diagnostics': async () => ({
      version: rt.version,
      protocolVersion: PROTOCOL_VERSION,
      uptimeMs: uptime(),
      platform: `${process.platform}-${process.arch}`,
      runtime: `node ${process.versions.node}`,
      connections: [...rt.connections].filter((c) => c.open).length,
      backgroundActive: rt.background.active,
      services: await rt.probeAll(),
    }),
    'device.status': async () => rt.deviceStatus(),
    'printer.list': async () => ({ printers: rt.config.printers.map(printerInfo) }),
    'printer.print': async ({ printer: name, zpl, labels }, { signal }) => {
      const printer = findPrinter(rt.config, name);
      const started = rt.clock.now();
      // One job at a time per printer: two pages printing at once queue, never interleave.
      const { bytes } = await printZpl(printer, zpl, rt.config.timeouts.defaultCall, signal);
      return { printer: name, labels, bytes, elapsedMs: Math.max(0, rt.clock.now() - started) };
    },
    'camera.open': async ({ camera }, { connection, signal }) => {
      const vendor = cameraOn();
      await rt.queues.run(VIDEO_DEVICE[camera], () => vendor.open(camera, signal), signal);
      rt.openCameraFor(connection, camera);
      return { camera, streamPath: rt.streamPathFor(camera, connection) };
    },
    'camera.close': async ({ camera }, { connection, signal }) => {
      if (!connection.cameras.has(camera)) {
        throw new BridgeError(
          ErrorCode.CAMERA_NOT_OPEN,
          `camera ${camera} was not opened by this connection`,
          {
            details: { camera },
          },
        );
      }
      await rt.releaseCamera(connection, camera, signal);
      return { camera };
    },
    'camera.getResolution': async ({ camera }, { signal }) => {
      const vendor = cameraOn();
      const resolution = await rt.queues.run(
        VIDEO_DEVICE[camera],
        () => vendor.getResolution(camera, signal),
        signal,
      );
      return { camera, resolution };
    },
    'camera.setResolution': async ({ camera, resolution }, { signal }) => {
      const vendor = cameraOn();
      const size = parseResolution(resolution);
      if (!size) throw new BridgeError(ErrorCode.INVALID_PARAMS, 'expected WIDTHxHEIGHT');
      await rt.queues.run(
        VIDEO_DEVICE[camera],
        () => vendor.setResolution(camera, size.width, size.height, signal),
        signal,
      );
      return { camera, resolution };
    },
    'camera.setCutPage': async ({ camera, enabled }, { signal }) => {
      const vendor = cameraOn();
      await rt.queues.run(VIDEO_DEVICE[camera], () => vendor.setCutPage(camera, enabled, signal), signal);
      return { camera, enabled };
    },
    'camera.capture': async (params, { signal }) => {
      const vendor = cameraOn();
      return rt.queues.run(VIDEO_DEVICE[params.camera], () => vendor.capture(params, signal), signal);
    },
    'camera.restart': async ({ camera }, { connection, signal }) => {
      cameraOn();
      await rt.restartCamera(camera, 'requested', signal);
      rt.openCameraFor(connection, camera);
      return { camera, streamPath: rt.streamPathFor(camera, connection) };
    },
    'camera.refresh': async (_params, { signal }) => {
      cameraOn();
      return rt.cameras.refresh(signal);
    },
    'camera.streamUrl': async ({ camera }, { connection }) => ({
      camera,
      streamPath: rt.streamPathFor(camera, connection),
    }),
    'face.verify': async ({ image0, image1, threshold }, { signal }) => {
      const vendor = cameraOn();
      const confidence = await rt.queues.run('face', () => vendor.faceVerify(image0, image1, signal), signal);
      return { confidence, threshold, match: faceMatches(confidence, threshold) };
    },
    'idcard.read': async (_params, { signal }) => {
      const vendor = cameraOn();
      return rt.queues.run('idcard', () => vendor.readIdCard(signal), signal);
    },
    'fingerprint.capture': async ({ vendor, mode, includeImages }, { connection, requestId, signal }) => {
      const driver = rt.driver(vendor);
      if (!driver.enabled) throw disabled(vendor);
      if (connection.captures.has(vendor)) {
        throw new BridgeError(
          ErrorCode.FINGERPRINT_CAPTURE_RUNNING,
          `a ${vendor} capture of this connection is running`,
        );
      }
      // Its own controller, so fingerprint.cancel stops this capture and nothing else.
      const controller = new AbortController();
      const onClose = () => controller.abort(signal.reason);
      signal.addEventListener('abort', onClose, { once: true });
      connection.captures.set(vendor, controller);
      try {
        const outcome = await rt.queues.run(
          vendor,
          () =>
            runFingerprintCapture({
              driver,
              mode,
              clock: rt.clock,
              waitMs: rt.config.timeouts.fingerprintWait,
              signal: controller.signal,
              onPress: (press, presses, image) =>
                connection.emit('fingerprint.progress', {
                  requestId,
                  vendor,
                  mode,
                  press,
                  presses,
                  ...(includeImages && image ? { image } : {}),
                }),
            }),
          controller.signal,
        );
        return {
          vendor,
          mode,
          presses: outcome.presses,
          template: outcome.template,
          ...(includeImages && outcome.image ? { image: outcome.image } : {}),
        };
      } finally {
        signal.removeEventListener('abort', onClose);
        if (connection.captures.get(vendor) === controller) connection.captures.delete(vendor);
      }
    },
    'fingerprint.cancel': async ({ vendor }, { connection }) => {
      const vendors: FingerprintVendor[] = vendor ? [vendor] : ['za', 'zk'];
      let cancelled = false;
      for (const v of vendors) {
        const controller = connection.captures.get(v);
        if (!controller) continue;
        controller.abort(
          new BridgeError(ErrorCode.FINGERPRINT_CANCELLED, undefined, { details: { vendor: v } }),
        );
        cancelled = true;
      }
      return { cancelled };
    },
    'fingerprint.verifyTemplate': async ({ reg, ver }, { signal }) => {
      if (!rt.zk.enabled) throw disabled('zk');
      const score = await rt.queues.run('zk', () => rt.zk.verifyTemplate(reg, ver, signal), signal);
      return { score };
    },
    'session.subscribe': async (subscription, { connection }) => {
      connection.subscription = subscription;
      return { backgroundActive: rt.updateBackground() };
    },
  };
}
