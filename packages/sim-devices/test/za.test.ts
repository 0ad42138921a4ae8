import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSimulators, ZA_CODES } from '../src/index.js';
import { imageInfo, startForTests } from './helpers.js';

let sims: RunningSimulators;
let url: string;
beforeAll(async () => {
  sims = await startForTests();
  url = `http://127.0.0.1:${sims.ports.za}/`;
});
afterAll(() => sims.close());
beforeEach(() => sims.control.reset());

type ZaResult = {
  code: number;
  errorMsg: string;
  base64?: string;
  feature?: string;
  template?: string;
  score?: number;
};

async function command(text: string): Promise<ZaResult> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: text });
  expect(res.status).toBe(200);
  return (await res.json()) as ZaResult;
}

describe('ZA command text', () => {
  it('answers VERSION and STATUS', async () => {
    expect(await command('VERSION')).toMatchObject({ code: 1, version: 'ZA-SIM 1.0' });
    expect(await command('STATUS')).toEqual({ code: 1, errorMsg: 'success' });
  });

  it('scripts no finger for N polls, then a finger with image and feature', async () => {
    sims.control.pressFinger('za', [
      { kind: 'none', polls: 2 },
      { kind: 'finger', finger: 'right-thumb' },
    ]);
    expect(await command('CAPTURE imageColor=0 quality=80')).toEqual({
      code: ZA_CODES.noFinger,
      errorMsg: 'no finger, press finger',
    });
    expect((await command('CAPTURE imageColor=0 quality=80')).code).toBe(ZA_CODES.noFinger);
    const hit = await command('CAPTURE imageColor=0&quality=80');
    expect(hit.code).toBe(ZA_CODES.success);
    expect(await imageInfo(hit.base64 ?? '')).toMatchObject({ format: 'jpeg', soi: true, eoi: true });
    expect(hit.feature).toBeTruthy();
    // Nothing scripted and no automatic presses: no finger again.
    expect((await command('CAPTURE imageColor=0 quality=80')).code).toBe(ZA_CODES.noFinger);
  });

  it('reports a poor image (2) and a feature error for a fake finger (3)', async () => {
    sims.control.pressFinger('za', [{ kind: 'poor' }, { kind: 'fake' }]);
    expect((await command('CAPTURE imageColor=0 quality=80')).code).toBe(ZA_CODES.poorImage);
    expect((await command('CAPTURE imageColor=0 quality=80')).code).toBe(ZA_CODES.featureError);
  });

  it('fails to open an unplugged device (-101)', async () => {
    sims.control.setScenario('za-open-failure');
    expect((await command('CAPTURE imageColor=0 quality=80')).code).toBe(ZA_CODES.openFailed);
    expect((await command('STATUS')).code).toBe(ZA_CODES.openFailed);
    sims.control.setScenario('manual');
  });

  it('merges three presses of one finger and matches it, rejecting different fingers (-104)', async () => {
    sims.control.pressFinger('za', [
      { kind: 'finger', finger: 'a' },
      { kind: 'finger', finger: 'a' },
      { kind: 'finger', finger: 'a' },
      { kind: 'finger', finger: 'a' },
      { kind: 'finger', finger: 'b' },
    ]);
    const features: string[] = [];
    for (let i = 0; i < 5; i++)
      features.push((await command('CAPTURE imageColor=0 quality=80')).feature ?? '');
    const merged = await command(
      `MERGE feature1=${features[0]} feature2=${features[1]} feature3=${features[2]}`,
    );
    expect(merged.code).toBe(ZA_CODES.success);
    sims.control.setMatchScore(91);
    expect(await command(`MATCH template=${merged.template} feature=${features[3]}`)).toMatchObject({
      code: 1,
      score: 91,
    });
    expect((await command(`MATCH template=${merged.template} feature=${features[4]}`)).score).toBeLessThan(
      20,
    );
    expect(
      (await command(`MERGE feature1=${features[0]} feature2=${features[1]} feature3=${features[4]}`)).code,
    ).toBe(ZA_CODES.mergeFailed);
  });

  it('answers -100 for bad parameters, unknown commands, GET and empty bodies', async () => {
    expect((await command('CAPTURE imageColor=7 quality=80')).code).toBe(ZA_CODES.badParam);
    expect((await command('CAPTURE imageColor=0 quality=500')).code).toBe(ZA_CODES.badParam);
    expect((await command('FORMAT disk=c')).code).toBe(ZA_CODES.badParam);
    expect((await command('CAPTURE garbage')).code).toBe(ZA_CODES.badParam);
    expect((await command('')).code).toBe(ZA_CODES.badParam);
    expect((await command('MATCH template=abc feature=def')).code).toBe(ZA_CODES.badParam);
    expect(((await (await fetch(url)).json()) as ZaResult).code).toBe(ZA_CODES.badParam);
  });

  it('gives a finger by itself in the happy scenario after two empty polls', async () => {
    sims.control.setScenario('happy');
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await command('CAPTURE imageColor=0 quality=80')).code);
    expect(codes).toEqual([ZA_CODES.noFinger, ZA_CODES.noFinger, ZA_CODES.success]);
    sims.control.setScenario('manual');
  });
});
