import {
  type EndpointDef,
  endpoints,
  ResultCode,
  type SharedDocumentKind,
  type SharedDocumentState,
  sharedDocumentWorkflows,
} from '@trialab/api-contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { files, projects, sites, users } from '../../db/schema.js';
import {
  sharedDocumentDownloads,
  sharedDocumentRevisions,
  sharedDocuments,
} from '../../db/schema-portal-admin.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { type Ctx, Page, type Principal, registerGroup, SENT } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { applyTransition, eventsOf, nextNumber, recordEvent } from '../../lib/workflow.js';
import { checkedSite, outOfScope, type SiteScope } from '../portal/scope.js';
import { fileUses } from '../system/file-access.js';
import { sendStoredFile } from '../system/files.js';

const uploader = alias(users, 'uploader');
const downloader = alias(users, 'downloader');
const current = alias(sharedDocumentRevisions, 'current_revision');

/**
 * Which documents a scope reaches: original records of its sites, public records of its projects.
 * Internal staff (siteIds null) reach every site of their projects.
 */
function docScope(scope: SiteScope, kind: SharedDocumentKind): SQL | undefined {
  if (scope.all) return undefined;
  if (kind === 'original' && scope.siteIds)
    return scope.siteIds.size > 0 ? inArray(sharedDocuments.siteId, [...scope.siteIds]) : sql`false`;
  return scope.projectIds.size > 0 ? inArray(sharedDocuments.projectId, [...scope.projectIds]) : sql`false`;
}

function docInScope(scope: SiteScope, doc: { projectId: number; siteId: number | null }): boolean {
  if (scope.all) return true;
  if (doc.siteId !== null && scope.siteIds) return scope.siteIds.has(doc.siteId);
  return scope.projectIds.has(doc.projectId);
}

function select(db: Executor) {
  return db
    .select({
      d: sharedDocuments,
      projectNo: projects.projectNo,
      projectName: projects.name,
      siteNo: sites.centerNo,
      siteName: sites.name,
      fileName: files.name,
      fileSize: files.size,
      mime: files.mime,
      uploadedByName: uploader.username,
      revisedAt: current.at,
      downloadCount: sql<number>`(SELECT count(*)::int FROM shared_document_downloads x WHERE x.document_id = ${sharedDocuments.id})`,
    })
    .from(sharedDocuments)
    .innerJoin(projects, eq(projects.id, sharedDocuments.projectId))
    .leftJoin(sites, eq(sites.id, sharedDocuments.siteId))
    .innerJoin(
      current,
      and(eq(current.documentId, sharedDocuments.id), eq(current.revision, sharedDocuments.revision)),
    )
    .innerJoin(files, eq(files.id, current.fileId))
    .innerJoin(uploader, eq(uploader.id, current.uploadedBy));
}
type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toRow = (r: Joined) => ({
  id: r.d.id,
  kind: r.d.kind as SharedDocumentKind,
  docNo: r.d.docNo,
  title: r.d.title,
  note: r.d.note,
  projectId: r.d.projectId,
  projectNo: r.projectNo,
  projectName: r.projectName,
  siteId: r.d.siteId,
  siteNo: r.siteNo,
  siteName: r.siteName,
  status: r.d.status as SharedDocumentState,
  revision: r.d.revision,
  fileName: r.fileName,
  fileSize: r.fileSize,
  mime: r.mime,
  uploadedByName: r.uploadedByName,
  revisedAt: r.revisedAt.toISOString(),
  downloadCount: Number(r.downloadCount),
  withdrawReason: r.d.withdrawReason,
  version: r.d.version,
});

async function pageDocs(db: Executor, where: SQL | undefined, p: number, size: number) {
  return pageOf(
    db.select({ n: count() }).from(sharedDocuments).where(where),
    select(db).where(where).orderBy(desc(current.at), desc(sharedDocuments.id)),
    { page: p, size: size },
    toRow,
  );
}

async function detail(db: Executor, id: number) {
  const [row] = await select(db).where(eq(sharedDocuments.id, id));
  if (!row) throw notFound();
  const revisions = await db
    .select({
      revision: sharedDocumentRevisions.revision,
      fileId: sharedDocumentRevisions.fileId,
      fileName: files.name,
      fileSize: files.size,
      note: sharedDocumentRevisions.note,
      uploadedByName: users.username,
      at: sharedDocumentRevisions.at,
    })
    .from(sharedDocumentRevisions)
    .innerJoin(files, eq(files.id, sharedDocumentRevisions.fileId))
    .innerJoin(users, eq(users.id, sharedDocumentRevisions.uploadedBy))
    .where(eq(sharedDocumentRevisions.documentId, id))
    .orderBy(desc(sharedDocumentRevisions.revision));
  const shown = toRow(row);
  return {
    ...shown,
    revisions: revisions.map((r) => ({ ...r, at: r.at.toISOString() })),
    events: await eventsOf(db, sharedDocumentWorkflows[shown.kind].id, id),
  };
}

async function head(db: Executor, kind: SharedDocumentKind, id: number) {
  const [row] = await db
    .select()
    .from(sharedDocuments)
    .where(and(eq(sharedDocuments.id, id), eq(sharedDocuments.kind, kind)));
  if (!row) throw notFound();
  return row;
}

async function pageLog(db: Executor, where: SQL | undefined, p: number, size: number) {
  const { rows, total } = await pageOf(
    db
      .select({ n: count() })
      .from(sharedDocumentDownloads)
      .innerJoin(sharedDocuments, eq(sharedDocuments.id, sharedDocumentDownloads.documentId))
      .where(where),
    db
      .select({
        id: sharedDocumentDownloads.id,
        documentId: sharedDocumentDownloads.documentId,
        docNo: sharedDocuments.docNo,
        title: sharedDocuments.title,
        revision: sharedDocumentDownloads.revision,
        fileName: files.name,
        projectNo: projects.projectNo,
        siteNo: sites.centerNo,
        siteName: sites.name,
        userId: sharedDocumentDownloads.userId,
        username: downloader.username,
        at: sharedDocumentDownloads.at,
      })
      .from(sharedDocumentDownloads)
      .innerJoin(sharedDocuments, eq(sharedDocuments.id, sharedDocumentDownloads.documentId))
      .innerJoin(projects, eq(projects.id, sharedDocuments.projectId))
      .leftJoin(sites, eq(sites.id, sharedDocuments.siteId))
      .innerJoin(files, eq(files.id, sharedDocumentDownloads.fileId))
      .innerJoin(downloader, eq(downloader.id, sharedDocumentDownloads.userId))
      .where(where)
      .orderBy(desc(sharedDocumentDownloads.at), desc(sharedDocumentDownloads.id)),
    { page: p, size: size },
  );
  return new Page(
    rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total,
  );
}

/**
 * A document's file must be a fresh upload of the caller: once shared it is served only through the
 * document, so a file some record already uses (or another document: the route pipeline) would
 * vanish from that record's readers.
 */
async function usableFile(db: Executor, principal: Principal, fileId: number): Promise<void> {
  const [file] = await db.select({ uploadedBy: files.uploadedBy }).from(files).where(eq(files.id, fileId));
  if (file?.uploadedBy !== principal.userId)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'fileNotUsable', params: { id: fileId } });
  const uses = await fileUses(db, fileId);
  if (uses.places.length > 0 || uses.catalogue || uses.internal)
    throw new ApiError(ResultCode.DUPLICATE, { key: 'fileInUse' });
}

/** Logs the download (who, when, which revision) with its audit record, then sends the bytes. */
async function download(
  ctx: Pick<Ctx<EndpointDef>, 'db' | 'deps' | 'ip' | 'now' | 'audit' | 'reply'>,
  principal: Principal,
  doc: { id: number; docNo: string },
  revision: number,
): Promise<typeof SENT> {
  const [rev] = await ctx.db
    .select({ fileId: sharedDocumentRevisions.fileId })
    .from(sharedDocumentRevisions)
    .where(
      and(eq(sharedDocumentRevisions.documentId, doc.id), eq(sharedDocumentRevisions.revision, revision)),
    );
  if (!rev) throw notFound();
  const [file] = await ctx.db.select().from(files).where(eq(files.id, rev.fileId));
  if (!file) throw notFound();
  await ctx.db.insert(sharedDocumentDownloads).values({
    documentId: doc.id,
    revision,
    fileId: file.id,
    userId: principal.userId,
    ip: ctx.ip,
    at: ctx.now,
  });
  ctx.audit({
    action: 'sharedDocument.download',
    entity: 'sharedDocument',
    entityId: doc.id,
    newValue: { docNo: doc.docNo, revision, fileId: file.id, fileName: file.name },
  });
  await sendStoredFile(ctx.reply, ctx.deps.files, file);
  return SENT;
}

function kindRoutes(app: FastifyInstance, kind: SharedDocumentKind): void {
  const api = endpoints[kind === 'original' ? 'sharedDocOriginal' : 'sharedDocPublic'];
  const workflow = sharedDocumentWorkflows[kind];
  const ofKind = eq(sharedDocuments.kind, kind);
  const search = (f: {
    projectId?: number | undefined;
    siteId?: number | undefined;
    keyword?: string | undefined;
  }) =>
    and(
      f.projectId ? eq(sharedDocuments.projectId, f.projectId) : undefined,
      f.siteId ? eq(sharedDocuments.siteId, f.siteId) : undefined,
      containsAny([sharedDocuments.title, sharedDocuments.docNo], f.keyword),
    );
  const logFilter = (f: { documentId?: number | undefined; projectId?: number | undefined }) =>
    and(
      ofKind,
      f.documentId ? eq(sharedDocuments.id, f.documentId) : undefined,
      f.projectId ? eq(sharedDocuments.projectId, f.projectId) : undefined,
    );
  /** A document of this kind in the caller's scope (others answer as missing). */
  const reachable = async (db: Executor, scope: SiteScope, id: number) => {
    const doc = await head(db, kind, id);
    if (!docInScope(scope, doc)) throw notFound();
    return doc;
  };

  const fire = async (
    ctx: Ctx<typeof api.replace> | Ctx<typeof api.withdraw>,
    p: Principal,
    doc: Awaited<ReturnType<typeof head>>,
    action: 'replace' | 'withdraw',
    version: number,
    patch: Partial<typeof sharedDocuments.$inferInsert>,
    reason?: string,
  ) =>
    applyTransition(
      ctx,
      p,
      workflow,
      { id: doc.id, status: doc.status as SharedDocumentState, creatorId: doc.createdBy },
      { action, version, reason, patch },
      async (next) =>
        (
          await ctx.db
            .update(sharedDocuments)
            .set({ ...patch, ...next })
            .where(and(eq(sharedDocuments.id, doc.id), eq(sharedDocuments.version, version)))
            .returning({ id: sharedDocuments.id })
        ).length > 0,
    );

  registerGroup(app, api, {
    paging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, ...filters } = ctx.body;
      return pageDocs(
        ctx.db,
        and(ofKind, eq(sharedDocuments.status, 'active'), docScope(scope, kind), search(filters)),
        page,
        size,
      );
    },
    download: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const doc = await reachable(ctx.db, scope, ctx.params.id);
      // Withdrawn documents are gone for the sites.
      if (doc.status !== 'active') throw notFound();
      return download(ctx, p, doc, doc.revision);
    },
    log: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const { page, size, ...filters } = ctx.body;
      // A public record is shared by every site of the project: a site user sees only their own
      // downloads of it, not those of other sites.
      const own =
        kind === 'public' && p.type === 2 ? eq(sharedDocumentDownloads.userId, p.userId) : undefined;
      return pageLog(ctx.db, and(logFilter(filters), docScope(scope, kind), own), page, size);
    },
    staffPaging: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, status, ...filters } = ctx.body;
      return pageDocs(
        ctx.db,
        and(
          ofKind,
          docScope(scope, kind),
          search(filters),
          status && status.length > 0 ? inArray(sharedDocuments.status, status) : undefined,
        ),
        page,
        size,
      );
    },
    staffGet: async (ctx) => {
      const scope = await ctx.scope();
      const doc = await reachable(ctx.db, scope, ctx.params.id);
      return detail(ctx.db, doc.id);
    },
    staffLog: async (ctx) => {
      const scope = await ctx.scope();
      const { page, size, ...filters } = ctx.body;
      return pageLog(ctx.db, and(logFilter(filters), docScope(scope, kind)), page, size);
    },
    create: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const body = ctx.body;
      const siteId = 'siteId' in body && typeof body.siteId === 'number' ? body.siteId : null;
      if (siteId !== null) {
        await checkedSite(ctx.db, scope, body.projectId, siteId);
      } else {
        const [project] = await ctx.db
          .select({ id: projects.id })
          .from(projects)
          .where(eq(projects.id, body.projectId));
        if (!project)
          throw new ApiError(ResultCode.BAD_REQUEST, {
            key: 'invalidReference',
            params: { field: 'projectId' },
          });
        if (!scope.all && !scope.projectIds.has(body.projectId)) throw outOfScope();
      }
      await usableFile(ctx.db, p, body.fileId);
      const docNo = await nextNumber(ctx.db, kind === 'original' ? 'OR' : 'PR', ctx.now);
      const [row] = await ctx.db
        .insert(sharedDocuments)
        .values({
          docNo,
          kind,
          projectId: body.projectId,
          siteId,
          title: body.title,
          note: body.note,
          status: 'active',
          revision: 1,
          createdBy: p.userId,
          createdAt: ctx.now,
        })
        .returning({ id: sharedDocuments.id });
      if (!row) throw new Error('insert returned no row');
      await ctx.db.insert(sharedDocumentRevisions).values({
        documentId: row.id,
        revision: 1,
        fileId: body.fileId,
        note: body.note,
        uploadedBy: p.userId,
        at: ctx.now,
      });
      await recordEvent(ctx.db, {
        workflow: workflow.id,
        recordId: row.id,
        action: 'share',
        fromState: null,
        toState: 'active',
        userId: p.userId,
        at: ctx.now,
      });
      ctx.audit({
        action: `${api.create.id}`,
        entity: 'sharedDocument',
        entityId: row.id,
        newValue: { docNo, ...body },
      });
      return detail(ctx.db, row.id);
    },
    replace: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const doc = await reachable(ctx.db, scope, ctx.params.id);
      const { version, fileId, note } = ctx.body;
      await usableFile(ctx.db, p, fileId);
      const revision = doc.revision + 1;
      await fire(ctx, p, doc, 'replace', version, { revision, note: note ?? doc.note });
      await ctx.db
        .insert(sharedDocumentRevisions)
        .values({ documentId: doc.id, revision, fileId, note, uploadedBy: p.userId, at: ctx.now });
      return detail(ctx.db, doc.id);
    },
    withdraw: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const doc = await reachable(ctx.db, scope, ctx.params.id);
      const { version, reason } = ctx.body;
      await fire(ctx, p, doc, 'withdraw', version, { withdrawReason: reason }, reason);
      return detail(ctx.db, doc.id);
    },
    staffDownload: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const doc = await reachable(ctx.db, scope, ctx.params.id);
      return download(ctx, p, doc, ctx.query.revision ?? doc.revision);
    },
  });
}

export async function sharedDocRoutes(app: FastifyInstance): Promise<void> {
  kindRoutes(app, 'original');
  kindRoutes(app, 'public');
}
