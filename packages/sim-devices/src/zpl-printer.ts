// A simulated network label printer (Zebra ZPL over raw TCP, the printers' port 9100): it accepts
// connections, reads everything each one sends until it closes, and records it as one job, so tests
// check the exact bytes a print sent. It answers nothing (ZPL printers do not reply to a print).
import { createServer, type Server, type Socket } from 'node:net';

export interface ZplJob {
  /** When the connection closed (the job was complete). */
  at: string;
  bytes: number;
  /** Labels in the job: its `^XA` … `^XZ` formats. */
  labels: number;
  /** The job as text (ZPL is ASCII; field data UTF-8 with `^CI28`). */
  zpl: string;
}

/** Jobs kept; older ones are dropped first. */
const KEPT_JOBS = 50;

export class ZplPrinter {
  private readonly jobsValue: ZplJob[] = [];
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;

  get jobs(): readonly ZplJob[] {
    return this.jobsValue;
  }

  clear(): void {
    this.jobsValue.length = 0;
  }

  /** Listens on `host:port` (0: a free port) and answers the port. */
  async listen(host: string, port: number): Promise<number> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address();
    return typeof address === 'object' && address ? address.port : port;
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.sockets.delete(socket);
      const data = Buffer.concat(chunks);
      if (data.length === 0) return;
      const zpl = data.toString('utf8');
      this.jobsValue.push({
        at: new Date().toISOString(),
        bytes: data.length,
        labels: zpl.match(/\^XA/g)?.length ?? 0,
        zpl,
      });
      if (this.jobsValue.length > KEPT_JOBS) this.jobsValue.shift();
    });
    // A printer reads until the sender closes its side, then closes too.
    socket.on('end', () => socket.end());
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
