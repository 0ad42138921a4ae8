import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartSplitter } from './multipart.js';

const jpeg = (n: number) => Buffer.from([0xff, 0xd8, n, n, n, 0xff, 0xd9]);
const part = (boundary: string, body: Buffer, withLength = true) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: image/jpeg\r\n${withLength ? `Content-Length: ${body.length}\r\n` : ''}\r\n`,
    ),
    body,
    Buffer.from('\r\n'),
  ]);

describe('boundaryOf', () => {
  it.each([
    ['multipart/x-mixed-replace; boundary=abc', 'abc'],
    ['multipart/x-mixed-replace;boundary="a b"', 'a b'],
    ['Multipart/X-Mixed-Replace; boundary=--myframe; charset=x', 'myframe'],
    ['image/jpeg', undefined],
    [undefined, undefined],
    ['multipart/x-mixed-replace', undefined],
  ])('%s -> %s', (header, boundary) => expect(boundaryOf(header)).toBe(boundary));
});

describe('MultipartSplitter', () => {
  it('returns whole parts byte for byte however the bytes are chunked', () => {
    const stream = Buffer.concat([
      part('b1', jpeg(1)),
      part('b1', jpeg(2)),
      part('b1', jpeg(3), false),
      part('b1', jpeg(4)),
    ]);
    for (const size of [1, 3, 7, 64, stream.length]) {
      const splitter = new MultipartSplitter('b1');
      const parts: Buffer[] = [];
      for (let i = 0; i < stream.length; i += size)
        parts.push(...splitter.push(stream.subarray(i, i + size)));
      // The part without Content-Length ends at the next delimiter; the last one waits for more bytes.
      expect(parts.length).toBeGreaterThanOrEqual(3);
      expect(Buffer.concat(parts).equals(stream.subarray(0, Buffer.concat(parts).length))).toBe(true);
      // The first part ends with its body; the CRLF after it starts the next part.
      expect(parts[0]?.equals(part('b1', jpeg(1)).subarray(0, -2))).toBe(true);
    }
  });

  it('skips bytes before the first delimiter and refuses endless parts', () => {
    const splitter = new MultipartSplitter('zz', 64);
    expect(
      splitter.push(Buffer.concat([Buffer.from('junk\r\n'), part('zz', jpeg(9)), part('zz', jpeg(8))])),
    ).toHaveLength(2);
    expect(() =>
      splitter.push(Buffer.from(`--zz\r\nContent-Length: 9999\r\n\r\n${'x'.repeat(100)}`)),
    ).toThrow(/larger/);
  });
});
