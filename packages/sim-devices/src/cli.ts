#!/usr/bin/env node
import { parseArgs } from 'node:util';
import type { Dialect } from './model.js';
import { listScenarios } from './scenarios.js';
import { PortInUseError, SimOptionsError, type SimulatorOptions, startSimulators } from './simulators.js';

const USAGE = `Usage: sim-devices [start] [options]
       sim-devices scenarios

Simulated vendor device services (camera/ID card/face, ZA and ZK fingerprint).

Options:
  --host <address>            bind address (default 127.0.0.1)
  --camera-port <n>           camera / ID card / face service (default 38088)
  --za-port <n>               ZA fingerprint module (default 8867)
  --zk-http-port <n>          ZKBioOnline over HTTP (default 22001)
  --zk-https-port <n>         ZKBioOnline over HTTPS (default 22002)
  --printer-port <n>          ZPL label printer over raw TCP (default 9100)
  --dialect <name>            camera API build: spec, legacy, legacy-cn (default spec)
  --scenario <name>           starting scenario (default happy; see "sim-devices scenarios")
  --fps <n>                   MJPEG frames per second, 1-60 (default 15)
  --resolution <WxH>          starting camera resolution (default 640x480)
  --ca-file <path>            write the HTTPS CA certificate here (default a temporary file)
  --card-wait-ms <n>          how long card=idcard waits for a card (default 30000)
  --auto-present-ms <n>       delay before an automatic card or finger (default 1500)
  -h, --help                  show this help
A port of 0 picks a free one.`;

/** One line, English then Chinese, and exit code 2: the launcher shows it as it is. */
function die(message: string, messageZh?: string): never {
  console.error(`sim-devices: ${message}${messageZh ? ` / ${messageZh}` : ''}`);
  process.exit(2);
}

function int(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value))
    die(`--${name} must be a whole number (got "${value}")`, `--${name} 必须是整数（收到 "${value}"）`);
  return Number(value);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      'camera-port': { type: 'string', default: '38088' },
      'za-port': { type: 'string', default: '8867' },
      'zk-http-port': { type: 'string', default: '22001' },
      'zk-https-port': { type: 'string', default: '22002' },
      'printer-port': { type: 'string', default: '9100' },
      dialect: { type: 'string', default: 'spec' },
      scenario: { type: 'string', default: 'happy' },
      fps: { type: 'string', default: '15' },
      resolution: { type: 'string', default: '640x480' },
      'ca-file': { type: 'string' },
      'card-wait-ms': { type: 'string' },
      'auto-present-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
try {
  parsed = parse();
} catch (error) {
  die(`${error instanceof Error ? error.message : String(error)} (try --help)`, '参数无效（见 --help）');
}

const { values, positionals } = parsed;
const command = positionals[0] ?? 'start';
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (command === 'scenarios') {
  for (const s of listScenarios()) console.log(`${s.name.padEnd(16)} ${s.description}`);
  process.exit(0);
}
if (command !== 'start' || positionals.length > 1) {
  die(
    `unknown command "${positionals.join(' ')}" (try --help)`,
    `未知命令 "${positionals.join(' ')}"（见 --help）`,
  );
}

const fps = Number(values.fps);
if (!Number.isFinite(fps))
  die(`--fps must be a number (got "${values.fps}")`, `--fps 必须是数字（收到 "${values.fps}"）`);
const timings: SimulatorOptions['timings'] = {};
const cardWait = int('card-wait-ms', values['card-wait-ms']);
if (cardWait !== undefined) timings.cardWaitMs = cardWait;
const autoPresent = int('auto-present-ms', values['auto-present-ms']);
if (autoPresent !== undefined) timings.autoPresentMs = autoPresent;

const options: SimulatorOptions = {
  host: values.host,
  cameraPort: int('camera-port', values['camera-port']),
  zaPort: int('za-port', values['za-port']),
  zkHttpPort: int('zk-http-port', values['zk-http-port']),
  zkHttpsPort: int('zk-https-port', values['zk-https-port']),
  printerPort: int('printer-port', values['printer-port']),
  dialect: values.dialect as Dialect,
  scenario: values.scenario,
  fps,
  resolution: values.resolution,
  timings,
};
if (values['ca-file']) options.caFile = values['ca-file'];

try {
  const sims = await startSimulators(options);
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    sims.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`sim-devices: error while closing: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  // Handlers first: a launcher may signal the moment it hears "ready".
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // A launcher that dies without a signal leaves no orphan behind.
  if (process.send) process.once('disconnect', stop);
  const { host, ports, caFile } = sims;
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  console.log(
    `sim-devices: camera/ID card/face  http://${hostInUrl}:${ports.camera}  (dialect ${sims.control.dialect})`,
  );
  console.log(`sim-devices: ZA fingerprint       http://${hostInUrl}:${ports.za}`);
  console.log(
    `sim-devices: ZK fingerprint       http://${hostInUrl}:${ports.zkHttp}  https://${hostInUrl}:${ports.zkHttps}`,
  );
  console.log(
    `sim-devices: ZPL label printer    tcp://${hostInUrl}:${ports.printer}  (jobs at /__sim/printer)`,
  );
  console.log(`sim-devices: ZK HTTPS CA file     ${caFile}`);
  console.log(`sim-devices: scenario ${sims.control.scenario.name}; control at /__sim/state on any port`);
  // Under the stack launcher, report the ports actually bound.
  process.send?.({ type: 'ready', ports, caFile });
} catch (error) {
  if (error instanceof PortInUseError || error instanceof SimOptionsError)
    die(error.message, error.messageZh);
  throw error;
}
