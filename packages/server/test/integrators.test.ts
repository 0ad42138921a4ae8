import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { compileErrors, validate } from '@readme/openapi-parser';
import { endpoints, fullPath } from '@trialab/api-contract';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, startEnv, type TestEnv } from './helpers.js';

// What a hospital's integration team does first: validate /api/docs/json, generate a typed client
// from it, and sign calls from another language (the shell example in docs/api.md). One server
// (PostgreSQL, the feature engine, from the seeded template) serves the document and the calls: the
// document is the routes' and not the database's, and a server of its own migrated a PGlite
// database for it alone.
let env: TestEnv;
let document: Record<string, unknown>;
beforeAll(async () => {
  env = await startEnv('postgres');
  const answer = await env.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});

it('is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
  // validate() dereferences in place: give it a copy.
  const result = await validate(structuredClone(document) as never);
  expect(result.valid ? '' : compileErrors(result)).toBe('');
  expect(result.specification).toBe('OpenAPI');
  // The recursive menu tree is a component the menu endpoint refers to, not an inline $defs.
  expect(JSON.stringify(document)).not.toContain('$defs');
  expect((document.components as { schemas: Record<string, unknown> }).schemas).toHaveProperty('MenuItem');
});

let dir: string;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  await env?.close();
});

it('generates TypeScript types (openapi-typescript) that a client compiles against', async () => {
  const types = astToString(await openapiTS(document as never));
  dir = await mkdtemp(join(tmpdir(), 'openapi-client-'));
  await writeFile(join(dir, 'api.ts'), types);
  // A third party's use of the generated types: a nested (recursive) field and a request body.
  await writeFile(
    join(dir, 'client.ts'),
    `import type { paths } from './api';
type Menus = paths['/api/kmct-user/sys/user/getMenus']['get']['responses'][200]['content']['application/json']['data'];
export const grandchildPath = (menus: Menus): string | undefined => menus[0]?.children[0]?.children[0]?.path;
type Login = NonNullable<paths['/api/kmct-user/sys/auth/login']['post']['requestBody']>['content']['application/json'];
export const account = (body: Login): string => body.account;
`,
  );
  const program = ts.createProgram([join(dir, 'client.ts')], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    // The language's own library, not the DOM the target's default adds (parsing lib.dom.d.ts costs
    // some 0.6 CPU s): the generated types need no DOM type, and would fail to compile if they did.
    lib: ['lib.es2022.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    types: [],
  });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  expect(errors).toEqual([]);
  expect(types).toContain('"/api/kmct-user/sys/user/getMenus"');
});

it('answers calls signed by the shell example in docs/examples (curl and openssl)', async () => {
  const session = await login(env, '13800000007');
  // The script signs with the real clock; the test server's clock must agree.
  env.clock.now = Date.now();
  const url = await env.app.listen({ host: '127.0.0.1', port: 0 });
  const script = fileURLToPath(new URL('../../../docs/examples/signed-call.sh', import.meta.url));
  const run = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)('bash', [script, ...args], {
      env: {
        ...process.env,
        TRIALAB_URL: url,
        TRIALAB_TOKEN: session.token,
        TRIALAB_SIGNING_KEY: session.signingKey,
      },
    });
    return JSON.parse(stdout) as { code: number; msg: string; data: unknown; total?: number };
  };
  const me = await run('GET', fullPath(endpoints.user.getCurrentUser));
  expect(me).toMatchObject({ code: 200, data: { id: session.login.user.id } });
  const simple = await run(
    'GET',
    fullPath(endpoints.user.listOutSimple),
    `username=${encodeURIComponent('中心')}`,
  );
  expect(simple.code).toBe(200);
  const page = await run('POST', fullPath(endpoints.user.page), '', JSON.stringify({ page: 1, size: 2 }));
  expect(page).toMatchObject({ code: 200 });
  expect(page.total).toBeGreaterThan(2);
});
