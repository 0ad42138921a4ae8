/** System information rules that need no database. */
import type { Config } from '../../config.js';

/** The journal's name of the newest applied migration (drizzle records each by its journal time). */
export function lastMigrationName(
  journal: ReadonlyArray<{ tag: string; when: number }>,
  lastWhen: number | null,
) {
  if (lastWhen === null) return null;
  return journal.find((entry) => entry.when === lastWhen)?.tag ?? null;
}

/** How the server's outside services are set up, without any address, account or key. */
export function serviceModes(config: Pick<Config, 'smtpUrl' | 'sms' | 'wxProvider'>) {
  return {
    mail: config.smtpUrl ? ('smtp' as const) : ('outbox' as const),
    sms: config.sms.provider,
    wechat: config.wxProvider,
  };
}

/** Whole seconds between two instants, never negative. */
export const secondsBetween = (from: number, to: number) => Math.max(0, Math.floor((to - from) / 1000));
