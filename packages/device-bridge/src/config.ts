import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  CAMERA_RESTART_INTERVAL_MS,
  DEFAULT_BRIDGE_PORT,
  FINGERPRINT_HUMAN_WAIT_MS,
  HELLO_WINDOW_MS,
  MAX_FRAME_BYTES,
  PRINTER_DPIS,
  printerNameSchema,
  REFRESH_ROUND_PAUSE_MS,
  VENDOR_TIMEOUTS_MS,
  ZA_POLL_INTERVAL_MS,
  ZK_POLL_INTERVAL_MS,
} from '@trialab/device-protocol';
import { z } from 'zod';

/** The demo stack's console origin; IT replaces it with the real console address. */
export const DEFAULT_ALLOWED_ORIGIN = 'http://localhost:8080';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** An origin exactly as browsers send it: scheme, host and port only, no path or trailing slash. */
const originSchema = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
    } catch {
      return false;
    }
  },
  { message: 'must be an exact origin such as https://lab.example.com or http://localhost:8080' },
);

const httpUrl = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const ms = (fallback: number) => z.int().min(1).max(3_600_000).default(fallback);

export const configSchema = z
  .strictObject({
    /** Loopback only: the bridge drives devices on this workstation and nothing else may reach it. */
    host: z.enum(['127.0.0.1', '::1']).default('127.0.0.1'),
    port: z.int().min(0).max(65_535).default(DEFAULT_BRIDGE_PORT),
    /** Console origins allowed to open the WebSocket, compared exactly. */
    allowedOrigins: z.array(originSchema).min(1).max(32).default([DEFAULT_ALLOWED_ORIGIN]),
    vendors: z
      .strictObject({
        camera: z
          .strictObject({
            enabled: z.boolean().default(true),
            url: httpUrl.default('http://127.0.0.1:38088'),
            /** Face comparison API: detect once (newer `face=verifybase64`, else older `comparison=imgdata`), or fixed. */
            faceApi: z.enum(['auto', 'verifybase64', 'imgdata']).default('auto'),
          })
          .prefault({}),
        za: z
          .strictObject({ enabled: z.boolean().default(true), url: httpUrl.default('http://127.0.0.1:8867') })
          .prefault({}),
        zk: z
          .strictObject({
            enabled: z.boolean().default(true),
            url: httpUrl.default('https://127.0.0.1:22002'),
            /** PEM file of the CA that signed the ZK service's certificate (HTTPS port 22002). */
            caFile: z.string().min(1).optional(),
            /** Skip certificate verification: allowed only for a loopback ZK address. */
            insecure: z.boolean().default(false),
          })
          .prefault({}),
      })
      .prefault({}),
    ticket: z
      .strictObject({
        /** The API server's Ed25519 public key (PEM), stored by `trialab-bridge pair`. */
        publicKeyPem: z.string().min(1).optional(),
        /** Or a file holding it. */
        publicKeyFile: z.string().min(1).optional(),
        /** Where `pair` fetched the key from (and where `fetchKeyOnStart` fetches it). */
        serverUrl: httpUrl.optional(),
        /** Fetch the key from serverUrl at every start (demo stack); production pairs once instead. */
        fetchKeyOnStart: z.boolean().default(false),
        /** Tickets living longer than this are refused (the server's own limit is 3600 s, its default 120 s). */
        maxLifetimeMs: ms(3_600_000),
        /** Tolerated clock difference between the server and this workstation. */
        clockSkewMs: z.int().min(0).max(300_000).default(30_000),
      })
      .prefault({}),
    /**
     * Label printers (docs/labels.md): a network printer by `host` and `port` (raw TCP, 9100), or a
     * USB one by its local print `queue`; a print goes only to the address configured here.
     */
    printers: z
      .array(
        z.strictObject({
          name: printerNameSchema,
          host: z.string().min(1).max(253).default('127.0.0.1'),
          port: z.int().min(1).max(65_535).default(9100),
          queue: z
            .string()
            .regex(/^[A-Za-z0-9._-]{1,127}$/)
            .optional(),
          dpi: z.union(PRINTER_DPIS.map((d) => z.literal(d))).default(203),
          widthMm: z.number().min(10).max(220).default(50),
          heightMm: z.number().min(5).max(400).default(25),
          offsetXDots: z.int().min(-120).max(120).default(0),
          offsetYDots: z.int().min(-120).max(120).default(0),
          darkness: z.int().min(0).max(30).default(15),
          cjkFont: z.boolean().default(false),
        }),
      )
      .max(32)
      .default([])
      .refine(
        (list) => new Set(list.map((p) => p.name)).size === list.length,
        'printer names must be unique',
      ),
    /** SPEC section 9 timeouts of each vendor request; shorten only for tests. */
    timeouts: z
      .strictObject({
        cameraClient: ms(VENDOR_TIMEOUTS_MS.cameraClient),
        defaultCall: ms(VENDOR_TIMEOUTS_MS.defaultCall),
        fingerprintImage: ms(VENDOR_TIMEOUTS_MS.fingerprintImage),
        faceVerify: ms(VENDOR_TIMEOUTS_MS.faceVerify),
        fingerprintRead: ms(VENDOR_TIMEOUTS_MS.fingerprintRead),
        idCard: ms(VENDOR_TIMEOUTS_MS.idCard),
        zkClient: ms(VENDOR_TIMEOUTS_MS.zkClient),
        /** How long a fingerprint capture waits for the person to press. */
        fingerprintWait: ms(FINGERPRINT_HUMAN_WAIT_MS),
        /** Status probes for `welcome`, /health and background polling: short, they must not hold a page up. */
        statusProbe: ms(2_000),
      })
      .prefault({}),
    polling: z
      .strictObject({
        zaMs: ms(ZA_POLL_INTERVAL_MS),
        zkMs: ms(ZK_POLL_INTERVAL_MS),
        refreshPauseMs: ms(REFRESH_ROUND_PAUSE_MS),
        cameraRestartMs: ms(CAMERA_RESTART_INTERVAL_MS),
        /** Background device-status polling while some client has a camera page open. */
        statusMs: ms(3_000),
      })
      .prefault({}),
    /** Second and later callers of a busy device wait in a bounded FIFO, then get DEVICE_BUSY. */
    queue: z
      .strictObject({ maxWaiting: z.int().min(0).max(100).default(4), maxWaitMs: ms(10_000) })
      .prefault({}),
    limits: z
      .strictObject({
        maxFrameBytes: z.int().min(1024).max(MAX_FRAME_BYTES).default(MAX_FRAME_BYTES),
        /** A socket must send `hello` this soon after the upgrade, or it is closed (4002). */
        helloTimeoutMs: ms(HELLO_WINDOW_MS),
        /** Connections that passed `hello` with a valid ticket; sockets still waiting never count here. */
        maxConnections: z.int().min(1).max(1_000).default(64),
        /** Sockets that have not sent `hello` yet; when full, the oldest of them is closed (4002) to admit a new one. */
        maxPendingConnections: z.int().min(1).max(100).default(8),
        maxVendorResponseBytes: z
          .int()
          .min(1024)
          .default(64 * 1024 * 1024),
      })
      .prefault({}),
    logs: z
      .strictObject({
        level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
        /** Rotating JSON log files here (service mode); absent: standard output. */
        dir: z.string().min(1).optional(),
        /** Human-readable output; default: when standard output is a terminal. */
        pretty: z.boolean().optional(),
        maxFiles: z.int().min(1).max(365).default(14),
        maxFileSize: z
          .string()
          .regex(/^\d+[kmg]?$/)
          .default('20m'),
      })
      .prefault({}),
  })
  .superRefine((config, ctx) => {
    const zk = new URL(config.vendors.zk.url);
    if (config.vendors.zk.insecure && !isLoopbackHost(zk.hostname)) {
      ctx.addIssue({
        code: 'custom',
        path: ['vendors', 'zk', 'insecure'],
        message: 'insecure is allowed only for a loopback ZK address (127.0.0.1, localhost, ::1)',
      });
    }
    if (config.ticket.fetchKeyOnStart && !config.ticket.serverUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['ticket', 'fetchKeyOnStart'],
        message: 'needs ticket.serverUrl',
      });
    }
  });

export type BridgeConfig = z.output<typeof configSchema>;
export type BridgeConfigInput = z.input<typeof configSchema>;

/** A configuration that cannot be used: what is wrong, in English and Chinese. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    message: string,
    readonly messageZh: string,
  ) {
    super(message);
  }
}

type Raw = Record<string, unknown>;

function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Later layers win; objects merge, everything else is replaced. */
export function mergeLayers(...layers: Raw[]): Raw {
  const out: Raw = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      const current = out[key];
      out[key] = isObject(current) && isObject(value) ? mergeLayers(current, value) : value;
    }
  }
  return out;
}

function setPath(target: Raw, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (!isObject(next)) node[key] = {};
    node = node[key] as Raw;
  }
  const last = path.at(-1);
  if (last) node[last] = value;
}

const bool = (text: string) =>
  /^(1|true|yes|on)$/i.test(text) ? true : /^(0|false|no|off)$/i.test(text) ? false : text;
const num = (text: string) => (/^\d+$/.test(text) ? Number(text) : text);
const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const same = (text: string) => text;

/** Environment variables that override the file (documented in docs/device-bridge.md). */
export const ENV_OVERRIDES: ReadonlyArray<[string, readonly string[], (text: string) => unknown]> = [
  ['TRIALAB_BRIDGE_HOST', ['host'], same],
  ['TRIALAB_BRIDGE_PORT', ['port'], num],
  ['TRIALAB_BRIDGE_ALLOWED_ORIGINS', ['allowedOrigins'], list],
  ['TRIALAB_BRIDGE_CAMERA_URL', ['vendors', 'camera', 'url'], same],
  ['TRIALAB_BRIDGE_ZA_URL', ['vendors', 'za', 'url'], same],
  ['TRIALAB_BRIDGE_ZK_URL', ['vendors', 'zk', 'url'], same],
  ['TRIALAB_BRIDGE_ZK_CA_FILE', ['vendors', 'zk', 'caFile'], same],
  ['TRIALAB_BRIDGE_ZK_INSECURE', ['vendors', 'zk', 'insecure'], bool],
  ['TRIALAB_BRIDGE_SERVER_URL', ['ticket', 'serverUrl'], same],
  ['TRIALAB_BRIDGE_FETCH_KEY_ON_START', ['ticket', 'fetchKeyOnStart'], bool],
  ['TRIALAB_BRIDGE_PUBLIC_KEY_FILE', ['ticket', 'publicKeyFile'], same],
  ['TRIALAB_BRIDGE_LOG_DIR', ['logs', 'dir'], same],
  ['TRIALAB_BRIDGE_LOG_LEVEL', ['logs', 'level'], same],
];

export function envLayer(env: NodeJS.ProcessEnv): Raw {
  const out: Raw = {};
  for (const [name, path, convert] of ENV_OVERRIDES) {
    const value = env[name];
    if (value !== undefined && value !== '') setPath(out, path, convert(value));
  }
  return out;
}

/** Where the configuration file lives unless --config or TRIALAB_BRIDGE_CONFIG says otherwise. */
export function defaultConfigPath(env: NodeJS.ProcessEnv = process.env): string {
  if (process.platform === 'win32') {
    return join(env.ProgramData ?? 'C:\\ProgramData', 'Trialab', 'device-bridge', 'config.json');
  }
  if (process.getuid?.() === 0) return '/etc/trialab-bridge/config.json';
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'trialab-bridge', 'config.json');
}

export function readConfigFile(path: string): Raw {
  if (!existsSync(path)) return {};
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `Cannot read configuration file ${path}: ${reason}`,
      `无法读取配置文件 ${path}：${reason}`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ConfigError(`Configuration file ${path} is not valid JSON`, `配置文件 ${path} 不是有效的 JSON`);
  }
  if (!isObject(value)) {
    throw new ConfigError(
      `Configuration file ${path} must hold a JSON object`,
      `配置文件 ${path} 必须是 JSON 对象`,
    );
  }
  return value;
}

export function parseConfig(raw: unknown, source = 'configuration'): BridgeConfig {
  const result = configSchema.safeParse(raw);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw new ConfigError(`Invalid ${source}: ${issues}`, `配置无效（${source}）：${issues}`);
}

/** File, then environment, then command-line flags; validated as a whole. */
export function loadConfig(options: { file?: string; env?: NodeJS.ProcessEnv; flags?: Raw } = {}): {
  config: BridgeConfig;
  path: string;
} {
  const env = options.env ?? process.env;
  const path = options.file ?? env.TRIALAB_BRIDGE_CONFIG ?? defaultConfigPath(env);
  const merged = mergeLayers(readConfigFile(path), envLayer(env), options.flags ?? {});
  return { config: parseConfig(merged, path), path };
}
