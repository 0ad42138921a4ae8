import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCommand, zaCommand } from './transport.js';

describe('ZA transport (assumed wire format)', () => {
  it('encodes a command text and refuses separators inside values', () => {
    expect(encodeCommand('CAPTURE', { imageColor: '0', quality: '80' })).toBe(
      'CAPTURE imageColor=0 quality=80',
    );
    expect(encodeCommand('MERGE', { feature1: 'QUJD+/==' })).toBe('MERGE feature1=QUJD+/==');
    expect(() => encodeCommand('MATCH', { template: 'a b' })).toThrow(/separator/);
  });

  let url = '';
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      bodies.push(`${req.method} ${req.url} ${req.headers['content-type']} ${body}`);
      res.end(
        body.startsWith('VERSION')
          ? '{"code":"1","errorMsg":"success","version":"X"}'
          : '{"code":-102,"errorMsg":"no finger"}',
      );
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs the text to / and reads code and message from the JSON answer', async () => {
    const options = { baseUrl: url, maxBytes: 1_000_000 };
    expect(await zaCommand(options, 'VERSION', {}, 1_000)).toMatchObject({
      code: '1',
      message: 'success',
      fields: { version: 'X' },
    });
    expect(await zaCommand(options, 'CAPTURE', { quality: '80' }, 1_000)).toMatchObject({
      code: -102,
      message: 'no finger',
    });
    expect(bodies).toEqual([
      'POST / text/plain; charset=utf-8 VERSION',
      'POST / text/plain; charset=utf-8 CAPTURE quality=80',
    ]);
  });
});
