import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { encodeJpeg, renderTestPattern } from './images.js';

type Viewer = (jpeg: Buffer) => void;

/**
 * Generates one camera's frames while somebody watches: one render and encode per tick, shared by
 * every viewer, and nothing at all when the last viewer leaves. A tick that comes while the previous
 * frame is still encoding is skipped, so a slow machine drops frames instead of queueing work.
 */
export class FrameSource {
  private readonly viewers = new Set<Viewer>();
  private timer: NodeJS.Timeout | undefined;
  private encoding = false;
  private frame = 0;
  /** Frames generated so far (for tests and the pattern's counter). */
  get frames(): number {
    return this.frame;
  }

  constructor(
    private readonly camidx: number,
    private readonly settings: () => { width: number; height: number; fps: number; quality: number },
    private readonly onViewersChange: (count: number) => void,
  ) {}

  get viewerCount(): number {
    return this.viewers.size;
  }

  subscribe(viewer: Viewer): () => void {
    this.viewers.add(viewer);
    this.onViewersChange(this.viewers.size);
    if (!this.timer) {
      const interval = Math.max(1, Math.round(1000 / this.settings().fps));
      this.timer = setInterval(() => void this.tick(), interval);
      void this.tick();
    }
    return () => {
      if (!this.viewers.delete(viewer)) return;
      this.onViewersChange(this.viewers.size);
      if (this.viewers.size === 0) this.stop();
    };
  }

  /** Ends generation (the viewers are told separately by their responses closing). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    if (this.encoding || this.viewers.size === 0) return;
    this.encoding = true;
    try {
      const { width, height, quality } = this.settings();
      const canvas = renderTestPattern({
        width,
        height,
        camidx: this.camidx,
        frame: this.frame,
        time: new Date(),
      });
      this.frame += 1;
      const jpeg = await encodeJpeg(canvas, quality);
      for (const viewer of [...this.viewers]) viewer(jpeg);
    } finally {
      this.encoding = false;
    }
  }
}

/**
 * Serves a source as `multipart/x-mixed-replace` with a random boundary. With `resetAfterFrames`
 * the connection is reset after that many frames (a fault in the middle of a response).
 */
export function serveMjpeg(
  res: ServerResponse,
  source: FrameSource,
  options: { resetAfterFrames?: number } = {},
): { end: () => void } {
  const boundary = `simframe${randomBytes(12).toString('hex')}`;
  res.writeHead(200, {
    'Content-Type': `multipart/x-mixed-replace; boundary=${boundary}`,
    'Cache-Control': 'no-cache, no-store, must-revalidate',
    Pragma: 'no-cache',
    Connection: 'close',
  });
  let sent = 0;
  let unsubscribe: () => void = () => {};
  const end = () => {
    unsubscribe();
    if (!res.writableEnded) res.end();
  };
  unsubscribe = source.subscribe((jpeg) => {
    // A viewer that cannot keep up skips frames rather than buffering them.
    if (res.writableNeedDrain || res.destroyed) return;
    res.write(`--${boundary}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`);
    res.write(jpeg);
    sent += 1;
    if (options.resetAfterFrames !== undefined && sent >= options.resetAfterFrames) {
      unsubscribe();
      // Reset once the frame has left, so the client sees a part and then a broken connection.
      res.write('\r\n', () => res.socket?.resetAndDestroy());
    } else {
      res.write('\r\n');
    }
  });
  res.on('close', () => unsubscribe());
  return { end };
}
