import { describe, expect, it } from 'vitest';
import { nested, parseVendorBody, splitVendorPath, str, toXml } from './vendor-body.js';

describe('parseVendorBody', () => {
  it.each([
    [undefined, { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['{"camidx":"0","rotate":"90"}', { kind: 'ok', params: { camidx: '0', rotate: '90' } }],
    ['camidx=1&rotate=180', { kind: 'ok', params: { camidx: '1', rotate: '180' } }],
    [encodeURIComponent('{"camidx":"1"}'), { kind: 'ok', params: { camidx: '1' } }],
    ['{"camidx":"1"}=', { kind: 'ok', params: { camidx: '1' } }],
  ])('reads %j', (raw, expected) => {
    expect(parseVendorBody(raw)).toEqual(expected);
  });

  it.each(['{"camidx":', '[1,2]', 'hello', '%7Bbroken'])('calls %j invalid', (raw) => {
    expect(parseVendorBody(raw).kind).toBe('invalid');
  });
});

describe('helpers', () => {
  it('reads scalars as strings and nested objects from objects or JSON text', () => {
    expect([str('0'), str(0), str(true), str(null), str({})]).toEqual([
      '0',
      '0',
      'true',
      undefined,
      undefined,
    ]);
    expect(nested({ a: '1' })).toEqual({ a: '1' });
    expect(nested('{"a":"1"}')).toEqual({ a: '1' });
    expect(nested('nonsense')).toEqual({});
  });

  it('splits vendor paths with literal = and & and drops cache-busters', () => {
    expect(splitVendorPath('/video=stream&camidx=0', '1692345678901')).toEqual({
      command: 'video=stream',
      params: { camidx: '0' },
    });
    expect(splitVendorPath('/VIDEO=Open&camidx=1', '')).toEqual({
      command: 'video=open',
      params: { camidx: '1' },
    });
    expect(splitVendorPath('/video=status', 't=5')).toEqual({ command: 'video=status', params: { t: '5' } });
  });

  it('writes XML with escaping and nesting', () => {
    expect(toXml({ code: '0', message: 'a<b', list: [1, 2], inner: { x: 'y' } })).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<root><code>0</code><message>a&#60;b</message><list>1</list><list>2</list><inner><x>y</x></inner></root>',
    );
  });
});
