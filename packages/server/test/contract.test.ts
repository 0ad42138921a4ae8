import { ALL_ENDPOINTS, type EndpointDef, fullPath } from '@trialab/api-contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/lib/route.js';
import { startEnv, type TestEnv } from './helpers.js';

describe('endpoint registration', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startEnv('pglite');
  });
  afterAll(() => env.close());

  it('registers a route for every declaration of the contract', () => {
    const missing = ALL_ENDPOINTS.filter(
      (e) => !env.app.hasRoute({ method: e.method, url: fullPath(e).replace(/\{(\w+)\}/g, ':$1') }),
    ).map((e) => e.id);
    expect(missing).toEqual([]);
  });

  it('refuses to register an endpoint without an access rule, or a session endpoint that is unsigned', () => {
    const app = Fastify();
    const base = {
      id: 'test.x',
      service: 'user',
      method: 'GET',
      path: '/test/x',
      summary: 'x',
      signed: true,
      mutates: false,
      data: z.null(),
    } as const;
    const handler = async () => null;
    expect(() => route(app, { ...base } as unknown as EndpointDef, handler)).toThrow(/no access declaration/);
    expect(() => route(app, { ...base, access: { permission: '' } } as EndpointDef, handler)).toThrow(
      /no access declaration/,
    );
    expect(() =>
      route(app, { ...base, access: 'authenticated', signed: false } as EndpointDef, handler),
    ).toThrow(/not signed/);
  });
});
