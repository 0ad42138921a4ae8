#!/usr/bin/env node
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { buildBridge } from './app.js';
import { type BridgeConfig, ConfigError, loadConfig } from './config.js';
import { runDoctor } from './doctor.js';
import { ExitCode } from './exit-codes.js';
import { fetchServerKey, PairingError, storeServerKey } from './pair.js';
import { systemdUnit, winswXml } from './service/definitions.js';
import { installService, UnsupportedPlatformError, uninstallService } from './service/install.js';

const USAGE = `trialab-bridge [command] [options]

Commands:
  run (default)          start the bridge
  doctor                 check vendor services, network exposure, HID devices and the configuration
  pair --server <url>    fetch and store the API server's ticket key
  install [--winsw <exe>] [--user <name>] [--print]   install as a Windows (WinSW) or systemd service
  uninstall              remove the service

Options (run; they override the configuration file and TRIALAB_BRIDGE_* variables):
  --config <file>          configuration file
  --port <n>  --host <127.0.0.1|::1>
  --allowed-origin <origin> (repeatable)
  --camera-url <url>  --za-url <url>  --zk-url <url>  --zk-ca-file <file>  --zk-insecure
  --server-url <url>  --fetch-key   (fetch the server key at start, for the demo stack)
  --printer <name>=<host>:<port>   (repeatable) a network ZPL label printer with the default profile
  --log-dir <dir>  --log-level <level>  --pretty
`;

function fail(code: number, message: string, messageZh?: string): never {
  console.error(`trialab-bridge: ${message}`);
  if (messageZh) console.error(`trialab-bridge: ${messageZh}`);
  process.exit(code);
}

const argv = process.argv.slice(2);
const command = argv[0] && !argv[0].startsWith('-') ? argv[0] : 'run';
const rest = command === argv[0] ? argv.slice(1) : argv;

let parsed: ReturnType<typeof parse>;
function parse(args: string[]) {
  return parseArgs({
    args,
    options: {
      config: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'allowed-origin': { type: 'string', multiple: true },
      'camera-url': { type: 'string' },
      'za-url': { type: 'string' },
      'zk-url': { type: 'string' },
      'zk-ca-file': { type: 'string' },
      'zk-insecure': { type: 'boolean' },
      'server-url': { type: 'string' },
      server: { type: 'string' },
      'fetch-key': { type: 'boolean' },
      printer: { type: 'string', multiple: true },
      'log-dir': { type: 'string' },
      'log-level': { type: 'string' },
      pretty: { type: 'boolean' },
      winsw: { type: 'string' },
      user: { type: 'string' },
      print: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
}
try {
  parsed = parse(rest);
} catch (error) {
  fail(ExitCode.USAGE, `${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
}
const flags = parsed.values;
if (flags.help) {
  console.log(USAGE);
  process.exit(ExitCode.OK);
}

function flagLayer(): Record<string, unknown> {
  const port =
    flags.port === undefined ? undefined : /^\d+$/.test(flags.port) ? Number(flags.port) : flags.port;
  return {
    host: flags.host,
    port,
    allowedOrigins: flags['allowed-origin'],
    vendors: {
      camera: { url: flags['camera-url'] },
      za: { url: flags['za-url'] },
      zk: { url: flags['zk-url'], caFile: flags['zk-ca-file'], insecure: flags['zk-insecure'] },
    },
    ticket: { serverUrl: flags['server-url'], fetchKeyOnStart: flags['fetch-key'] },
    printers: flags.printer?.map((text) => {
      const match = /^([^=]+)=(.+):(\d+)$/.exec(text);
      return match ? { name: match[1], host: match[2], port: Number(match[3]) } : { name: text };
    }),
    logs: { dir: flags['log-dir'], level: flags['log-level'], pretty: flags.pretty },
  };
}

function config(): { config: BridgeConfig; path: string } {
  try {
    return loadConfig({ ...(flags.config ? { file: resolve(flags.config) } : {}), flags: flagLayer() });
  } catch (error) {
    if (error instanceof ConfigError) fail(ExitCode.CONFIG_INVALID, error.message, error.messageZh);
    throw error;
  }
}

/** Tells "our bridge already runs there" from "some other program holds the port". */
async function identifyPortHolder(host: string, port: number): Promise<'bridge' | 'other'> {
  try {
    const hostHeader = `${host === '::1' ? '[::1]' : host}:${port}`;
    const res = await request(`http://${hostHeader}/health`, {
      headers: { host: hostHeader },
      signal: AbortSignal.timeout(2_000),
    });
    const body = (await res.body.json()) as { status?: unknown; protocolVersion?: unknown };
    return body.status === 'ok' && typeof body.protocolVersion === 'number' ? 'bridge' : 'other';
  } catch {
    return 'other';
  }
}

async function run(): Promise<void> {
  const { config: cfg } = config();
  let publicKeyPem: string | undefined;
  if (cfg.ticket.fetchKeyOnStart && cfg.ticket.serverUrl) {
    try {
      publicKeyPem = (await fetchServerKey(cfg.ticket.serverUrl)).publicKeyPem;
    } catch (error) {
      if (error instanceof PairingError) fail(ExitCode.PAIRING_FAILED, error.message, error.messageZh);
      throw error;
    }
  }
  let app: ReturnType<typeof buildBridge>;
  try {
    app = buildBridge({ config: cfg, ...(publicKeyPem ? { publicKeyPem } : {}) });
  } catch (error) {
    if (error instanceof ConfigError) fail(ExitCode.CONFIG_INVALID, error.message, error.messageZh);
    throw error;
  }
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ why }, 'stopping');
    // Clients are told (bridge.goingAway, close 4010) in the websocket plugin's preClose.
    const force = setTimeout(() => process.exit(ExitCode.OK), 10_000);
    force.unref();
    void app.close().then(
      () => process.exit(ExitCode.OK),
      () => process.exit(ExitCode.FAILURE),
    );
  };
  // Handlers first: a launcher may signal the moment it hears "ready".
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  // Started by a launcher over IPC: never outlive it.
  if (process.send) process.once('disconnect', () => stop('parent disconnected'));

  try {
    await app.listen({ host: cfg.host, port: cfg.port });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      const holder = await identifyPortHolder(cfg.host, cfg.port);
      if (holder === 'bridge') {
        fail(
          ExitCode.ALREADY_RUNNING,
          `another trialab-bridge is already running on ${cfg.host}:${cfg.port}`,
          `已有另一个设备桥实例在 ${cfg.host}:${cfg.port} 上运行`,
        );
      }
      fail(
        ExitCode.PORT_IN_USE,
        `port ${cfg.port} on ${cfg.host} is used by another program; free it or set "port" in the configuration`,
        `端口 ${cfg.port}（${cfg.host}）已被其他程序占用；请释放该端口或在配置中修改 "port"`,
      );
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : cfg.port;
  app.log.info(
    { port, paired: app.bridge.verifier.paired },
    `device bridge listening on http://${cfg.host}:${port}`,
  );
  process.send?.({ type: 'ready', ports: { bridge: port } });
}

async function doctor(): Promise<void> {
  const { config: cfg, path } = config();
  const lines = await runDoctor({ config: cfg, configPath: path });
  if (flags.json) console.log(JSON.stringify(lines, null, 2));
  else for (const l of lines) console.log(`${l.level.toUpperCase().padEnd(4)} ${l.text}`);
  process.exit(lines.some((l) => l.level === 'fail') ? ExitCode.DOCTOR_PROBLEMS : ExitCode.OK);
}

async function pair(): Promise<void> {
  const server = flags.server ?? flags['server-url'];
  if (!server) fail(ExitCode.USAGE, 'pair needs --server <console URL>, e.g. https://lab.example.com');
  const { path } = config();
  try {
    const key = await fetchServerKey(server);
    storeServerKey(path, server, key);
    console.log(`paired with ${server}: key ${key.keyId} stored in ${path}`);
    console.log('restart the bridge service to use it');
  } catch (error) {
    if (error instanceof PairingError) fail(ExitCode.PAIRING_FAILED, error.message, error.messageZh);
    if (error instanceof ConfigError) fail(ExitCode.CONFIG_INVALID, error.message, error.messageZh);
    throw error;
  }
}

async function service(action: 'install' | 'uninstall'): Promise<void> {
  const { config: cfg, path } = config();
  const root = dirname(path);
  const spec = {
    nodePath: process.execPath,
    cliPath: fileURLToPath(import.meta.url),
    configPath: path,
    logDir: cfg.logs.dir ?? join(root, 'logs'),
    ...(flags.user ? { user: flags.user } : {}),
  };
  if (flags.print) {
    console.log(process.platform === 'win32' ? winswXml(spec) : systemdUnit(spec));
    return;
  }
  const options = {
    platform: process.platform,
    spec,
    serviceDir: join(root, 'service'),
    ...(flags.winsw ? { winswPath: resolve(flags.winsw) } : {}),
  };
  try {
    const done = action === 'install' ? await installService(options) : await uninstallService(options);
    for (const step of done) console.log(step);
  } catch (error) {
    if (error instanceof UnsupportedPlatformError)
      fail(ExitCode.UNSUPPORTED_PLATFORM, error.message, error.messageZh);
    fail(
      ExitCode.FAILURE,
      `${action} failed: ${error instanceof Error ? error.message : String(error)} (run as administrator/root)`,
    );
  }
}

const commands: Record<string, () => Promise<void>> = {
  run,
  doctor,
  pair,
  install: () => service('install'),
  uninstall: () => service('uninstall'),
};
const handler = commands[command];
if (!handler) fail(ExitCode.USAGE, `unknown command ${command}\n\n${USAGE}`);
handler().catch((error: unknown) => {
  fail(ExitCode.FAILURE, error instanceof Error ? (error.stack ?? error.message) : String(error));
});
