import { execFile } from 'node:child_process';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SERVICE_ID, type ServiceSpec, systemdUnit, winswXml } from './definitions.js';

/** Side effects of installing, injectable so the steps are tested on any machine. */
export interface SystemActions {
  run(command: string, args: string[]): Promise<void>;
  writeFile(path: string, text: string): Promise<void>;
  copyFile(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  mkdir(path: string): Promise<void>;
}

const exec = promisify(execFile);

export const realActions: SystemActions = {
  run: async (command, args) => {
    await exec(command, args, { windowsHide: true });
  },
  writeFile: (path, text) => writeFile(path, text, 'utf8'),
  copyFile: (from, to) => copyFile(from, to),
  remove: (path) => rm(path, { force: true }),
  mkdir: async (path) => {
    await mkdir(path, { recursive: true });
  },
};

export class UnsupportedPlatformError extends Error {
  override readonly name = 'UnsupportedPlatformError';
  constructor(
    readonly platform: string,
    message: string,
    readonly messageZh: string,
  ) {
    super(message);
  }
}

export interface InstallOptions {
  platform: NodeJS.Platform;
  spec: ServiceSpec;
  /** Windows: the WinSW executable IT downloaded (WinSW-x64.exe); copied next to the service XML. */
  winswPath?: string;
  /** Windows: where the service wrapper and its XML live. */
  serviceDir: string;
  /** Linux: where the unit goes. */
  unitDir?: string;
}

const unsupported = (platform: string) =>
  new UnsupportedPlatformError(
    platform,
    `Installing as a service is supported on Windows (WinSW) and Linux (systemd), not ${platform}`,
    `仅支持在 Windows（WinSW）和 Linux（systemd）上安装为服务，不支持 ${platform}`,
  );

/** Installs and starts the service; returns what it did, for the operator. */
export async function installService(
  options: InstallOptions,
  actions: SystemActions = realActions,
): Promise<string[]> {
  const done: string[] = [];
  await actions.mkdir(options.spec.logDir);
  if (options.platform === 'linux') {
    const unitPath = join(options.unitDir ?? '/etc/systemd/system', `${SERVICE_ID}.service`);
    await actions.writeFile(unitPath, systemdUnit(options.spec));
    done.push(`wrote ${unitPath}`);
    await actions.run('systemctl', ['daemon-reload']);
    await actions.run('systemctl', ['enable', '--now', SERVICE_ID]);
    done.push(`enabled and started ${SERVICE_ID}`);
    return done;
  }
  if (options.platform === 'win32') {
    if (!options.winswPath) {
      throw new UnsupportedPlatformError(
        'win32',
        'Pass --winsw <path to WinSW-x64.exe> (see docs/device-bridge.md)',
        '请用 --winsw 指定 WinSW-x64.exe 的路径（见 docs/device-bridge.md）',
      );
    }
    await actions.mkdir(options.serviceDir);
    const exe = join(options.serviceDir, `${SERVICE_ID}.exe`);
    const xml = join(options.serviceDir, `${SERVICE_ID}.xml`);
    await actions.copyFile(options.winswPath, exe);
    await actions.writeFile(xml, winswXml(options.spec));
    done.push(`wrote ${exe} and ${xml}`);
    await actions.run(exe, ['install']);
    await actions.run(exe, ['start']);
    done.push(`installed and started service ${SERVICE_ID} (restarts on failure)`);
    return done;
  }
  throw unsupported(options.platform);
}

export async function uninstallService(
  options: InstallOptions,
  actions: SystemActions = realActions,
): Promise<string[]> {
  const done: string[] = [];
  if (options.platform === 'linux') {
    const unitPath = join(options.unitDir ?? '/etc/systemd/system', `${SERVICE_ID}.service`);
    await actions.run('systemctl', ['disable', '--now', SERVICE_ID]);
    await actions.remove(unitPath);
    await actions.run('systemctl', ['daemon-reload']);
    done.push(`stopped, disabled and removed ${SERVICE_ID}`);
    return done;
  }
  if (options.platform === 'win32') {
    const exe = join(options.serviceDir, `${SERVICE_ID}.exe`);
    await actions.run(exe, ['stop']);
    await actions.run(exe, ['uninstall']);
    await actions.remove(join(options.serviceDir, `${SERVICE_ID}.xml`));
    await actions.remove(exe);
    done.push(`stopped and removed service ${SERVICE_ID}`);
    return done;
  }
  throw unsupported(options.platform);
}
