// Label printers of this workstation (docs/labels.md): their profiles are configuration, and a print
// goes only to the address configured for the printer named — raw TCP for network printers (the
// printers' port 9100), the local print queue (`lp -o raw`, CUPS) for USB ones. The ZPL is the
// server's, rendered from a print job's snapshot; the bridge carries it and reports what it sent.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { BridgeError, ErrorCode, type PrinterInfo } from '@trialab/device-protocol';
import type { BridgeConfig } from './config.js';

type PrinterConfig = BridgeConfig['printers'][number];

export function printerInfo(p: PrinterConfig): PrinterInfo {
  const { name, host, port, queue, ...profile } = p;
  return queue
    ? { name, connection: 'queue', address: queue, profile }
    : { name, connection: 'network', address: `${host}:${port}`, profile };
}

export function findPrinter(config: BridgeConfig, name: string): PrinterConfig {
  const printer = config.printers.find((p) => p.name === name);
  if (!printer)
    throw new BridgeError(ErrorCode.INVALID_PARAMS, `no printer named ${name} is configured`, {
      details: { printer: name, configured: config.printers.map((p) => p.name) },
    });
  return printer;
}

/** Writes the bytes to host:port and closes; resolves once the printer has taken them all. */
function sendTcp(
  host: string,
  port: number,
  data: Buffer,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const fail = (error: BridgeError) => {
      socket.destroy();
      reject(error);
    };
    const onAbort = () => fail(new BridgeError(ErrorCode.CANCELLED));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.setTimeout(timeoutMs, () =>
      fail(new BridgeError(ErrorCode.TIMEOUT, `printer ${host}:${port} did not take the job in time`)),
    );
    socket.once('error', (error: NodeJS.ErrnoException) =>
      fail(
        new BridgeError(
          ErrorCode.VENDOR_UNREACHABLE,
          `printer ${host}:${port}: ${error.code ?? error.message}`,
          {
            details: { vendor: 'printer', address: `${host}:${port}` },
            cause: error,
          },
        ),
      ),
    );
    socket.once('connect', () => socket.end(data));
    socket.once('close', (hadError) => {
      signal.removeEventListener('abort', onAbort);
      if (!hadError) resolve();
    });
  });
}

/** Hands the bytes to the local queue as a raw job (`lp -d <queue> -o raw`). */
function sendQueue(queue: string, data: Buffer, timeoutMs: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('lp', ['-d', queue, '-o', 'raw'], {
      stdio: ['pipe', 'ignore', 'pipe'],
      signal,
      timeout: timeoutMs,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', (error) =>
      reject(
        new BridgeError(ErrorCode.VENDOR_UNREACHABLE, `print queue ${queue}: ${error.message}`, {
          details: { vendor: 'printer', queue },
          cause: error,
        }),
      ),
    );
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BridgeError(
              ErrorCode.VENDOR_ERROR,
              `print queue ${queue}: lp exited ${code}: ${stderr.trim()}`,
              {
                details: { vendor: 'printer', queue },
              },
            ),
          ),
    );
    child.stdin.end(data);
  });
}

/** The job each printer is busy with: two pages printing at once queue, never interleave. */
const busy = new Map<string, Promise<unknown>>();

export async function printZpl(
  printer: PrinterConfig,
  zpl: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<{ bytes: number }> {
  const data = Buffer.from(zpl, 'utf8');
  const send = () =>
    printer.queue
      ? sendQueue(printer.queue, data, timeoutMs, signal)
      : sendTcp(printer.host, printer.port, data, timeoutMs, signal);
  const previous = busy.get(printer.name) ?? Promise.resolve();
  const job = previous.catch(() => undefined).then(send);
  busy.set(printer.name, job);
  try {
    await job;
  } finally {
    if (busy.get(printer.name) === job) busy.delete(printer.name);
  }
  return { bytes: data.length };
}
