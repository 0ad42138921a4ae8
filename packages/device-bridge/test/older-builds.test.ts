import { type BridgeClient, ErrorCode } from '@trialab/device-protocol';
import { type RunningSimulators, startSimulators } from '@trialab/sim-devices';
import { afterEach, describe, expect, it } from 'vitest';
import { clientFor, configFor, simsForTests, startBridge, type TestBridge } from './helpers.js';

/*
 * Issue 13 point 11: a camera-service build that lacks a command answers code "1" with a Chinese
 * message. The bridge decides "missing" by behaviour (the other form works), remembers it per service,
 * and forgets it when the service goes away.
 */

let sims: RunningSimulators | undefined;
let bridge: TestBridge | undefined;
let client: BridgeClient | undefined;
afterEach(async () => {
  client?.close();
  await bridge?.close();
  await sims?.close();
  client = undefined;
  bridge = undefined;
  sims = undefined;
});

async function setUp(dialect: 'spec' | 'legacy' | 'legacy-cn') {
  sims = await simsForTests({ dialect });
  bridge = await startBridge(configFor(sims));
  const made = clientFor(bridge);
  client = made.client;
  await made.connected();
  return { sims, bridge, client };
}

const endpoints = (s: RunningSimulators, device: 'video0' | 'video1' | 'face') =>
  s.control.requests({ device }).map((r) => r.endpoint);

describe('camera-service builds without video=open and face=verifybase64 (legacy-cn)', () => {
  it('opens by requesting the stream, then goes straight there for every camera of this service', async () => {
    const { sims, bridge, client } = await setUp('legacy-cn');
    await client.call('camera.open', { camera: 0 });
    expect(sims.control.cameras[0].open).toBe(true);
    expect(endpoints(sims, 'video0')).toEqual(['video=open', 'video=stream']);
    expect(bridge.app.bridge.camera.forms.missing).toEqual(['video=open']);
    expect(bridge.logs.text).toContain('camera service lacks a command; using another');
    expect(bridge.logs.text).toContain('"missing":"video=open","using":"video=stream"');

    await client.call('camera.open', { camera: 1 });
    expect(endpoints(sims, 'video1')).toEqual(['video=stream']);
    const shot = await client.call('camera.capture', { camera: 1 });
    expect(shot.imageCount).toBe(1);
  });

  it('compares faces with comparison=imgdata after one try of face=verifybase64', async () => {
    const { sims, client } = await setUp('legacy-cn');
    await client.call('camera.open', { camera: 1 });
    const image = (await client.call('camera.capture', { camera: 1 })).images[0]?.base64 ?? '';
    sims.control.setFaceScore(64);
    expect(await client.call('face.verify', { image0: image, image1: image })).toEqual({
      confidence: 64,
      threshold: 50,
      match: true,
    });
    expect(await client.call('face.verify', { image0: image, image1: image })).toMatchObject({
      confidence: 64,
    });
    expect(endpoints(sims, 'face')).toEqual([
      'face=verifybase64',
      'comparison=imgdata',
      'comparison=imgdata',
    ]);
  });

  it('reports the first form’s error when the alternative fails too, and learns nothing (camera unplugged)', async () => {
    const { sims, bridge, client } = await setUp('legacy-cn');
    sims.control.unplug('video0');
    await expect(client.call('camera.open', { camera: 0 })).rejects.toMatchObject({
      code: ErrorCode.DEVICE_NOT_CONNECTED,
      details: { vendor: 'camera', vendorCode: 1, operation: 'video=open' },
    });
    expect(endpoints(sims, 'video0')).toEqual(['video=open', 'video=stream']);
    expect(bridge.app.bridge.camera.forms.missing).toEqual([]);
  });

  it('forgets what it learnt when the service goes away, and learns the new build', async () => {
    const { sims: older, bridge, client } = await setUp('legacy-cn');
    await client.call('camera.open', { camera: 0 });
    expect(bridge.app.bridge.camera.forms.missing).toEqual(['video=open']);
    await client.call('camera.close', { camera: 0 });

    const port = older.ports.camera;
    await older.close();
    sims = undefined;
    await expect(client.call('camera.open', { camera: 0 })).rejects.toMatchObject({
      code: ErrorCode.VENDOR_UNREACHABLE,
    });
    expect(bridge.app.bridge.camera.forms.missing).toEqual([]);
    expect(bridge.logs.text).toContain('camera service unreachable; will find out its commands again');

    // The service comes back on the same address as a build that has video=open.
    sims = await startSimulators({ scenario: 'manual', cameraPort: port, dialect: 'spec' });
    await client.call('camera.open', { camera: 0 });
    expect(endpoints(sims, 'video0')).toEqual(['video=open']);
    expect(bridge.app.bridge.camera.forms.missing).toEqual([]);
  });

  it('notices a build that has the first form again without a restart in between', async () => {
    const { sims, bridge, client } = await setUp('legacy-cn');
    await client.call('camera.open', { camera: 0 });
    await client.call('camera.close', { camera: 0 });
    sims.control.setDialect('spec');
    sims.control.clearRequests();
    await client.call('camera.open', { camera: 0 });
    // The remembered stream form answers "not open" on this build, so video=open is tried and kept.
    expect(endpoints(sims, 'video0')).toEqual(['video=stream', 'video=open']);
    expect(bridge.app.bridge.camera.forms.missing).toEqual([]);
  });
});

describe.each(['spec', 'legacy'] as const)('the %s dialect', (dialect) => {
  it('tries the other form only after a non-success answer, never after a transport failure', async () => {
    const { sims, bridge, client } = await setUp(dialect);
    sims.control.addFault({ kind: 'malformed', endpoint: 'video=open', times: 1 });
    await expect(client.call('camera.open', { camera: 0 })).rejects.toMatchObject({
      code: ErrorCode.VENDOR_MALFORMED,
    });
    expect(endpoints(sims, 'video0')).toEqual(['video=open']);
    await client.call('camera.open', { camera: 0 });
    expect(endpoints(sims, 'video0')).toEqual(['video=open', 'video=open']);
    expect(bridge.app.bridge.camera.forms.missing).toEqual([]);
  });
});
