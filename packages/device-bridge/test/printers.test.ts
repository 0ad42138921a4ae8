import { type BridgeClient, ErrorCode } from '@trialab/device-protocol';
import type { RunningSimulators } from '@trialab/sim-devices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, configFor, simsForTests, startBridge, type TestBridge } from './helpers.js';

/*
 * Label printing through the bridge (docs/labels.md): the printers come from the configuration,
 * `printer.print` sends the ZPL as given to the configured host:port only (the simulated printer
 * records the bytes), an unknown name or an unreachable printer answers the catalogue's errors.
 */

let sims: RunningSimulators;
let bridge: TestBridge;
let client: BridgeClient;

beforeAll(async () => {
  sims = await simsForTests();
  bridge = await startBridge(
    configFor(sims, {
      printers: [
        {
          name: 'desk',
          host: '127.0.0.1',
          port: sims.ports.printer,
          dpi: 300,
          widthMm: 40,
          heightMm: 20,
          cjkFont: true,
        },
        // Nothing listens on port 9 of loopback (discard, closed on CI).
        { name: 'gone', host: '127.0.0.1', port: 9 },
      ],
    }),
  );
  const made = clientFor(bridge);
  client = made.client;
  await made.connected();
});
afterAll(async () => {
  client?.close();
  await bridge?.close();
  await sims?.close();
});

describe('label printers', () => {
  it('lists the configured printers with their profiles', async () => {
    const { printers } = await client.call('printer.list', {});
    expect(printers).toEqual([
      {
        name: 'desk',
        connection: 'network',
        address: `127.0.0.1:${sims.ports.printer}`,
        profile: {
          dpi: 300,
          widthMm: 40,
          heightMm: 20,
          offsetXDots: 0,
          offsetYDots: 0,
          darkness: 15,
          cjkFont: true,
        },
      },
      expect.objectContaining({ name: 'gone', profile: expect.objectContaining({ dpi: 203, widthMm: 50 }) }),
    ]);
  });

  it('sends the ZPL byte for byte to the configured printer', async () => {
    sims.printer.clear();
    const zpl = ['^XA^CI28^FO20,20^FD采样包 K0000000017^FS^XZ', '^XA^FO20,20^FDT000000001X^FS^XZ'].join('\n');
    const answer = await client.call('printer.print', { printer: 'desk', zpl, labels: 2 });
    expect(answer).toMatchObject({ printer: 'desk', labels: 2, bytes: Buffer.byteLength(zpl) });
    await expect.poll(() => sims.printer.jobs.length).toBe(1);
    expect(sims.printer.jobs[0]).toMatchObject({ zpl, labels: 2, bytes: Buffer.byteLength(zpl) });
  });

  it('refuses a printer that is not configured, and says when a printer cannot be reached', async () => {
    await expect(
      client.call('printer.print', { printer: 'elsewhere', zpl: '^XA^XZ', labels: 1 }),
    ).rejects.toMatchObject({
      code: ErrorCode.INVALID_PARAMS,
    });
    await expect(
      client.call('printer.print', { printer: 'gone', zpl: '^XA^XZ', labels: 1 }),
    ).rejects.toMatchObject({
      code: ErrorCode.VENDOR_UNREACHABLE,
    });
  });

  it('keeps two jobs sent at once apart (one after the other, never interleaved)', async () => {
    sims.printer.clear();
    const job = (n: number) => Array.from({ length: 200 }, (_, i) => `^XA^FD${n}-${i}^FS^XZ`).join('\n');
    await Promise.all(
      [1, 2].map((n) => client.call('printer.print', { printer: 'desk', zpl: job(n), labels: 200 })),
    );
    await expect.poll(() => sims.printer.jobs.length).toBe(2);
    expect(sims.printer.jobs.map((j) => j.zpl).sort()).toEqual([job(1), job(2)]);
  });
});
