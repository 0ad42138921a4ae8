/**
 * Every check the project has, in one run: lint, typecheck, dead code (knip), then all vitest
 * projects (unit and integration tests of each package, the PostgreSQL runs of the server suite, and
 * the end-to-end suite in headless Chromium). Every step runs even when an earlier one fails, and the
 * run ends with one line "summary: N passed, N failed" (the build, lint, typecheck and dead code
 * count as one check each).
 *
 * The unit tests start first, from the sources, while the stack is built (the build counts as one
 * check). The end-to-end suite starts when the build is done, in vitest runs of their own beside the
 * other checks: its files run one at a time against one stack. The accessibility sweep (its longest
 * file, a quarter of the suite's CPU) runs in a second e2e lane on a stack of its own: the lanes end
 * together instead of one core idling while the sweep runs last (docs/performance.md, "Sixth
 * round"). The two stacks run on the two engines: the flows on PostgreSQL (the production engine),
 * the sweep of every page on PGlite (what `npm start` runs). Each e2e lane's output is printed when
 * it ends. Lint, typecheck and dead code run, one
 * after the other, beside the unit tests; each prints its output when it ends.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
// A lane stack's database engine (e2e/support/global-setup.ts reads it as TRIALAB_E2E_ENGINE).
import type { Engine } from '../packages/server/src/db/client.ts';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface StepResult {
  name: string;
  ok: boolean;
}

/**
 * Runs one check; `onFailure` says what to do about a failure the tool's own output may not. Not
 * `spawnSync`: that would block the event loop, and the e2e suite's end (timed below) would only be
 * noticed when the blocking step ends. A `beside` check runs while another step prints: its output
 * is kept and printed in one block when it ends.
 */
function step(
  name: string,
  command: string,
  args: string[],
  onFailure?: string,
  beside = false,
): Promise<StepResult> {
  const header = `\n\x1b[1m== ${name}\x1b[0m (${[command, ...args].join(' ')})`;
  if (!beside) console.log(header);
  const logFile = join(reportDir, `${name}.log`);
  const log = beside ? openSync(logFile, 'w') : undefined;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: log === undefined ? 'inherit' : ['ignore', log, log],
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (log !== undefined) {
        closeSync(log);
        console.log(header);
        process.stdout.write(readFileSync(logFile));
      }
      const ok = code === 0;
      const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
      console.log(ok ? `\x1b[32m${name}: ok\x1b[0m (${took})` : `\x1b[31m${name}: failed\x1b[0m (${took})`);
      if (!ok && onFailure) console.log(onFailure);
      resolve({ name, ok });
    });
  });
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

const reportDir = mkdtempSync(join(tmpdir(), 'trialab-vitest-'));
const vitestArgs = (name: string) => [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reportDir, `${name}.json`)}`,
];

/**
 * e2e files that run in a lane of their own, each lane a vitest run with its own stack (global set-up):
 * read-only sweeps of many pages, long enough to be worth a second stack (about 20 CPU s to start).
 */
const OWN_LANE_E2E = ['tests/accessibility.test.ts'];

/**
 * One e2e lane, started now; resolves when it has ended, with a `report()` that prints its output.
 * `files`: the lane's files (empty: every file but those of the other lanes).
 */
function startEndToEnd(
  lane: string,
  files: readonly string[],
  engine: Engine,
): Promise<{ report(): StepResult }> {
  const name = `end-to-end tests${files.length ? ` (${files.join(', ')})` : ''}`;
  const logFile = join(reportDir, `${lane}.log`);
  const log = openSync(logFile, 'w');
  const started = performance.now();
  const selection = files.length
    ? files.map((file) => `e2e/${file}`)
    : OWN_LANE_E2E.map((file) => `--exclude=**/${file}`);
  const child = spawn(bin('vitest'), [...vitestArgs(lane), '--project', 'e2e', ...selection], {
    cwd: root,
    env: { ...process.env, TRIALAB_E2E_ENGINE: engine },
    stdio: ['ignore', log, log],
  });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      closeSync(log);
      // Timed to its own end, not to when its output is printed.
      const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
      const ok = code === 0;
      resolve({
        report() {
          console.log(
            `\n\x1b[1m== ${name}\x1b[0m (vitest run --project e2e ${selection.join(' ')}, on ${engine}, started when the build was done)`,
          );
          process.stdout.write(readFileSync(logFile));
          console.log(
            ok ? `\x1b[32m${name}: ok\x1b[0m (${took})` : `\x1b[31m${name}: failed\x1b[0m (${took})`,
          );
          return { name, ok };
        },
      });
    });
  });
}

// The stack the e2e lanes drive is built (setup.mjs skips what is up to date) beside the unit tests,
// which run from the sources: the build's half minute on one core no longer delays every check.
const build = step('build', process.execPath, [join(root, 'scripts/setup.mjs')], undefined, true);
/** An e2e lane, started once the build is done; without a build it reports that and fails. */
const afterBuild = (lane: string, files: readonly string[], engine: Engine) =>
  build.then((built) =>
    built.ok
      ? startEndToEnd(lane, files, engine)
      : {
          report(): StepResult {
            console.log(`\n\x1b[31m== end-to-end lane ${lane}: not run, the build failed (above)\x1b[0m`);
            return { name: `end-to-end tests (${lane})`, ok: false };
          },
        },
  );
const endToEnd = [
  { lane: 'e2e', run: afterBuild('e2e', [], 'postgres') },
  ...OWN_LANE_E2E.map((file, i) => ({
    lane: `e2e-${i + 1}`,
    run: afterBuild(`e2e-${i + 1}`, [file], 'pglite'),
  })),
];
// Lint, typecheck and dead code, one after the other, run beside the unit tests: the unit tests'
// workers wait on file starts and the checks are one process each, so together they keep the
// second core busy where a serial chain left it idle.
const checks = (async () => {
  const results: StepResult[] = [];
  results.push(await step('lint', bin('biome'), ['check', '.'], undefined, true));
  results.push(await step('typecheck', 'pnpm', ['run', '--silent', 'typecheck'], undefined, true));
  results.push(
    await step(
      'dead code',
      bin('knip'),
      ['--no-progress'],
      'Unused files, exports or dependencies (listed above): delete them, or use them. A finding knip ' +
        'cannot see the use of goes in knip.ts with the reason; see docs/development.md, "Dead code".',
      true,
    ),
  );
  return results;
})();
const unitRun = step('tests', bin('vitest'), [...vitestArgs('unit'), '--project', '!e2e']);
const steps: StepResult[] = [await build, ...(await checks)];
const unit = await unitRun;
const runs = [{ result: unit, report: 'unit' }];
for (const { lane, run } of endToEnd) runs.push({ result: (await run).report(), report: lane });

let passed = steps.filter((s) => s.ok).length;
let failed = steps.length - passed;
let skipped = 0;
const failures: string[] = [];
const firstLine = (text: string | undefined) => ((text ?? '').split('\n')[0] ?? '').slice(0, 300);
for (const run of runs) {
  try {
    const report = JSON.parse(readFileSync(join(reportDir, `${run.report}.json`), 'utf8')) as VitestJson;
    passed += report.numPassedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    // A file that failed outside any test (a hook, an import) counts as one failure of its own.
    const brokenFiles = report.testResults.filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    );
    // Repeated here, at the end, because CI keeps only the tail of the output.
    for (const file of brokenFiles)
      failures.push(`${file.name} (outside any test): ${firstLine(file.message)}`);
    for (const file of report.testResults) {
      for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
        failures.push(
          `${relative(root, file.name)} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
        );
      }
    }
    const vitestFailures = report.numFailedTests + brokenFiles.length;
    // vitest can also fail for a reason its report does not show (an unhandled error).
    if (vitestFailures === 0 && !run.result.ok)
      failures.push(`${run.report}: vitest failed outside any test (see its output)`);
    failed += vitestFailures > 0 || run.result.ok ? vitestFailures : 1;
  } catch {
    failed += 1; // vitest died before writing its report
  }
}
rmSync(reportDir, { recursive: true, force: true });

const all = [...steps, ...runs.map((r) => r.result)];
for (const failure of failures) console.log(`FAILED test: ${failure}`);
for (const s of all) console.log(`${s.ok ? 'ok    ' : 'FAILED'} ${s.name}`);
console.log(`summary: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && all.every((s) => s.ok) ? 0 : 1);
