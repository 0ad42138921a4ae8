import { ErrorCode } from '@trialab/device-protocol';
import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, configFor, simsForTests, startBridge, type TestBridge } from './helpers.js';

// The vendor timeouts of this bridge: what the hang cases wait for, and longer than a loaded machine
// takes to answer the other cases (at 400 ms a malformed answer or a status read timed out in a
// fresh-clone run beside the typecheck).
const SHORT = 3_000;

let sims: RunningSimulators;
let bridge: TestBridge;
let call: ReturnType<typeof clientFor>['client']['call'];
let close: () => void;

beforeAll(async () => {
  sims = await simsForTests();
  bridge = await startBridge(
    configFor(sims, {
      timeouts: {
        cameraClient: SHORT,
        idCard: SHORT,
        zkClient: SHORT,
        fingerprintImage: SHORT,
        faceVerify: SHORT,
      },
    }),
  );
  const made = clientFor(bridge);
  await made.connected();
  call = made.client.call.bind(made.client);
  close = () => made.client.close();
});
afterAll(async () => {
  close();
  await bridge.close();
  await sims.close();
});
afterEach(() => {
  sims.control.clearFaults();
});

async function timed<T>(promise: Promise<T>): Promise<{ ms: number; error: unknown; value?: T }> {
  const started = performance.now();
  try {
    const value = await promise;
    return { ms: performance.now() - started, error: undefined, value };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

describe('a vendor fault is a typed error within the timeout, and other devices keep working', () => {
  it('hung camera service: TIMEOUT, the upstream request is aborted, ZK answers meanwhile', async () => {
    await call('camera.open', { camera: 0 });
    sims.control.addFault({ kind: 'hang', endpoint: 'video=grabimage' });
    const capture = timed(call('camera.capture', { camera: 0 }));
    const zk = await call('device.status', {});
    expect(zk.fingerprint.zk.state).toBe('ready');
    const outcome = await capture;
    expect(outcome.error).toMatchObject({
      code: ErrorCode.TIMEOUT,
      details: { vendor: 'camera', timeoutMs: SHORT },
    });
    // The simulator saw the request go away (it counts calls in flight per device).
    await expect.poll(() => sims.control.concurrency().video0?.current).toBe(0);
  });

  it('connection reset mid-capture: VENDOR_UNREACHABLE; the next capture works', async () => {
    sims.control.addFault({ kind: 'reset', endpoint: 'video=grabimage', times: 1 });
    await expect(call('camera.capture', { camera: 0 })).rejects.toMatchObject({
      code: ErrorCode.VENDOR_UNREACHABLE,
      details: { vendor: 'camera', vendorCode: 8848 },
    });
    const shot = await call('camera.capture', { camera: 0 });
    expect(shot.imageCount).toBe(1);
  });

  it.each([
    ['camera', 'card=idcard', 'idcard.read', {}],
    ['zk', 'info', 'device.status', {}],
  ] as const)('malformed %s answer (%s)', async (service, endpoint, method, params) => {
    sims.control.addFault({ kind: 'malformed', service, endpoint });
    if (method === 'idcard.read') {
      sims.control.presentCard('B');
      await expect(call(method, params)).rejects.toMatchObject({
        code: ErrorCode.VENDOR_MALFORMED,
        details: { vendor: 'camera' },
      });
      sims.control.removeCards();
    } else {
      // A status snapshot degrades the one reader instead of failing.
      const status = await call(method, params);
      expect(status.fingerprint.zk.state).toBe('unreachable');
      expect(status.cameraService).toBe('ready');
    }
  });

  it('malformed fingerprint answers carry the SPEC texts', async () => {
    sims.control.addFault({ kind: 'malformed', service: 'za', endpoint: 'CAPTURE' });
    await expect(call('fingerprint.capture', { vendor: 'za', mode: 'verify' })).rejects.toMatchObject({
      code: ErrorCode.VENDOR_MALFORMED,
      details: { vendor: 'za', vendorMessage: { en: 'fingerprint read returned error' } },
    });
    sims.control.addFault({ kind: 'malformed', service: 'zk', endpoint: 'fingerprint/getImage' });
    await expect(call('fingerprint.capture', { vendor: 'zk', mode: 'verify' })).rejects.toMatchObject({
      code: ErrorCode.VENDOR_MALFORMED,
      details: { vendor: 'zk' },
    });
  });

  it('a ZA module that cannot open its device fails the capture at once (-101)', async () => {
    sims.control.unplug('za');
    try {
      await expect(call('fingerprint.capture', { vendor: 'za', mode: 'enrol' })).rejects.toMatchObject({
        code: ErrorCode.FINGERPRINT_DEVICE_OPEN_FAILED,
        details: { vendor: 'za', vendorCode: -101 },
      });
      expect((await call('device.status', {})).fingerprint.za.state).toBe('unreachable');
    } finally {
      sims.control.plug('za');
    }
  });

  it('HTTP 500 and vendor error codes become typed errors', async () => {
    sims.control.addFault({ kind: 'http500', endpoint: 'param=get', times: 1 });
    await expect(call('camera.getResolution', { camera: 0 })).rejects.toMatchObject({
      code: ErrorCode.VENDOR_ERROR,
    });
    sims.control.addFault({
      kind: 'vendorError',
      endpoint: 'video=grabimage',
      code: '17',
      message: 'lens cap on',
      times: 1,
    });
    await expect(call('camera.capture', { camera: 0 })).rejects.toMatchObject({
      code: ErrorCode.CAPTURE_FAILED,
      details: { vendorCode: 17, vendorMessage: { en: 'lens cap on' } },
    });
  });

  it('hung ZK reader: the capture fails with TIMEOUT while the camera keeps working', async () => {
    sims.control.addFault({ kind: 'hang', service: 'zk', endpoint: 'fingerprint/getImage' });
    const capture = timed(call('fingerprint.capture', { vendor: 'zk', mode: 'verify' }));
    expect((await call('camera.getResolution', { camera: 0 })).resolution).toMatch(/x/);
    const outcome = await capture;
    // The bridge's own timeout (the configured one) fired, not the client's.
    expect(outcome.error).toMatchObject({
      code: ErrorCode.TIMEOUT,
      details: { vendor: 'zk', timeoutMs: SHORT },
    });
  });

  it('vendor service down: VENDOR_UNREACHABLE at once, the others unaffected', async () => {
    const down = await startBridge(
      configFor(sims, { vendors: { camera: { url: 'http://127.0.0.1:9' } } }),
      bridge.issuer,
    );
    const { client, connected } = clientFor(down);
    try {
      await connected();
      expect(client.welcome?.devices).toMatchObject({ cameraService: 'unreachable', video0: 'no' });
      const outcome = await timed(client.call('camera.open', { camera: 0 }));
      expect(outcome.error).toMatchObject({
        code: ErrorCode.VENDOR_UNREACHABLE,
        details: { vendor: 'camera', vendorCode: 8848 },
      });
      sims.control.pressFinger('zk', [{ kind: 'finger', finger: 'x' }]);
      expect((await client.call('fingerprint.capture', { vendor: 'zk', mode: 'verify' })).presses).toBe(1);
    } finally {
      client.close();
      await down.close();
    }
  });

  it('a stream reset ends the viewer; the bridge and its other streams carry on', async () => {
    const { streamPath } = await call('camera.open', { camera: 1 });
    sims.control.addFault({ kind: 'reset', endpoint: 'video=stream', times: 1 });
    const res = await fetch(`${bridge.url}${streamPath}`);
    // The body ends (first part, then the reset) instead of hanging.
    await res.arrayBuffer().catch(() => undefined);
    const again = await fetch(`${bridge.url}${(await call('camera.streamUrl', { camera: 1 })).streamPath}`);
    expect(again.headers.get('content-type')).toMatch(/^multipart\/x-mixed-replace/);
    await again.body?.cancel();
    expect((await fetch(`${bridge.url}/health`)).status).toBe(200);
  });
});
