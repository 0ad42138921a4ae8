import { defineEndpoint, defineGroup, type endpoints } from '@trialab/api-contract';
import Fastify from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { type Ctx, type Principal, registerGroup } from './route.js';

const group = defineGroup('demo', {
  list: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/demo/list',
    summary: 'Demo list',
    access: 'authenticated',
    mutates: false,
    data: z.array(z.number()),
  }),
  ping: defineEndpoint({
    service: 'user',
    method: 'GET',
    path: '/demo/ping',
    summary: 'Demo ping',
    access: 'public',
    mutates: false,
    data: z.null(),
  }),
});

describe('registerGroup', () => {
  it('registers every endpoint of the group', async () => {
    const app = Fastify();
    registerGroup(app, group, { list: async () => [1], ping: async () => null });
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/api/kmct-user/demo/list' })).toBe(true);
    expect(app.hasRoute({ method: 'GET', url: '/api/kmct-user/demo/ping' })).toBe(true);
    await app.close();
  });

  it('refuses a group with a missing handler, at the typecheck and at start-up', () => {
    // @ts-expect-error `ping` has no handler
    expect(() => registerGroup(Fastify(), group, { list: async () => [1] })).toThrow(/missing ping/);
  });

  it('refuses a handler for an endpoint the group does not declare', () => {
    expect(() =>
      registerGroup(Fastify(), group, {
        list: async () => [1],
        ping: async () => null,
        // @ts-expect-error `pong` is not declared
        pong: async () => null,
      }),
    ).toThrow(/unknown pong/);
  });
});

describe('Ctx', () => {
  it('gives non-public handlers a principal and public ones a possibly absent one', () => {
    expectTypeOf<Ctx<typeof group.list>['principal']>().toEqualTypeOf<Principal>();
    expectTypeOf<Ctx<typeof group.ping>['principal']>().toEqualTypeOf<Principal | null>();
    expectTypeOf<Ctx<typeof endpoints.user.page>['principal']>().toEqualTypeOf<Principal>();
    expectTypeOf<Ctx<typeof endpoints.auth.login>['principal']>().toEqualTypeOf<Principal | null>();
  });
});
