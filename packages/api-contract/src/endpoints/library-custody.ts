// Identity-verified custody (docs/library.md "Identity-verified custody"): at a bill's confirmation
// the receiver (outbound) or the witness (destruction) is identified through the device bridge (ID
// card + face comparison, or ID card + fingerprint) against the project's authorised recipients,
// and the document camera captures the signed handover form. Only the result is kept (score,
// device, time, masked card number), never face images or fingerprint templates (PIPL). A
// workstation without devices may use a password e-signature where the lab's settings allow it.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id, idParams, imageFileId, isoTime, optionalText, pageFields, text, version } from '../schemas.js';
import { BILL_PERMISSIONS } from '../workflows/library-bills.js';
import { CARD_TYPES, FACE_MIN_THRESHOLD } from './lab.js';

export const LIBRARY_CUSTODY_PERMISSIONS = {
  /** Keep the project's authorised recipients (a tab of out-warehouse-bill-confirm). */
  recipientEdit: 'specimen:manage-out-warehouse-bill-confirm:recipient',
  /** The lab's custody settings: thresholds and the password fallback. */
  setting: 'specimen:manage-out-warehouse-bill-confirm:setting',
} as const;

/** Who an authorised entry may be at a handover: the receiver of outbound specimens, the witness of a destruction, or both. */
export const RECIPIENT_ROLES = ['receiver', 'witness', 'both'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];
/** How a person was identified: ID card + face, ID card + fingerprint, or a password e-signature (no devices). */
export const CUSTODY_METHODS = ['idcardFace', 'fingerprint', 'password'] as const;
export type CustodyMethod = (typeof CUSTODY_METHODS)[number];
/** The device that gave the score: the camera service's face comparison, or a fingerprint reader. */
export const CUSTODY_DEVICE_TYPES = ['camera', 'zk', 'za'] as const;
export const CUSTODY_ROLES = ['receiver', 'witness'] as const;

/** The lab's defaults: the face floor the subject registration uses, a fingerprint score of the ZK scale. */
export const CUSTODY_DEFAULTS = {
  faceThreshold: FACE_MIN_THRESHOLD,
  fingerprintThreshold: 60,
  passwordFallback: true,
} as const;

export const custodySettings = z.object({
  /** A face comparison passes above this confidence (0..100, never below FACE_MIN_THRESHOLD). */
  faceThreshold: z.number().min(FACE_MIN_THRESHOLD).max(100),
  /** A fingerprint comparison passes above this score. */
  fingerprintThreshold: z.number().min(1).max(1000),
  /** A workstation without devices may confirm with a password e-signature. */
  passwordFallback: z.boolean(),
});
export type CustodySettings = z.infer<typeof custodySettings>;

export const recipientRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  name: z.string(),
  organisation: z.string(),
  role: z.enum(RECIPIENT_ROLES),
  cardType: z.enum(CARD_TYPES),
  /** The first 3 and last 4 characters; the full number is kept only as a keyed hash. */
  cardNoMasked: z.string(),
  phone: z.string().nullable(),
  /** A lab employee's own account (a witness): that account may not confirm the destruction it witnesses. */
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  enabled: z.boolean(),
  version: z.number(),
});
export type RecipientRow = z.infer<typeof recipientRow>;

const recipientFields = {
  name: text(64),
  organisation: text(128),
  role: z.enum(RECIPIENT_ROLES),
  phone: optionalText(32),
  userId: id.nullish(),
};
const cardFields = {
  cardType: z.enum(CARD_TYPES),
  cardId: z.string().trim().min(4).max(32),
};

/** A person identified by the workstation's devices: the server hashes the card and checks the score. */
export const deviceIdentity = z.object({
  method: z.enum(['idcardFace', 'fingerprint']),
  ...cardFields,
  /** Face confidence 0..100 or fingerprint score, as the bridge reported it. */
  score: z.number().min(0).max(1000),
  deviceType: z.enum(CUSTODY_DEVICE_TYPES),
  /** The workstation's device (bridge address and device), as reported. */
  deviceId: text(128),
  /** When the workstation compared. */
  verifiedAt: isoTime,
  /** The signed handover form as the document camera captured it (an image upload). */
  formFileId: imageFileId,
});
/** The outbound fallback: the confirming user's e-signature for a receiver chosen from the list. */
const receiverPassword = z.object({
  method: z.literal('password'),
  recipientId: id,
  password: z.string().min(1).max(64),
  formFileId: imageFileId.nullish(),
});
/**
 * The destruction fallback: another user types their own password (the shape before identity
 * checks, `method` may be left out).
 */
const witnessPassword = z.object({
  method: z.literal('password').default('password'),
  userId: id,
  password: z.string().min(1).max(64),
  formFileId: imageFileId.nullish(),
});
export const receiverIdentity = z.union([deviceIdentity, receiverPassword]);
export const witnessIdentity = z.union([deviceIdentity, witnessPassword]);
export type DeviceIdentity = z.infer<typeof deviceIdentity>;

/** What is kept of an identification: the result, never an image or a template. */
export const custodyCheck = z.object({
  billId: z.number(),
  role: z.enum(CUSTODY_ROLES),
  method: z.enum(CUSTODY_METHODS),
  recipientId: z.number().nullable(),
  userId: z.number().nullable(),
  personName: z.string(),
  organisation: z.string().nullable(),
  cardNoMasked: z.string().nullable(),
  score: z.number().nullable(),
  threshold: z.number().nullable(),
  deviceType: z.enum(CUSTODY_DEVICE_TYPES).nullable(),
  deviceId: z.string().nullable(),
  verifiedAt: isoTime.nullable(),
  formFileId: z.number().nullable(),
  recordedByName: z.string(),
  recordedAt: isoTime,
});
export type CustodyCheck = z.infer<typeof custodyCheck>;

export const libraryCustody = defineGroup('libraryCustody', {
  settings: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/custody/settings',
    summary: "The lab's custody settings: face and fingerprint thresholds, whether a password may stand in",
    access: 'authenticated',
    mutates: false,
    data: custodySettings,
  }),
  settingsUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/custody/settings',
    summary: "Change the lab's custody settings (audited)",
    access: { permission: LIBRARY_CUSTODY_PERMISSIONS.setting },
    mutates: true,
    body: custodySettings,
    data: custodySettings,
  }),
  recipientList: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/custody/recipients',
    summary: "A project's authorised recipients and witnesses (masked card numbers)",
    access: { permission: BILL_PERMISSIONS.outConfirm },
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      projectId: id.nullish(),
      keyword: z.string().trim().max(64).nullish(),
      role: z.enum(RECIPIENT_ROLES).nullish(),
      enabled: z.boolean().nullish(),
    }),
    data: z.array(recipientRow),
  }),
  recipientCreate: defineEndpoint({
    service: 'container',
    method: 'POST',
    path: '/library/custody/recipient',
    summary:
      'Authorise a person for a project: name, organisation, role, ID card (kept masked and hashed), phone',
    access: { permission: LIBRARY_CUSTODY_PERMISSIONS.recipientEdit },
    mutates: true,
    body: z.object({ projectId: id, ...recipientFields, ...cardFields }),
    data: z.object({ id: z.number() }),
  }),
  recipientUpdate: defineEndpoint({
    service: 'container',
    method: 'PUT',
    path: '/library/custody/recipient/{id}',
    summary:
      'Edit an authorised person (a new card number replaces the hash), or withdraw or restore the authorisation',
    access: { permission: LIBRARY_CUSTODY_PERMISSIONS.recipientEdit },
    mutates: true,
    params: idParams,
    body: z.object({
      version,
      ...recipientFields,
      enabled: z.boolean(),
      cardType: z.enum(CARD_TYPES).nullish(),
      cardId: cardFields.cardId.nullish(),
    }),
    data: z.object({ version: z.number() }),
  }),
  billCheck: defineEndpoint({
    service: 'container',
    method: 'GET',
    path: '/library/custody/bill/{id}',
    summary: "A confirmed bill's identity check: method, score, device, time, masked card, the handover form",
    access: 'authenticated',
    mutates: false,
    params: idParams,
    data: custodyCheck.nullable(),
  }),
});
