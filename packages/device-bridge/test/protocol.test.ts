import { type BridgeClient, BridgeError, ErrorCode, type EventData } from '@trialab/device-protocol';
import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, configFor, simsForTests, startBridge, type TestBridge } from './helpers.js';

/** Reads `count` parts of the bridge's MJPEG proxy, taking the boundary from the header. */
async function readStream(url: string, count: number) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const type = res.headers.get('content-type') ?? '';
  const boundary = /boundary=([^;]+)/.exec(type)?.[1];
  if (!res.body || !boundary) throw new Error(`not a stream: ${res.status} ${type} ${await res.text()}`);
  const reader = res.body.getReader();
  let bytes = Buffer.alloc(0);
  const jpegs: Buffer[] = [];
  while (jpegs.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes = Buffer.concat([bytes, Buffer.from(value)]);
    for (;;) {
      const soi = bytes.indexOf(Buffer.from([0xff, 0xd8]));
      const eoi = bytes.indexOf(Buffer.from([0xff, 0xd9]), soi + 2);
      if (soi < 0 || eoi < 0) break;
      jpegs.push(bytes.subarray(soi, eoi + 2));
      bytes = bytes.subarray(eoi + 2);
    }
  }
  controller.abort();
  return { boundary, type, jpegs };
}

// `legacy-cn`: an older build without video=open (its stream request opens a camera) and without
// face=verifybase64, answering both with code "1" and a Chinese message (issue 13).
describe.each(['spec', 'legacy', 'legacy-cn'] as const)('every method against the %s dialect', (dialect) => {
  let sims: RunningSimulators;
  let bridge: TestBridge;
  let client: BridgeClient;
  const progress: EventData<'fingerprint.progress'>[] = [];

  beforeAll(async () => {
    sims = await simsForTests({ dialect });
    bridge = await startBridge(configFor(sims));
    const made = clientFor(bridge);
    client = made.client;
    client.on('fingerprint.progress', (data) => progress.push(data));
    await made.connected();
  });
  afterAll(async () => {
    client.close();
    await bridge.close();
    await sims.close();
  });

  it('welcomes with a device snapshot, then answers bridge.info, diagnostics and device.status', async () => {
    expect(client.welcome?.devices).toMatchObject({ cameraService: 'ready', video0: 'ok', video1: 'ok' });
    const info = await client.call('bridge.info', {});
    expect(info.capabilities.methods).toContain('fingerprint.capture');
    const diagnostics = await client.call('bridge.diagnostics', {});
    expect(diagnostics.services.map((s) => [s.service, s.state])).toEqual([
      ['camera', 'ready'],
      ['za', 'ready'],
      ['zk', 'ready'],
    ]);
    expect(diagnostics.connections).toBe(1);
    const status = await client.call('device.status', {});
    expect(status).toMatchObject({
      cameraService: 'ready',
      fingerprint: { za: { state: 'ready' }, zk: { state: 'ready' } },
    });
    expect(status.fingerprint.zk.serverVersion).toMatch(/sim/);
  });

  it('opens a camera, proxies its MJPEG stream, sets and reads its resolution and captures', async () => {
    const opened = await client.call('camera.open', { camera: 0 });
    expect(sims.control.cameras[0].open).toBe(true);
    const stream = await readStream(`${bridge.url}${opened.streamPath}`, 2);
    expect(stream.type).toMatch(/^multipart\/x-mixed-replace; boundary=simframe/);
    expect(stream.jpegs.length).toBe(2);

    await client.call('camera.setResolution', { camera: 0, resolution: '1280x720' });
    expect(await client.call('camera.getResolution', { camera: 0 })).toEqual({
      camera: 0,
      resolution: '1280x720',
    });
    expect(await client.call('camera.setCutPage', { camera: 0, enabled: true })).toEqual({
      camera: 0,
      enabled: true,
    });
    expect(sims.control.cameras[0].cutpage).toBe(true);

    const shot = await client.call('camera.capture', { camera: 0, multiObject: true, rotate: 90 });
    expect(shot.imageCount).toBe(dialect === 'spec' ? 2 : 1);
    for (const image of shot.images) {
      expect(Buffer.from(image.base64, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      expect(image.uuid.length).toBeGreaterThan(0);
    }
    const grab = sims.control.requests({ endpoint: 'video=grabimage' }).at(-1);
    // JSON text labelled as a form, literal `=` in the path, every value a string.
    expect(grab?.url).toBe('/video=grabimage');
    expect(grab?.rawBody).toMatch(/^\{"camidx":"0"/);
    const streamUrl = await client.call('camera.streamUrl', { camera: 1 });
    expect(streamUrl.streamPath).toMatch(/^\/stream\/1\?sid=\d+&token=/);
  });

  it('refreshes (closing cameras in run state) and restarts a camera', async () => {
    const { streamPath } = await client.call('camera.open', { camera: 0 });
    const controller = new AbortController();
    const res = await fetch(`${bridge.url}${streamPath}`, { signal: controller.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    expect(sims.control.cameras[0].viewers).toBe(1);
    const refreshed = await client.call('camera.refresh', {});
    expect(refreshed.closed).toEqual([0]);
    expect(sims.control.cameras[0].open).toBe(false);
    controller.abort();

    const restarted = await client.call('camera.restart', { camera: 0 });
    expect(restarted.streamPath).toMatch(/^\/stream\/0\?sid=/);
    expect(sims.control.cameras[0].open).toBe(true);
    await client.call('camera.close', { camera: 0 });
    expect(sims.control.cameras[0].open).toBe(false);
    await expect(client.call('camera.close', { camera: 0 })).rejects.toMatchObject({
      code: ErrorCode.CAMERA_NOT_OPEN,
    });
  });

  it('compares faces with whichever API this build has', async () => {
    await client.call('camera.open', { camera: 1 });
    const shot = await client.call('camera.capture', { camera: 1 });
    const image = shot.images[0]?.base64 ?? '';
    const result = await client.call('face.verify', { image0: image, image1: image });
    expect(result).toEqual({ confidence: 88, threshold: 50, match: true });
    sims.control.setFaceScore(23);
    expect((await client.call('face.verify', { image0: image, image1: image })).match).toBe(false);
    sims.control.setFaceScore(88);
    const used = sims.control.requests({ device: 'face' }).map((r) => r.endpoint);
    expect(used.at(-1)).toBe(dialect === 'spec' ? 'face=verifybase64' : 'comparison=imgdata');
    await client.call('camera.close', { camera: 1 });
  });

  it('reads an ID card', async () => {
    const reading = client.call('idcard.read', {});
    sims.control.presentCard('C');
    const card = await reading;
    expect(card.cardType).toBe('C');
    expect(card.cardID).toMatch(/^99\d{15}[\dX]$/);
    expect(card.name.length).toBeGreaterThan(0);
    expect(card.photoBase64).toBeDefined();
    expect(card.fingerBase64).toBeDefined();
  });

  it.each(['za', 'zk'] as const)(
    'enrols and verifies a %s fingerprint with progress per press',
    async (vendor) => {
      progress.length = 0;
      sims.control.pressFinger(vendor, [
        { kind: 'none', polls: 2 },
        { kind: 'finger', finger: 'left-thumb' },
        { kind: 'none', polls: 1 },
        { kind: 'finger', finger: 'left-thumb' },
        { kind: 'finger', finger: 'left-thumb' },
      ]);
      const enrol = await client.call('fingerprint.capture', { vendor, mode: 'enrol' });
      expect(enrol).toMatchObject({ vendor, mode: 'enrol', presses: 3 });
      expect(progress.map((p) => [p.press, p.presses])).toEqual([
        [1, 3],
        [2, 3],
        [3, 3],
      ]);
      expect(progress.every((p) => p.image !== undefined && p.vendor === vendor)).toBe(true);
      sims.control.pressFinger(vendor, [{ kind: 'finger', finger: 'left-thumb' }]);
      const verify = await client.call('fingerprint.capture', {
        vendor,
        mode: 'verify',
        includeImages: false,
      });
      expect(verify.presses).toBe(1);
      expect(verify.image).toBeUndefined();
      if (vendor === 'zk') {
        const { score } = await client.call('fingerprint.verifyTemplate', {
          reg: enrol.template,
          ver: verify.template,
        });
        expect(score).toBe(86);
        // The capture was stopped after the template was fetched.
        expect(sims.control.requests({ service: 'zk' }).at(-2)?.endpoint).toBe('fingerprint/cancelcapture');
      }
    },
  );

  it('cancels a running capture: FINGERPRINT_CANCELLED, and the reader is told to stop', async () => {
    const capture = client.call('fingerprint.capture', { vendor: 'zk', mode: 'enrol' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await client.call('fingerprint.cancel', { vendor: 'zk' })).toEqual({ cancelled: true });
    const error = await capture.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).code).toBe(ErrorCode.FINGERPRINT_CANCELLED);
    expect(sims.control.requests({ service: 'zk' }).at(-1)?.endpoint).toBe('fingerprint/cancelcapture');
    expect(await client.call('fingerprint.cancel', {})).toEqual({ cancelled: false });
  });

  it('reports a vendor code as its typed error (ZA poor image, ZK fake finger)', async () => {
    sims.control.pressFinger('za', [{ kind: 'poor' }]);
    await expect(client.call('fingerprint.capture', { vendor: 'za', mode: 'verify' })).rejects.toMatchObject({
      code: ErrorCode.FINGERPRINT_POOR_IMAGE,
      details: { vendor: 'za', vendorCode: 2 },
    });
    sims.control.pressFinger('zk', [{ kind: 'fake' }]);
    await expect(client.call('fingerprint.capture', { vendor: 'zk', mode: 'verify' })).rejects.toMatchObject({
      code: ErrorCode.FINGERPRINT_FAKE_FINGER,
      details: { vendor: 'zk', vendorCode: -2009 },
    });
  });

  it('starts background work only while a camera page is open', async () => {
    expect(
      await client.call('session.subscribe', { cameraPages: ['/lab/camera'], cameraViewShown: false }),
    ).toEqual({
      backgroundActive: true,
    });
    expect(bridge.app.bridge.background.active).toBe(true);
    expect(await client.call('session.subscribe', { cameraPages: [], cameraViewShown: false })).toEqual({
      backgroundActive: false,
    });
    expect(bridge.app.bridge.background.active).toBe(false);
  });
});
