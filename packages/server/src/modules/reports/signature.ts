import { ResultCode } from '@trialab/api-contract';
import type { Executor } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import type { Principal } from '../../lib/route.js';
import { verifyPassword } from '../../services/identity/passwords.js';
import { insertSignature } from './repository.js';

/**
 * An electronic signature (reports, plans): the password re-entered and checked, then who signed,
 * the meaning, the server's time and the hash of the content as signed are kept.
 */
export async function eSign(
  db: Executor,
  p: Principal,
  signature: { password: string } | undefined,
  what: { entity: string; entityId: number; action: string; meaning: string; contentHash: string; at: Date },
): Promise<void> {
  if (!signature) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'signatureRequired' });
  if (!(await verifyPassword(p.user.passwordHash, signature.password))) {
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'signaturePasswordWrong' });
  }
  await insertSignature(db, {
    entity: what.entity,
    entityId: what.entityId,
    action: what.action,
    meaning: what.meaning,
    userId: p.userId,
    signerName: p.username,
    signedAt: what.at,
    contentHash: what.contentHash,
  });
}
