import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CameraService } from './camera.js';
import { SimControl } from './control.js';
import { createServiceApp } from './http.js';
import { DEFAULT_TIMINGS, DIALECTS, type Dialect, type Timings } from './model.js';
import { getScenario, UnknownScenarioError } from './scenarios.js';
import { generateTls } from './tls.js';
import { ZaService } from './za.js';
import { ZkService } from './zk.js';
import type { ZplPrinter } from './zpl-printer.js';

export interface SimulatorOptions {
  /** Address every service binds to; default 127.0.0.1. */
  host?: string;
  /** Camera / ID card / face service (vendor default 38088); 0 or absent picks a free port. */
  cameraPort?: number;
  /** ZA fingerprint module (vendor default 8867). */
  zaPort?: number;
  /** ZKBioOnline over HTTP (vendor default 22001). */
  zkHttpPort?: number;
  /** ZKBioOnline over HTTPS (vendor default 22002). */
  zkHttpsPort?: number;
  /** ZPL label printer over raw TCP (printers listen on 9100); 0 or absent picks a free port. */
  printerPort?: number;
  /** `spec` (SPEC section 7), `legacy` or `legacy-cn` (older builds, VENDOR-NOTES); default spec. */
  dialect?: Dialect;
  /** Starting scenario (see `listScenarios()`); default `happy`. */
  scenario?: string;
  /** Frames per second of the MJPEG streams; default 15. */
  fps?: number;
  /** Starting camera resolution, `WIDTHxHEIGHT`; default 640x480. */
  resolution?: string;
  /** Where to write the PEM of the CA behind the HTTPS certificate; default a temporary file. */
  caFile?: string;
  /** Waits, shortened in tests. */
  timings?: Partial<Timings>;
}

export interface SimulatorPorts {
  camera: number;
  za: number;
  zkHttp: number;
  zkHttps: number;
  /** The simulated ZPL printer (raw TCP). */
  printer: number;
}

export interface RunningSimulators {
  host: string;
  ports: SimulatorPorts;
  /** File holding the CA certificate (PEM) a client must trust for the HTTPS port. */
  caFile: string;
  /** The same CA certificate, in memory. */
  ca: string;
  /** Scenarios, faults, cards, presses, scores, request log and concurrency counters. */
  control: SimControl;
  /** The camera service, for stream statistics. */
  camera: CameraService;
  /** The simulated ZPL printer: the jobs it received (also at `/__sim/printer`). */
  printer: ZplPrinter;
  close(): Promise<void>;
}

/** Bad options: a message in English and in Chinese. */
export class SimOptionsError extends Error {
  constructor(
    message: string,
    readonly messageZh: string,
  ) {
    super(message);
    this.name = 'SimOptionsError';
  }
}

/** A port that another process already holds. */
export class PortInUseError extends Error {
  readonly messageZh: string;
  constructor(
    readonly service: keyof SimulatorPorts,
    readonly port: number,
    readonly host: string,
  ) {
    super(`Port ${port} on ${host} (${service}) is already in use`);
    this.messageZh = `端口 ${port}（${host}，${service}）已被占用`;
    this.name = 'PortInUseError';
  }
}

export function parseResolution(text: string): { width: number; height: number } {
  const match = /^(\d{2,5})x(\d{2,5})$/i.exec(text.trim());
  const width = Number(match?.[1]);
  const height = Number(match?.[2]);
  if (!match || width < 16 || height < 16 || width > 4096 || height > 4096) {
    throw new SimOptionsError(
      `Resolution must be WIDTHxHEIGHT between 16 and 4096, e.g. 640x480 (got "${text}")`,
      `分辨率格式应为 宽x高，取值 16 到 4096，例如 640x480（收到 "${text}"）`,
    );
  }
  return { width, height };
}

function checkPort(name: string, port: number | undefined): number {
  const value = port ?? 0;
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    throw new SimOptionsError(
      `${name} must be an integer from 0 to 65535 (got ${port})`,
      `${name} 必须是 0 到 65535 的整数（收到 ${port}）`,
    );
  }
  return value;
}

function checkOptions(options: SimulatorOptions) {
  const dialect = options.dialect ?? 'spec';
  if (!DIALECTS.includes(dialect)) {
    throw new SimOptionsError(
      `Dialect must be ${DIALECTS.join(', ')} (got "${dialect}")`,
      `方言只能是 ${DIALECTS.join('、')}（收到 "${dialect}"）`,
    );
  }
  const scenario = options.scenario ?? 'happy';
  try {
    getScenario(scenario);
  } catch (error) {
    if (error instanceof UnknownScenarioError) throw new SimOptionsError(error.message, error.messageZh);
    throw error;
  }
  const fps = options.fps ?? 15;
  if (!Number.isFinite(fps) || fps < 1 || fps > 60) {
    throw new SimOptionsError(
      `fps must be from 1 to 60 (got ${options.fps})`,
      `帧率必须在 1 到 60 之间（收到 ${options.fps}）`,
    );
  }
  const timings = { ...DEFAULT_TIMINGS, ...options.timings };
  for (const [key, value] of Object.entries(timings)) {
    if (!Number.isFinite(value) || value < 0) {
      throw new SimOptionsError(
        `timings.${key} must be a number of milliseconds >= 0`,
        `timings.${key} 必须是不小于 0 的毫秒数`,
      );
    }
  }
  return {
    host: options.host ?? '127.0.0.1',
    ports: {
      camera: checkPort('cameraPort', options.cameraPort),
      za: checkPort('zaPort', options.zaPort),
      zkHttp: checkPort('zkHttpPort', options.zkHttpPort),
      zkHttps: checkPort('zkHttpsPort', options.zkHttpsPort),
      printer: checkPort('printerPort', options.printerPort),
    },
    dialect,
    scenario,
    fps,
    resolution: parseResolution(options.resolution ?? '640x480'),
    timings,
  };
}

async function listen(
  app: FastifyInstance,
  service: keyof SimulatorPorts,
  host: string,
  port: number,
): Promise<number> {
  try {
    await app.listen({ host, port });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      throw new PortInUseError(service, port, host);
    }
    throw error;
  }
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : port;
}

/** Starts every simulated vendor service; ports default to 0 (ephemeral) so tests never collide. */
export async function startSimulators(options: SimulatorOptions = {}): Promise<RunningSimulators> {
  const resolved = checkOptions(options);
  const control = new SimControl(resolved);
  const tls = await generateTls();
  const tempDir = options.caFile ? undefined : await mkdtemp(join(tmpdir(), 'sim-devices-'));
  const caFile = options.caFile ?? join(tempDir ?? tmpdir(), 'zk-ca.pem');
  await mkdir(dirname(caFile), { recursive: true });
  await writeFile(caFile, tls.ca);

  const camera = new CameraService(control);
  const zk = new ZkService(control);
  control.events.on('reset', () => zk.cancel());
  const apps: Array<[keyof SimulatorPorts, FastifyInstance]> = [
    ['camera', createServiceApp(camera, control)],
    ['za', createServiceApp(new ZaService(control), control)],
    ['zkHttp', createServiceApp(zk, control)],
    [
      'zkHttps',
      createServiceApp(zk, control, (handler) =>
        createHttpsServer({ key: tls.key, cert: tls.cert }, handler),
      ),
    ],
  ];
  const started: FastifyInstance[] = [];
  const printer = control.printer;
  const close = async () => {
    camera.stop();
    await printer.close();
    await Promise.all(started.map((app) => app.close()));
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
  const ports: SimulatorPorts = { camera: 0, za: 0, zkHttp: 0, zkHttps: 0, printer: 0 };
  try {
    for (const [service, app] of apps) {
      ports[service] = await listen(app, service, resolved.host, resolved.ports[service]);
      started.push(app);
    }
    ports.printer = await printer.listen(resolved.host, resolved.ports.printer).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
        throw new PortInUseError('printer', resolved.ports.printer, resolved.host);
      throw error;
    });
  } catch (error) {
    await close();
    throw error;
  }
  return { host: resolved.host, ports, caFile, ca: tls.ca, control, camera, printer, close };
}
