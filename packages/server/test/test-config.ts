import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { type Config, loadConfig, type SecretSource } from '../src/config.js';
import { newEd25519Pem } from '../src/lib/signing-keys.js';

/**
 * The run's keys, as the variables give them. global-setup.ts makes them once and hands them to
 * every worker: the seeded templates hash the demo subjects' card numbers with the card key, so
 * every server of the run must hold the same one.
 */
export interface TestKeys {
  DEVICE_TICKET_KEY: string;
  AUDIT_SIGNING_KEY: string;
  OAUTH_STATE_SECRET: string;
  SUBJECT_CARD_KEY: string;
}

export function newTestKeys(): TestKeys {
  return {
    DEVICE_TICKET_KEY: newEd25519Pem(),
    AUDIT_SIGNING_KEY: newEd25519Pem(),
    OAUTH_STATE_SECRET: randomBytes(32).toString('base64'),
    SUBJECT_CARD_KEY: randomBytes(32).toString('base64'),
  };
}

/** The configuration every test server starts from (no key files: the keys come as variables). */
export function testConfig(keys: TestKeys): Partial<Config> {
  return {
    mode: 'demo',
    secrets: loadConfig({ DATA_DIR: 'memory://', ...keys }).secrets,
    seedDemo: true,
    authRateLimit: 100_000,
    validateResponses: true,
    // No signing timer in API tests; audit-chain.test.ts covers it.
    auditCheckpointIntervalMs: 0,
    // Rendering the demo's released reports takes seconds per suite; suites that print release their own.
    seedReportPdfs: false,
  };
}

function givenSecret(source: SecretSource): string | undefined {
  if (source.value !== undefined) return source.value;
  return source.file && existsSync(source.file) ? readFileSync(source.file, 'utf8').trim() : undefined;
}

/** Configuration and variables the demo seed depends on (besides the clock and the database). */
const SEED_INPUTS: readonly (keyof Config)[] = [
  'seedDemo',
  'seedReportPdfs',
  'adminInitialPassword',
  'filesDir',
];
const SEED_VARIABLES =
  /^(SEED_|ADMIN_INITIAL_PASSWORD|FILES_DIR|KEYS_DIR|DEVICE_TICKET_KEY|AUDIT_SIGNING_KEY|OAUTH_STATE_SECRET|SUBJECT_CARD_KEY)/;

/**
 * Whether a server built with these overrides seeds exactly what the seeded templates hold, so
 * its suite may start from them instead of seeding again.
 */
export function seedsAsTemplate(
  overrides: {
    config?: Partial<Config> | undefined;
    env?: NodeJS.ProcessEnv | undefined;
    clock?: unknown;
    database?: unknown;
  },
  runKeys: TestKeys,
): boolean {
  if (overrides.clock || overrides.database) return false;
  // Of the keys the seed reads one, the card key: the templates' card numbers are hashed with the
  // run's. Given as a value or in a file, it may be that one (anything else seeds anew).
  const card = overrides.config?.secrets?.subjectCardKey;
  if (card && givenSecret(card) !== runKeys.SUBJECT_CARD_KEY) return false;
  if (SEED_INPUTS.some((key) => overrides.config?.[key] !== undefined)) return false;
  return !Object.keys(overrides.env ?? {}).some((name) => SEED_VARIABLES.test(name));
}
