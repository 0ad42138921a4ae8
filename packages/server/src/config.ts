import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPasswordValid } from '@trialab/api-contract';
import { z } from 'zod';
import { DEMO_LAB_PROFILE, type LabProfile, loadLabProfile } from './documents/lab-profile.js';
import { canonicalTimeZone } from './lib/time-zone.js';
import { MESSAGE_KINDS, SMS_KINDS, type SmsKind } from './services/notifications/message-kinds.js';

/** The server package folder, the same from src/ and dist/. */
export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0),
);

/** Environment variables (documented in docs/operations.md). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('localhost'),
  /** production | development | demo. development and demo enable the outbox endpoint and demo seed. */
  TRIALAB_MODE: z.enum(['production', 'development', 'demo']).default('demo'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().optional(),
  /** Seed the demo accounts and data into an empty database. */
  SEED_DEMO: bool.optional(),
  /** Initial super-account password on an empty database without demo seed (policy-checked). */
  ADMIN_INITIAL_PASSWORD: z
    .string()
    .refine(isPasswordValid, 'must follow the password policy (8-16 chars, 3 of 4 classes)')
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  PASSWORD_EXPIRE_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Comma-separated origins allowed by CORS (the console served by this server needs none). */
  CORS_ORIGINS: list.default([]),
  /** Requests per minute per IP on the pre-login endpoints. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100000).default(30),
  UPLOAD_MAX_MB: z.coerce.number().min(0.1).max(512).default(20),
  /** Where uploaded file bytes live (content-addressed); several instances must share it. */
  FILES_DIR: z.string().min(1).optional(),
  /** Total upload bytes per user in MiB; 0 = unlimited. */
  UPLOAD_QUOTA_MB: z.coerce.number().min(0).max(1_048_576).default(2048),
  DEVICE_TICKET_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Trialab <no-reply@trialab.local>'),
  /** outbox (default outside production), aliyun or tencent; the rest of SMS_* is read in smsConfig. */
  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(1).max(120_000).default(10_000),
  /** WeChat OAuth2: "simulated" (default outside production) or "wechat" with app id and secret. */
  WX_PROVIDER: z.enum(['simulated', 'wechat', 'none']).optional(),
  WX_APP_ID: z.string().optional(),
  WX_APP_SECRET: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  /** Zone of times in exported files when the request names none (IANA name). */
  LAB_TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine((v) => canonicalTimeZone(v) !== null, 'must be an IANA time zone such as Asia/Shanghai')
    .transform((v) => canonicalTimeZone(v) ?? v),
  /** JSON file with the laboratory's letterhead (name, address, accreditation, logo); docs/documents.md. */
  LAB_PROFILE_FILE: z.string().min(1).optional(),
  /** Folder of the signing keys kept outside the database (see lib/signing-keys.ts). */
  KEYS_DIR: z.string().optional(),
  AUDIT_SIGNING_KEY_FILE: z.string().optional(),
  AUDIT_TRUSTED_KEYS_FILE: z.string().optional(),
  /** The server's secrets: each a file (…_FILE) or the value itself (docs/operations.md, "Keys and secrets"). */
  AUDIT_SIGNING_KEY: z.string().optional(),
  DEVICE_TICKET_KEY: z.string().optional(),
  DEVICE_TICKET_KEY_FILE: z.string().optional(),
  OAUTH_STATE_SECRET: z.string().optional(),
  OAUTH_STATE_SECRET_FILE: z.string().optional(),
  SUBJECT_CARD_KEY: z.string().optional(),
  SUBJECT_CARD_KEY_FILE: z.string().optional(),
  /** Minutes between signed checkpoints of the audit chain; 0 turns the running server's off. */
  AUDIT_CHECKPOINT_MINUTES: z.coerce.number().min(0).max(10080).default(60),
  /** Stored content no files row names is removed once it is this many hours old; 0 turns the sweep off. */
  FILES_SWEEP_GRACE_HOURS: z.coerce.number().min(0).max(8760).default(24),
  /** After SIGTERM: how long the instance keeps serving while not ready (the load balancer notices). */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** Then: how long in-flight requests may take before they are cut (and the exit code is 1). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** GET /metrics: on by default outside production; in production only with a token or its own listener. */
  METRICS_ENABLED: bool.optional(),
  /** Bearer token the scraper must send. */
  METRICS_TOKEN: z.string().min(16).max(256).optional(),
  /** A listener of its own for /metrics (not served on the API's port then). */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Hours an Idempotency-Key answers with its first answer; older keys are forgotten. */
  IDEMPOTENCY_KEY_HOURS: z.coerce.number().min(0.01).max(720).default(24),
});

export type Mode = 'production' | 'development' | 'demo';

/** Where one server secret comes from: the variable holding it, else its file (secrets.ts). */
export interface SecretSource {
  /** The variable holding the secret itself (PEM or base64). */
  variable: string;
  value: string | undefined;
  /** The variable naming the file, and the file; undefined keeps a generated secret in memory. */
  fileVariable: string;
  file: string | undefined;
}

/** The secrets the server holds outside the database. */
export interface SecretSources {
  deviceTicketKey: SecretSource;
  auditSigningKey: SecretSource;
  oauthStateSecret: SecretSource;
  subjectCardKey: SecretSource;
}

export interface Config {
  port: number;
  host: string;
  mode: Mode;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  seedDemo: boolean;
  /** Render the demo's released report PDFs at seed (undefined: yes; the test suites turn it off). */
  seedReportPdfs?: boolean;
  adminInitialPassword: string | undefined;
  sessionIdleMs: number;
  sessionMaxMs: number;
  passwordExpireDays: number;
  corsOrigins: string[];
  authRateLimit: number;
  uploadMaxBytes: number;
  /** Directory of the file store; undefined = a temporary one removed at close (in-memory database). */
  filesDir: string | undefined;
  /** Total bytes a user may have uploaded; 0 = unlimited. */
  uploadQuotaBytes: number;
  deviceTicketTtlMs: number;
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Where SMS go: the outbox table, or a provider (docs/operations.md "SMS"). */
  sms: SmsConfig;
  wxProvider: 'simulated' | 'wechat' | 'none';
  wxAppId: string | undefined;
  wxAppSecret: string | undefined;
  trustProxy: boolean;
  /** IANA zone of exported times when the request's `tz` header names none. */
  labTimeZone: string;
  /** The letterhead of every PDF the server prints. */
  labProfile: LabProfile;
  /** Public keys (SPKI PEM blocks) still trusted when verifying older checkpoints (rotation). */
  auditTrustedKeysFile: string;
  auditCheckpointIntervalMs: number;
  /** Age after which stored content no files row names is removed (modules/system/file-sweep.ts); 0: never. */
  filesSweepGraceMs: number;
  /** How long an idempotency key is remembered (lib/idempotency.ts). */
  idempotencyKeyTtlMs: number;
  /** Read at start; in production each required one must be given, elsewhere missing ones are generated. */
  secrets: SecretSources;
  /** Check every response against its declared schema (on outside production). */
  validateResponses: boolean;
  /** Milliseconds the instance keeps serving, not ready, after SIGTERM (main.ts). */
  shutdownDrainDelayMs: number;
  /** Milliseconds in-flight requests get once the instance stops accepting. */
  shutdownTimeoutMs: number;
  /** Whether GET /metrics is served (plugins/metrics.ts). */
  metricsEnabled: boolean;
  /** Bearer token required on /metrics; undefined = none (a protected listener, or not production). */
  metricsToken: string | undefined;
  /** A listener of its own for /metrics; undefined = on the API's listener. */
  metricsPort: number | undefined;
  metricsHost: string;
}

export class ConfigError extends Error {}

/** An SMS provider's account, signature and templates. */
export interface SmsProviderConfig {
  provider: 'aliyun' | 'tencent';
  /** Alibaba AccessKey ID / Tencent SecretId. */
  accessKeyId: string;
  /** Alibaba AccessKey secret / Tencent SecretKey. */
  accessKeySecret: string;
  /** Tencent SmsSdkAppId (unused by Alibaba). */
  sdkAppId: string;
  signName: string;
  /** The template registered with the provider for each kind of SMS. */
  templates: Record<SmsKind, string>;
  region: string;
  /** Another host (or http(s) URL) for the SDK; undefined = the provider's own. */
  endpoint: string | undefined;
  timeoutMs: number;
}

export type SmsConfig = { provider: 'outbox' } | SmsProviderConfig;

const invalid = (variable: string, problem: string) =>
  new ConfigError(`invalid environment:\n  ${variable}: ${problem}`);

/** A secret from VAR, or from the file VAR_FILE names (so it stays out of the environment listing). */
function secret(env: NodeJS.ProcessEnv, variable: string): string {
  const direct = env[variable];
  const file = env[`${variable}_FILE`];
  if (direct && file) throw invalid(variable, `set ${variable} or ${variable}_FILE, not both`);
  if (file) {
    let value: string;
    try {
      value = readFileSync(resolve(file), 'utf8').trim();
    } catch (error) {
      throw invalid(`${variable}_FILE`, (error as Error).message);
    }
    if (!value) throw invalid(`${variable}_FILE`, 'the file is empty');
    return value;
  }
  if (!direct) throw invalid(variable, `required with SMS_PROVIDER=${env.SMS_PROVIDER}`);
  return direct;
}

function required(env: NodeJS.ProcessEnv, variable: string, pattern?: { re: RegExp; what: string }): string {
  const value = env[variable]?.trim();
  if (!value) throw invalid(variable, `required with SMS_PROVIDER=${env.SMS_PROVIDER}`);
  if (pattern && !pattern.re.test(value)) throw invalid(variable, `must be ${pattern.what}`);
  return value;
}

/** The SMS settings of the chosen provider; a missing or malformed one names its variable. */
function smsConfig(
  env: NodeJS.ProcessEnv,
  provider: 'aliyun' | 'tencent' | undefined,
  timeoutMs: number,
): SmsConfig {
  if (!provider) return { provider: 'outbox' };
  const tencent = provider === 'tencent';
  const digits = { re: /^\d+$/, what: 'digits (as the Tencent Cloud SMS console shows it)' };
  const templates = Object.fromEntries(
    SMS_KINDS.map((kind) => [
      kind,
      required(env, MESSAGE_KINDS[kind].smsTemplateVariable, tencent ? digits : undefined),
    ]),
  ) as Record<SmsKind, string>;
  const endpoint = env.SMS_ENDPOINT?.trim() || undefined;
  if (endpoint?.includes('://') && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
    throw invalid('SMS_ENDPOINT', 'must be a host[:port] or an http(s)://host[:port] URL');
  }
  return {
    provider,
    accessKeyId: secret(env, tencent ? 'SMS_SECRET_ID' : 'SMS_ACCESS_KEY_ID'),
    accessKeySecret: secret(env, tencent ? 'SMS_SECRET_KEY' : 'SMS_ACCESS_KEY_SECRET'),
    sdkAppId: tencent ? required(env, 'SMS_SDK_APP_ID', digits) : '',
    signName: required(env, 'SMS_SIGN_NAME'),
    templates,
    region: env.SMS_REGION?.trim() || (tencent ? 'ap-guangzhou' : 'cn-hangzhou'),
    endpoint,
    timeoutMs,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dev = e.TRIALAB_MODE !== 'production';
  // Beside the PGlite data, never inside it: a copy of the database must not carry the keys.
  const keysDir = resolve(e.KEYS_DIR ?? join(PACKAGE_DIR, '.data', 'keys'));
  if (!dev && e.DATABASE_URL && !e.FILES_DIR) {
    // Several instances on one database must share the files: a silent per-machine default would
    // leave each file on the instance that received it.
    throw new ConfigError('invalid environment:\n  FILES_DIR: required in production with DATABASE_URL');
  }
  const metricsProtected = e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined;
  if (!dev && e.METRICS_ENABLED && !metricsProtected) {
    // Unprotected on the API's own port, it would be open to everyone who reaches the service.
    throw new ConfigError(
      'invalid environment:\n  METRICS_ENABLED: needs METRICS_TOKEN or METRICS_PORT in production',
    );
  }
  let labProfile = DEMO_LAB_PROFILE;
  if (e.LAB_PROFILE_FILE) {
    try {
      labProfile = loadLabProfile(resolve(e.LAB_PROFILE_FILE));
    } catch (error) {
      throw new ConfigError(`invalid environment:\n  LAB_PROFILE_FILE: ${(error as Error).message}`);
    }
  }
  const dataDir = e.DATA_DIR?.startsWith('memory://')
    ? e.DATA_DIR
    : resolve(e.DATA_DIR ?? join(PACKAGE_DIR, '.data', 'pglite'));
  return {
    port: e.PORT,
    host: e.HOST,
    mode: e.TRIALAB_MODE,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir,
    seedDemo: e.SEED_DEMO ?? dev,
    adminInitialPassword: e.ADMIN_INITIAL_PASSWORD,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    passwordExpireDays: e.PASSWORD_EXPIRE_DAYS,
    corsOrigins: e.CORS_ORIGINS,
    authRateLimit: e.AUTH_RATE_LIMIT,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    filesDir: defaultFilesDir(e.FILES_DIR, e.DATABASE_URL, dataDir),
    uploadQuotaBytes: Math.round(e.UPLOAD_QUOTA_MB * 1024 * 1024),
    deviceTicketTtlMs: e.DEVICE_TICKET_TTL_SECONDS * 1000,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    sms: smsConfig(env, e.SMS_PROVIDER === 'outbox' ? undefined : e.SMS_PROVIDER, e.SMS_TIMEOUT_MS),
    wxProvider: e.WX_PROVIDER ?? (dev ? 'simulated' : 'none'),
    wxAppId: e.WX_APP_ID,
    wxAppSecret: e.WX_APP_SECRET,
    trustProxy: e.TRUST_PROXY,
    labTimeZone: e.LAB_TIME_ZONE,
    labProfile,
    auditTrustedKeysFile: resolve(e.AUDIT_TRUSTED_KEYS_FILE ?? join(keysDir, 'audit-checkpoint-trusted.pem')),
    auditCheckpointIntervalMs: Math.round(e.AUDIT_CHECKPOINT_MINUTES * 60_000),
    idempotencyKeyTtlMs: Math.round(e.IDEMPOTENCY_KEY_HOURS * 3_600_000),
    filesSweepGraceMs: Math.round(e.FILES_SWEEP_GRACE_HOURS * 3_600_000),
    secrets: secretSources(e, keysDir, dataDir),
    validateResponses: dev,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS ?? (dev ? 0 : 5000),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsEnabled: e.METRICS_ENABLED ?? (dev || metricsProtected),
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
  };
}

function secretSources(e: z.infer<typeof envSchema>, keysDir: string, dataDir: string): SecretSources {
  // An in-memory database keeps its generated secrets in memory too, unless a keys folder is named.
  const inMemory = dataDir.startsWith('memory://') && !e.DATABASE_URL && !e.KEYS_DIR;
  const source = (variable: keyof typeof e, fileVariable: keyof typeof e, fileName: string) => {
    const file = e[fileVariable] as string | undefined;
    return {
      variable,
      value: e[variable] as string | undefined,
      fileVariable,
      file: file ? resolve(file) : inMemory ? undefined : join(keysDir, fileName),
    };
  };
  return {
    deviceTicketKey: source('DEVICE_TICKET_KEY', 'DEVICE_TICKET_KEY_FILE', 'device-ticket-ed25519.pem'),
    auditSigningKey: source('AUDIT_SIGNING_KEY', 'AUDIT_SIGNING_KEY_FILE', 'audit-checkpoint-ed25519.pem'),
    oauthStateSecret: source('OAUTH_STATE_SECRET', 'OAUTH_STATE_SECRET_FILE', 'oauth-state.key'),
    subjectCardKey: source('SUBJECT_CARD_KEY', 'SUBJECT_CARD_KEY_FILE', 'subject-card-hmac.key'),
  };
}

/** FILES_DIR, else `<DATA_DIR>/files` for PGlite (temporary for `memory://`), else `.data/files`. */
function defaultFilesDir(filesDir: string | undefined, databaseUrl: string | undefined, dataDir: string) {
  if (filesDir) return resolve(filesDir);
  if (databaseUrl) return join(PACKAGE_DIR, '.data', 'files');
  return dataDir.startsWith('memory://') ? undefined : join(dataDir, 'files');
}
