import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.js';
// Every id as declared before ids were derived from the group keys (sorted).
import recordedIds from './endpoint-ids.json' with { type: 'json' };
import { ALL_ENDPOINTS, endpoints } from './index.js';

/** Endpoints whose id is not `group.key`: the audit trail already stores the old id. */
const KEPT_IDS: Record<string, string> = { 'auth.firstUpdatePassword': 'user.firstUpdatePassword' };

describe('derived endpoint ids and signing', () => {
  it('keeps every id (the audit action) exactly as recorded', () => {
    expect(ALL_ENDPOINTS.map((e) => e.id).sort()).toEqual(recordedIds);
  });

  it('names each endpoint group.key, apart from the recorded exceptions', () => {
    const ids = Object.entries(endpoints).flatMap(([group, members]) =>
      Object.entries(members).map(([key, endpoint]) => {
        const position = `${group}.${key}`;
        expect(endpoint.id, position).toBe(KEPT_IDS[position] ?? position);
        return endpoint.id;
      }),
    );
    expect(ids).toHaveLength(ALL_ENDPOINTS.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('signs exactly the endpoints that are not public', () => {
    for (const e of ALL_ENDPOINTS) expect(e.signed, e.id).toBe(e.access !== 'public');
    expect(ALL_ENDPOINTS.filter((e) => !e.signed).length).toBeGreaterThan(0);
  });

  it('derives id and signed in defineGroup, keeping an explicit id', () => {
    const common = { service: 'user', method: 'GET', path: '/x', summary: 'x', mutates: false } as const;
    const group = defineGroup('demo', {
      open: defineEndpoint({ ...common, access: 'public', data: z.null() }),
      mine: defineEndpoint({ ...common, access: 'authenticated', data: z.null() }),
      guarded: defineEndpoint({ ...common, access: { permission: 'a:b:c' }, data: z.null() }),
      moved: defineEndpoint({ ...common, id: 'old.moved', access: 'authenticated', data: z.null() }),
    });
    expect([group.open, group.mine, group.guarded, group.moved].map((e) => [e.id, e.signed])).toEqual([
      ['demo.open', false],
      ['demo.mine', true],
      ['demo.guarded', true],
      ['old.moved', true],
    ]);
    // A declaration cannot state its own signing: it follows from `access`.
    // @ts-expect-error `signed` is derived, not declared
    defineEndpoint({ ...common, access: 'public', signed: true, data: z.null() });
  });
});
