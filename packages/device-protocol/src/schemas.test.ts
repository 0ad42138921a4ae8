import { describe, expect, it } from 'vitest';
import { methods } from './methods.js';
import {
  faceMatches,
  idCardSchema,
  isCameraNormal,
  parseResolution,
  resolutionSchema,
  STREAM_PATH_PATTERN,
  streamPath,
  streamUrl,
} from './schemas.js';

describe('resolution', () => {
  it.each(['1920x1080', '640x480', '3264x2448'])('accepts %s', (value) => {
    expect(resolutionSchema.safeParse(value).success).toBe(true);
  });
  it.each(['1920X1080', '1920*1080', ' 1920x1080', '0x0', '1920x', 'x1080', '1920x1080x2', '019x10'])(
    'rejects %j',
    (value) => {
      expect(resolutionSchema.safeParse(value).success).toBe(false);
    },
  );
  it('parses width and height', () => {
    expect(parseResolution('1280x720')).toEqual({ width: 1280, height: 720 });
    expect(parseResolution('big')).toBeUndefined();
  });
});

describe('camera state', () => {
  it('is normal only when ok or run, case-insensitively (SPEC section 5)', () => {
    expect(['ok', 'RUN', ' Ok '].map(isCameraNormal)).toEqual([true, true, true]);
    expect(['no', '', 'running'].map(isCameraNormal)).toEqual([false, false, false]);
  });
});

describe('stream paths', () => {
  it("builds the bridge's proxy path and never accepts a vendor URL", () => {
    expect(streamPath(0, 42)).toBe('/stream/0?sid=42');
    expect(streamPath(1, 99_999_999, 'abc_-1')).toBe('/stream/1?sid=99999999&token=abc_-1');
    expect(STREAM_PATH_PATTERN.test(streamPath(1, 7, 'tok'))).toBe(true);
    const result = methods['camera.streamUrl'].result;
    expect(
      result.safeParse({ camera: 0, streamPath: 'http://127.0.0.1:38088/video=stream&camidx=0' }).success,
    ).toBe(false);
    expect(result.safeParse({ camera: 0, streamPath: '/stream/2?sid=1' }).success).toBe(false);
  });

  it('makes the path absolute against the bridge URL', () => {
    expect(streamUrl('ws://127.0.0.1:18088/ws', '/stream/0?sid=1')).toBe(
      'http://127.0.0.1:18088/stream/0?sid=1',
    );
    expect(streamUrl('WSS://localhost:18088/ws?x=1', '/stream/1?sid=2')).toBe(
      'https://localhost:18088/stream/1?sid=2',
    );
    expect(() => streamUrl('http://127.0.0.1:18088', '/stream/0?sid=1')).toThrow(TypeError);
  });
});

describe('face match rule', () => {
  it('matches strictly above the threshold', () => {
    expect(faceMatches(50.1, 50)).toBe(true);
    expect(faceMatches(50, 50)).toBe(false);
  });
});

describe('ID card', () => {
  it('needs only card type, name and number; accepts every card type', () => {
    for (const cardType of ['A', 'B', 'C', 'J', 'I']) {
      expect(idCardSchema.safeParse({ cardType, name: 'WANG, LI', cardID: '123' }).success).toBe(true);
    }
    expect(idCardSchema.safeParse({ cardType: 'Z', name: 'x', cardID: '1' }).success).toBe(false);
    expect(idCardSchema.safeParse({ cardType: 'B', name: '', cardID: '1' }).success).toBe(false);
  });
});
