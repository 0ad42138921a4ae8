// Identity-verified custody at a bill's confirmation (docs/library.md "Identity-verified custody").
// The trust boundary is the subject registration's: the workstation's bridge compares the live
// face with the card photo (or the finger with the card's fingerprint) and reports the score; the
// server checks the form (method, device, time), the score against the LAB's threshold (not the
// workstation's), and the card against the project's authorised list by its keyed hash. What is
// kept is the result only: never the card number in full, a face image or a fingerprint template.
import {
  type CustodySettings,
  type DeviceIdentity,
  type Lang,
  ResultCode,
  type ResultCodeValue,
} from '@trialab/api-contract';
import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../db/schema.js';
import { ApiError } from '../../lib/errors.js';
import type { SessionCtx } from '../../lib/route.js';
import { verifyPassword } from '../../services/identity/passwords.js';
import { claimAttempt } from '../../services/identity/throttle.js';
import { confirmSigner } from '../../services/signatures.js';
import { cardHash } from '../lab/subjects/repository.js';
import { maskCardNo } from '../lab/subjects/service.js';
import { type CUSTODY_MESSAGES, CUSTODY_ROLE_WORDS } from './messages.js';
import {
  authorisedByCard,
  formInUse,
  insertCustodyCheck,
  projectNoOf,
  readCustodySettings,
  recipientById,
} from './repository.js';

/** A workstation's comparison older than this (or this far ahead of the server's clock) is refused. */
const FRESH_MS = 60 * 60 * 1000;
const AHEAD_MS = 5 * 60 * 1000;

type PasswordIdentity =
  | { method: 'password'; recipientId: number; password: string; formFileId?: number | null | undefined }
  | { method: 'password'; userId: number; password: string; formFileId?: number | null | undefined };
export type Identity = DeviceIdentity | PasswordIdentity;

/** The bill as identification needs it. */
export interface CustodyBill {
  id: number;
  projectId: number;
}

/** Who was identified: the name kept on the bill, and the witnessing account when there is one. */
export interface Identified {
  personName: string;
  userId: number | null;
}

const refuse = (
  code: ResultCodeValue,
  key: keyof typeof CUSTODY_MESSAGES | 'billWitnessSelf',
  params: Record<string, string | number> = {},
) => new ApiError(code, { key, params });

const projectNo = async (ctx: SessionCtx, projectId: number) =>
  (await projectNoOf(ctx.db, projectId)) ?? String(projectId);

/** The threshold a method's score must pass, from the lab's settings. */
export function thresholdOf(settings: CustodySettings, method: DeviceIdentity['method']): number {
  return method === 'idcardFace' ? settings.faceThreshold : settings.fingerprintThreshold;
}

/** The checks of a device identification that need no database: device, time, score. */
export function assertDeviceResult(identity: DeviceIdentity, settings: CustodySettings, now: Date): number {
  const face = identity.method === 'idcardFace';
  if (face !== (identity.deviceType === 'camera'))
    throw refuse(ResultCode.BAD_REQUEST, 'custodyDeviceMismatch');
  const at = new Date(identity.verifiedAt);
  const age = now.getTime() - at.getTime();
  if (Number.isNaN(at.getTime()) || age > FRESH_MS || age < -AHEAD_MS)
    throw refuse(ResultCode.BAD_REQUEST, 'custodyStale', { at: identity.verifiedAt });
  const threshold = thresholdOf(settings, identity.method);
  if (!(identity.score > threshold))
    throw refuse(ResultCode.BAD_REQUEST, 'custodyScoreLow', { score: identity.score, threshold });
  return threshold;
}

/**
 * Identifies the receiver (outbound) or the witness (destruction) of a bill being confirmed and
 * keeps the result; refuses, in the user's language, anyone not authorised, a score not above the
 * lab's threshold, and a password where the lab's settings require devices.
 */
export async function identify(
  ctx: SessionCtx,
  bill: CustodyBill,
  role: 'receiver' | 'witness',
  identity: Identity,
): Promise<Identified> {
  const settings = await readCustodySettings(ctx.db);
  const formFileId = identity.formFileId ?? null;
  if (formFileId !== null && (await formInUse(ctx.db, formFileId)))
    throw refuse(ResultCode.DUPLICATE, 'custodyFormUsed');
  const base = {
    billId: bill.id,
    role,
    method: identity.method,
    formFileId,
    recordedBy: ctx.principal.userId,
    recordedAt: ctx.now,
  };
  if (identity.method !== 'password') {
    const threshold = assertDeviceResult(identity, settings, ctx.now);
    const hash = cardHash(ctx.deps.secrets.subjectCard, identity.cardType, identity.cardId);
    const masked = maskCardNo(identity.cardId);
    const entry = await authorisedByCard(ctx.db, bill.projectId, role, hash);
    if (!entry)
      throw refuse(ResultCode.FORBIDDEN, 'custodyNotAuthorised', {
        card: masked,
        role: roleWord(role, ctx.lang),
        project: await projectNo(ctx, bill.projectId),
      });
    if (role === 'witness' && entry.userId === ctx.principal.userId)
      throw refuse(ResultCode.BAD_REQUEST, 'custodyWitnessSelf', { name: entry.name });
    const check = {
      ...base,
      recipientId: entry.id,
      userId: entry.userId,
      personName: entry.name,
      cardNoMasked: masked,
      score: identity.score,
      threshold,
      deviceType: identity.deviceType,
      deviceId: identity.deviceId,
      verifiedAt: new Date(identity.verifiedAt),
    };
    await keep(ctx, check);
    return { personName: entry.name, userId: entry.userId };
  }
  if (!settings.passwordFallback) throw refuse(ResultCode.FORBIDDEN, 'custodyDevicesRequired');
  if ('recipientId' in identity) {
    // The receiver has no account: the confirming user signs for having checked the listed person.
    const entry = await recipientById(ctx.db, identity.recipientId);
    if (!entry || entry.projectId !== bill.projectId || !entry.enabled || entry.role === 'witness')
      throw refuse(ResultCode.BAD_REQUEST, 'custodyRecipientUnknown', {
        project: await projectNo(ctx, bill.projectId),
      });
    await confirmSigner(ctx, { password: identity.password });
    await keep(ctx, { ...base, recipientId: entry.id, userId: null, personName: entry.name });
    return { personName: entry.name, userId: null };
  }
  // The witness without devices: another user types their own password.
  if (identity.userId === ctx.principal.userId) throw refuse(ResultCode.BAD_REQUEST, 'billWitnessSelf');
  const [person] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, identity.userId), eq(users.status, 1), ne(users.type, 2)));
  if (!person || !(await verifyPassword(person.passwordHash, identity.password))) {
    // Counted like a failed login of the witness's account; nothing else is written.
    await claimAttempt(ctx.db, `user:${identity.userId}`, ctx.now, () => 0);
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'billWitnessPassword', commit: true });
  }
  await keep(ctx, { ...base, recipientId: null, userId: person.id, personName: person.username });
  return { personName: person.username, userId: person.id };
}

const roleWord = (role: 'receiver' | 'witness', lang: Lang) => CUSTODY_ROLE_WORDS[role][lang];

/** Stores the check and audits it: the result only (the request's card number is not repeated). */
async function keep(ctx: SessionCtx, check: Parameters<typeof insertCustodyCheck>[1]) {
  await insertCustodyCheck(ctx.db, check);
  ctx.audit({
    action: 'libraryCustody.identify',
    entity: 'libraryCustodyCheck',
    entityId: check.billId,
    newValue: { ...check, recordedAt: undefined },
  });
}
