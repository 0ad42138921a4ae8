/**
 * Service definitions for the two platforms IT installs on. Generated as text so they can be
 * reviewed (`trialab-bridge install --print`) and unit-tested on any machine.
 */

export interface ServiceSpec {
  /** Absolute path of the Node.js executable. */
  nodePath: string;
  /** Absolute path of dist/cli.js. */
  cliPath: string;
  configPath: string;
  /** Where rotating log files go (also passed as --log-dir). */
  logDir: string;
  /** Linux: the account the service runs as (needs access to the USB devices). */
  user?: string;
}

export const SERVICE_ID = 'trialab-bridge';
export const SERVICE_NAME = 'Trialab device bridge';
const DESCRIPTION =
  'Local bridge between the Trialab web console and the lab devices (cameras, ID card, fingerprint)';

function runArgs(spec: ServiceSpec): string[] {
  return ['run', '--config', spec.configPath, '--log-dir', spec.logDir];
}

/** systemd quoting: double quotes around words with spaces, backslash and quote escaped. */
function systemdQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `"${word.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export function systemdUnit(spec: ServiceSpec): string {
  const exec = [spec.nodePath, spec.cliPath, ...runArgs(spec)].map(systemdQuote).join(' ');
  return [
    '[Unit]',
    `Description=${SERVICE_NAME}`,
    'Documentation=file://docs/device-bridge.md',
    'After=network.target',
    // Give up after 10 failed starts in 5 minutes instead of spinning forever.
    'StartLimitIntervalSec=300',
    'StartLimitBurst=10',
    '',
    '[Service]',
    'Type=simple',
    `ExecStart=${exec}`,
    'Restart=on-failure',
    'RestartSec=5',
    // A bad configuration (2) does not heal by restarting.
    'RestartPreventExitStatus=2',
    'KillSignal=SIGTERM',
    'TimeoutStopSec=15',
    ...(spec.user ? [`User=${spec.user}`] : []),
    'Environment=NODE_ENV=production',
    'NoNewPrivileges=true',
    'PrivateTmp=true',
    'ProtectSystem=full',
    'ProtectHome=read-only',
    `ReadWritePaths=${systemdQuote(spec.logDir)}`,
    '',
    '[Install]',
    'WantedBy=multi-user.target',
    '',
  ].join('\n');
}

function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Windows command-line quoting for one argument (CommandLineToArgvW rules). */
function windowsQuote(arg: string): string {
  if (arg !== '' && !/[\s"]/.test(arg)) return arg;
  return `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1')}"`;
}

/** WinSW service XML: restart on failure (10 s, 30 s, then every 60 s), failure count reset after a day. */
export function winswXml(spec: ServiceSpec): string {
  const args = [spec.cliPath, ...runArgs(spec)].map(windowsQuote).join(' ');
  return [
    '<service>',
    `  <id>${SERVICE_ID}</id>`,
    `  <name>${xmlEscape(SERVICE_NAME)}</name>`,
    `  <description>${xmlEscape(DESCRIPTION)}</description>`,
    `  <executable>${xmlEscape(spec.nodePath)}</executable>`,
    `  <arguments>${xmlEscape(args)}</arguments>`,
    '  <startmode>Automatic</startmode>',
    '  <delayedAutoStart>true</delayedAutoStart>',
    '  <onfailure action="restart" delay="10 sec"/>',
    '  <onfailure action="restart" delay="30 sec"/>',
    '  <onfailure action="restart" delay="60 sec"/>',
    '  <resetfailure>1 day</resetfailure>',
    '  <stoptimeout>15 sec</stoptimeout>',
    `  <logpath>${xmlEscape(spec.logDir)}</logpath>`,
    '  <log mode="roll-by-size">',
    '    <sizeThreshold>10240</sizeThreshold>',
    '    <keepFiles>8</keepFiles>',
    '  </log>',
    '  <env name="NODE_ENV" value="production"/>',
    '</service>',
    '',
  ].join('\r\n');
}
