import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAMERA_CODES, type RunningSimulators, ZA_CODES, ZK_CODES } from '../src/index.js';
import { eventually, getJson, post, postJson, readMjpeg, startForTests } from './helpers.js';

let sims: RunningSimulators;
let cam: string;
let za: string;
let zk: string;
beforeAll(async () => {
  sims = await startForTests();
  cam = `http://127.0.0.1:${sims.ports.camera}`;
  za = `http://127.0.0.1:${sims.ports.za}`;
  zk = `http://127.0.0.1:${sims.ports.zkHttp}`;
});
afterAll(() => sims.close());
beforeEach(() => sims.control.reset());

const status = () => fetch(`${cam}/video=status`);
const zaCapture = () => fetch(`${za}/`, { method: 'POST', body: 'CAPTURE imageColor=0 quality=80' });
const zkInfo = () => fetch(`${zk}/ZKBIOOnline/info`);

/** Adds a fault through the HTTP control endpoint of the given port. */
async function fault(base: string, body: unknown): Promise<string> {
  const res = await post(`${base}/__sim/fault`, body);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

describe('fault kinds, on every service', () => {
  it.each([
    ['camera', () => cam, status],
    ['za', () => za, zaCapture],
    ['zk', () => zk, zkInfo],
  ] as const)('delay holds a %s answer back', async (service, base, call) => {
    await fault(base(), { kind: 'delay', service, ms: 250, times: 1 });
    const started = Date.now();
    expect((await call()).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    const again = Date.now();
    await call();
    expect(Date.now() - again).toBeLessThan(240);
  });

  it.each([
    ['camera', '/video=status'],
    ['za', '/'],
    ['zk', '/ZKBIOOnline/info'],
  ] as const)(
    'hang never answers %s; the call stays in flight until the client gives up',
    async (service, path) => {
      const base = { camera: cam, za, zk }[service];
      sims.control.addFault({ kind: 'hang', service, times: 1 });
      const outcome = fetch(`${base}${path}`, {
        method: 'POST',
        body: 'CAPTURE',
        signal: AbortSignal.timeout(300),
      }).then(
        () => 'answered',
        (error: Error) => error.name,
      );
      await eventually(() => sims.control.concurrency()[service]?.current === 1);
      expect(await outcome).toBe('TimeoutError');
      await eventually(() => sims.control.concurrency()[service]?.current === 0);
    },
  );

  it('reset breaks a response in the middle (camera, ZA, ZK)', async () => {
    sims.control.addFault({ kind: 'reset', service: 'camera', endpoint: 'video=status', times: 1 });
    sims.control.addFault({ kind: 'reset', service: 'za', times: 1 });
    sims.control.addFault({ kind: 'reset', service: 'zk', times: 1 });
    for (const call of [status, zaCapture, zkInfo]) {
      await expect(call().then((res) => res.text())).rejects.toThrow();
    }
    expect((await status()).status).toBe(200);
  });

  it('reset cuts a live stream after its first frame', async () => {
    await postJson(`${cam}/video=open&camidx=0`);
    sims.control.addFault({ kind: 'reset', endpoint: 'video=stream', times: 1 });
    await expect(readMjpeg(`${cam}/video=stream&camidx=0`, 5)).rejects.toThrow();
  });

  it('malformed answers HTTP 200 with a body that does not parse', async () => {
    for (const [service, call] of [
      ['camera', status],
      ['za', zaCapture],
      ['zk', zkInfo],
    ] as const) {
      sims.control.addFault({ kind: 'malformed', service, times: 1 });
      const res = await call();
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(() => JSON.parse(text)).toThrow();
    }
  });

  it('http500 answers a plain 500', async () => {
    await fault(cam, { kind: 'http500', service: 'zk' });
    const res = await zkInfo();
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('Internal Server Error');
  });

  it("vendorError answers each service's own envelope with the given code", async () => {
    await fault(cam, {
      kind: 'vendorError',
      service: 'camera',
      endpoint: 'video=status',
      code: '8848',
      message: 'device interface down',
    });
    await fault(za, { kind: 'vendorError', service: 'za', code: -103 });
    await fault(zk, { kind: 'vendorError', service: 'zk', code: -10014, message: 'device not opened' });
    expect(await (await status()).json()).toEqual({ code: '8848', message: 'device interface down' });
    expect(await (await zaCapture()).json()).toEqual({ code: -103, errorMsg: 'other error, code -103' });
    expect(await (await zkInfo()).json()).toEqual({ ret: -10014, data: null, error: 'device not opened' });
  });

  it("busy answers each service's busy code", async () => {
    sims.control.addFault({ kind: 'busy', device: 'video0' });
    sims.control.addFault({ kind: 'busy', service: 'za' });
    sims.control.addFault({ kind: 'busy', service: 'zk' });
    expect(await postJson(`${cam}/video=open&camidx=0`)).toMatchObject({ code: CAMERA_CODES.busy });
    expect(await postJson(`${cam}/video=open&camidx=1`)).toMatchObject({ code: '0' });
    expect(await (await zaCapture()).json()).toMatchObject({ code: ZA_CODES.commError });
    expect(await (await zkInfo()).json()).toMatchObject({ ret: ZK_CODES.busy });
  });

  it('unplugged answers as a disconnected device: once per endpoint, or standing for a device', async () => {
    sims.control.addFault({
      kind: 'unplugged',
      service: 'zk',
      endpoint: 'fingerprint/beginCapture',
      times: 1,
    });
    const begin = () => getJson<{ ret: number }>(`${zk}/zkbioonline/fingerprint/beginCapture?type=2`);
    expect((await begin()).ret).toBe(ZK_CODES.readerUnavailable);
    expect((await begin()).ret).toBe(0);
    await fault(cam, { kind: 'unplugged', device: 'video1' });
    expect(await postJson(`${cam}/video=status`)).toMatchObject({ video0: 'ok', video1: 'no' });
    expect(await postJson(`${cam}/video=open&camidx=1`)).toMatchObject({ code: CAMERA_CODES.notConnected });
    sims.control.plug('video1');
    expect(await postJson(`${cam}/video=status`)).toMatchObject({ video1: 'ok' });
  });
});

describe('fault scope and lifetime', () => {
  it('scopes by device and endpoint, lasts until cleared, and clears by id over HTTP', async () => {
    const id = await fault(cam, {
      kind: 'vendorError',
      device: 'video1',
      endpoint: 'VIDEO=OPEN',
      code: '77',
    });
    expect(await postJson(`${cam}/video=open&camidx=0`)).toMatchObject({ code: '0' });
    expect(await postJson(`${cam}/video=open&camidx=1`)).toMatchObject({ code: '77' });
    expect(await postJson(`${cam}/video=open&camidx=1`)).toMatchObject({ code: '77' });
    expect(await postJson(`${cam}/video=close&camidx=1`)).toMatchObject({ code: '0' });
    const listed = await getJson<{ faults: Array<{ id: string }> }>(`${za}/__sim/faults`);
    expect(listed.faults.map((f) => f.id)).toEqual([id]);
    const cleared = await fetch(`${zk}/__sim/fault?id=${id}`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ removed: 1 });
    expect(await postJson(`${cam}/video=open&camidx=1`)).toMatchObject({ code: '0' });
  });

  it('uses up counted rules and sums delays with another fault', async () => {
    sims.control.addFault({ kind: 'delay', service: 'camera', ms: 150, times: 2 });
    sims.control.addFault({ kind: 'http500', service: 'camera', times: 1 });
    const started = Date.now();
    expect((await status()).status).toBe(500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect((await status()).status).toBe(200);
    expect(sims.control.faults()).toEqual([]);
  });

  it('never applies faults to the control endpoint', async () => {
    sims.control.addFault({ kind: 'http500' });
    expect((await fetch(`${cam}/__sim/state`)).status).toBe(200);
    expect((await status()).status).toBe(500);
  });
});

describe('concurrency and the request log', () => {
  it('records the largest number of concurrent calls per device', async () => {
    const reads = [1, 2, 3].map(() => postJson(`${cam}/card=idcard`, {}));
    await eventually(() => sims.control.concurrency().idcard?.current === 3);
    for (let i = 0; i < 3; i++) sims.control.presentCard('B');
    await Promise.all(reads);
    expect(sims.control.maxConcurrency('idcard')).toBe(3);
    expect(await getJson(`${za}/__sim/concurrency?device=idcard`)).toEqual({ device: 'idcard', max: 3 });
    await postJson(`${cam}/video=open&camidx=0`);
    await postJson(`${cam}/video=open&camidx=0`);
    expect(sims.control.maxConcurrency('video0')).toBe(1);
    await fetch(`${cam}/__sim/concurrency`, { method: 'DELETE' });
    expect(sims.control.maxConcurrency('idcard')).toBe(0);
  });

  it('answers busy to a concurrent call on the same device in the busy scenario', async () => {
    sims.control.setScenario('busy');
    // The card comes when the test presents it, never by itself: on a loaded machine the scenario's
    // automatic card (1.5 s) could end the first read before the second call arrives.
    const { autoPresentMs } = sims.control.timings;
    sims.control.timings.autoPresentMs = Number.POSITIVE_INFINITY;
    const first = postJson(`${cam}/card=idcard`, {});
    await eventually(() => sims.control.concurrency().idcard?.current === 1);
    expect(await postJson(`${cam}/card=idcard`, {})).toMatchObject({ code: CAMERA_CODES.busy });
    // Other devices are not affected.
    expect(await postJson(`${cam}/video=open&camidx=0`)).toMatchObject({ code: '0' });
    sims.control.presentCard('C');
    expect(await first).toMatchObject({ code: '0' });
    sims.control.timings.autoPresentMs = autoPresentMs;
    sims.control.setScenario('manual');
  });

  it('logs each vendor call with endpoint, device, body and fault, and shortens images', async () => {
    await postJson(`${cam}/video=open&camidx=0`);
    sims.control.addFault({ kind: 'busy', endpoint: 'face=verifybase64', times: 1 });
    await postJson(`${cam}/face=verifybase64`, { face0: 'A'.repeat(5000), face1: 'B'.repeat(5000) });
    const { requests } = await getJson<{ requests: Array<Record<string, unknown>> }>(
      `${cam}/__sim/requests?service=camera`,
    );
    expect(requests.map((r) => r.endpoint)).toEqual(['video=open', 'face=verifybase64']);
    expect(requests[0]).toMatchObject({
      device: 'video0',
      method: 'POST',
      url: '/video=open&camidx=0',
      rawBody: '{}',
    });
    expect(requests[1]).toMatchObject({
      device: 'face',
      fault: 'busy',
      body: { face0: expect.stringContaining('(5000 chars)') },
    });
    expect(sims.control.requests({ endpoint: 'VIDEO=OPEN' })).toHaveLength(1);
    await fetch(`${cam}/__sim/requests`, { method: 'DELETE' });
    expect(sims.control.requests()).toEqual([]);
  });
});

describe('control endpoint', () => {
  it('changes scenario, cards, presses, plugs and settings from any port', async () => {
    expect(await postJson(`${zk}/__sim/scenario`, { name: 'face-mismatch' })).toEqual({
      scenario: 'face-mismatch',
    });
    expect(sims.control.faceScore).toBe(23);
    expect(
      await postJson(`${za}/__sim/settings`, { faceScore: 64, matchScore: 70, dialect: 'legacy' }),
    ).toMatchObject({
      faceScore: 64,
      matchScore: 70,
      dialect: 'legacy',
    });
    expect(await postJson(`${cam}/__sim/card`, { type: 'J' })).toEqual({ presented: 'J', pending: 1 });
    expect(
      await postJson(`${cam}/__sim/finger`, {
        reader: 'zk',
        presses: [{ kind: 'none', polls: 3 }, { kind: 'finger' }],
      }),
    ).toMatchObject({
      reader: 'zk',
      pending: [
        { kind: 'none', polls: 3 },
        { kind: 'finger', finger: 'right-index' },
      ],
    });
    expect(await postJson(`${cam}/__sim/plug`, { device: 'za', plugged: false })).toEqual({
      device: 'za',
      plugged: false,
    });
    const state = await getJson<Record<string, unknown>>(`${cam}/__sim/state`);
    expect(state).toMatchObject({
      scenario: 'face-mismatch',
      dialect: 'legacy',
      pendingCards: ['J'],
      unplugged: ['za'],
    });
    const scenarios = await getJson<{ scenarios: Array<{ name: string }> }>(`${cam}/__sim/scenarios`);
    expect(scenarios.scenarios.map((s) => s.name)).toContain('flaky');
    sims.control.setDialect('spec');
    sims.control.setScenario('manual');
  });

  it('rejects bad control input with a 400 in English and Chinese and changes nothing', async () => {
    const before = JSON.stringify(sims.control.state());
    for (const [path, body] of [
      ['/__sim/fault', '{"kind":'],
      ['/__sim/fault', { kind: 'delay' }],
      ['/__sim/fault', { kind: 'delay', ms: 10, colour: 'red' }],
      ['/__sim/fault', { kind: 'vendorError', device: 'toaster', code: 1 }],
      ['/__sim/scenario', { name: 'apocalypse' }],
      ['/__sim/card', { type: 'Z' }],
      ['/__sim/finger', { reader: 'zk', presses: [] }],
      ['/__sim/settings', { faceScore: 101 }],
    ] as const) {
      const res = await post(`${cam}${path}`, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string; messageZh: string } };
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message.length).toBeGreaterThan(5);
      expect(error.messageZh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(JSON.stringify(sims.control.state())).toBe(before);
    const missing = await fetch(`${cam}/__sim/nothing`);
    expect(missing.status).toBe(404);
    expect(await fetch(`${cam}/__sim/concurrency?device=toaster`).then((r) => r.status)).toBe(400);
  });
});
