/**
 * /login side by side with ant-design-pro v6.0.3's /user/login (issue 14): starts the built stack on
 * ephemeral ports and runs the shared ratio tool against its /login (one Chromium launch, alternating
 * cold loads, both servers offering brotli; see ../shared/anchors/README.md).
 *   pnpm run build && node --conditions=@trialab/source --import tsx bench/login-ratio.ts
 * BENCH_RUNS (default 5): medians of that many loads per side. LOGIN_RATIO_TOOL overrides where the
 * tool is (default ../shared/tools/login-ratio.mjs beside the checkout); the tool's own variables
 * (ANCHOR_DIST, ANCHOR_BR, SHOTS) pass through. Its last line is the verdict: `kb` JS+CSS transferred
 * with headers, `ms` navigation start to a typed character, and the ratios Trialab / anchor (target:
 * at most 0.5 each). Figures only: nothing here fails on a target.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { startStack } from '../e2e/support/stack.ts';

const root = resolve(import.meta.dirname, '..');
const tool = process.env.LOGIN_RATIO_TOOL ?? resolve(root, '../../shared/tools/login-ratio.mjs');
const runs = Number(process.env.BENCH_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`BENCH_RUNS must be a positive integer, not ${runs}`);
if (!existsSync(tool)) throw new Error(`no ratio tool at ${tool} (set LOGIN_RATIO_TOOL)`);

const stack = await startStack();
let code = 1;
try {
  const url = new URL('/login', stack.info.consoleUrl).href;
  const before = loadavg();
  // The tool finds playwright-core from its working directory: the checkout.
  const child = spawn(process.execPath, [tool, url, String(runs)], { cwd: root, stdio: 'inherit' });
  code = await new Promise<number>((done) => child.on('exit', (exitCode) => done(exitCode ?? 1)));
  const after = loadavg();
  console.log(
    `machine: ${availableParallelism()} CPU (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${before
      .map((value) => value.toFixed(2))
      .join(' ')} before, ${after.map((value) => value.toFixed(2)).join(' ')} after`,
  );
} finally {
  await stack.stop();
}
process.exitCode = code;
