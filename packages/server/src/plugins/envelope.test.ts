import { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answerClientError } from './envelope.js';

/** A socket that records what is written to it. */
function fakeSocket(): { socket: Duplex; written: () => string } {
  const chunks: Buffer[] = [];
  const socket = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  socket.on('error', () => {});
  return { socket, written: () => Buffer.concat(chunks).toString('utf8') };
}

function clientError(code: string, rawPacket?: string): Error & { code: string; rawPacket?: Buffer } {
  return Object.assign(new Error(code), {
    code,
    ...(rawPacket ? { rawPacket: Buffer.from(rawPacket) } : {}),
  });
}

describe('answerClientError', () => {
  it('answers the envelope with a status equal to its code, in the language of the lang header it can read', () => {
    const { socket, written } = fakeSocket();
    answerClientError(
      clientError('HPE_HEADER_OVERFLOW', 'xxxx HTTP/1.1\r\nHost: a\r\nLang: en_US\r\n'),
      socket,
    );
    const [head, body] = written().split('\r\n\r\n');
    expect(head?.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(body ?? '')).toEqual({
      code: 431,
      msg: 'The request URL or headers are too long (limit 16 KB); shorten the query',
      data: null,
    });
    expect(socket.destroyed).toBe(true);
  });

  it('answers a timeout with 408 and anything else with 400, in Chinese by default', () => {
    const timeout = fakeSocket();
    answerClientError(clientError('ERR_HTTP_REQUEST_TIMEOUT'), timeout.socket);
    expect(timeout.written()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(timeout.written().split('\r\n\r\n')[1] ?? '')).toEqual({
      code: 408,
      msg: '请求超时',
      data: null,
    });
    const other = fakeSocket();
    answerClientError(
      clientError('HPE_INVALID_HEADER_TOKEN', 'GET / HTTP/1.1\r\nx: \u0001\r\n'),
      other.socket,
    );
    expect(JSON.parse(other.written().split('\r\n\r\n')[1] ?? '')).toEqual({
      code: 400,
      msg: '请求格式错误',
      data: null,
    });
  });

  it('writes nothing to a connection already reset', () => {
    const { socket, written } = fakeSocket();
    answerClientError(clientError('ECONNRESET'), socket);
    expect(written()).toBe('');
  });
});
