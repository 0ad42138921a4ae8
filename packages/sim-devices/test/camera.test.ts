import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAMERA_CODES, CARD_TYPES, type RunningSimulators } from '../src/index.js';
import { eventually, getJson, imageInfo, post, postJson, startForTests } from './helpers.js';

let sims: RunningSimulators;
let base: string;
beforeAll(async () => {
  sims = await startForTests();
  base = `http://127.0.0.1:${sims.ports.camera}`;
});
afterAll(() => sims.close());
beforeEach(() => {
  sims.control.setDialect('spec');
  sims.control.reset();
});

type Images = {
  code: string;
  image_count: number;
  images: Array<{ index: number; filepath: string; uuid: string; base64: string }>;
};

describe('video=status', () => {
  it('answers GET and POST {} with JSON, an empty POST with XML', async () => {
    expect(await getJson(`${base}/video=status`)).toEqual({ code: '0', video0: 'ok', video1: 'ok' });
    expect(await postJson(`${base}/video=status`, {})).toEqual({ code: '0', video0: 'ok', video1: 'ok' });
    const xml = await fetch(`${base}/video=status`, { method: 'POST' });
    expect(xml.headers.get('content-type')).toMatch(/xml/);
    expect(await xml.text()).toContain('<root><code>0</code><video0>ok</video0><video1>ok</video1></root>');
  });

  it('reports no for an unplugged camera, and plugging it back restores ok', async () => {
    sims.control.unplug('video1');
    expect(await postJson(`${base}/video=status`)).toMatchObject({ video0: 'ok', video1: 'no' });
    sims.control.plug('video1');
    expect(await postJson(`${base}/video=status`)).toMatchObject({ video1: 'ok' });
  });

  it('accepts a percent-encoded = in the path', async () => {
    expect(await postJson(`${base}/video%3Dstatus`)).toMatchObject({ code: '0' });
  });
});

describe('video=open and video=close', () => {
  it('opens and closes by camidx in the path or the body', async () => {
    expect(await postJson(`${base}/video=open&camidx=1`, {})).toEqual({ code: '0', message: 'success' });
    expect(sims.control.cameras[1].open).toBe(true);
    expect(await postJson(`${base}/video=close`, { camidx: '1' })).toEqual({ code: '0', message: 'success' });
    expect(sims.control.cameras[1].open).toBe(false);
  });

  it('fails to open an unplugged camera with code 1', async () => {
    sims.control.unplug('video0');
    expect(await postJson(`${base}/video=open&camidx=0`)).toEqual({
      code: CAMERA_CODES.notConnected,
      message: 'camera 0 not connected',
    });
  });

  it('rejects a camidx other than 0 or 1', async () => {
    expect(await postJson(`${base}/video=open`, { camidx: '7' })).toMatchObject({
      code: CAMERA_CODES.badParam,
    });
  });
});

describe('video=grabimage (spec dialect)', () => {
  it('needs the camera open', async () => {
    expect(await postJson(`${base}/video=grabimage`, { camidx: '0' })).toMatchObject({
      code: CAMERA_CODES.notOpen,
    });
  });

  it('returns a real JPEG at the camera resolution, rotated as asked, with uuid and dpi', async () => {
    await postJson(`${base}/video=open&camidx=0`);
    const result = await postJson<Images>(`${base}/video=grabimage`, {
      camidx: '0',
      make_uuid: '1',
      image_storage_info: { xdpi: '200', ydpi: '200', jpg_quality: '60' },
      image_process_info: { cut_type: '0', multi_object: '0', rotate: '90', reduce_shadow: '0' },
    });
    expect(result.code).toBe('0');
    expect(result.image_count).toBe(1);
    const [image] = result.images;
    expect(image?.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(image?.filepath).toMatch(/\.jpg$/);
    expect(image?.base64.startsWith('data:')).toBe(false);
    const info = await imageInfo(image?.base64 ?? '');
    expect(info).toMatchObject({
      format: 'jpeg',
      width: 480,
      height: 640,
      soi: true,
      eoi: true,
      density: 200,
    });
  });

  it('accepts nested options sent as JSON strings and a top-level rotate', async () => {
    await postJson(`${base}/video=open&camidx=0`);
    const result = await postJson<Images>(`${base}/video=grabimage`, {
      camidx: '0',
      rotate: '180',
      image_storage_info: JSON.stringify({ jpg_quality: '50' }),
    });
    expect(await imageInfo(result.images[0]?.base64 ?? '')).toMatchObject({ width: 640, height: 480 });
    expect(result.images[0]?.uuid).toBe('');
  });

  it('cuts the page and returns two images for multi_object', async () => {
    await postJson(`${base}/video=open&camidx=0`);
    const result = await postJson<Images>(`${base}/video=grabimage`, {
      camidx: '0',
      image_process_info: { cut_type: '1', multi_object: '1' },
    });
    expect(result.image_count).toBe(2);
    expect(result.images.map((i) => i.index)).toEqual([0, 1]);
    for (const image of result.images) {
      const info = await imageInfo(image.base64);
      expect(info.width).toBeLessThan(640);
      expect(info.eoi).toBe(true);
    }
  });

  it('rejects a rotate that is not a multiple of 90 and a bad quality', async () => {
    await postJson(`${base}/video=open&camidx=0`);
    expect(await postJson(`${base}/video=grabimage`, { camidx: '0', rotate: '45' })).toMatchObject({
      code: CAMERA_CODES.badParam,
    });
    expect(
      await postJson(`${base}/video=grabimage`, { camidx: '0', image_storage_info: { jpg_quality: '0' } }),
    ).toMatchObject({ code: CAMERA_CODES.badParam });
  });
});

describe('video=grabimage (legacy dialect)', () => {
  it('takes filepath/rotate/deskew/ColorMode/quality and answers photoBase64', async () => {
    sims.control.setDialect('legacy');
    await postJson(`${base}/video=open&camidx=1`);
    const result = await postJson<{ code: string; message: string; photoBase64: string; filepath: string }>(
      `${base}/video=grabimage`,
      { filepath: 'base64', rotate: '270', deskew: '0', camidx: '1', ColorMode: '1', quality: '70' },
    );
    expect(result).toMatchObject({ code: '0', message: 'success', filepath: 'base64' });
    expect(result).not.toHaveProperty('images');
    expect(await imageInfo(result.photoBase64)).toMatchObject({
      format: 'jpeg',
      width: 480,
      height: 640,
      channels: 1,
    });
  });

  it('accepts the older cutpage name for deskew', async () => {
    sims.control.setDialect('legacy');
    await postJson(`${base}/video=open&camidx=0`);
    const result = await postJson<{ photoBase64: string }>(`${base}/video=grabimage`, {
      filepath: 'base64',
      camidx: '0',
      cutpage: '1',
    });
    expect((await imageInfo(result.photoBase64)).width).toBeLessThan(640);
  });

  it('rejects an unknown ColorMode', async () => {
    sims.control.setDialect('legacy');
    await postJson(`${base}/video=open&camidx=0`);
    expect(await postJson(`${base}/video=grabimage`, { camidx: '0', ColorMode: '9' })).toMatchObject({
      code: CAMERA_CODES.badParam,
    });
  });
});

describe('param=set and param=get', () => {
  it('sets and reads the resolution, which captures then use', async () => {
    expect(await postJson(`${base}/param=set`, { camidx: '0', width: '1280', height: '720' })).toEqual({
      code: '0',
      message: 'success',
    });
    expect(await postJson(`${base}/param=get`, { type: 'resolution', camidx: '0' })).toMatchObject({
      code: '0',
      width: '1280',
      height: '720',
      resolution: '1280x720',
    });
    await postJson(`${base}/video=open&camidx=0`);
    const result = await postJson<Images>(`${base}/video=grabimage`, { camidx: '0' });
    expect(await imageInfo(result.images[0]?.base64 ?? '')).toMatchObject({ width: 1280, height: 720 });
  });

  it('rejects unsupported resolutions and empty requests', async () => {
    expect(await postJson(`${base}/param=set`, { camidx: '1', width: '2592', height: '1944' })).toMatchObject(
      { code: CAMERA_CODES.badParam },
    );
    expect(await postJson(`${base}/param=set`, { camidx: '0' })).toMatchObject({
      code: CAMERA_CODES.badParam,
    });
    expect(await postJson(`${base}/param=get`, { camidx: '0', type: 'colour' })).toMatchObject({
      code: CAMERA_CODES.badParam,
    });
  });

  it('sets cut-page, which crops later captures', async () => {
    expect(await postJson(`${base}/param=set`, { cutpage: '1' })).toMatchObject({ code: '0' });
    expect(await postJson(`${base}/param=get`, { type: 'cutpage' })).toMatchObject({ cutpage: '1' });
    await postJson(`${base}/video=open&camidx=0`);
    const result = await postJson<Images>(`${base}/video=grabimage`, { camidx: '0' });
    expect((await imageInfo(result.images[0]?.base64 ?? '')).width).toBeLessThan(640);
  });
});

describe('face comparison', () => {
  let jpeg: string;
  beforeAll(async () => {
    await postJson(`${base}/video=open&camidx=1`);
    jpeg = (await postJson<Images>(`${base}/video=grabimage`, { camidx: '1' })).images[0]?.base64 ?? '';
  });

  it('spec: face=verifybase64 answers the configured confidence', async () => {
    sims.control.setFaceScore(73);
    expect(await postJson(`${base}/face=verifybase64`, { face0: jpeg, face1: jpeg })).toEqual({
      code: '0',
      message: 'success',
      confidence: 73,
    });
  });

  it('legacy: comparison=imgdata answers the score as a string in data, as older builds do', async () => {
    sims.control.setDialect('legacy');
    sims.control.setFaceScore(41);
    expect(await postJson(`${base}/comparison=imgdata`, { FaceOne: jpeg, FaceTwo: jpeg })).toEqual({
      code: '0',
      data: '41',
    });
  });

  it("each dialect refuses the other one's endpoint", async () => {
    expect(await postJson(`${base}/comparison=imgdata`, { FaceOne: jpeg, FaceTwo: jpeg })).toMatchObject({
      code: CAMERA_CODES.unsupported,
    });
    sims.control.setDialect('legacy');
    expect(await postJson(`${base}/face=verifybase64`, { face0: jpeg, face1: jpeg })).toMatchObject({
      code: CAMERA_CODES.unsupported,
    });
  });

  it('rejects missing faces, data: prefixes and non-images', async () => {
    expect(await postJson(`${base}/face=verifybase64`, { face0: jpeg })).toMatchObject({
      code: CAMERA_CODES.badParam,
      message: 'face1 is required',
    });
    expect(
      await postJson(`${base}/face=verifybase64`, { face0: `data:image/jpeg;base64,${jpeg}`, face1: jpeg }),
    ).toMatchObject({ code: CAMERA_CODES.badParam });
    expect(
      await postJson(`${base}/face=verifybase64`, { face0: 'aGVsbG8gd29ybGQ=', face1: jpeg }),
    ).toMatchObject({ code: CAMERA_CODES.noFace });
  });
});

describe('card=idcard', () => {
  it.each(CARD_TYPES)('reads a presented card of type %s with the vendor field set', async (type) => {
    const pending = postJson<{ code: string; IDCardInfo: Record<string, string> }>(`${base}/card=idcard`, {});
    setTimeout(() => sims.control.presentCard(type), 50);
    const result = await pending;
    expect(result.code).toBe('0');
    const info = result.IDCardInfo;
    for (const field of [
      'name',
      'sex',
      'birthday',
      'address',
      'cardID',
      'issueOrgan',
      'validStart',
      'validEnd',
      'sexCode',
      'nationCode',
      'appendMsg',
      'strIDUID',
      'photoBase64',
    ]) {
      expect(info).toHaveProperty(field);
      expect(typeof info[field]).toBe('string');
    }
    expect(info.cardType).toBe(type);
    expect(info.birthday).toMatch(/^\d{8}$/);
    expect(await imageInfo(info.photoBase64 ?? '')).toMatchObject({ format: 'jpeg', soi: true, eoi: true });
    if (type === 'C') expect(info.fingerBase64).toBeTruthy();
    if (type === 'J' || type === 'I') expect(info.passportId).toBeTruthy();
  });

  it('reads a card that was presented before the call at once, with overrides', async () => {
    sims.control.presentCard('B', { name: '覆盖姓名' });
    const result = await postJson<{ IDCardInfo: Record<string, string> }>(`${base}/card=idcard`, {});
    expect(result.IDCardInfo.name).toBe('覆盖姓名');
  });

  it('times out with code 5 when no card comes', async () => {
    const started = Date.now();
    expect(await postJson(`${base}/card=idcard`, {})).toMatchObject({ code: CAMERA_CODES.noCard });
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('answers 8848 when the reader is unplugged', async () => {
    sims.control.unplug('idcard');
    expect(await postJson(`${base}/card=idcard`, {})).toMatchObject({
      code: CAMERA_CODES.readerNotConnected,
    });
  });

  it('presents a card by itself in the happy scenario', async () => {
    sims.control.setScenario('happy');
    expect(await postJson(`${base}/card=idcard`, {})).toMatchObject({
      code: '0',
      IDCardInfo: { cardType: 'B' },
    });
    sims.control.setScenario('manual');
  });

  it('a read whose client went away does not swallow the next card', async () => {
    const controller = new AbortController();
    const aborted = fetch(`${base}/card=idcard`, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
    }).catch(() => 'aborted');
    await eventually(() => sims.control.concurrency().idcard?.current === 1);
    controller.abort();
    expect(await aborted).toBe('aborted');
    await eventually(() => sims.control.concurrency().idcard?.current === 0);
    // Well inside the 400 ms wait: a waiter that missed the disconnect would take this card.
    sims.control.presentCard('I');
    expect(sims.control.pendingCards()).toBe(1);
  });
});

describe('fp=read', () => {
  it('returns an image and a feature after a press', async () => {
    setTimeout(
      () =>
        sims.control.pressFinger('fp', [
          { kind: 'none', polls: 2 },
          { kind: 'finger', finger: 'left-thumb' },
        ]),
      30,
    );
    const result = await postJson<{ code: string; base64: string; feature: string }>(`${base}/fp=read`, {});
    expect(result.code).toBe('0');
    expect(await imageInfo(result.base64)).toMatchObject({ format: 'jpeg' });
    expect(result.feature.length).toBeGreaterThan(100);
  });

  it('times out with no finger and reports a poor press', async () => {
    expect(await postJson(`${base}/fp=read`, {})).toMatchObject({ code: CAMERA_CODES.noFinger });
    sims.control.pressFinger('fp', [{ kind: 'poor' }]);
    expect(await postJson(`${base}/fp=read`, {})).toMatchObject({ code: CAMERA_CODES.poorFinger });
  });
});

describe('lenient bodies and unknown commands', () => {
  it('reads a real urlencoded form and percent-encoded JSON', async () => {
    expect(await postJson(`${base}/video=open`, 'camidx=1')).toMatchObject({ code: '0' });
    expect(sims.control.cameras[1].open).toBe(true);
    expect(await postJson(`${base}/video=close`, encodeURIComponent('{"camidx":"1"}'))).toMatchObject({
      code: '0',
    });
    expect(sims.control.cameras[1].open).toBe(false);
  });

  it('answers a clear error for a broken body and for an unknown command, with HTTP 200', async () => {
    const broken = await post(`${base}/video=open`, '{"camidx":');
    expect(broken.status).toBe(200);
    expect(await broken.json()).toMatchObject({
      code: CAMERA_CODES.badParam,
      message: expect.stringContaining('invalid request body'),
    });
    expect(await postJson(`${base}/video=explode`, {})).toMatchObject({ code: CAMERA_CODES.unsupported });
  });
});

describe('legacy-cn dialect (an older build without video=open and face=verifybase64)', () => {
  beforeEach(() => sims.control.setDialect('legacy-cn'));

  it('answers the commands it lacks with code "1" and a Chinese message', async () => {
    for (const command of ['video=open&camidx=0', 'face=verifybase64', 'video=nosuch']) {
      const answer = await postJson<{ code: string; message: string }>(`${base}/${command}`, {});
      expect(answer.code).toBe('1');
      expect(answer.message).toMatch(/^不支持该命令：/);
    }
    expect(sims.control.cameras[0].open).toBe(false);
  });

  it('opens a camera when its stream is requested; it stays open until video=close', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${base}/video=stream&camidx=1?1692345678901`, { signal: controller.signal });
    expect(stream.headers.get('content-type')).toMatch(/^multipart\/x-mixed-replace; boundary=/);
    expect(sims.control.cameras[1].open).toBe(true);
    controller.abort();
    const grab = await postJson<{ code: string; photoBase64: string }>(`${base}/video=grabimage`, {
      filepath: 'base64',
      camidx: '1',
    });
    expect(grab.code).toBe('0');
    expect((await imageInfo(grab.photoBase64)).soi).toBe(true);
    expect(await postJson(`${base}/video=close`, { camidx: '1' })).toEqual({ code: '0', message: 'success' });
    expect(sims.control.cameras[1].open).toBe(false);
  });

  it('does not open an unplugged camera through its stream', async () => {
    sims.control.unplug('video0');
    expect(await getJson(`${base}/video=stream&camidx=0`)).toEqual({
      code: CAMERA_CODES.notConnected,
      message: 'camera 0 not connected',
    });
    expect(sims.control.cameras[0].open).toBe(false);
  });

  it('compares faces with comparison=imgdata', async () => {
    await fetch(`${base}/video=stream&camidx=1`, { signal: AbortSignal.timeout(2_000) }).then((r) =>
      r.body?.cancel(),
    );
    const jpeg = (
      await postJson<{ photoBase64: string }>(`${base}/video=grabimage`, { filepath: 'base64', camidx: '1' })
    ).photoBase64;
    sims.control.setFaceScore(64);
    expect(await postJson(`${base}/comparison=imgdata`, { FaceOne: jpeg, FaceTwo: jpeg })).toEqual({
      code: '0',
      data: '64',
    });
  });
});
