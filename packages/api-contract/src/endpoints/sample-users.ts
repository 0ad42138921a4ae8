// POST /sample/users (SPEC section 7, main service): the users who handled samples, for the pickers
// that need them (the custody log's "who"): one specimen's handlers by its barcode, or everyone who
// handled a specimen of the caller's projects (optionally one project), each with what they did.
import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { id } from '../schemas.js';
import { LIBRARY_PERMISSIONS } from '../workflows/library.js';
import { barcode } from './lab.js';

/**
 * What a handler did with the samples: received the shipment (`receipt`), signed for it or moved it
 * in and out of temporary storage at the bench (`bench`), moved it in the library (`custody`).
 */
export const SAMPLE_HANDLER_ROLES = ['receipt', 'bench', 'custody'] as const;
export type SampleHandlerRole = (typeof SAMPLE_HANDLER_ROLES)[number];
/** Most handlers one answer lists (a picker's page). */
export const SAMPLE_USERS_MAX = 100;

export const sampleUser = z.object({
  id: z.number(),
  username: z.string(),
  roles: z.array(z.enum(SAMPLE_HANDLER_ROLES)),
  /** The last time they handled one (of these samples). */
  lastAt: z.string(),
});
export type SampleUser = z.infer<typeof sampleUser>;

export const sampleUsers = defineGroup('sampleUsers', {
  list: defineEndpoint({
    service: 'main',
    method: 'POST',
    path: '/sample/users',
    summary:
      'The users who handled a sample (by barcode) or the specimens of the caller’s projects (optionally one project): receipt, bench and custody, latest first (at most SAMPLE_USERS_MAX); a barcode outside the caller’s projects answers not found',
    access: { permission: LIBRARY_PERMISSIONS.logPage },
    mutates: false,
    body: z.object({
      code: barcode.optional(),
      projectId: id.optional(),
      /** Part of the user name. */
      keyword: z.string().trim().max(32).optional(),
      roles: z.array(z.enum(SAMPLE_HANDLER_ROLES)).min(1).max(3).optional(),
    }),
    data: z.array(sampleUser),
  }),
});
