import type { WebSocketLike } from '../src/client.js';
import { exampleWelcome } from '../src/examples.js';

/** A scripted WebSocket: the test plays the bridge. */
export class FakeSocket implements WebSocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  closedWith: { code: number | undefined; reason: string | undefined } | undefined;
  onopen: WebSocketLike['onopen'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError: not open');
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
  }

  /* The bridge's side. */

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  welcome(overrides: Record<string, unknown> = {}): void {
    this.receive({ ...exampleWelcome, ...overrides });
  }

  serverClose(code: number, reason = ''): void {
    this.readyState = 3;
    this.onerror?.({});
    this.onclose?.({ code, reason });
  }

  frames(): Record<string, unknown>[] {
    return this.sent.map((s) => JSON.parse(s) as Record<string, unknown>);
  }

  requests(): { id: string; method: string; params: unknown }[] {
    return this.frames().filter((f) => f.type === 'request') as {
      id: string;
      method: string;
      params: unknown;
    }[];
  }

  lastRequest(): { id: string; method: string; params: unknown } {
    const last = this.requests().at(-1);
    if (!last) throw new Error('no request sent');
    return last;
  }
}
