import {
  endpoints,
  type ProjectState,
  projectFileWorkflow,
  projectStateOf,
  projectStatusCode,
  ResultCode,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import { registerGroup } from '../../lib/route.js';
import { assertProjectInScope, type SiteScope } from '../../lib/scope.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { applyTransition } from '../../lib/workflow.js';
import { projectOverview } from './overview.js';
import { recordHandlers } from './record-routes.js';
import {
  allProjects,
  deleteProject,
  enabledCenters,
  grantStaff,
  holderOf,
  insertProject,
  pageProjectPicks,
  pageProjects,
  pageSites,
  projectById,
  projectByNo,
  projectDetail,
  projectManagers,
  replaceChildren,
  sitesOf,
  updateProject,
  updateProjectStatus,
  usageOf,
} from './repository.js';
import {
  assertDeletable,
  assertEditable,
  assertFree,
  assertManagers,
  assertReason,
  assertRecordConsistent,
  assertSitesRemovable,
  UNIQUE_FIELDS,
} from './service.js';

const { project } = endpoints;

type RecordInput = z.output<NonNullable<(typeof project.create)['body']>>;

/** The checks every save makes, in order: uniqueness, the record's own rows, managers, centres. */
async function checkRecord(
  ctx: { db: Executor; lang: Parameters<typeof assertFree>[0] },
  body: RecordInput,
  selfId?: number,
) {
  for (const field of UNIQUE_FIELDS) {
    const value = body[field];
    if (value) assertFree(ctx.lang, field, value, await holderOf(ctx.db, field, value, selfId), selfId);
  }
  assertRecordConsistent(ctx.lang, body);
  const mayManage = new Set((await projectManagers(ctx.db)).map((m) => m.id));
  assertManagers(body.managerId, body.backupManagerId, mayManage);
  const centers = await enabledCenters(
    ctx.db,
    body.sites.map((s) => s.researchCenterId),
  );
  return body.sites.map((s) => {
    const centerName = centers.get(s.researchCenterId);
    if (centerName === undefined) throw unknownCenter();
    return { ...s, name: s.name || centerName };
  });
}

const unknownCenter = () => new ApiError(ResultCode.BAD_REQUEST, { key: 'projectCenterUnknown' });

/** The projects and sites the caller sees (the pickers of every screen) and the project record. */
export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const inScope = async (ctx: { scope(): Promise<SiteScope> }, id: number) =>
    assertProjectInScope(await ctx.scope(), id);

  registerGroup(app, project, {
    page: async (ctx) => pageProjects(ctx.db, await ctx.scope(), ctx.body),
    ownAll: async (ctx) => pageProjectPicks(ctx.db, await ctx.scope(), ctx.body, ctx.lang),
    all: async (ctx) => allProjects(ctx.db, await ctx.scope(), ctx.lang),
    get: async (ctx) => {
      const row = await projectById(ctx.db, ctx.params.id);
      await inScope(ctx, row.id);
      return projectDetail(ctx.db, row.id);
    },
    getByProjectNo: async (ctx) => {
      const row = await projectByNo(ctx.db, ctx.query.projectNo);
      await inScope(ctx, row.id);
      return row;
    },
    sitesByProject: async (ctx) => {
      const scope = await ctx.scope();
      const { projectId } = ctx.body;
      assertProjectInScope(scope, projectId);
      return pageSites(ctx.db, projectId, scope.sitesByProject.get(projectId), ctx.body);
    },
    checkExist: async (ctx) =>
      (await holderOf(ctx.db, 'projectNo', ctx.body.value, ctx.body.id)) !== undefined,
    checkNameExist: async (ctx) =>
      (await holderOf(ctx.db, 'name', ctx.body.value, ctx.body.id)) !== undefined,
    checkPlanNoExist: async (ctx) =>
      (await holderOf(ctx.db, 'protocolNo', ctx.body.value, ctx.body.id)) !== undefined,
    projectManagers: async (ctx) => projectManagers(ctx.db),
    create: async (ctx) => {
      const siteRows = await checkRecord(ctx, ctx.body);
      const { sites: _s, groups, contacts, ...values } = ctx.body;
      const row = await uniqueOr(ctx.lang, () => insertProject(ctx.db, values, ctx.principal.userId));
      await uniqueOr(ctx.lang, () =>
        replaceChildren(
          ctx.db,
          row.id,
          { sites: siteRows.map(({ id: _, ...s }) => s), groups, contacts },
          [],
        ),
      );
      const staff = [ctx.principal.userId, values.managerId, values.backupManagerId].filter(
        (u): u is number => typeof u === 'number',
      );
      await grantStaff(ctx.db, row.id, staff);
      ctx.audit({ action: project.create.id, entity: 'project', entityId: row.id, newValue: ctx.body });
      return row;
    },
    update: async (ctx) => {
      const { id, version, ...body } = ctx.body;
      const before = await projectDetail(ctx.db, id);
      await inScope(ctx, id);
      assertEditable(projectStateOf(before.status));
      const siteRows = await checkRecord(ctx, { ...body }, id);
      const kept = new Set(siteRows.flatMap((s) => (s.id === undefined ? [] : [s.id])));
      const removed = (await sitesOf(ctx.db, id)).filter((s) => !kept.has(s.id));
      const removedUse = [];
      for (const site of removed)
        removedUse.push({ centerNo: site.centerNo, usage: await usageOf(ctx.db, { siteIds: [site.id] }) });
      assertSitesRemovable(ctx.lang, removedUse);
      const { sites: _s, groups, contacts, ...values } = body;
      const next = await uniqueOr(ctx.lang, () => updateProject(ctx.db, id, version, values));
      if (!next) throw staleOrMissing(true);
      await uniqueOr(ctx.lang, () =>
        replaceChildren(
          ctx.db,
          id,
          { sites: siteRows, groups, contacts },
          removed.map((s) => s.id),
        ),
      );
      await grantStaff(
        ctx.db,
        id,
        [values.managerId, values.backupManagerId].filter((u): u is number => typeof u === 'number'),
      );
      ctx.audit({
        action: project.update.id,
        entity: 'project',
        entityId: id,
        oldValue: before,
        newValue: ctx.body,
      });
      return { id, version: next.version };
    },
    updateStatus: async (ctx) => {
      const { id, version, action, reason } = ctx.body;
      const row = await projectById(ctx.db, id);
      await inScope(ctx, id);
      assertReason(action, reason);
      let nextVersion = version;
      const to = await applyTransition(
        ctx,
        ctx.principal,
        projectFileWorkflow,
        { id, status: projectStateOf(row.status), creatorId: null },
        { action, version, reason },
        async (next: { status: ProjectState; version: number }) => {
          const done = await updateProjectStatus(ctx.db, id, version, projectStatusCode(next.status));
          if (done) nextVersion = done.version;
          return done !== undefined;
        },
      );
      return { status: projectStatusCode(to), version: nextVersion };
    },
    delete: async (ctx) => {
      const row = await projectById(ctx.db, ctx.params.id);
      await inScope(ctx, row.id);
      assertDeletable(ctx.lang, projectStateOf(row.status), await usageOf(ctx.db, { projectId: row.id }));
      await deleteProject(ctx.db, row.id);
      ctx.audit({ action: project.delete.id, entity: 'project', entityId: row.id, oldValue: row });
      return null;
    },
    ...recordHandlers,
    overview: async (ctx) => projectOverview(ctx, ctx.params.id),
  });
}
