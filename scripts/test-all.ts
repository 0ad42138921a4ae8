/**
 * Every check the project has, in one run: lint, typecheck, dead code (knip), then all vitest
 * projects (unit and integration tests of each package, the PostgreSQL runs of the server suite, and
 * the end-to-end suite in headless Chromium). Every step runs even when an earlier one fails, and the
 * run ends with one line "summary: N passed, N failed" (lint, typecheck and dead code count as one
 * check each).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

interface StepResult {
  name: string;
  ok: boolean;
}

/** Runs one check; `onFailure` says what to do about a failure the tool's own output may not. */
function step(name: string, command: string, args: string[], onFailure?: string): StepResult {
  console.log(`\n\x1b[1m== ${name}\x1b[0m (${[command, ...args].join(' ')})`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const ok = result.status === 0;
  const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  console.log(ok ? `\x1b[32m${name}: ok\x1b[0m (${took})` : `\x1b[31m${name}: failed\x1b[0m (${took})`);
  if (!ok && onFailure) console.log(onFailure);
  return { name, ok };
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  success: boolean;
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
}

const steps: StepResult[] = [];
steps.push(step('lint', bin('biome'), ['check', '.']));
steps.push(step('typecheck', 'pnpm', ['run', '--silent', 'typecheck']));
steps.push(
  step(
    'dead code',
    bin('knip'),
    ['--no-progress'],
    'Unused files, exports or dependencies (listed above): delete them, or use them. A finding knip ' +
      'cannot see the use of goes in knip.ts with the reason; see docs/development.md, "Dead code".',
  ),
);

const reportDir = mkdtempSync(join(tmpdir(), 'trialab-vitest-'));
const reportFile = join(reportDir, 'report.json');
const tests = step('tests', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
]);

let passed = steps.filter((s) => s.ok).length;
let failed = steps.length - passed;
let skipped = 0;
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
  passed += report.numPassedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  // A file that failed outside any test (a hook, an import) counts as one failure of its own.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  for (const file of brokenFiles) console.log(`FAILED outside any test: ${file.name}`);
  const vitestFailures = report.numFailedTests + brokenFiles.length;
  // vitest can also fail for a reason its report does not show (an unhandled error).
  failed += vitestFailures > 0 || tests.ok ? vitestFailures : 1;
} catch {
  failed += 1; // vitest died before writing its report
}
rmSync(reportDir, { recursive: true, force: true });

for (const s of [...steps, tests]) console.log(`${s.ok ? 'ok    ' : 'FAILED'} ${s.name}`);
console.log(`summary: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && tests.ok ? 0 : 1);
