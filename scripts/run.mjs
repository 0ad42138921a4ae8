// Runs a TypeScript entry point with tsx, resolving workspace packages to their sources
// (the "@trialab/source" export condition), and passes signals and the exit code through.
import { spawn } from 'node:child_process';

const [entry, ...args] = process.argv.slice(2);
const child = spawn(process.execPath, ['--conditions=@trialab/source', '--import', 'tsx', entry, ...args], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
