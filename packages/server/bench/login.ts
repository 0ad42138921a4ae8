import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { captchas } from '../src/db/schema.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';

/**
 * Logs in a demo account (the super account unless told) the way the console does: puzzle (answer
 * read from the database), then password.
 */
export async function loginAsAdmin(
  db: Database,
  port: number,
  account = '13800000000',
): Promise<{ token: string; signingKey: string }> {
  const base = `http://127.0.0.1:${port}/api/kmct-user`;
  const challenge = (await (await fetch(`${base}/sys/auth/captcha`)).json()) as {
    data: { captchaId: string };
  };
  const rows = await db.select().from(captchas).where(sql`${captchas.id} = ${challenge.data.captchaId}`);
  const post = async (path: string, body: unknown) =>
    (
      await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const verify = (await post('/sys/auth/captcha/verify', { captchaId: rows[0]?.id, x: rows[0]?.pieceX })) as {
    data: { passToken: string };
  };
  const login = (await post('/sys/auth/login', {
    account,
    password: DEMO_PASSWORD,
    passToken: verify.data.passToken,
    agreement: true,
  })) as { data: { token: string; signingKey: string } };
  return login.data;
}
