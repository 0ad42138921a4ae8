/**
 * Splits a `multipart/x-mixed-replace` byte stream into whole parts, so that a viewer joining a
 * shared upstream starts at a part boundary. Parts are passed on byte for byte (no re-encoding).
 */

/** The boundary from a Content-Type header, quoted or not; undefined when it is not an MJPEG stream. */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/x-mixed-replace/i.test(contentType)) return undefined;
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const value = match?.[1] ?? match?.[2];
  // Some servers put the dashes in the header too.
  return value?.replace(/^--/, '');
}

const CRLFCRLF = Buffer.from('\r\n\r\n');

export class MultipartSplitter {
  readonly #delimiter: Buffer;
  readonly #maxPartBytes: number;
  #buffer: Buffer = Buffer.alloc(0);

  constructor(boundary: string, maxPartBytes = 32 * 1024 * 1024) {
    this.#delimiter = Buffer.from(`--${boundary}`);
    this.#maxPartBytes = maxPartBytes;
  }

  /**
   * Feeds bytes; returns every part completed by them. A part runs from its delimiter (with the CRLF
   * that precedes it) to the end of its body, so the concatenated parts are the stream minus any junk,
   * and a part is passed on as soon as its body is complete. Throws when a part grows past the limit.
   */
  push(chunk: Buffer): Buffer[] {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const parts: Buffer[] = [];
    for (;;) {
      const start = this.#buffer.indexOf(this.#delimiter);
      if (start < 0) {
        // Keep only a tail that could still begin a delimiter.
        this.#trim(this.#buffer.length - this.#delimiter.length - 2);
        break;
      }
      const prefix = this.#buffer.subarray(0, start).toString('latin1');
      // The CRLF before a delimiter belongs to it; anything else before it is junk and dropped.
      if (prefix !== '\r\n' && prefix !== '\n' && start > 0) {
        this.#buffer = this.#buffer.subarray(start);
        continue;
      }
      const headerEnd = this.#buffer.indexOf(CRLFCRLF, start);
      if (headerEnd < 0) break;
      const headers = this.#buffer.subarray(start, headerEnd).toString('latin1');
      const bodyStart = headerEnd + CRLFCRLF.length;
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(headers)?.[1];
      let end: number;
      if (length !== undefined) {
        end = bodyStart + Number(length);
        if (this.#buffer.length < end) break;
      } else {
        const next = this.#buffer.indexOf(this.#delimiter, bodyStart);
        if (next < 0) break;
        end = next;
      }
      parts.push(Buffer.from(this.#buffer.subarray(0, end)));
      this.#buffer = this.#buffer.subarray(end);
    }
    if (this.#buffer.length > this.#maxPartBytes)
      throw new Error(`MJPEG part larger than ${this.#maxPartBytes} bytes`);
    return parts;
  }

  #trim(from: number): void {
    if (from > 0) this.#buffer = this.#buffer.subarray(from);
  }
}
