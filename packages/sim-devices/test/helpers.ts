import { request as httpsRequest } from 'node:https';
import sharp from 'sharp';
import { type RunningSimulators, type SimulatorOptions, startSimulators } from '../src/index.js';

/** Simulators for one test file: ephemeral ports, manual presses and short waits. */
export function startForTests(options: SimulatorOptions = {}): Promise<RunningSimulators> {
  return startSimulators({
    scenario: 'manual',
    fps: 20,
    ...options,
    timings: { cardWaitMs: 400, fpReadWaitMs: 400, autoPresentMs: 60, ...options.timings },
  });
}

/** POSTs a body the way vendor clients do: JSON text labelled as a form. */
export async function post(url: string, body: unknown = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function postJson<T = Record<string, unknown>>(url: string, body: unknown = {}): Promise<T> {
  const res = await post(url, body);
  return (await res.json()) as T;
}

export async function getJson<T = Record<string, unknown>>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

export async function imageInfo(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  const meta = await sharp(bytes).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    channels: meta.channels,
    density: meta.density,
    soi: bytes[0] === 0xff && bytes[1] === 0xd8,
    eoi: bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9,
  };
}

/** GET over HTTPS with an optional CA; resolves with status and body or rejects with the TLS error. */
export function httpsGet(url: string, ca?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

export interface MjpegFrame {
  headers: Record<string, string>;
  jpeg: Buffer;
}

/**
 * Reads `count` parts of a multipart/x-mixed-replace stream, taking the boundary from the
 * Content-Type header as a real client must, then cancels the stream.
 */
export async function readMjpeg(
  url: string,
  count: number,
): Promise<{ boundary: string; frames: MjpegFrame[]; response: Response }> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  const type = response.headers.get('content-type') ?? '';
  const boundary = /boundary=("?)([^";]+)\1/.exec(type)?.[2];
  if (!boundary || !type.startsWith('multipart/x-mixed-replace'))
    throw new Error(`not an MJPEG stream: ${type}`);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  let buffer = Buffer.alloc(0);
  const frames: MjpegFrame[] = [];
  const delimiter = Buffer.from(`--${boundary}\r\n`);
  while (frames.length < count) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended after ${frames.length} of ${count} frames`);
    buffer = Buffer.concat([buffer, value]);
    for (;;) {
      const start = buffer.indexOf(delimiter);
      if (start < 0) break;
      const headerEnd = buffer.indexOf('\r\n\r\n', start);
      if (headerEnd < 0) break;
      const headerText = buffer.subarray(start + delimiter.length, headerEnd).toString('latin1');
      const headers: Record<string, string> = {};
      for (const line of headerText.split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(headers['content-length']);
      const bodyStart = headerEnd + 4;
      if (buffer.length < bodyStart + length + 2) break;
      frames.push({ headers, jpeg: Buffer.from(buffer.subarray(bodyStart, bodyStart + length)) });
      buffer = buffer.subarray(bodyStart + length + 2);
      if (frames.length >= count) break;
    }
  }
  controller.abort();
  await reader.cancel().catch(() => undefined);
  return { boundary, frames, response };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` passes or `timeoutMs` elapses (for effects that land after a socket closes). */
export async function eventually(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}
