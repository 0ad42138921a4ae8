// Field rules of the portal (SPEC sections 3, 5 and 9), declared once for the server and the forms.
import { z } from 'zod';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../password.js';

/** SPEC section 5 limits. */
export const PORTAL_LIMITS = {
  addressDetail: 255,
  senderName: 16,
  senderPhone: 16,
  senderCompany: 32,
  senderEmail: 64,
  note: 255,
  cancelReason: 255,
  rejectReason: 255,
  /** Sample quantity: at most 8 digits. */
  quantityMax: 99_999_999,
  replyMin: 8,
  replyMax: 255,
} as const;

/** SPEC: name is letters or Chinese characters only (inner spaces and the middle dot allowed). */
export const NAME_PATTERN = /^[A-Za-z\u3400-\u9fff]+(?:[ ·][A-Za-z\u3400-\u9fff]+)*$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const personName = (max: number) =>
  z.string().trim().min(1).max(max).regex(NAME_PATTERN, 'validation.name');
export const phone = (max = 16) => z.string().trim().min(1).max(max).regex(PHONE_PATTERN, 'validation.phone');
export const portalEmail = (max = 64) => z.string().trim().max(max).regex(EMAIL_PATTERN, 'validation.email');
/** Optional text: empty strings become null. */
export const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
export const optionalEmail = (max = 64) =>
  z
    .union([z.literal(''), portalEmail(max)])
    .nullish()
    .transform((v) => (v ? v : null));
/** `YYYY-MM-DD` of a real calendar day (2026-13-40 is refused here, not turned into an invalid instant). */
export const dateString = z
  .string()
  .regex(DATE_PATTERN, 'validation.date')
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === v;
  }, 'validation.date');
export const optionalDate = z
  .union([z.literal(''), dateString])
  .nullish()
  .transform((v) => (v ? v : null));

/** Contact block shared by addresses, receivers, senders and consignees. */
export const contactFields = {
  name: personName(16),
  phone: phone(16),
  area: z.string().trim().min(1).max(128),
  company: optional(32),
  detail: z.string().trim().min(1).max(PORTAL_LIMITS.addressDetail),
  email: optionalEmail(64),
};
export const contactSchema = z.object(contactFields);
export const contactRow = z.object({
  name: z.string(),
  phone: z.string(),
  area: z.string(),
  company: z.string().nullable(),
  detail: z.string(),
  email: z.string().nullable(),
});
export type Contact = z.infer<typeof contactRow>;

/** Who did a transition and when (each step is recorded). */
export const eventRow = z.object({
  id: z.number(),
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  at: z.string(),
  reason: z.string().nullable(),
});
