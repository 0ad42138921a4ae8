/**
 * A 500-label print job (issue 28: sent in under 2 s): the server's ZPL of 500 tube labels
 * (DataMatrix and readable text, rendered from a job snapshot) sent through the bridge
 * (`printer.print`: WebSocket → bridge → raw TCP) to the simulated ZPL printer, timed until the
 * printer has recorded the whole job. Prints the figures; asserts nothing.
 *   node --conditions=@trialab/source --import tsx bench/label-print.ts   # ROUNDS=10 LABELS=500
 */

import { barcodeOf } from '../packages/server/src/modules/supply-barcodes/service.ts';
import { renderZpl } from '../packages/server/src/services/labels/zpl.ts';
import { machine, ms, setUp, summary } from './bridge-common.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const LABELS = Number(process.env.LABELS ?? 500);

const env = await setUp();
await env.bridge.close();
// A bridge that knows the simulated printer (setUp's own bridge has no printers).
const { startBridge, configFor, clientFor } = await import('../packages/device-bridge/test/helpers.ts');
const bridge = await startBridge(
  configFor(env.sims, {
    logs: { level: 'warn' },
    printers: [{ name: 'bench', port: env.sims.ports.printer }],
  }),
);
const { client, connected } = clientFor(bridge);
await connected();

const snapshot = {
  template: {
    code: 'TUBE-DM',
    version: 2,
    name: 'tube',
    kind: 'tube',
    symbology: 'datamatrix',
    widthMm: 40,
    heightMm: 20,
    fields: ['code', 'projectNo', 'centerNo', 'visitName'],
    cjk: false,
  },
  labels: Array.from({ length: LABELS }, (_, i) => {
    const code = barcodeOf('tube', 100_000 + i);
    return { code, values: { code, projectNo: 'KM-2026-001', centerNo: '01', visitName: 'Baseline V1' } };
  }),
};
const printer = {
  name: 'bench',
  dpi: 203,
  widthMm: 50,
  heightMm: 25,
  offsetXDots: 0,
  offsetYDots: 0,
  darkness: 15,
  cjkFont: false,
} as const;

const render: number[] = [];
const send: number[] = [];
const total: number[] = [];
let bytes = 0;
for (let round = 0; round < ROUNDS + 1; round++) {
  env.sims.printer.clear();
  const started = performance.now();
  const zpl = renderZpl(snapshot, printer);
  const rendered = performance.now();
  const answer = await client.call('printer.print', { printer: 'bench', zpl, labels: LABELS });
  const sent = performance.now();
  while (env.sims.printer.jobs.length === 0) await new Promise((r) => setTimeout(r, 1));
  const recorded = performance.now();
  const job = env.sims.printer.jobs[0];
  if (job?.labels !== LABELS || answer.bytes !== job.bytes)
    throw new Error('the printer did not get the whole job');
  bytes = job.bytes;
  if (round === 0) continue; // warm-up
  render.push(rendered - started);
  send.push(sent - rendered);
  total.push(recorded - started);
}
client.close();
await bridge.close();
await env.sims.close();

const line = (name: string, s: number[]) => {
  const { median, p99 } = summary(s);
  console.log(`${name.padEnd(36)} median ${ms(median)}  max ${ms(p99)}`);
};
console.log(machine());
console.log(`${LABELS} labels, ${bytes} bytes of ZPL, ${ROUNDS} rounds after 1 warm-up`);
line('render ZPL (server)', render);
line('printer.print answered', send);
line('render to printer has it all', total);
console.log(`target: under 2000 ms for the whole job — ${summary(total).p99 < 2000 ? 'met' : 'NOT met'}`);
