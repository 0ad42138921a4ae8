import { ALL_ENDPOINTS, type EndpointDef, fullPath, PLAN_PERMISSIONS } from '@trialab/api-contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/lib/route.js';
import { startEnv, type TestEnv } from './helpers.js';

/** A declaration as the route kit gets it, without its access rule. */
const declaration = {
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

describe('endpoint registration', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startEnv('postgres');
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
    const base = declaration;
    expect(() => route(app, { ...base } as unknown as EndpointDef, handler)).toThrow(/no access declaration/);
    expect(() => route(app, { ...base, access: { permission: '' } } as EndpointDef, handler)).toThrow(
      /no access declaration/,
    );
    expect(() =>
      route(app, { ...base, access: 'authenticated', signed: false } as EndpointDef, handler),
    ).toThrow(/not signed/);
  });

  it('refuses to register an endpoint firing a workflow transition with another permission than the transition’s', () => {
    const app = Fastify();
    const base = {
      ...declaration,
      id: 'test.approve',
      method: 'PUT',
      path: '/test/approve',
      mutates: true,
      fires: { workflow: 'projectPlan', actions: ['approve'] },
    } as const;
    // The editor's permission on the reviewer's transition.
    expect(() =>
      route(app, { ...base, access: { permission: PLAN_PERMISSIONS.edit } } as EndpointDef, handler),
    ).toThrow(/fires projectPlan.approve \(project:plan:review\) but declares project:plan:edit/);
    expect(() =>
      route(
        app,
        {
          ...base,
          fires: { workflow: 'projectPlan', actions: ['publish'] },
          access: { permission: PLAN_PERMISSIONS.review },
        } as EndpointDef,
        handler,
      ),
    ).toThrow(/undeclared/);
    expect(() =>
      route(app, { ...base, access: { permission: PLAN_PERMISSIONS.review } } as EndpointDef, handler),
    ).not.toThrow();
  });
});
