import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAMERA_CODES, type RunningSimulators } from '../src/index.js';
import { eventually, imageInfo, postJson, readMjpeg, sleep, startForTests } from './helpers.js';

let sims: RunningSimulators;
let base: string;
beforeAll(async () => {
  sims = await startForTests({ fps: 25, resolution: '320x240' });
  base = `http://127.0.0.1:${sims.ports.camera}`;
});
afterAll(() => sims.close());
beforeEach(() => sims.control.reset());

describe('video=stream', () => {
  it('streams JPEG parts under the boundary named in the header, cache-buster and all', async () => {
    await postJson(`${base}/video=open&camidx=0`);
    const { boundary, frames, response } = await readMjpeg(`${base}/video=stream&camidx=0?1692345678901`, 3);
    expect(response.headers.get('content-type')).toBe(`multipart/x-mixed-replace; boundary=${boundary}`);
    expect(boundary).toMatch(/^simframe[0-9a-f]{24}$/);
    expect(frames).toHaveLength(3);
    for (const frame of frames) {
      expect(frame.headers['content-type']).toBe('image/jpeg');
      const info = await imageInfo(frame.jpeg.toString('base64'));
      expect(info).toMatchObject({ format: 'jpeg', width: 320, height: 240, soi: true, eoi: true });
    }
    // Successive frames differ: the pattern moves and the counter runs.
    expect(frames[0]?.jpeg.equals(frames[2]?.jpeg ?? Buffer.alloc(0))).toBe(false);
  });

  it('uses a fresh boundary per response', async () => {
    await postJson(`${base}/video=open&camidx=0`);
    const a = await readMjpeg(`${base}/video=stream&camidx=0`, 1);
    const b = await readMjpeg(`${base}/video=stream&camidx=0`, 1);
    expect(a.boundary).not.toBe(b.boundary);
  });

  it('reports run while watched, shares one generator between viewers, and stops when nobody watches', async () => {
    await postJson(`${base}/video=open&camidx=1`);
    const controller = new AbortController();
    const first = await fetch(`${base}/video=stream&camidx=1`, { signal: controller.signal });
    const second = await fetch(`${base}/video=stream&camidx=1`, { signal: controller.signal });
    expect([first.status, second.status]).toEqual([200, 200]);
    await eventually(() => sims.control.cameras[1].viewers === 2);
    expect(await postJson(`${base}/video=status`)).toMatchObject({ video0: 'ok', video1: 'run' });
    const before = sims.camera.framesGenerated(1);
    await sleep(400);
    const generated = sims.camera.framesGenerated(1) - before;
    // Two viewers at 25 fps for 0.4 s: one render per tick (about 10), not one per viewer (about 20).
    expect(generated).toBeGreaterThanOrEqual(3);
    expect(generated).toBeLessThanOrEqual(13);
    controller.abort();
    await eventually(() => sims.control.cameras[1].viewers === 0);
    const stopped = sims.camera.framesGenerated(1);
    await sleep(200);
    expect(sims.camera.framesGenerated(1)).toBe(stopped);
    expect(await postJson(`${base}/video=status`)).toMatchObject({ video1: 'ok' });
  });

  it('ends the stream when the camera is closed', async () => {
    await postJson(`${base}/video=open&camidx=0`);
    const response = await fetch(`${base}/video=stream&camidx=0`);
    await eventually(() => sims.control.cameras[0].viewers === 1);
    await postJson(`${base}/video=close&camidx=0`);
    // The body finishes instead of streaming forever.
    const body = await response.arrayBuffer();
    expect(body.byteLength).toBeGreaterThanOrEqual(0);
    expect(sims.control.cameras[0].viewers).toBe(0);
  });

  it('ends the stream when the camera is unplugged', async () => {
    await postJson(`${base}/video=open&camidx=0`);
    const response = await fetch(`${base}/video=stream&camidx=0`);
    await eventually(() => sims.control.cameras[0].viewers === 1);
    sims.control.unplug('video0');
    await response.arrayBuffer().catch(() => undefined);
    await eventually(() => sims.control.cameras[0].viewers === 0);
    expect(await postJson(`${base}/video=status`)).toMatchObject({ video0: 'no' });
  });

  it('answers a vendor error instead of a stream for a closed, unplugged or unknown camera', async () => {
    expect(await (await fetch(`${base}/video=stream&camidx=0`)).json()).toMatchObject({
      code: CAMERA_CODES.notOpen,
    });
    sims.control.unplug('video1');
    expect(await (await fetch(`${base}/video=stream&camidx=1`)).json()).toMatchObject({
      code: CAMERA_CODES.notConnected,
    });
    expect(await (await fetch(`${base}/video=stream&camidx=3`)).json()).toMatchObject({
      code: CAMERA_CODES.badParam,
    });
  });

  it('follows a resolution change', async () => {
    await postJson(`${base}/param=set`, { camidx: '0', width: '640', height: '480' });
    await postJson(`${base}/video=open&camidx=0`);
    const { frames } = await readMjpeg(`${base}/video=stream&camidx=0`, 1);
    expect(await imageInfo(frames[0]?.jpeg.toString('base64') ?? '')).toMatchObject({
      width: 640,
      height: 480,
    });
  });
});
