import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulators, ZK_CODES, ZK_SERVER_VERSION } from '../src/index.js';
import { getJson, httpsGet, imageInfo, post, startForTests } from './helpers.js';

let sims: RunningSimulators;
let base: string;
beforeAll(async () => {
  sims = await startForTests();
  base = `http://127.0.0.1:${sims.ports.zkHttp}/ZKBIOOnline`;
});
afterAll(() => sims.close());
beforeEach(() => sims.control.reset());

type Zk = { ret: number; data: Record<string, unknown> | null; error: string };
const get = (path: string) => getJson<Zk>(`${base}/${path}`);

describe('ZKBioOnline over HTTP', () => {
  it('answers info with the server version, paths matched case-insensitively', async () => {
    expect(await get('info')).toMatchObject({
      ret: 0,
      data: { server_version: ZK_SERVER_VERSION },
      error: '',
    });
    expect(await getJson<Zk>(`http://127.0.0.1:${sims.ports.zkHttp}/zkbioonline/INFO`)).toMatchObject({
      ret: 0,
    });
  });

  it('enrols over three presses: -2006 until a press, enroll_index 1, 2, 3, then a template', async () => {
    sims.control.pressFinger('zk', [
      { kind: 'none', polls: 2 },
      { kind: 'finger', finger: 'f1' },
      { kind: 'none', polls: 1 },
      { kind: 'finger', finger: 'f1' },
      { kind: 'finger', finger: 'f1' },
    ]);
    expect(await get('fingerprint/beginCapture?type=1&FakeFunOn=1&random=0.123')).toEqual({
      ret: 0,
      data: null,
      error: '',
    });
    const rets: number[] = [];
    const indexes: number[] = [];
    let lastImage = '';
    for (let i = 0; i < 6; i++) {
      const r = await get('fingerprint/getImage');
      rets.push(r.ret);
      if (r.ret === 0) {
        indexes.push(Number(r.data?.enroll_index));
        lastImage = String(r.data?.jpg_base64);
      }
    }
    expect(rets).toEqual([-2006, -2006, 0, -2006, 0, 0]);
    expect(indexes).toEqual([1, 2, 3]);
    expect(await imageInfo(lastImage)).toMatchObject({ format: 'jpeg', eoi: true });
    const template = await get('fingerprint/getTemplate');
    expect(template.ret).toBe(0);
    expect(String(template.data?.template)).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('verifies with one press and compares templates with verify', async () => {
    sims.control.pressFinger('zk', [
      { kind: 'finger', finger: 'same' },
      { kind: 'finger', finger: 'same' },
      { kind: 'finger', finger: 'same' },
      { kind: 'finger', finger: 'same' },
      { kind: 'finger', finger: 'other' },
    ]);
    await get('fingerprint/beginCapture?type=1');
    for (let i = 0; i < 3; i++) await get('fingerprint/getImage');
    const reg = String((await get('fingerprint/getTemplate')).data?.template);
    const verifyWith = async () => {
      expect((await get('fingerprint/beginCapture?type=2')).ret).toBe(0);
      expect((await get('fingerprint/getImage')).data?.enroll_index).toBe(1);
      return String((await get('fingerprint/getTemplate')).data?.template);
    };
    const same = await verifyWith();
    const other = await verifyWith();
    sims.control.setMatchScore(93);
    const score = async (ver: string) =>
      (await (await post(`${base}/fingerprint/verify`, { reg, ver })).json()) as Zk;
    expect(await score(same)).toEqual({ ret: 0, data: { score: 93 }, error: '' });
    expect((await score(other)).data?.score).toBeLessThan(20);
  });

  it('answers -2005 to a second begin until cancelled', async () => {
    expect((await get('fingerprint/beginCapture?type=1')).ret).toBe(0);
    expect((await get('fingerprint/beginCapture?type=2')).ret).toBe(ZK_CODES.alreadyCapturing);
    expect((await get('fingerprint/cancelCapture')).ret).toBe(0);
    expect((await get('fingerprint/beginCapture?type=2')).ret).toBe(0);
  });

  it('answers -2009 for a fake finger with FakeFunOn=1, accepts it with FakeFunOn=0', async () => {
    sims.control.pressFinger('zk', [{ kind: 'fake' }, { kind: 'fake' }]);
    await get('fingerprint/beginCapture?type=2&FakeFunOn=1');
    expect((await get('fingerprint/getImage')).ret).toBe(ZK_CODES.fakeFinger);
    await get('fingerprint/cancelCapture');
    await get('fingerprint/beginCapture?type=2&FakeFunOn=0');
    expect((await get('fingerprint/getImage')).ret).toBe(0);
  });

  it('answers -2004 for a poor press, -2003 for a different finger during enrolment', async () => {
    sims.control.pressFinger('zk', [
      { kind: 'poor' },
      { kind: 'finger', finger: 'x' },
      { kind: 'finger', finger: 'y' },
    ]);
    await get('fingerprint/beginCapture?type=1');
    expect((await get('fingerprint/getImage')).ret).toBe(ZK_CODES.captureFailed);
    expect((await get('fingerprint/getImage')).ret).toBe(0);
    expect((await get('fingerprint/getImage')).ret).toBe(ZK_CODES.extractFailed);
  });

  it('answers -2001 when the reader is unplugged and -1 for getImage/getTemplate without a capture', async () => {
    expect((await get('fingerprint/getImage')).ret).toBe(ZK_CODES.failed);
    expect((await get('fingerprint/getTemplate')).ret).toBe(ZK_CODES.failed);
    sims.control.unplug('zk');
    expect((await get('fingerprint/beginCapture?type=1')).ret).toBe(ZK_CODES.readerUnavailable);
    expect((await get('info')).data).toMatchObject({ fingerprint_connected: false });
  });

  it('answers -2000 to a POST on a GET endpoint, -3 to a bad type, -2 to an unknown path', async () => {
    expect(((await (await post(`${base}/fingerprint/getImage`, {})).json()) as Zk).ret).toBe(
      ZK_CODES.onlyGet,
    );
    expect((await get('fingerprint/beginCapture?type=9')).ret).toBe(ZK_CODES.badParam);
    expect((await get('fingerprint/selfDestruct')).ret).toBe(ZK_CODES.unsupported);
  });

  it('answers -5 to a body that is not JSON, -3 to missing templates, -6 to foreign templates', async () => {
    const verify = async (body: unknown) =>
      ((await (await post(`${base}/fingerprint/verify`, body)).json()) as Zk).ret;
    expect(await verify('not json at all')).toBe(ZK_CODES.badFormat);
    expect(await verify({ reg: 'abc' })).toBe(ZK_CODES.badParam);
    expect(await verify({ reg: 'QUJDRA==', ver: 'QUJDRA==' })).toBe(ZK_CODES.badTemplate);
  });
});

describe('ZKBioOnline over HTTPS', () => {
  it('serves the same API with a certificate the CA file vouches for', async () => {
    const ca = await readFile(sims.caFile, 'utf8');
    expect(ca).toBe(sims.ca);
    for (const host of ['127.0.0.1', 'localhost']) {
      const result = await httpsGet(`https://${host}:${sims.ports.zkHttps}/zkbioonline/info`, ca);
      expect(result.status).toBe(200);
      expect(JSON.parse(result.body)).toMatchObject({ ret: 0, data: { server_version: ZK_SERVER_VERSION } });
    }
  });

  it('is refused by a client that does not trust the CA', async () => {
    await expect(httpsGet(`https://127.0.0.1:${sims.ports.zkHttps}/zkbioonline/info`)).rejects.toThrow(
      /self.signed|unable to verify|certificate/i,
    );
  });

  it('shares capture state with the HTTP port (one physical reader)', async () => {
    expect((await get('fingerprint/beginCapture?type=1')).ret).toBe(0);
    const again = await httpsGet(
      `https://127.0.0.1:${sims.ports.zkHttps}/ZKBIOOnline/fingerprint/beginCapture?type=1`,
      sims.ca,
    );
    expect(JSON.parse(again.body).ret).toBe(ZK_CODES.alreadyCapturing);
    expect(sims.control.maxConcurrency('zk')).toBeGreaterThanOrEqual(1);
  });
});
