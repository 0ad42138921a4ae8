import { z } from 'zod';
import { defineEndpoint, defineGroup } from '../endpoint.js';
import { isoTime, pageFields } from '../schemas.js';

/**
 * One kind of pending item: records of `workflow` in `state` on which the caller may fire
 * `actions` from the page `route` (opened as `route?status=<state>`); or a counted to-do, not a
 * workflow's (server modules/todo/counted.ts): `workflow` and `state` name the count, `query` the
 * page's filter.
 */
const kind = {
  workflow: z.string(),
  state: z.string(),
  actions: z.array(z.string()),
  route: z.string(),
  /**
   * A counted to-do's link filter (`expiringDays=30`): its page is opened as `route?<query>` on
   * exactly the rows counted. Absent for a workflow's kind (opened as `route?status=<state>`).
   */
  query: z.string().optional(),
};

export const todo = defineGroup('todo', {
  counts: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/home/todo/counts',
    summary:
      "Pending items per kind: every workflow state from which the caller may fire an action, within the caller's projects and sites",
    access: 'authenticated',
    mutates: false,
    data: z.array(z.object({ ...kind, count: z.number() })),
  }),
  page: defineEndpoint({
    service: 'user',
    method: 'POST',
    path: '/home/todo/page',
    summary: 'Pending items one by one (oldest first), optionally of one workflow and state',
    access: 'authenticated',
    mutates: false,
    paged: true,
    body: z.object({
      ...pageFields,
      workflow: z.string().trim().max(64).optional(),
      state: z.string().trim().max(64).optional(),
    }),
    data: z.array(
      z.object({
        ...kind,
        id: z.number(),
        number: z.string(),
        createdAt: isoTime.nullable(),
        createdBy: z.string().nullable(),
      }),
    ),
  }),
});
