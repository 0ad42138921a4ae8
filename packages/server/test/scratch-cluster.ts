// A throw-away PostgreSQL cluster of its own (initdb, then the postgres server on an ephemeral port,
// its socket and data in a temp directory) for a drill that kills the database server: killing it
// cannot disturb the run's shared cluster (global-setup.ts) or the suites using it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface ScratchCluster {
  /** URL of `database` on the cluster, as its superuser over TCP. */
  url(database: string): string;
  /** SIGKILL to the postmaster and every backend at once (a killed container or VM); waits until all are gone. */
  kill(): Promise<void>;
  /** Starts the server again on the same data directory (crash recovery) and waits until it accepts connections. */
  start(): Promise<void>;
  /** Kills the server and removes the directory. */
  remove(): Promise<void>;
}

/** The directory of initdb and postgres: PG_BINDIR, else the newest /usr/lib/postgresql/<v>/bin (Debian). */
async function binDir(): Promise<string> {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const newest = versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      'the database-kill drill needs the PostgreSQL server binaries (initdb, postgres): install ' +
        'postgresql-15 (`node scripts/setup.mjs --system-deps`) or set PG_BINDIR',
    );
  }
  return `/usr/lib/postgresql/${newest}/bin`;
}

/** A port the kernel just handed out, free again (a tiny race with other processes, never with ourselves). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Running processes (zombies left out: the killed backends are orphans nobody may reap), from /proc. */
async function processes(): Promise<Array<{ pid: number; ppid: number }>> {
  const found: Array<{ pid: number; ppid: number }> = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid ...": comm may hold spaces, so read after its closing parenthesis.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (stat && state !== 'Z' && state !== 'X') found.push({ pid: Number(pid), ppid: Number(ppid) });
  }
  return found;
}

export async function startScratchCluster(): Promise<ScratchCluster> {
  const bin = await binDir();
  const dir = await mkdtemp(join(tmpdir(), 'trialab-pgkill-'));
  const data = join(dir, 'data');
  // initdb and postgres refuse to run as root: then they run as the postgres user, which owns the
  // directory (set on the process itself, so the postmaster is this process's child).
  let user: { uid: number; gid: number } | undefined;
  if (process.getuid?.() === 0) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
    user = { uid: await id('-u'), gid: await id('-g') };
    await chown(dir, user.uid, user.gid);
  }

  await run(
    join(bin, 'initdb'),
    [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ],
    { ...user },
  );
  const port = await freePort();
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

  let server: ChildProcess | undefined;
  let output = '';
  const start = async () => {
    output = '';
    const child = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'max_connections=30',
        '-c',
        'shared_buffers=16MB',
        // After the kill, crash recovery first syncs the data directory: one syncfs, not an fsync
        // per file (seconds on a busy disk). Commits still wait for their WAL fsync.
        '-c',
        'recovery_init_sync_method=syncfs',
      ],
      { ...user, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server = child;
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(new Error(`postgres exited (${code ?? signal}) before it accepted connections:\n${output}`)),
      ),
    );
    exited.catch(() => undefined);
    // Waits for the condition (a connection accepted), however long crash recovery takes.
    for (;;) {
      const client = new pg.Client({ connectionString: url('postgres') });
      client.on('error', () => undefined);
      const connected = await Promise.race([
        client.connect().then(
          () => true,
          () => false,
        ),
        exited,
      ]);
      await client.end().catch(() => undefined);
      if (connected) return;
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 50)), exited]);
    }
  };
  const kill = async () => {
    const child = server;
    const postmaster = child?.pid;
    if (!child || postmaster === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Every backend leads a session of its own (so a signal to the postmaster's group misses them):
    // stop the postmaster so it forks no more, then kill it and each of its children at once.
    process.kill(postmaster, 'SIGSTOP');
    const backends = (await processes()).filter((p) => p.ppid === postmaster).map((p) => p.pid);
    for (const pid of [postmaster, ...backends]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await exited;
    const gone = async () => {
      const running = new Set((await processes()).map((p) => p.pid));
      return backends.every((pid) => !running.has(pid));
    };
    while (!(await gone())) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  await start();
  return {
    url,
    kill,
    start,
    remove: async () => {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
