import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { BridgeConfig } from './config.js';
import { isLoopbackHost } from './config.js';
import { loadPublicKey } from './security/ticket.js';
import { CameraAdapter } from './vendors/camera/adapter.js';
import type { ProbeResult, VendorAdapter } from './vendors/types.js';
import { ZaAdapter } from './vendors/za/adapter.js';
import { ZkAdapter } from './vendors/zk/adapter.js';

export interface HidDevice {
  vendorId: number;
  productId: number;
  product?: string | undefined;
  manufacturer?: string | undefined;
}

export interface DoctorOptions {
  config: BridgeConfig;
  configPath: string;
  /** Lists HID devices; node-hid by default. Failures are reported, never thrown. */
  listHid?: () => Promise<HidDevice[]>;
  /** Non-loopback addresses of this machine; from the network interfaces by default. */
  addresses?: () => string[];
  /** Whether something accepts TCP on host:port (short timeout). */
  reachable?: (host: string, port: number) => Promise<boolean>;
}

export interface DoctorLine {
  level: 'ok' | 'warn' | 'fail' | 'info';
  text: string;
}

async function nodeHid(): Promise<HidDevice[]> {
  const hid = await import('node-hid');
  const devices = await hid.devicesAsync();
  return devices.map((d) => ({
    vendorId: d.vendorId,
    productId: d.productId,
    product: d.product,
    manufacturer: d.manufacturer,
  }));
}

function localAddresses(): string[] {
  const out: string[] = [];
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) if (!info.internal) out.push(info.address);
  }
  return out;
}

function tcpReachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 500 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

function portOf(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

const hex = (n: number) => n.toString(16).padStart(4, '0');

/** Checks what IT needs to know on one workstation; never throws. */
export async function runDoctor(options: DoctorOptions): Promise<DoctorLine[]> {
  const { config } = options;
  const lines: DoctorLine[] = [];
  const line = (level: DoctorLine['level'], text: string) => lines.push({ level, text });

  line('info', `configuration: ${options.configPath}`);
  line(
    'info',
    `listens on ${config.host === '::1' ? '[::1]' : config.host}:${config.port}; allowed origins: ${config.allowedOrigins.join(', ')}`,
  );
  const pem = config.ticket.publicKeyPem;
  if (pem) {
    try {
      line(
        'ok',
        `paired: server key ${loadPublicKey(pem).kid}${config.ticket.serverUrl ? ` from ${config.ticket.serverUrl}` : ''}`,
      );
    } catch (error) {
      line(
        'fail',
        `stored server key is not usable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  } else if (config.ticket.publicKeyFile) line('info', `server key file: ${config.ticket.publicKeyFile}`);
  else if (config.ticket.fetchKeyOnStart)
    line('info', `server key fetched at start from ${config.ticket.serverUrl}`);
  else line('fail', 'not paired: run `trialab-bridge pair --server <console URL>`');

  const adapters: VendorAdapter[] = [];
  try {
    adapters.push(new CameraAdapter(config), new ZaAdapter(config), new ZkAdapter(config));
  } catch (error) {
    line('fail', `vendor configuration: ${error instanceof Error ? error.message : String(error)}`);
  }
  const probes: ProbeResult[] = await Promise.all(adapters.map((a) => a.probe()));
  await Promise.all(adapters.map((a) => a.dispose()));
  for (const probe of probes) {
    if (probe.state === 'disabled') line('info', `${probe.service}: disabled`);
    else if (probe.state === 'ready') {
      const warning = probe.lastError
        ? ` (answered ${probe.lastError.code}: ${probe.lastError.message})`
        : '';
      line(
        probe.lastError ? 'warn' : 'ok',
        `${probe.service}: ${probe.address} answers in ${Math.round(probe.latencyMs ?? 0)} ms${warning}`,
      );
    } else
      line(
        'fail',
        `${probe.service}: ${probe.address} unreachable (${probe.lastError?.code ?? 'unknown'}: ${probe.lastError?.message ?? ''})`,
      );
  }

  // A vendor service reachable from the network lets any machine drive the devices, bypassing the bridge.
  const addresses = (options.addresses ?? localAddresses)();
  const reachable = options.reachable ?? tcpReachable;
  const vendors = [config.vendors.camera, config.vendors.za, config.vendors.zk].filter((v) => v.enabled);
  for (const vendor of vendors) {
    const url = new URL(vendor.url);
    if (!isLoopbackHost(url.hostname))
      line(
        'warn',
        `${vendor.url} is not a loopback address: traffic to the device service leaves this machine`,
      );
    const port = portOf(url);
    for (const address of addresses) {
      if (await reachable(address, port)) {
        line(
          'warn',
          `port ${port} answers on ${address}: other machines can reach this device service; block it in the firewall`,
        );
      }
    }
  }

  try {
    const devices = await (options.listHid ?? nodeHid)();
    line('info', `HID devices: ${devices.length}`);
    for (const d of devices) {
      line(
        'info',
        `  ${hex(d.vendorId)}:${hex(d.productId)} ${d.manufacturer ?? ''} ${d.product ?? ''}`.trimEnd(),
      );
    }
  } catch (error) {
    line(
      'warn',
      `HID devices could not be listed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return lines;
}
