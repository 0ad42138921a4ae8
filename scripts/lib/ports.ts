import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export interface PortClaim {
  port: number;
  host: string;
  /** Which of our services wants the port, for the error message. */
  owner: string;
}

export class PortInUseError extends Error {
  constructor(
    readonly claim: PortClaim,
    readonly holder: string | undefined,
  ) {
    super(
      `port ${claim.port} (needed by the ${claim.owner}) is already in use` +
        (holder ? ` by ${holder}` : '') +
        '. Stop that process or free the port, then start again.',
    );
  }
}

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** Best effort: "pid 1234 (node server.js)" for the process listening on a TCP port (Linux, macOS). */
export function describePortHolder(port: number): string | undefined {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8', stdio: 'pipe' });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    if (pid) return `pid ${pid} (${commandLine(pid) ?? /\(\("([^"]+)"/.exec(out)?.[1] ?? 'unknown'})`;
  } catch {
    // ss missing or not permitted: try lsof
  }
  try {
    const out = execFileSync('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fpc'], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    const pid = /^p(\d+)/m.exec(out)?.[1];
    const name = /^c(.+)$/m.exec(out)?.[1];
    if (pid) return `pid ${pid} (${commandLine(pid) ?? name ?? 'unknown'})`;
  } catch {
    // no lsof either
  }
  return undefined;
}

function commandLine(pid: string): string | undefined {
  try {
    const raw = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const text = raw.split('\0').filter(Boolean).join(' ');
    return text.length > 120 ? `${text.slice(0, 117)}...` : text || undefined;
  } catch {
    return undefined;
  }
}

/** Throws PortInUseError for the first claimed port that something else already holds. */
export async function assertPortsFree(claims: PortClaim[]): Promise<void> {
  for (const claim of claims) {
    if (!(await isFree(claim.port, claim.host))) {
      throw new PortInUseError(claim, describePortHolder(claim.port));
    }
  }
}
