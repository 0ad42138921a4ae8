// An empty PostgreSQL database for a bench: BENCH_DATABASE_URL, else a role and database of their
// own in the local cluster (Debian's cluster tools, as test/global-setup.ts uses them), dropped after.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const env = process.env;

/** An empty database: BENCH_DATABASE_URL, else a role and database of their own in the local cluster. */
export function provideDatabase(): { url: string; drop: () => void } {
  if (env.BENCH_DATABASE_URL) return { url: env.BENCH_DATABASE_URL, drop: () => undefined };
  // Debian's cluster tools, as test/global-setup.ts uses them.
  const sh = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });
  const listing = sh('pg_lsclusters', ['--no-header']);
  const [version, cluster, port, status] =
    listing
      .split('\n')
      .find((l) => l.trim())
      ?.trim()
      .split(/\s+/) ?? [];
  if (!version || !cluster || !port) throw new Error(`no PostgreSQL cluster:\n${listing}`);
  if (status !== 'online') sh('pg_ctlcluster', [version, cluster, 'start']);
  const psql = (statement: string) =>
    sh('runuser', ['-u', 'postgres', '--', 'psql', '-qAt', '-p', port, '-c', statement]);
  const name = `trialab_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const password = randomBytes(18).toString('hex');
  psql(`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
  psql(`CREATE DATABASE ${name} OWNER ${name}`);
  return {
    url: `postgres://${name}:${password}@127.0.0.1:${port}/${name}`,
    drop: () => {
      psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      psql(`DROP ROLE IF EXISTS ${name}`);
    },
  };
}
