import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints } from '@trialab/api-contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { scaled } from '../../../vitest.machine.js';
import { buildServer } from '../src/app.js';
import { ConfigError, loadConfig, PACKAGE_DIR } from '../src/config.js';
import type { DatabaseHandle, Engine } from '../src/db/client.js';
import { settings } from '../src/db/schema.js';
import { ed25519Keys, newEd25519Pem } from '../src/lib/signing-keys.js';
import { verifyTicket } from '../src/modules/system/device-ticket.js';
import {
  BOTH_ENGINES,
  createTestDatabase,
  FEATURE_ENGINES,
  pgliteDataDirFromTemplate,
  type TestDatabase,
} from './engines.js';
import { call, envelope, login, requestDeviceTicket, serverProgram, startEnv } from './helpers.js';

const { system } = endpoints;

const hmacKey = () => randomBytes(32).toString('base64');

/**
 * Registers a temporary folder and the databases it makes with the current suite's hooks; `start`
 * builds a server with exactly this environment (no demo seed unless asked) on the given database.
 */
function secretsHarness(engine: Engine) {
  let dir = '';
  const databases: TestDatabase[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'trialab-secrets-'));
  });
  afterAll(async () => {
    await Promise.all(databases.map((d) => d.drop()));
    await rm(dir, { recursive: true, force: true });
  });
  return {
    dir: () => dir,
    async freshDatabase(): Promise<DatabaseHandle> {
      const testDb = await createTestDatabase(engine);
      databases.push(testDb);
      return testDb.open();
    },
    start(env: NodeJS.ProcessEnv, database: DatabaseHandle) {
      return buildServer({
        consoleDir: '/nonexistent-console',
        database,
        env: { DATA_DIR: 'memory://', SEED_DEMO: 'false', ...env },
        config: { filesDir: join(dir, 'files'), auditCheckpointIntervalMs: 0, seedReportPdfs: false },
      });
    },
  };
}

// The keys are read from the environment and files before the server's first query: these rules
// are the same on both engines and are proven on one (each case builds servers on fresh databases,
// the file's cost; PostgreSQL, the feature engine, where a fresh database is a copy of the
// migrated one and PGlite loads a data directory into the worker). The refusal before any
// migration is proven on both (it.each below).
describe('server secrets outside the database', () => {
  const engine: Engine = 'postgres';
  const { freshDatabase, start, dir: folder } = secretsHarness(engine);
  let dir = '';
  beforeAll(() => {
    dir = folder();
  });

  it('refuses a production start without its keys, naming the variable, and generates none', async () => {
    const database = await freshDatabase();
    const keysDir = join(dir, 'empty-keys');
    const production = { TRIALAB_MODE: 'production', KEYS_DIR: keysDir };
    const refusal = start(production, database);
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toThrow(
      /DEVICE_TICKET_KEY_FILE: no key at .*device-ticket-ed25519\.pem; required in production \(or the key itself in DEVICE_TICKET_KEY\)/,
    );
    const device = { ...production, DEVICE_TICKET_KEY: newEd25519Pem() };
    await expect(start(device, database)).rejects.toThrow(
      /AUDIT_SIGNING_KEY_FILE: no key at .*AUDIT_SIGNING_KEY\)/,
    );
    const signing = { ...device, AUDIT_SIGNING_KEY: newEd25519Pem() };
    await expect(start(signing, database)).rejects.toThrow(
      /SUBJECT_CARD_KEY_FILE: no key at .*SUBJECT_CARD_KEY\)/,
    );
    const all = { ...signing, SUBJECT_CARD_KEY: hmacKey() };
    // The OAuth state key only with an OAuth provider.
    const wechat = { ...all, WX_PROVIDER: 'wechat', WX_APP_ID: 'wx-app', WX_APP_SECRET: 'wx-secret' };
    await expect(start(wechat, database)).rejects.toThrow(
      /OAUTH_STATE_SECRET_FILE: no key at .*OAUTH_STATE_SECRET\)/,
    );
    expect(existsSync(keysDir)).toBe(false);
    const app = await start(all, database);
    expect(app.deps.secrets.oauthState).toBeUndefined();
    await app.close();
    const withState = await start({ ...wechat, OAUTH_STATE_SECRET: hmacKey() }, database);
    expect(withState.deps.secrets.oauthState).toHaveLength(32);
    await withState.close();
  });

  it('reads the keys from the environment (PEM, base64) and refuses a malformed one', async () => {
    const database = await freshDatabase();
    const device = newEd25519Pem();
    const audit = newEd25519Pem();
    const card = hmacKey();
    const state = hmacKey();
    const env = {
      TRIALAB_MODE: 'production',
      KEYS_DIR: join(dir, 'unused-keys'),
      // One line in a variable: the PEM base64-encoded; the PEM as it is works too.
      DEVICE_TICKET_KEY: Buffer.from(device).toString('base64'),
      AUDIT_SIGNING_KEY: audit,
      SUBJECT_CARD_KEY: card,
      OAUTH_STATE_SECRET: state,
    };
    const app = await start(env, database);
    expect(app.deps.secrets.deviceTicket.kid).toBe(ed25519Keys(device).kid);
    expect(app.deps.secrets.auditSigning.kid).toBe(ed25519Keys(audit).kid);
    expect(app.deps.secrets.subjectCard.toString('base64')).toBe(card);
    expect(app.deps.secrets.oauthState?.toString('base64')).toBe(state);
    await app.close();
    const badDevice = start({ ...env, DEVICE_TICKET_KEY: 'not-a-key' }, database);
    await expect(badDevice).rejects.toBeInstanceOf(ConfigError);
    await expect(badDevice).rejects.toThrow(/^invalid environment:\n {2}DEVICE_TICKET_KEY: /);
    await expect(start({ ...env, SUBJECT_CARD_KEY: 'c2hvcnQ=' }, database)).rejects.toThrow(
      /SUBJECT_CARD_KEY: must be at least 32 bytes, base64/,
    );
    expect(existsSync(env.KEYS_DIR)).toBe(false);
  });

  it('reads the keys from files; a device ticket signed with the file key verifies with it', async () => {
    const keysDir = join(dir, 'given-keys');
    await mkdir(keysDir, { recursive: true, mode: 0o700 });
    const device = newEd25519Pem();
    // The run's card key, which hashed the seeded template's card numbers: the server starts from
    // the template instead of seeding in the worker. Only the file gives it to this configuration.
    const card = inject('testKeys').SUBJECT_CARD_KEY;
    const files = {
      DEVICE_TICKET_KEY_FILE: join(keysDir, 'device.pem'),
      AUDIT_SIGNING_KEY_FILE: join(keysDir, 'audit.pem'),
      SUBJECT_CARD_KEY_FILE: join(keysDir, 'card.key'),
      OAUTH_STATE_SECRET_FILE: join(keysDir, 'state.key'),
    };
    await writeFile(files.DEVICE_TICKET_KEY_FILE, device, { mode: 0o600 });
    await writeFile(files.AUDIT_SIGNING_KEY_FILE, newEd25519Pem(), { mode: 0o600 });
    await writeFile(files.SUBJECT_CARD_KEY_FILE, `${card}\n`, { mode: 0o600 });
    await writeFile(files.OAUTH_STATE_SECRET_FILE, `${hmacKey()}\n`, { mode: 0o600 });
    const env = await startEnv(engine, {
      config: { secrets: loadConfig({ DATA_DIR: 'memory://', ...files }).secrets },
    });
    try {
      const fileKey = ed25519Keys(device);
      expect(env.app.deps.secrets.subjectCard.toString('base64')).toBe(card);
      const published = envelope(await call(env.app, system.devicePublicKey, {}, env.clock.now)).data;
      expect(published).toMatchObject({ keyId: fileKey.kid, publicKeyPem: fileKey.publicKeyPem });
      const lab = await login(env, '13800000001');
      const issued = await requestDeviceTicket(env, lab);
      expect(verifyTicket(fileKey.publicKeyPem, issued.ticket, env.clock.now)).toMatchObject({
        kid: fileKey.kid,
        sub: String(lab.login.user.id),
      });
    } finally {
      await env.close();
    }
  });

  it('generates missing keys into KEYS_DIR outside production only (0700 folder, 0600 files)', async () => {
    const database = await freshDatabase();
    const keysDir = join(dir, 'generated-keys');
    const first = await start({ TRIALAB_MODE: 'demo', KEYS_DIR: keysDir }, database);
    const secrets = first.deps.secrets;
    await first.close();
    expect((await stat(keysDir)).mode & 0o777).toBe(0o700);
    for (const name of [
      'device-ticket-ed25519.pem',
      'audit-checkpoint-ed25519.pem',
      'oauth-state.key',
      'subject-card-hmac.key',
    ]) {
      expect((await stat(join(keysDir, name))).mode & 0o777).toBe(0o600);
    }
    // The next start (another instance, or a restart) reads the same keys.
    const second = await start({ TRIALAB_MODE: 'development', KEYS_DIR: keysDir }, database);
    expect(second.deps.secrets.deviceTicket.kid).toBe(secrets.deviceTicket.kid);
    expect(second.deps.secrets.auditSigning.kid).toBe(secrets.auditSigning.kid);
    expect(second.deps.secrets.subjectCard.equals(secrets.subjectCard)).toBe(true);
    expect(second.deps.secrets.oauthState?.equals(secrets.oauthState ?? Buffer.alloc(0))).toBe(true);
    await second.close();
    // A keys folder that cannot be made stops the start with the variable's name.
    await writeFile(join(dir, 'a-file'), '');
    await expect(
      start({ TRIALAB_MODE: 'demo', KEYS_DIR: join(dir, 'a-file', 'keys') }, database),
    ).rejects.toThrow(/DEVICE_TICKET_KEY_FILE\b.*a-file\/keys\/device-ticket-ed25519\.pem.*ENOTDIR/);
  });

  // Each engine opens its database its own way before the first migration (client.ts
  // `beforeMigrate`): the refusal comes first on both.
  it.each(
    BOTH_ENGINES.flatMap((on) => [
      { on, missing: 'every key', given: {}, refused: /DEVICE_TICKET_KEY_FILE: no key at/ },
      // The card key alone may still be the legacy settings row: looked for before any migration.
      {
        on,
        missing: 'the card key only',
        given: { DEVICE_TICKET_KEY: newEd25519Pem(), AUDIT_SIGNING_KEY: newEd25519Pem() },
        refused: /SUBJECT_CARD_KEY_FILE: no key at/,
      },
    ]),
  )(
    'refuses a production start missing $missing before it opens, migrates or writes the database ($on)',
    async ({ on, given, refused }) => {
      const production = {
        TRIALAB_MODE: 'production',
        KEYS_DIR: join(dir, 'no-keys'),
        SEED_DEMO: 'false',
        FILES_DIR: join(dir, 'untouched-files'),
        ...given,
      };
      if (on === 'pglite') {
        const dataDir = join(dir, 'untouched-data');
        await expect(
          buildServer({ consoleDir: '/nonexistent-console', env: { ...production, DATA_DIR: dataDir } }),
        ).rejects.toThrow(refused);
        expect(existsSync(dataDir)).toBe(false);
        return;
      }
      // An empty database, as a first production start finds it.
      const adminUrl = inject('pgAdminUrl');
      const name = `trialab_t_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        await expect(
          buildServer({
            consoleDir: '/nonexistent-console',
            env: { ...production, DATABASE_URL: url.toString() },
          }),
        ).rejects.toThrow(refused);
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid
            WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`,
          );
          expect(rows[0]?.n).toBe(0);
          const schemas = await client.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle'`);
          expect(schemas.rowCount).toBe(0);
        } finally {
          await client.end();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
      expect(existsSync(production.FILES_DIR)).toBe(false);
    },
  );
});

describe.each(FEATURE_ENGINES)('server secrets moved out of the database on %s', (engine) => {
  const { freshDatabase, start, dir: folder } = secretsHarness(engine);
  let dir = '';
  beforeAll(() => {
    dir = folder();
  });

  it('moves the keys out of the database: a dump of settings carries none; the card key is kept', async () => {
    const database = await freshDatabase();
    const keysDir = join(dir, 'moved-keys');
    // What an earlier version kept in the database.
    const legacy = {
      'device-ticket-ed25519': newEd25519Pem(),
      'oauth-state-secret': hmacKey(),
      'subject-card-hmac': hmacKey(),
    };
    await database.db.insert(settings).values(Object.entries(legacy).map(([key, value]) => ({ key, value })));
    // A given card key other than the one the stored hashes were made with is refused.
    await expect(
      start({ TRIALAB_MODE: 'demo', KEYS_DIR: keysDir, SUBJECT_CARD_KEY: hmacKey() }, database),
    ).rejects.toThrow(/SUBJECT_CARD_KEY: differs from the key the stored card numbers were hashed with/);
    const app = await start({ TRIALAB_MODE: 'demo', KEYS_DIR: keysDir, SEED_DEMO: 'true' }, database);
    try {
      const { secrets } = app.deps;
      expect(secrets.subjectCard.toString('base64')).toBe(legacy['subject-card-hmac']);
      expect((await readFile(join(keysDir, 'subject-card-hmac.key'), 'utf8')).trim()).toBe(
        legacy['subject-card-hmac'],
      );
      // The device key is a new one: bridges paired with the database's key pair again.
      expect(secrets.deviceTicket.kid).not.toBe(ed25519Keys(legacy['device-ticket-ed25519']).kid);
      const dump = await database.db.select({ key: settings.key, value: settings.value }).from(settings);
      expect(dump.map((row) => row.key)).toEqual(['seed:demo']);
      const material = [
        ...Object.values(legacy),
        secrets.deviceTicket.privateKeyPem,
        secrets.auditSigning.privateKeyPem,
        secrets.subjectCard.toString('base64'),
        secrets.oauthState?.toString('base64') ?? 'unset',
      ];
      const text = JSON.stringify(dump);
      expect(text).not.toMatch(/PRIVATE KEY/);
      // A PEM's body line, or the base64 key itself.
      for (const secret of material) expect(text).not.toContain(secret.split('\n')[1] || secret);
    } finally {
      await app.close();
    }
  });
});

const MAIN_TIMEOUT_MS = scaled(90_000);

describe('main.ts', () => {
  it(
    'ends a production start without keys with the message naming the variable (exit 1)',
    async () => {
      const result = await new Promise<{ code: number | null; err: string }>((resolve) => {
        execFile(
          process.execPath,
          [serverProgram('main')],
          {
            cwd: PACKAGE_DIR,
            env: { ...process.env, DATA_DIR: 'memory://', TRIALAB_MODE: 'production', PORT: '0' },
          },
          (error, _out, err) => resolve({ code: error ? (error.code as number) : 0, err }),
        );
      });
      expect(result.code).toBe(1);
      expect(result.err).toMatch(
        /^invalid environment:\n {2}DEVICE_TICKET_KEY_FILE: not set; required in production/,
      );
    },
    MAIN_TIMEOUT_MS,
  );

  it(
    'says at start that the embedded engine is for one workstation and demos',
    async () => {
      // On disk from the migrated template: the start opens, finds no migration to run, seeds and
      // listens (initdb and the migrations are the template's, paid once per run).
      const dir = await mkdtemp(join(tmpdir(), 'trialab-main-'));
      const dataDir = join(dir, 'pglite');
      await pgliteDataDirFromTemplate(dataDir);
      const child = spawn(process.execPath, [serverProgram('main')], {
        cwd: PACKAGE_DIR,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          KEYS_DIR: join(dir, 'keys'),
          FILES_DIR: join(dir, 'files'),
          SEED_DEMO: 'false',
          PORT: '0',
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        let out = '';
        await new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (out.includes('Production runs on PostgreSQL')) resolve();
          });
          child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
        });
        expect(out).toContain(
          'embedded database (PGlite): for one workstation and demos; a power loss or VM reset can lose recent writes. Production runs on PostgreSQL (DATABASE_URL).',
        );
      } finally {
        const exited = new Promise((resolve) => child.once('close', resolve));
        child.kill('SIGTERM');
        await exited;
        await rm(dir, { recursive: true, force: true });
      }
    },
    MAIN_TIMEOUT_MS,
  );
});
