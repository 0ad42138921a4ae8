import {
  BridgeError,
  connectionFailureError,
  ErrorCode,
  interpretCameraCode,
} from '@trialab/device-protocol';
import { describe, expect, it } from 'vitest';
import { FormMemory, isNonSuccessAnswer, type RequestForm } from './forms.js';

/** The typed error a camera answer with this code and message becomes (as expectSuccess throws it). */
function answered(code: string, message: string, failure: ErrorCode = ErrorCode.FACE_VERIFY_FAILED) {
  const verdict = interpretCameraCode(code, failure, message);
  if (verdict.outcome !== 'error') throw new Error('not an error code');
  return new BridgeError(verdict.error.code, verdict.error.message, { details: verdict.error.details });
}

/** A form that answers from a script and counts its calls. */
function form(name: string, outcomes: Array<number | BridgeError>): RequestForm<number> & { calls: number } {
  const f = {
    name,
    calls: 0,
    run: async () => {
      const outcome = outcomes[Math.min(f.calls, outcomes.length - 1)];
      f.calls++;
      if (outcome instanceof BridgeError) throw outcome;
      return outcome ?? 0;
    },
  };
  return f;
}

const missingInChinese = () => answered('1', '不支持该命令：face=verifybase64');

describe('isNonSuccessAnswer', () => {
  it('is true for any non-zero code the service answered, whatever its words or language', () => {
    expect(isNonSuccessAnswer(missingInChinese())).toBe(true);
    expect(isNonSuccessAnswer(answered('8', 'unsupported command'))).toBe(true);
    expect(isNonSuccessAnswer(answered('6', 'no face found in face0'))).toBe(true);
  });

  it('is true for a no-such-command HTTP status, false for other statuses', () => {
    const http = (status: number) =>
      new BridgeError(ErrorCode.VENDOR_ERROR, `HTTP ${status}`, {
        details: { vendor: 'camera', httpStatus: status },
      });
    expect(isNonSuccessAnswer(http(404))).toBe(true);
    expect(isNonSuccessAnswer(http(405))).toBe(true);
    expect(isNonSuccessAnswer(http(500))).toBe(false);
  });

  it('is false when there was no usable answer (unreachable carries legacy code 8848, still no answer)', () => {
    const unreachable = connectionFailureError('camera');
    expect(
      isNonSuccessAnswer(
        new BridgeError(unreachable.code, unreachable.message, { details: unreachable.details }),
      ),
    ).toBe(false);
    expect(isNonSuccessAnswer(new BridgeError(ErrorCode.TIMEOUT))).toBe(false);
    expect(
      isNonSuccessAnswer(new BridgeError(ErrorCode.VENDOR_MALFORMED, 'x', { details: { vendor: 'camera' } })),
    ).toBe(false);
    expect(isNonSuccessAnswer(new Error('boom'))).toBe(false);
  });
});

describe('FormMemory', () => {
  it('uses the first form while it works and never calls the alternative', async () => {
    const memory = new FormMemory();
    const first = form('face=verifybase64', [88]);
    const alternative = form('comparison=imgdata', [51]);
    expect(await memory.run(first, alternative)).toBe(88);
    expect(await memory.run(first, alternative)).toBe(88);
    expect([first.calls, alternative.calls]).toEqual([2, 0]);
    expect(memory.missing).toEqual([]);
  });

  it('tries the alternative after a non-success answer, and when it works remembers the first form as missing', async () => {
    const changes: string[][] = [];
    const memory = new FormMemory((missing, using) => changes.push([missing, using]));
    const first = form('face=verifybase64', [missingInChinese()]);
    const alternative = form('comparison=imgdata', [51]);
    expect(await memory.run(first, alternative)).toBe(51);
    expect(memory.missing).toEqual(['face=verifybase64']);
    expect(changes).toEqual([['face=verifybase64', 'comparison=imgdata']]);
    // Next time straight to the alternative.
    expect(await memory.run(first, alternative)).toBe(51);
    expect([first.calls, alternative.calls]).toEqual([1, 2]);
  });

  it("reports the first form's error when both fail (a device error), and learns nothing", async () => {
    const memory = new FormMemory();
    const noFace = answered('6', 'no face found in face0');
    const first = form('face=verifybase64', [noFace]);
    const alternative = form('comparison=imgdata', [answered('8', 'unsupported command')]);
    await expect(memory.run(first, alternative)).rejects.toBe(noFace);
    expect(memory.missing).toEqual([]);
    await expect(memory.run(first, alternative)).rejects.toBe(noFace);
    expect([first.calls, alternative.calls]).toEqual([2, 2]);
  });

  it('never tries the alternative when there was no answer (unreachable, timeout, malformed)', async () => {
    const memory = new FormMemory();
    const unreachable = connectionFailureError('camera');
    for (const error of [
      new BridgeError(unreachable.code, unreachable.message, { details: unreachable.details }),
      new BridgeError(ErrorCode.TIMEOUT),
      new BridgeError(ErrorCode.VENDOR_MALFORMED, 'x', { details: { vendor: 'camera' } }),
    ]) {
      const alternative = form('video=stream', [0]);
      await expect(memory.run(form('video=open', [error]), alternative)).rejects.toBe(error);
      expect(alternative.calls).toBe(0);
    }
    expect(memory.missing).toEqual([]);
  });

  it('goes back to the first form when the remembered alternative fails and the first works again (an upgraded build)', async () => {
    const memory = new FormMemory();
    const first = form('video=open', [answered('1', '不支持该命令：video=open'), 0]);
    const alternative = form('video=stream', [0, answered('2', 'camera 0 is not open')]);
    await memory.run(first, alternative);
    expect(memory.missing).toEqual(['video=open']);
    await memory.run(first, alternative);
    expect(memory.missing).toEqual([]);
    expect([first.calls, alternative.calls]).toEqual([2, 2]);
  });

  it('forgets on request, and is per service: another memory learnt nothing', async () => {
    const memory = new FormMemory();
    const other = new FormMemory();
    await memory.run(form('video=open', [missingInChinese()]), form('video=stream', [0]));
    expect(memory.missing).toEqual(['video=open']);
    expect(other.missing).toEqual([]);
    memory.forget();
    const first = form('video=open', [0]);
    await memory.run(first, form('video=stream', [0]));
    expect(first.calls).toBe(1);
  });
});
