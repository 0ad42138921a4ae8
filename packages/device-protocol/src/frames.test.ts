import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, PROTOCOL_VERSION } from './constants.js';
import { BridgeError } from './errors.js';
import { eventExamples, exampleHello, exampleWelcome, methodExamples } from './examples.js';
import {
  dispatchRequest,
  encodeFrame,
  eventFrame,
  parseBridgeFrame,
  parseClientFrame,
  type RequestFrame,
  utf8ByteLength,
  welcomeFrame,
} from './frames.js';
import { METHOD_NAMES, type MethodHandlers, type MethodName } from './methods.js';

const noPending = () => undefined;

describe('parseClientFrame', () => {
  it('accepts hello, including another protocol version (the bridge closes with 4001 itself)', () => {
    expect(parseClientFrame(JSON.stringify(exampleHello))).toEqual({ ok: true, frame: exampleHello });
    const other = parseClientFrame(
      JSON.stringify({ ...exampleHello, protocolVersion: PROTOCOL_VERSION + 1 }),
    );
    expect(other.ok).toBe(true);
  });

  it('accepts every example request and applies param defaults', () => {
    for (const method of METHOD_NAMES) {
      const parsed = parseClientFrame(
        JSON.stringify({ type: 'request', id: 'r1', method, params: methodExamples[method].params }),
      );
      expect(parsed, method).toMatchObject({ ok: true, frame: { type: 'request', id: 'r1', method } });
    }
    const capture = parseClientFrame(
      JSON.stringify({ type: 'request', id: 'r2', method: 'camera.capture', params: { camera: 1 } }),
    );
    expect(capture).toMatchObject({ ok: true, frame: { params: { camera: 1, xdpi: 200, jpgQuality: 60 } } });
  });

  it.each([
    ['not JSON', '{', null, 'PROTOCOL_ERROR'],
    ['binary', new Uint8Array([1, 2]), null, 'PROTOCOL_ERROR'],
    ['a JSON array', '[]', null, 'PROTOCOL_ERROR'],
    ['JSON null', 'null', null, 'PROTOCOL_ERROR'],
    ['no type', '{"id":"1"}', '1', 'PROTOCOL_ERROR'],
    ['a bridge frame type', JSON.stringify(exampleWelcome), null, 'PROTOCOL_ERROR'],
    ['hello without ticket', JSON.stringify({ ...exampleHello, ticket: undefined }), null, 'PROTOCOL_ERROR'],
    ['hello with extra keys', JSON.stringify({ ...exampleHello, admin: true }), null, 'PROTOCOL_ERROR'],
    ['request without id', '{"type":"request","method":"device.status","params":{}}', null, 'PROTOCOL_ERROR'],
    [
      'request with a numeric id',
      '{"type":"request","id":7,"method":"device.status"}',
      null,
      'PROTOCOL_ERROR',
    ],
    [
      'unknown method',
      '{"type":"request","id":"9","method":"camera.explode","params":{}}',
      '9',
      'UNKNOWN_METHOD',
    ],
    [
      'inherited property as method',
      '{"type":"request","id":"9","method":"constructor","params":{}}',
      '9',
      'UNKNOWN_METHOD',
    ],
    [
      'bad resolution',
      '{"type":"request","id":"3","method":"camera.setResolution","params":{"camera":0,"resolution":"big"}}',
      '3',
      'INVALID_PARAMS',
    ],
    [
      'camera index 2',
      '{"type":"request","id":"4","method":"camera.open","params":{"camera":2}}',
      '4',
      'INVALID_PARAMS',
    ],
    [
      'data: URL instead of base64',
      '{"type":"request","id":"5","method":"face.verify","params":{"image0":"data:image/jpeg;base64,AAAA","image1":"AAAA"}}',
      '5',
      'INVALID_PARAMS',
    ],
    [
      'unknown param',
      '{"type":"request","id":"6","method":"idcard.read","params":{"timeout":1}}',
      '6',
      'INVALID_PARAMS',
    ],
  ])('rejects %s with a typed error and the request id when readable', (_name, input, id, code) => {
    const parsed = parseClientFrame(input);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.id).toBe(id);
    expect(parsed.error.code).toBe(code);
    expect(parsed.error.message.length).toBeGreaterThan(0);
  });

  it('does not echo parameter values in validation details (they may be personal data)', () => {
    const secret = '110101199001011234';
    const parsed = parseClientFrame(
      JSON.stringify({
        type: 'request',
        id: '1',
        method: 'fingerprint.verifyTemplate',
        params: { reg: secret, ver: 7 },
      }),
    );
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).not.toContain(secret);
  });

  it('refuses frames above the size limit before parsing them', () => {
    const big = `{"type":"hello","ticket":"${'x'.repeat(2000)}"}`;
    expect(parseClientFrame(big, { maxFrameBytes: 1000 })).toMatchObject({
      ok: false,
      error: { code: 'FRAME_TOO_LARGE' },
    });
    // Multi-byte text counts in UTF-8 bytes, not characters.
    const cn = JSON.stringify({ ...exampleHello, ticket: '票'.repeat(400) });
    expect(cn.length).toBeLessThan(1000);
    expect(parseClientFrame(cn, { maxFrameBytes: 1000 })).toMatchObject({
      ok: false,
      error: { code: 'FRAME_TOO_LARGE' },
    });
    expect(MAX_FRAME_BYTES).toBe(16 * 1024 * 1024);
  });
});

describe('parseBridgeFrame', () => {
  it('accepts welcome, results of pending calls, errors and events', () => {
    expect(parseBridgeFrame(JSON.stringify(exampleWelcome), noPending)).toEqual({
      ok: true,
      frame: exampleWelcome,
    });
    for (const method of METHOD_NAMES) {
      const text = JSON.stringify({ type: 'result', id: 'r', result: methodExamples[method].result });
      expect(
        parseBridgeFrame(text, () => method),
        method,
      ).toMatchObject({ ok: true, frame: { method } });
    }
    const error = { type: 'error', id: null, error: { code: 'TIMEOUT', message: 'late', retryable: true } };
    expect(parseBridgeFrame(JSON.stringify(error), noPending)).toEqual({ ok: true, frame: error });
    const event = eventFrame(3, 'camera.restarted', eventExamples['camera.restarted']);
    expect(parseBridgeFrame(encodeFrame(event), noPending)).toEqual({ ok: true, frame: event });
  });

  it.each([
    ['a result for an unknown id', { type: 'result', id: 'zz', result: {} }, 'zz'],
    [
      'an error with an unknown code',
      { type: 'error', id: '1', error: { code: 'OOPS', message: '', retryable: false } },
      '1',
    ],
    [
      'an event with seq 0',
      { type: 'event', seq: 0, event: 'bridge.goingAway', data: { reason: 'shutdown' } },
      null,
    ],
    ['an unknown event', { type: 'event', seq: 1, event: 'bridge.exploded', data: {} }, null],
    [
      'a fingerprint press past the total',
      {
        type: 'event',
        seq: 1,
        event: 'fingerprint.progress',
        data: { ...eventExamples['fingerprint.progress'], press: 3, presses: 1 },
      },
      null,
    ],
    ['a client frame', exampleHello, null],
  ])('rejects %s', (_name, frame, id) => {
    const parsed = parseBridgeFrame(JSON.stringify(frame), (pendingId) =>
      pendingId === '1' ? 'device.status' : undefined,
    );
    expect(parsed).toMatchObject({ ok: false, id, error: { code: 'PROTOCOL_ERROR' } });
  });

  it('rejects a result that breaks the pending method schema and names the request', () => {
    const text = JSON.stringify({
      type: 'result',
      id: '8',
      result: { camera: 0, imageCount: 2, images: [] },
    });
    expect(parseBridgeFrame(text, () => 'camera.capture')).toMatchObject({
      ok: false,
      id: '8',
      error: { code: 'PROTOCOL_ERROR', details: { method: 'camera.capture' } },
    });
  });
});

describe('welcomeFrame', () => {
  it('announces the protocol version and the whole catalogue by default', () => {
    expect(welcomeFrame('1.0.0', exampleWelcome.devices)).toEqual(exampleWelcome);
    expect(welcomeFrame('1.0.0', exampleWelcome.devices).capabilities.methods).toEqual(METHOD_NAMES);
  });
});

describe('eventFrame', () => {
  it('refuses to build an event whose data breaks its declaration', () => {
    expect(() =>
      eventFrame(1, 'camera.restarted', {
        camera: 0,
        streamPath: 'http://127.0.0.1:38088/video=stream&camidx=0',
        reason: 'scheduled',
      }),
    ).toThrow();
  });
});

describe('dispatchRequest', () => {
  const handlers = Object.fromEntries(
    METHOD_NAMES.map((m) => [m, async () => methodExamples[m].result]),
  ) as unknown as MethodHandlers<{ user: string }>;

  const request = (method: MethodName, params: unknown): RequestFrame => {
    const parsed = parseClientFrame(JSON.stringify({ type: 'request', id: 'q', method, params }));
    if (!parsed.ok || parsed.frame.type !== 'request') throw new Error('bad test request');
    return parsed.frame;
  };

  it('answers with the handler result, passing parsed params and the context', async () => {
    let seen: unknown;
    const own: MethodHandlers<{ user: string }> = {
      ...handlers,
      'camera.capture': async (params, ctx) => {
        seen = { params, ctx };
        return methodExamples['camera.capture'].result;
      },
    };
    const answer = await dispatchRequest(own, request('camera.capture', { camera: 0 }), { user: 'u1' });
    expect(answer).toEqual({ type: 'result', id: 'q', result: methodExamples['camera.capture'].result });
    expect(seen).toMatchObject({ params: { camera: 0, jpgQuality: 60 }, ctx: { user: 'u1' } });
  });

  it('turns a thrown BridgeError into its error frame', async () => {
    const own: MethodHandlers<{ user: string }> = {
      ...handlers,
      'idcard.read': async () => {
        throw new BridgeError('TIMEOUT', 'idcard: no card within 30000 ms', {
          details: { vendor: 'camera' },
        });
      },
    };
    expect(await dispatchRequest(own, request('idcard.read', {}), { user: 'u' })).toEqual({
      type: 'error',
      id: 'q',
      error: {
        code: 'TIMEOUT',
        message: 'idcard: no card within 30000 ms',
        retryable: true,
        details: { vendor: 'camera' },
      },
    });
  });

  it('hides unexpected exceptions and invalid results behind INTERNAL', async () => {
    const secret = '110101199001011234';
    const own: MethodHandlers<{ user: string }> = {
      ...handlers,
      'idcard.read': async () => {
        throw new Error(`parse failed near ${secret}`);
      },
      'face.verify': async () => ({ confidence: 101, threshold: 50, match: true }),
    };
    const thrown = await dispatchRequest(own, request('idcard.read', {}), { user: 'u' });
    expect(thrown).toMatchObject({ type: 'error', id: 'q', error: { code: 'INTERNAL' } });
    expect(JSON.stringify(thrown)).not.toContain(secret);
    const invalid = await dispatchRequest(own, request('face.verify', { image0: 'AAAA', image1: 'AAAA' }), {
      user: 'u',
    });
    expect(invalid).toMatchObject({
      type: 'error',
      error: { code: 'INTERNAL', details: { method: 'face.verify' } },
    });
  });
});

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes for ASCII, CJK, astral characters and lone surrogates', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('张三')).toBe(6);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('\ud800')).toBe(3);
  });
});
