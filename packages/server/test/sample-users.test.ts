import { endpoints, ResultCode } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { FEATURE_ENGINES } from './engines.js';
import {
  call,
  envelope,
  login,
  projectOutsideScope,
  type Session,
  startEnv,
  type TestEnv,
} from './helpers.js';

const { sampleUsers } = endpoints;

interface Handler {
  username: string;
  roles: string[];
}

/**
 * POST /sample/users: one specimen's handlers from its receipt, bench and custody
 * records (the timeline demo's LIB-TL-0001), everyone who handled a project's specimens, filtered by
 * role and name; a barcode outside the caller's projects is not found; the permission is checked.
 */
describe.each(FEATURE_ENGINES)('sample users on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  const ask = async (body: Record<string, unknown>, session?: Session) =>
    envelope(await call(env.app, sampleUsers.list, { body, session: session ?? keeper }, env.clock.now));
  const names = (data: unknown) => (data as Handler[]).map((h) => `${h.username}:${h.roles.join('+')}`);

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
  });
  afterAll(() => env.close());

  it('names who received, signed for and moved one specimen', async () => {
    const answer = await ask({ code: 'LIB-TL-0001' });
    expect(answer.code).toBe(200);
    expect(names(answer.data).sort()).toEqual(['李实验:receipt+bench', '赵样本:custody']);
    expect(names((await ask({ code: 'LIB-TL-0001', roles: ['custody'] })).data)).toEqual(['赵样本:custody']);
    expect(names((await ask({ code: 'LIB-TL-0001', keyword: '实验' })).data)).toEqual([
      '李实验:receipt+bench',
    ]);
  });

  it('lists the handlers of the caller’s projects, one project’s, and keeps other projects out', async () => {
    const db = env.handle.db;
    const [km2] = await db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-002'));
    const all = names((await ask({ roles: ['custody'] })).data);
    expect(all).toContain('赵样本:custody');
    expect(names((await ask({ projectId: km2?.id, roles: ['custody'] })).data)).toContain('赵样本:custody');

    const outside = await projectOutsideScope(env, 'KM-SU-OUT');
    await db.insert(specimenBarcodes).values({
      code: 'SU-OUT-1',
      projectId: outside,
      status: 'signed',
      signedBy: keeper.login.user.id,
      createdBy: keeper.login.user.id,
      createdAt: new Date(),
    });
    expect((await ask({ code: 'SU-OUT-1' })).code).toBe(ResultCode.NOT_FOUND);
    expect((await ask({ projectId: outside })).data).toEqual([]);
    expect((await ask({ code: 'NO-SUCH-CODE' })).code).toBe(ResultCode.NOT_FOUND);
  });

  it('checks the permission and refuses malformed input', async () => {
    const finance = await login(env, '13800000005');
    expect((await ask({ code: 'LIB-TL-0001' }, finance)).code).toBe(ResultCode.FORBIDDEN);
    expect((await ask({ roles: ['nobody'] })).code).toBe(ResultCode.BAD_REQUEST);
    expect((await ask({ code: 12 })).code).toBe(ResultCode.BAD_REQUEST);
  });
});
