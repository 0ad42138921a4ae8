import { describe, expect, it } from 'vitest';
import { systemdUnit, winswXml } from './definitions.js';
import { installService, type SystemActions, UnsupportedPlatformError, uninstallService } from './install.js';

const linux = {
  nodePath: '/usr/bin/node',
  cliPath: '/opt/trialab bridge/dist/cli.js',
  configPath: '/etc/trialab-bridge/config.json',
  logDir: '/var/log/trialab-bridge',
  user: 'trialab',
};
const windows = {
  nodePath: 'C:\\Program Files\\nodejs\\node.exe',
  cliPath: 'C:\\Program Files\\Trialab\\bridge\\dist\\cli.js',
  configPath: 'C:\\ProgramData\\Trialab\\device-bridge\\config.json',
  logDir: 'C:\\ProgramData\\Trialab\\device-bridge\\logs',
};

describe('service definitions', () => {
  it('systemd unit restarts on failure, not on a bad configuration, and quotes paths', () => {
    const unit = systemdUnit(linux);
    expect(unit).toContain(
      'ExecStart=/usr/bin/node "/opt/trialab bridge/dist/cli.js" run --config /etc/trialab-bridge/config.json --log-dir /var/log/trialab-bridge',
    );
    for (const line of [
      'Restart=on-failure',
      'RestartSec=5',
      'RestartPreventExitStatus=2',
      'User=trialab',
      'WantedBy=multi-user.target',
      'NoNewPrivileges=true',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
  });

  it('WinSW XML restarts on failure and escapes and quotes its arguments', () => {
    const xml = winswXml({ ...windows, configPath: 'C:\\Data & "Co"\\config.json' });
    expect(xml).toContain('<id>trialab-bridge</id>');
    expect(xml).toContain('<executable>C:\\Program Files\\nodejs\\node.exe</executable>');
    expect(xml).toContain('<onfailure action="restart" delay="10 sec"/>');
    expect(xml).toContain('<resetfailure>1 day</resetfailure>');
    expect(xml).toContain('<startmode>Automatic</startmode>');
    expect(xml).toContain(
      '&#34;C:\\Program Files\\Trialab\\bridge\\dist\\cli.js&#34; run --config &#34;C:\\Data &#38; \\&#34;Co\\&#34;\\config.json&#34;',
    );
    expect(xml).not.toMatch(/&(?!#\d+;)/);
  });
});

describe('install steps', () => {
  function recorder() {
    const steps: string[] = [];
    const actions: SystemActions = {
      run: async (command, args) => {
        steps.push(`run ${command} ${args.join(' ')}`);
      },
      writeFile: async (path) => {
        steps.push(`write ${path}`);
      },
      copyFile: async (from, to) => {
        steps.push(`copy ${from} ${to}`);
      },
      remove: async (path) => {
        steps.push(`remove ${path}`);
      },
      mkdir: async (path) => {
        steps.push(`mkdir ${path}`);
      },
    };
    return { steps, actions };
  }

  it('installs and removes a systemd unit', async () => {
    const { steps, actions } = recorder();
    await installService(
      { platform: 'linux', spec: linux, serviceDir: '/unused', unitDir: '/tmp/units' },
      actions,
    );
    await uninstallService(
      { platform: 'linux', spec: linux, serviceDir: '/unused', unitDir: '/tmp/units' },
      actions,
    );
    expect(steps).toEqual([
      'mkdir /var/log/trialab-bridge',
      'write /tmp/units/trialab-bridge.service',
      'run systemctl daemon-reload',
      'run systemctl enable --now trialab-bridge',
      'run systemctl disable --now trialab-bridge',
      'remove /tmp/units/trialab-bridge.service',
      'run systemctl daemon-reload',
    ]);
  });

  it('installs a WinSW service with the given wrapper, and refuses without one', async () => {
    const { steps, actions } = recorder();
    const options = {
      platform: 'win32' as const,
      spec: windows,
      serviceDir: 'svc',
      winswPath: 'WinSW-x64.exe',
    };
    await installService(options, actions);
    expect(steps.filter((s) => s.startsWith('run'))).toEqual([
      'run svc/trialab-bridge.exe install',
      'run svc/trialab-bridge.exe start',
    ]);
    expect(steps).toContain('write svc/trialab-bridge.xml');
    await expect(installService({ ...options, winswPath: undefined }, actions)).rejects.toBeInstanceOf(
      UnsupportedPlatformError,
    );
    await expect(installService({ ...options, platform: 'darwin' }, actions)).rejects.toThrow(
      /Windows.*Linux/,
    );
  });
});
