import { ResultCode } from '@trialab/api-contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { labSignatures } from '../db/schema-lab.js';
import { ApiError } from '../lib/errors.js';
import type { SessionCtx } from '../lib/route.js';
import { confirmSessionPassword } from './identity/session-password.js';

declare const confirmed: unique symbol;
/** A signer whose password was re-entered and checked in this request (only confirmSigner makes one). */
export interface Signer {
  readonly userId: number;
  readonly username: string;
  readonly [confirmed]: true;
}

/**
 * Step 1 of an electronic signature (reports, plans), before the request writes anything: the
 * password re-entered and checked. A wrong one counts like a failed login and, with the session's
 * other wrong passwords, ends the session after the lock screen's limit (identity/session-password.ts).
 */
export async function confirmSigner(
  ctx: SessionCtx,
  signature: { password: string } | undefined,
): Promise<Signer> {
  if (!signature) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'signatureRequired' });
  await confirmSessionPassword(
    ctx,
    signature.password,
    'eSignature',
    new ApiError(ResultCode.BAD_REQUEST, { key: 'signaturePasswordWrong' }),
  );
  const p = ctx.principal;
  return { userId: p.userId, username: p.username } as Signer;
}

/**
 * Step 2: who signed, the meaning, the server's time and the hash of the content as signed are kept.
 */
export async function eSign(
  db: Executor,
  signer: Signer,
  what: { entity: string; entityId: number; action: string; meaning: string; contentHash: string; at: Date },
): Promise<void> {
  await insertSignature(db, {
    entity: what.entity,
    entityId: what.entityId,
    action: what.action,
    meaning: what.meaning,
    userId: signer.userId,
    signerName: signer.username,
    signedAt: what.at,
    contentHash: what.contentHash,
  });
}

/** A row of `lab_signatures` as it is (eSign's; the demo seeds write their history with it). */
export async function insertSignature(
  db: Executor,
  values: typeof labSignatures.$inferInsert,
): Promise<void> {
  await db.insert(labSignatures).values(values);
}

/** The signatures of one record, oldest first, as the contract's `signatureRow` (times as ISO). */
export async function signaturesOf(db: Executor, entity: string, entityId: number) {
  const rows = await db
    .select({
      action: labSignatures.action,
      meaning: labSignatures.meaning,
      signerName: labSignatures.signerName,
      signedAt: labSignatures.signedAt,
      contentHash: labSignatures.contentHash,
    })
    .from(labSignatures)
    .where(and(eq(labSignatures.entity, entity), eq(labSignatures.entityId, entityId)))
    .orderBy(asc(labSignatures.id));
  return rows.map((r) => ({ ...r, signedAt: r.signedAt.toISOString() }));
}
