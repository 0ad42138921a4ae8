// Benchmark of issue 13 point 7: latency of trivial public requests while three clients each upload
// 19 MB files back to back (under the 20 MB limit). The server, the uploaders and the prober run in
// three processes, so neither the uploads' nor the prober's work shares the server's event loop.
//
//   pnpm --filter @trialab/server run bench:uploads                     # PGlite (data directory on disk)
//   BENCH_DATABASE_URL=postgres://… pnpm --filter @trialab/server run bench:uploads   # PostgreSQL (empty database)
//
// Options (env): BENCH_SECONDS (30, per phase), BENCH_UPLOADERS (3), BENCH_UPLOAD_MB (19).
// Phases: idle (no uploads), then uploading; each reports p50/p99/max of two public requests:
// `GET /sys/dict/sys-version` (one small aggregate read) and `GET /sys/auth/captcha` (writes a row).
import { fork } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalString } from '@trialab/api-contract';
import { buildServer } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { loginAsAdmin } from './login.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 3);
const UPLOAD_BYTES = Math.round(Number(process.env.BENCH_UPLOAD_MB ?? 19) * 1024 * 1024);
const UPLOAD_PATH = '/api/kmct-container/file/upload';
const PROBES = {
  version: '/api/kmct-user/sys/dict/sys-version',
  captcha: '/api/kmct-user/sys/auth/captcha',
};

interface Ready {
  port: number;
  token: string;
  signingKey: string;
  engine: string;
  filesDir: string;
}

async function serve(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'trialab-bench-uploads-'));
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    // The embedded engine on disk, as deployed (the figure was on it).
    dataDir: join(scratch, 'pglite'),
    poolSize: 10,
  });
  const filesDir = join(scratch, 'files');
  const app = await buildServer({
    database,
    consoleDir: '/nonexistent',
    config: {
      mode: 'production',
      seedDemo: true,
      authRateLimit: 1_000_000,
      validateResponses: false,
      filesDir,
      uploadMaxBytes: 20 * 1024 * 1024,
      uploadQuotaBytes: 0,
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => rm(scratch, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const login = await loginAsAdmin(database.db, port);
  const ready: Ready = {
    port,
    token: login.token,
    signingKey: login.signingKey,
    engine: database.engine,
    filesDir,
  };
  process.send?.(ready);
}

/** Uploads distinct 19 MB PDFs back to back from UPLOADERS concurrent clients until told to stop. */
async function uploaders(): Promise<void> {
  const ready = await new Promise<Ready>((resolve) => process.once('message', (m) => resolve(m as Ready)));
  let running = true;
  process.once('message', () => {
    running = false;
  });
  const key = Buffer.from(ready.signingKey, 'base64');
  const results = { uploads: 0, bytes: 0, failures: 0, ms: [] as number[] };
  const client = async (n: number) => {
    const boundary = `----trialab${randomBytes(6).toString('hex')}`;
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(UPLOAD_BYTES - 9)]);
    const md5 = createHash('md5').update(content).digest('base64');
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${n}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    while (running) {
      const timestamp = String(Date.now());
      const nonce = randomBytes(12).toString('base64url');
      const canonical = canonicalString({
        method: 'POST',
        path: UPLOAD_PATH,
        query: [],
        timestamp,
        nonce,
        contentMd5: md5,
      });
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${ready.port}${UPLOAD_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: `Bearer ${ready.token}`,
          timestamp,
          nonce,
          'Content-MD5': md5,
          Signature: createHmac('sha256', key).update(canonical).digest('base64'),
        },
        body,
      });
      const answer = (await response.json()) as { code: number };
      results.ms.push(performance.now() - started);
      if (answer.code === 200) {
        results.uploads += 1;
        results.bytes += content.length;
      } else results.failures += 1;
    }
  };
  await Promise.all(Array.from({ length: UPLOADERS }, (_, n) => client(n)));
  process.send?.(results);
}

/** Requests each probe path in turn, one at a time, for `seconds`; returns latencies per path. */
async function probe(port: number, seconds: number): Promise<Record<keyof typeof PROBES, number[]>> {
  const latencies = { version: [] as number[], captcha: [] as number[] };
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    for (const [name, path] of Object.entries(PROBES) as Array<[keyof typeof PROBES, string]>) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      await response.arrayBuffer();
      latencies[name].push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies;
}

function summary(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return `n ${String(sorted.length).padStart(5)}   p50 ${at(0.5).toFixed(1).padStart(6)} ms   p99 ${at(0.99).toFixed(1).padStart(6)} ms   max ${(sorted.at(-1) ?? Number.NaN).toFixed(1).padStart(7)} ms`;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const server = fork(self, ['--serve'], { stdio: 'inherit', env: process.env });
  const ready = await new Promise<Ready>((resolve, reject) => {
    server.once('message', (m) => resolve(m as Ready));
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  try {
    console.log(
      `engine ${ready.engine}, ${UPLOADERS} uploaders x ${(UPLOAD_BYTES / 1048576).toFixed(0)} MB back to back, ${SECONDS} s per phase`,
    );
    console.log(
      `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, Node ${process.version}, load ${load()}`,
    );
    await probe(ready.port, 2); // warm-up
    const idle = await probe(ready.port, SECONDS);
    console.log('idle');
    for (const [name, ms] of Object.entries(idle)) console.log(`  ${name.padEnd(8)} ${summary(ms)}`);

    const uploader = fork(self, ['--upload'], { stdio: 'inherit', env: process.env });
    uploader.send(ready);
    const done = new Promise<{ uploads: number; bytes: number; failures: number; ms: number[] }>((resolve) =>
      uploader.once('message', (m) => resolve(m as never)),
    );
    const busy = await probe(ready.port, SECONDS);
    uploader.send('stop');
    const uploads = await done;
    console.log(`while uploading (load ${load()})`);
    for (const [name, ms] of Object.entries(busy)) console.log(`  ${name.padEnd(8)} ${summary(ms)}`);
    console.log(
      `  uploads  ${uploads.uploads} done (${(uploads.bytes / 1048576 / SECONDS).toFixed(1)} MB/s), ${uploads.failures} failed; per upload ${summary(uploads.ms)}`,
    );
    console.log(`load after: ${load()}`);
  } finally {
    server.kill('SIGTERM');
  }
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv.includes('--upload')) await uploaders();
else await main();
