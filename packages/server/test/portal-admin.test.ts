import { randomBytes } from 'node:crypto';
import {
  type AccountApplicationDetail,
  type ConsumableOrderDetail,
  endpoints,
  type QueryDetail,
  ResultCode,
  type SharedDocumentDetail,
} from '@trialab/api-contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, roles, userProjects, userRoles, users } from '../src/db/schema.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';

const {
  accountApplication: apply,
  sharedDocOriginal: original,
  sharedDocPublic: shared,
  staffShipment,
  logisticsOrder,
  consumable,
  clarification,
  sampleTransport,
  project,
  auth,
  system,
} = endpoints;

describe.each(FEATURE_ENGINES)('account applications, shared documents and staff views on %s', (engine) => {
  let env: TestEnv;
  let site: Session; // 陈中心, KM-2026-001 site 01
  let colleague: Session; // 何研究, same site
  let otherSite: Session; // 林中心, KM-2026-002 sites 01 and 02
  let pm: Session; // 张项目, project area (reviews account applications)
  let lab: Session; // 李实验, electronic records and express
  let supply: Session; // 赵样本, dispatches consumables
  let p1: number;
  let p2: number;
  let p1Site: number;
  let p2Site: number;
  let siteRoleId: number;
  let unblindingRoleId: number;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now).then(envelope);
  const raw = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);
  const userId = async (mobile: string) => {
    const [row] = await env.handle.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
    return row?.id ?? 0;
  };
  /** A stored upload of `owner` (the upload endpoint itself is covered by system.test.ts). */
  const storeFileOf = async (owner: string, name: string, content: Buffer, mime: string) =>
    storeFile(env, { name, mime, content, uploadedBy: await userId(owner) });
  const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64)]);

  beforeAll(async () => {
    env = await startEnv(engine);
    site = await login(env, '13900000001');
    colleague = await login(env, '13900000003');
    otherSite = await login(env, '13900000002');
    pm = await login(env, '13800000003');
    lab = await login(env, '13800000001');
    supply = await login(env, '13800000004');
    const projects = (await as(pm, project.ownAll, { body: { page: 1, size: 10 } })).data as Array<{
      id: number;
      projectNo: string;
    }>;
    p1 = projects.find((p) => p.projectNo === 'KM-2026-001')?.id ?? 0;
    p2 = projects.find((p) => p.projectNo === 'KM-2026-002')?.id ?? 0;
    p1Site =
      ((await as(site, project.sitesByProject, { body: { projectId: p1 } })).data as Array<{ id: number }>)[0]
        ?.id ?? 0;
    p2Site =
      (
        (await as(otherSite, project.sitesByProject, { body: { projectId: p2 } })).data as Array<{
          id: number;
        }>
      )[0]?.id ?? 0;
    const [role] = await env.handle.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.code, 'external_site'));
    siteRoleId = role?.id ?? 0;
    const [unblindingRole] = await env.handle.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.code, 'external_unblinding'));
    unblindingRoleId = unblindingRole?.id ?? 0;
  });
  afterAll(() => env.close());

  const application = (extra: Record<string, unknown> = {}) => ({
    name: '周新人',
    mobile: '13900000101',
    email: 'zhou.xinren@example.test',
    roleId: siteRoleId,
    purpose: '研究护士',
    reason: '新入组研究护士，需要查看耗材与运输预约',
    grants: [{ projectId: p1, siteId: p1Site }],
    ...extra,
  });

  describe('account applications', () => {
    it('offers only roles made of portal permissions', async () => {
      // Named in Chinese for a Chinese reader (the English names: below).
      const zh = { lang: 'zh_CN' as const };
      const offered = (await as(site, apply.roles, zh)).data as Array<{ id: number; name: string }>;
      const names = offered.map((r) => r.name);
      expect(names).toContain('中心用户');
      for (const staffRole of ['实验员', '审核员', '项目经理', '平台管理员'])
        expect(names).not.toContain(staffRole);
      expect((await as(pm, apply.roles)).code).toBe(ResultCode.FORBIDDEN);
      // The unblinding report is offered only to an applicant who has it.
      expect(names).not.toContain('揭盲结果查看');
      const offeredToHolder = (await as(colleague, apply.roles, zh)).data as Array<{ name: string }>;
      expect(offeredToHolder.map((r) => r.name)).toContain('揭盲结果查看');
    });

    it('refuses grants beyond the applicant own sites, staff roles, bad fields and existing accounts', async () => {
      const beyond = await as(site, apply.create, {
        body: application({ grants: [{ projectId: p2, siteId: p2Site }] }),
      });
      expect(beyond.code).toBe(ResultCode.FORBIDDEN);
      expect(beyond.msg).toBe('You can only request project sites you hold yourself');
      const mismatch = await as(site, apply.create, {
        body: application({ grants: [{ projectId: p2, siteId: p1Site }] }),
      });
      expect(mismatch.code).toBe(400);
      const [labRole] = await env.handle.db
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.code, 'lab_technician'));
      const staffRole = await as(site, apply.create, { body: application({ roleId: labRole?.id ?? 0 }) });
      expect(staffRole.code).toBe(400);
      expect(staffRole.msg).toBe('This role cannot be requested for a portal account');
      const unblinding = await as(site, apply.create, { body: application({ roleId: unblindingRoleId }) });
      expect(unblinding.code).toBe(ResultCode.FORBIDDEN);
      expect(unblinding.msg).toBe('You can only request a role whose rights you hold yourself');
      for (const bad of [
        { mobile: '1234' },
        { email: 'not-an-email' },
        { name: 'Zhou123' },
        { reason: '' },
        { reason: 'x'.repeat(256) },
        { grants: [] },
        {
          grants: [
            { projectId: p1, siteId: p1Site },
            { projectId: p1, siteId: p1Site },
          ],
        },
      ]) {
        const answer = await as(site, apply.create, { body: application(bad) });
        expect(answer.code, JSON.stringify(bad)).toBe(400);
      }
      const exists = await as(site, apply.create, { body: application({ mobile: '13900000002' }) });
      expect(exists.code).toBe(ResultCode.DUPLICATE);
      const before = (await as(site, apply.paging, { body: { page: 1, size: 10 } })).total;
      expect(before).toBe(0);
    });

    it('lets the applicant list, view and withdraw; others are refused by id', async () => {
      const created = (await as(site, apply.create, { body: application({ mobile: '13900000102' }) }))
        .data as AccountApplicationDetail;
      // The role is named in the reader's language: the list, the detail and the requestable roles.
      expect(created).toMatchObject({ status: 'submitted', applicantName: '陈中心', roleName: 'Site user' });
      const zh = { lang: 'zh_CN' as const };
      expect(
        ((await as(site, apply.get, { ...zh, params: { id: created.id } })).data as AccountApplicationDetail)
          .roleName,
      ).toBe('中心用户');
      const staffRows = (await as(pm, apply.staffPaging, { body: { page: 1, size: 50 } })).data as Array<{
        id: number;
        roleName: string;
      }>;
      expect(staffRows.find((r) => r.id === created.id)?.roleName).toBe('Site user');
      const roleNames = async (lang: 'en_US' | 'zh_CN') =>
        ((await as(site, apply.roles, { lang })).data as Array<{ id: number; name: string }>).find(
          (r) => r.id === siteRoleId,
        )?.name;
      expect([await roleNames('en_US'), await roleNames('zh_CN')]).toEqual(['Site user', '中心用户']);
      expect(created.applicationNo).toMatch(/^UA\d{13}$/);
      expect(created.grants).toEqual([
        expect.objectContaining({ projectId: p1, siteId: p1Site, siteNo: expect.any(String) }),
      ]);
      const again = await as(site, apply.create, { body: application({ mobile: '13900000102' }) });
      expect(again.code).toBe(ResultCode.DUPLICATE);
      expect(again.msg).toBe('An application for this phone number is already awaiting review');
      const mine = await as(site, apply.paging, { body: { page: 1, size: 10, keyword: '0102' } });
      expect((mine.data as Array<{ id: number }>).map((r) => r.id)).toEqual([created.id]);
      expect((await as(colleague, apply.get, { params: { id: created.id } })).code).toBe(
        ResultCode.NOT_FOUND,
      );
      expect(
        (
          await as(colleague, apply.withdraw, {
            params: { id: created.id },
            body: { version: created.version },
          })
        ).code,
      ).toBe(ResultCode.NOT_FOUND);
      const withdrawn = (
        await as(site, apply.withdraw, { params: { id: created.id }, body: { version: created.version } })
      ).data as AccountApplicationDetail;
      expect(withdrawn.status).toBe('withdrawn');
      expect(withdrawn.events.map((e) => [e.action, e.toState, e.username])).toEqual([
        ['submit', 'submitted', '陈中心'],
        ['withdraw', 'withdrawn', '陈中心'],
      ]);
      const twice = await as(site, apply.withdraw, {
        params: { id: created.id },
        body: { version: withdrawn.version },
      });
      expect(twice.code).toBe(ResultCode.INVALID_STATE);
      // Withdrawn: the reviewer can no longer act on it.
      const late = await as(pm, apply.audit, {
        params: { id: created.id },
        body: { version: withdrawn.version, pass: true },
      });
      expect(late.code).toBe(ResultCode.INVALID_STATE);
    });

    it('rejects with a reason of at most 255 characters; site users cannot review', async () => {
      const created = (
        await as(site, apply.create, { body: application({ mobile: '13900000103', email: '' }) })
      ).data as AccountApplicationDetail;
      expect(
        (await as(colleague, apply.audit, { params: { id: created.id }, body: { version: 1, pass: true } }))
          .code,
      ).toBe(ResultCode.FORBIDDEN);
      const pending = (await as(pm, apply.auditPaging, { body: { tab: 'pending', page: 1, size: 10 } }))
        .data as Array<{ id: number }>;
      expect(pending.map((r) => r.id)).toContain(created.id);
      const noReason = await as(pm, apply.audit, {
        params: { id: created.id },
        body: { version: created.version, pass: false },
      });
      expect(noReason.code).toBe(400);
      const long = await as(pm, apply.audit, {
        params: { id: created.id },
        body: { version: created.version, pass: false, reason: 'x'.repeat(256) },
      });
      expect(long.code).toBe(400);
      const rejected = (
        await as(pm, apply.audit, {
          params: { id: created.id },
          body: { version: created.version, pass: false, reason: '该人员未在中心授权名单中' },
        })
      ).data as AccountApplicationDetail;
      expect(rejected).toMatchObject({
        status: 'rejected',
        reviewerName: '张项目',
        rejectReason: '该人员未在中心授权名单中',
      });
      expect(await userId('13900000103')).toBe(0);
      const reviewed = (await as(pm, apply.auditPaging, { body: { tab: 'reviewed', page: 1, size: 10 } }))
        .data as Array<{ id: number }>;
      expect(reviewed.map((r) => r.id)).toContain(created.id);
      const detail = (await as(pm, apply.staffGet, { params: { id: created.id } }))
        .data as AccountApplicationDetail;
      expect(detail.events.at(-1)).toMatchObject({ action: 'reject', reason: '该人员未在中心授权名单中' });
    });

    it('approval creates the external user with exactly the granted sites and sends the first-login password', async () => {
      const created = (await as(site, apply.create, { body: application() }))
        .data as AccountApplicationDetail;
      const stale = await as(pm, apply.audit, {
        params: { id: created.id },
        body: { version: created.version + 1, pass: true },
      });
      expect(stale.code).toBe(ResultCode.STALE_VERSION);
      const approved = (
        await as(pm, apply.audit, {
          params: { id: created.id },
          body: { version: created.version, pass: true },
        })
      ).data as AccountApplicationDetail;
      expect(approved.status).toBe('approved');
      const newId = await userId('13900000101');
      expect(approved.createdUserId).toBe(newId);
      const [account] = await env.handle.db.select().from(users).where(eq(users.id, newId));
      expect(account).toMatchObject({
        type: 2,
        username: '周新人',
        email: 'zhou.xinren@example.test',
        mustChangePassword: true,
      });
      const grants = await env.handle.db
        .select({ projectId: userProjects.projectId, siteId: userProjects.siteId })
        .from(userProjects)
        .where(eq(userProjects.userId, newId));
      expect(grants).toEqual([{ projectId: p1, siteId: p1Site }]);
      const [message] = await env.handle.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, '13900000101'), eq(outbox.channel, 'sms')))
        .orderBy(desc(outbox.id));
      const password = /初始密码：(\S+?)。/.exec(message?.body ?? '')?.[1] ?? '';
      expect(password).toHaveLength(16);
      // The new user logs in and must change the password before anything else.
      const newcomer = await login(env, '13900000101', password);
      const blocked = await as(newcomer, apply.paging, { body: { page: 1, size: 10 } });
      expect(blocked.code).toBe(ResultCode.PASSWORD_CHANGE_REQUIRED);
      const changed = await as(newcomer, auth.firstUpdatePassword, { body: { password: 'Xinren#2026a' } });
      expect(changed.code, changed.msg).toBe(200);
      const again = await as(pm, apply.audit, {
        params: { id: created.id },
        body: { version: approved.version, pass: true },
      });
      expect(again.code).toBe(ResultCode.INVALID_STATE);
    });

    it('refuses approval when the applicant no longer holds the requested sites', async () => {
      const created = (
        await as(colleague, apply.create, { body: application({ mobile: '13900000104', email: '' }) })
      ).data as AccountApplicationDetail;
      const heId = await userId('13900000003');
      const held = await env.handle.db.select().from(userProjects).where(eq(userProjects.userId, heId));
      await env.handle.db.delete(userProjects).where(eq(userProjects.userId, heId));
      const refused = await as(pm, apply.audit, {
        params: { id: created.id },
        body: { version: created.version, pass: true },
      });
      await env.handle.db.insert(userProjects).values(held);
      expect(refused.code).toBe(ResultCode.INVALID_STATE);
      expect(await userId('13900000104')).toBe(0);
    });

    it('refuses approval when the applicant no longer holds the rights of the requested role', async () => {
      const created = (
        await as(colleague, apply.create, {
          body: application({ mobile: '13900000105', email: '', roleId: unblindingRoleId }),
        })
      ).data as AccountApplicationDetail;
      expect(created.roleName).toBe('Unblinding results viewer');
      const heId = await userId('13900000003');
      const taken = and(eq(userRoles.userId, heId), eq(userRoles.roleId, unblindingRoleId));
      const held = await env.handle.db.select().from(userRoles).where(taken);
      expect(held).toHaveLength(1);
      await env.handle.db.delete(userRoles).where(taken);
      const refused = await as(pm, apply.audit, {
        params: { id: created.id },
        body: { version: created.version, pass: true },
      });
      await env.handle.db.insert(userRoles).values(held);
      expect(refused.code).toBe(ResultCode.INVALID_STATE);
      expect(refused.msg).toBe(
        'The applicant no longer holds every right of the requested role; reject the application',
      );
      expect(await userId('13900000105')).toBe(0);
    });

    it('an approval whose first-login SMS cannot be sent answers "could not send" and changes nothing', async () => {
      const created = (
        await as(colleague, apply.create, { body: application({ mobile: '13900000106', email: '' }) })
      ).data as AccountApplicationDetail;
      // An instance whose SMS provider refuses the connection (a closed port on this machine).
      const failing = await env.secondInstance({
        sms: {
          provider: 'tencent',
          accessKeyId: 'AKID-test',
          accessKeySecret: 'test-key',
          sdkAppId: '1400000001',
          signName: '试验室',
          templates: { loginCode: '2001', firstPassword: '2002' },
          region: 'ap-guangzhou',
          endpoint: 'http://127.0.0.1:1',
          timeoutMs: 2000,
        },
      });
      const body = { version: created.version, pass: true };
      const refused = envelope(
        await call(failing, apply.audit, { params: { id: created.id }, body, session: pm }, env.clock.now),
      );
      expect(refused.code).toBe(ResultCode.SEND_FAILED);
      expect(await userId('13900000106')).toBe(0);
      const unchanged = (await as(pm, apply.staffGet, { params: { id: created.id } }))
        .data as AccountApplicationDetail;
      expect(unchanged).toMatchObject({ status: created.status, version: created.version });
      // Tried again where the SMS goes out, the same approval succeeds.
      expect((await as(pm, apply.audit, { params: { id: created.id }, body })).code).toBe(200);
      expect(await userId('13900000106')).not.toBe(0);
    });
  });

  describe('shared documents', () => {
    let originalDoc: SharedDocumentDetail;
    let publicDoc: SharedDocumentDetail;
    const first = pdf();
    const second = pdf();

    it('staff share an original record with one site and a public record with the project', async () => {
      const fileId = await storeFileOf('13800000001', '中心01原始记录.pdf', first, 'application/pdf');
      const foreign = await storeFileOf('13800000003', 'pm.pdf', pdf(), 'application/pdf');
      const notMine = await as(lab, original.create, {
        body: { projectId: p1, siteId: p1Site, title: '原始记录', fileId: foreign },
      });
      expect(notMine.code).toBe(400);
      const wrongSite = await as(lab, original.create, {
        body: { projectId: p1, siteId: p2Site, title: '原始记录', fileId },
      });
      expect(wrongSite.code).toBe(400);
      expect(
        (await as(site, original.create, { body: { projectId: p1, siteId: p1Site, title: 'x', fileId } }))
          .code,
      ).toBe(ResultCode.FORBIDDEN);
      expect(
        (await as(lab, original.create, { body: { projectId: p1, title: '缺中心', fileId } })).code,
      ).toBe(400);
      originalDoc = (
        await as(lab, original.create, {
          body: {
            projectId: p1,
            siteId: p1Site,
            title: '中心01 样本接收原始记录',
            note: '2026年11月',
            fileId,
          },
        })
      ).data as SharedDocumentDetail;
      expect(originalDoc).toMatchObject({
        kind: 'original',
        status: 'active',
        revision: 1,
        siteId: p1Site,
        fileName: '中心01原始记录.pdf',
      });
      const reused = await as(lab, shared.create, { body: { projectId: p1, title: '重复', fileId } });
      expect(reused.code).toBe(ResultCode.DUPLICATE);
      publicDoc = (
        await as(lab, shared.create, {
          body: {
            projectId: p1,
            title: '样本运输指南',
            fileId: await storeFileOf('13800000001', 'guide.pdf', pdf(), 'application/pdf'),
          },
        })
      ).data as SharedDocumentDetail;
      expect(publicDoc).toMatchObject({ kind: 'public', siteId: null, docNo: expect.stringMatching(/^PR/) });
    });

    it('sites list and download only their documents; every download is logged', async () => {
      const listed = (await as(site, original.paging, { body: { page: 1, size: 10 } })).data as Array<{
        id: number;
      }>;
      expect(listed.map((d) => d.id)).toEqual([originalDoc.id]);
      // 林中心 sees only the demo documents of KM-2026-002 (seed/portal-admin-demo.ts), not these.
      const ids = async (endpoint: Parameters<typeof call>[1]) =>
        (
          (await as(otherSite, endpoint, { body: { page: 1, size: 10 } })).data as Array<{
            id: number;
            projectId: number;
          }>
        ).map((d) => [d.id, d.projectId]);
      expect(await ids(original.paging)).toEqual([[expect.any(Number), p2]]);
      expect((await ids(original.paging)).map(([id]) => id)).not.toContain(originalDoc.id);
      expect(await ids(shared.paging)).toEqual([[expect.any(Number), p2]]);
      const refused = await raw(otherSite, original.download, { params: { id: originalDoc.id } });
      expect(envelope(refused).code).toBe(ResultCode.NOT_FOUND);
      // The public record's id through the original-record path is not found either.
      expect(envelope(await raw(site, original.download, { params: { id: publicDoc.id } })).code).toBe(
        ResultCode.NOT_FOUND,
      );
      // Not around the log by file id either.
      const byFileId = await raw(site, system.fileDownload, {
        params: { id: originalDoc.revisions[0]?.fileId ?? 0 },
      });
      expect(envelope(byFileId).code).toBe(ResultCode.NOT_FOUND);
      const got = await raw(site, original.download, { params: { id: originalDoc.id } });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(first)).toBe(true);
      const log = await as(colleague, original.log, { body: { page: 1, size: 10 } });
      expect(log.data).toEqual([
        expect.objectContaining({
          documentId: originalDoc.id,
          username: '陈中心',
          revision: 1,
          fileName: '中心01原始记录.pdf',
        }),
      ]);
      expect((await as(otherSite, original.log, { body: { page: 1, size: 10 } })).total).toBe(0);
      // Public records: a site user sees only their own downloads; staff see all.
      expect((await raw(site, shared.download, { params: { id: publicDoc.id } })).statusCode).toBe(200);
      expect((await as(colleague, shared.log, { body: { page: 1, size: 10 } })).total).toBe(0);
      expect((await as(site, shared.log, { body: { page: 1, size: 10 } })).total).toBe(1);
      expect((await as(lab, shared.staffLog, { body: { page: 1, size: 10 } })).total).toBe(1);
      const row = (
        (await as(site, original.paging, { body: { page: 1, size: 10 } })).data as Array<{
          downloadCount: number;
        }>
      )[0];
      expect(row?.downloadCount).toBe(1);
    });

    it('replacing keeps the old revision; withdrawn documents are neither listed nor downloadable', async () => {
      const fileId = await storeFileOf('13800000001', '中心01原始记录-v2.pdf', second, 'application/pdf');
      const replaced = (
        await as(lab, original.replace, {
          params: { id: originalDoc.id },
          body: { version: originalDoc.version, fileId, note: '更正第3页' },
        })
      ).data as SharedDocumentDetail;
      expect(replaced.revision).toBe(2);
      expect(replaced.revisions.map((r) => [r.revision, r.fileName])).toEqual([
        [2, '中心01原始记录-v2.pdf'],
        [1, '中心01原始记录.pdf'],
      ]);
      const stale = await as(lab, original.replace, {
        params: { id: originalDoc.id },
        body: {
          version: originalDoc.version,
          fileId: await storeFileOf('13800000001', 'stale.pdf', pdf(), 'application/pdf'),
        },
      });
      expect(stale.code).toBe(ResultCode.STALE_VERSION);
      expect(
        (await raw(colleague, original.download, { params: { id: originalDoc.id } })).rawPayload.equals(
          second,
        ),
      ).toBe(true);
      expect(
        (
          await as(lab, original.withdraw, {
            params: { id: originalDoc.id },
            body: { version: replaced.version, reason: '' },
          })
        ).code,
      ).toBe(400);
      const withdrawn = (
        await as(lab, original.withdraw, {
          params: { id: originalDoc.id },
          body: { version: replaced.version, reason: '记录有误，已重新出具' },
        })
      ).data as SharedDocumentDetail;
      expect(withdrawn).toMatchObject({ status: 'withdrawn', withdrawReason: '记录有误，已重新出具' });
      expect(withdrawn.events.map((e) => e.action)).toEqual(['share', 'replace', 'withdraw']);
      expect((await as(site, original.paging, { body: { page: 1, size: 10 } })).total).toBe(0);
      expect(envelope(await raw(site, original.download, { params: { id: originalDoc.id } })).code).toBe(
        ResultCode.NOT_FOUND,
      );
      const again = await as(lab, original.replace, {
        params: { id: originalDoc.id },
        body: {
          version: withdrawn.version,
          fileId: await storeFileOf('13800000001', 'v3.pdf', pdf(), 'application/pdf'),
        },
      });
      expect(again.code).toBe(ResultCode.INVALID_STATE);
      // Staff still reach every revision, and those downloads are logged too.
      const old = await raw(lab, original.staffDownload, {
        params: { id: originalDoc.id },
        query: { revision: 1 },
      });
      expect(old.rawPayload.equals(first)).toBe(true);
      const staffList = (
        await as(lab, original.staffPaging, { body: { page: 1, size: 10, status: ['withdrawn'] } })
      ).data as Array<{ id: number }>;
      expect(staffList.map((d) => d.id)).toEqual([originalDoc.id]);
      const log = (
        await as(lab, original.staffLog, { body: { page: 1, size: 10, documentId: originalDoc.id } })
      ).data as Array<{ username: string; revision: number }>;
      expect(log.map((l) => [l.username, l.revision])).toEqual([
        ['李实验', 1],
        ['何研究', 2],
        ['陈中心', 1],
      ]);
    });
  });

  describe('staff views and reply files', () => {
    it('lists booked shipments for the mail room; site users are refused', async () => {
      expect((await as(site, staffShipment.paging, { body: { page: 1, size: 10 } })).code).toBe(
        ResultCode.FORBIDDEN,
      );
      const serum = (
        (await as(site, system.sampleTypeAll, { body: {} })).data as Array<{ id: number; name: string }>
      ).find((t) => t.name === '血清')?.id;
      const frozen = (
        (await as(site, sampleTransport.temperatures)).data as Array<{ id: number; name: string }>
      ).find((t) => t.name === '冷冻')?.id;
      const contact = {
        name: '陈中心',
        phone: '13900000001',
        area: '北京市/东城区',
        detail: '示例路1号',
        company: '',
        email: '',
      };
      const created = await as(site, sampleTransport.create, {
        body: {
          projectId: p1,
          siteId: p1Site,
          sender: contact,
          consignee: { ...contact, name: '样本接收组', phone: '021-61234567' },
          estimatedShipDate: '2026-12-02',
          bookSendTime: '2026-12-02T09:30:00.000Z',
          coldChain: true,
          tat: 48,
          samples: [{ sampleTypeId: serum, temperatureId: frozen, quantity: 24, unit: '管' }],
        },
      });
      expect(created.code, created.msg).toBe(200);
      const booked = (await as(lab, staffShipment.paging, { body: { page: 1, size: 50 } })).data as Array<{
        id: number;
        status: string;
      }>;
      expect(booked.length).toBeGreaterThan(0);
      expect(booked.every((s) => s.status === 'booked')).toBe(true);
      const first = booked[0];
      if (!first) throw new Error('no booked shipment seeded');
      const detail = await as(lab, staffShipment.get, { params: { id: first.id } });
      expect(detail.code).toBe(200);
      const picked = await as(lab, sampleTransport.pickup, {
        params: { id: first.id },
        body: {
          version: (detail.data as { version: number }).version,
          courier: 'SF',
          expressNo: 'SF9000000001',
        },
      });
      expect(picked.data).toMatchObject({ status: 'picked_up', dispatcherName: '李实验' });
      const inTransit = (
        await as(lab, staffShipment.paging, { body: { page: 1, size: 50, status: ['picked_up'] } })
      ).data as Array<{ id: number }>;
      expect(inTransit.map((s) => s.id)).toContain(first.id);
    });

    it('answers the distribution list of a logistics order (every application under one waybill)', async () => {
      const kits = (await as(site, consumable.planKits, { params: { id: p1 }, body: { siteId: p1Site } }))
        .data as Array<{ id: number; supplyStatus: string | null }>;
      const kitId = kits.find((k) => k.supplyStatus === 'confirmed')?.id ?? 0;
      const orders: ConsumableOrderDetail[] = [];
      for (const amount of [1, 2]) {
        const created = (
          await as(site, consumable.create, {
            body: {
              projectId: p1,
              siteId: p1Site,
              receiveAddress: {
                name: '陈中心',
                phone: '13900000001',
                area: '北京市/东城区',
                company: '',
                detail: '示例路1号',
                email: '',
              },
              kits: [{ kitId, kitAmount: amount }],
              loose: [],
            },
          })
        ).data as ConsumableOrderDetail;
        const approved = (
          await as(colleague, consumable.audit, {
            params: { id: created.id },
            body: { version: created.version, pass: true },
          })
        ).data as ConsumableOrderDetail;
        const dispatched = (
          await as(supply, consumable.dispatch, {
            params: { id: created.id },
            body: {
              version: approved.version,
              courier: 'SF',
              expressNo: 'SF7000000001',
              // The catalogue's consumables go out by FEFO from the ledger (docs/supply.md); only
              // lines outside the catalogue take typed lot data.
              lines: approved.lines
                .filter((l) => l.consumableId === null)
                .map((l) => ({
                  lineId: l.id,
                  lotNumber: `LOT-${amount}`,
                  outboundQuantity: l.kitAmount,
                  expiryDate: '2027-06-30',
                })),
            },
          })
        ).data as ConsumableOrderDetail;
        expect(dispatched.status).toBe('dispatched');
        orders.push(dispatched);
      }
      const [a, b] = orders;
      if (!a || !b) throw new Error('orders missing');
      const list = (await as(site, logisticsOrder.distributionList, { params: { id: a.id } })).data as {
        courier: string;
        expressNo: string;
        lines: Array<{ orderNo: string; lotNumber: string }>;
      };
      expect(list).toMatchObject({ courier: 'SF', expressNo: 'SF7000000001' });
      expect(new Set(list.lines.map((l) => l.orderNo))).toEqual(new Set([a.orderNo, b.orderNo]));
      expect(list.lines).toHaveLength(a.lines.length + b.lines.length);
      expect((await as(otherSite, logisticsOrder.distributionList, { params: { id: a.id } })).code).toBe(
        ResultCode.NOT_FOUND,
      );
    });

    it('attaches only images and documents the replier uploaded to a clarification reply', async () => {
      const rows = (await as(site, clarification.paging, { body: { page: 1, size: 10 } })).data as Array<{
        id: number;
        needsClarification: boolean;
      }>;
      const query = rows.find((r) => r.needsClarification);
      if (!query) throw new Error('seeded query missing');
      const view = await as(site, clarification.get, { params: { id: query.id } });
      expect(view.code, view.msg).toBe(200);
      const viewed = view.data as QueryDetail;
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), randomBytes(32)]);
      const someoneElses = await storeFileOf('13900000003', 'other.png', png, 'image/png');
      const notImage = await storeFileOf('13900000001', 'note.pdf', pdf(), 'application/pdf');
      const mine = await storeFileOf('13900000001', '采血记录.png', png, 'image/png');
      const content = '已附采血记录照片，请查阅。';
      const foreign = await as(site, clarification.reply, {
        params: { id: query.id },
        body: { version: viewed.version, content, imageFileIds: [someoneElses] },
      });
      expect(foreign.code).toBe(400);
      const wrongType = await as(site, clarification.reply, {
        params: { id: query.id },
        body: { version: viewed.version, content, imageFileIds: [notImage] },
      });
      expect(wrongType.code).toBe(ResultCode.FILE_TYPE_NOT_ALLOWED);
      const tooMany = await as(site, clarification.reply, {
        params: { id: query.id },
        body: { version: viewed.version, content, imageFileIds: Array.from({ length: 10 }, () => mine) },
      });
      expect(tooMany.code).toBe(400);
      const othersPdf = await storeFileOf('13900000003', 'other.pdf', pdf(), 'application/pdf');
      const foreignAttachment = await as(site, clarification.reply, {
        params: { id: query.id },
        body: { version: viewed.version, content, imageFileIds: [mine], attachmentFileIds: [othersPdf] },
      });
      expect(foreignAttachment.code).toBe(400);
      const replied = (
        await as(site, clarification.reply, {
          params: { id: query.id },
          body: { version: viewed.version, content, imageFileIds: [mine], attachmentFileIds: [notImage] },
        })
      ).data as QueryDetail;
      expect(replied.replies.at(-1)?.imageFileIds).toEqual([mine]);
      expect(replied.replies.at(-1)?.attachments).toEqual([
        { fileId: notImage, name: 'note.pdf', size: expect.any(Number) },
      ]);
    });
  });
});
