// Building blocks shared by the endpoint declarations.
import { z } from 'zod';
import { fileIdFields } from './file-ids.js';
import { EMAIL_PATTERN, MOBILE_PATTERN, passwordSchema } from './password.js';

export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const idParams = z.object({ id });
const fileIdOf = (images: boolean) =>
  z.number().int().positive().max(2_147_483_647).register(fileIdFields, { images });
/**
 * The only way to declare a request field naming stored files: the server checks that the caller
 * may attach every file named (file-ids.ts; docs/api.md "File ids in requests").
 */
export const fileId = fileIdOf(false);
/** A file id that must name an image upload. */
export const imageFileId = fileIdOf(true);
/** Up to `max` file ids, empty when absent. */
export const fileIdList = (max: number, options: { images?: boolean } = {}) =>
  z
    .array(options.images ? imageFileId : fileId)
    .max(max)
    .default([]);
/** Optimistic concurrency: the version the client read. */
export const version = z.number().int().positive();
/** SPEC: page sizes 10..50 on screens, 99999 for permission fetches. */
export const pageFields = {
  page: z.number().int().min(1).max(1_000_000).default(1),
  size: z.number().int().min(1).max(99_999).default(10),
};
export const pageBody = z.object(pageFields);
export const status01 = z.union([z.literal(0), z.literal(1)]);
export const mobile = z.string().trim().regex(MOBILE_PATTERN, 'validation.mobile');
export const email = z.string().trim().max(64).regex(EMAIL_PATTERN, 'validation.email');
export const password = passwordSchema;
/** Six digits from the SMS or e-mail. */
export const code = z.string().regex(/^\d{6}$/, 'validation.code');
export const agreement = z.literal(true, { message: 'validation.agreement' });
export const text = (max: number) => z.string().trim().min(1).max(max);
export const optionalText = (max: number) => z.string().trim().max(max).nullish();
export const isoTime = z.string();
/**
 * Who created, last edited or submitted a version: none of them may approve, return or review it
 * (segregation of duties; the workflow's `ActorContext.isAuthor`).
 */
export const authorIds = z.array(z.number());
