// Demo login history for /system/log: a week of sign-ins by the demo accounts from the lab's
// workstations and sites, with a few failures of each kind. Synthetic addresses (RFC 5737 ranges).
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { t } from '../lib/i18n.js';

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE_WIN = `${CHROME_WIN} Edg/131.0.2903.86`;
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15';
const WECHAT_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323b) NetType/WIFI Language/zh_CN';

/** [hours ago, mobile or e-mail, method, reason (null = success), fail count, ip, user agent] */
type Attempt = [number, string, string, string | null, number, string, string];
const ATTEMPTS: Attempt[] = [
  [160, '13800000001', 'password', null, 0, '192.0.2.21', CHROME_WIN],
  [150, '13800000002', 'password', null, 0, '192.0.2.22', EDGE_WIN],
  [130, '13900000001', 'sms', null, 0, '198.51.100.40', SAFARI_MAC],
  [110, '13800000004', 'password', 'wrongPassword', 1, '192.0.2.24', CHROME_WIN],
  [110, '13800000004', 'password', 'wrongPassword', 2, '192.0.2.24', CHROME_WIN],
  [109, '13800000004', 'password', null, 2, '192.0.2.24', CHROME_WIN],
  [90, 'lab@trialab.local', 'email', 'codeInvalid', 1, '192.0.2.21', CHROME_WIN],
  [89, 'lab@trialab.local', 'email', null, 0, '192.0.2.21', CHROME_WIN],
  [70, '13799990000', 'password', 'unknownAccount', 1, '203.0.113.77', 'curl/8.5.0'],
  [70, '13799990000', 'password', 'unknownAccount', 2, '203.0.113.77', 'curl/8.5.0'],
  [50, '13900000002', 'wechat', null, 0, '198.51.100.41', WECHAT_IOS],
  [30, '13800000003', 'password', null, 0, '192.0.2.23', SAFARI_MAC],
  [8, '13800000007', 'password', null, 0, '192.0.2.27', EDGE_WIN],
];

export async function seedSystemDemo(tx: Transaction, now: Date): Promise<void> {
  const people = await tx
    .select({ id: s.users.id, mobile: s.users.mobile, email: s.users.email })
    .from(s.users);
  const idOf = (account: string) =>
    people.find((p) => p.mobile === account || p.email === account)?.id ?? null;
  await tx.insert(s.loginLogs).values(
    ATTEMPTS.map(([hoursAgo, account, method, reason, failCount, ip, userAgent], i) => ({
      userId: idOf(account),
      account,
      method,
      success: reason === null,
      // The texts the login service stores (in the seed's language).
      message: t('zh_CN', reason === null ? 'ok' : 'loginFailed'),
      reason,
      failCount,
      ip,
      userAgent,
      // A minute apart within an hour, so a run of failures reads in order.
      createdAt: new Date(now.getTime() - hoursAgo * 3_600_000 + i * 60_000),
    })),
  );
}
