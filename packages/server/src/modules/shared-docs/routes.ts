import {
  type EndpointDef,
  endpoints,
  type SharedDocumentKind,
  type SharedDocumentState,
  sharedDocumentWorkflows,
} from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { sharedDocuments } from '../../db/schema-portal-admin.js';
import { type Ctx, type Principal, type RawReply, registerGroup } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { applyTransition, nextNumber, recordEvent } from '../../lib/workflow.js';
import { fileUses } from '../../services/files/access.js';
import { storedFileDownload } from '../../services/files/uploads.js';
import { checkedProject, checkedSite } from '../../services/scope.js';
import {
  docDetail,
  docOfKind,
  fileUploader,
  insertDocument,
  insertDownload,
  insertRevision,
  pageDocs,
  pageLog,
  revisionFile,
  type SharedDoc,
  updateDocument,
} from './repository.js';
import { assertActive, assertOwnUpload, assertReachable, assertUnused, logOwner } from './service.js';

/** The file of a new revision: the caller's own upload that no record uses yet. */
async function usableFile(db: Executor, principal: Principal, fileId: number): Promise<void> {
  assertOwnUpload(await fileUploader(db, fileId), principal.userId, fileId);
  assertUnused(await fileUses(db, fileId));
}

/** Logs the download (who, when, which revision) with its audit record, then sends the bytes. */
async function download(
  ctx: Pick<Ctx<EndpointDef>, 'db' | 'deps' | 'ip' | 'now' | 'audit' | 'reply'>,
  principal: Principal,
  doc: { id: number; docNo: string },
  revision: number,
): Promise<RawReply> {
  const file = await revisionFile(ctx.db, doc.id, revision);
  const logged = { documentId: doc.id, revision, fileId: file.id, userId: principal.userId };
  await insertDownload(ctx.db, { ...logged, ip: ctx.ip, at: ctx.now });
  ctx.audit({
    action: 'sharedDocument.download',
    entity: 'sharedDocument',
    entityId: doc.id,
    newValue: { docNo: doc.docNo, revision, fileId: file.id, fileName: file.name },
  });
  return storedFileDownload(ctx.deps.files, file);
}

function kindRoutes(app: FastifyInstance, kind: SharedDocumentKind): void {
  const api = endpoints[kind === 'original' ? 'sharedDocOriginal' : 'sharedDocPublic'];
  const workflow = sharedDocumentWorkflows[kind];
  /** A document of this kind in the caller's scope (others answer as missing). */
  const reachable = async (ctx: { db: Executor; scope: () => Promise<SiteScope> }, id: number) => {
    const scope = await ctx.scope();
    const doc = await docOfKind(ctx.db, kind, id);
    assertReachable(scope, doc);
    return doc;
  };

  const fire = async (
    ctx: Ctx<typeof api.replace> | Ctx<typeof api.withdraw>,
    p: Principal,
    doc: SharedDoc,
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
      (next) => updateDocument(ctx.db, doc.id, version, { ...patch, ...next }),
    );

  registerGroup(app, api, {
    paging: async (ctx) =>
      pageDocs(ctx.db, kind, await ctx.scope(), { ...ctx.body, status: ['active'] }, ctx.lang),
    download: async (ctx) => {
      const doc = await reachable(ctx, ctx.params.id);
      assertActive(doc);
      return download(ctx, ctx.principal, doc, doc.revision);
    },
    log: async (ctx) => pageLog(ctx.db, kind, await ctx.scope(), ctx.body, logOwner(kind, ctx.principal)),
    staffPaging: async (ctx) => pageDocs(ctx.db, kind, await ctx.scope(), ctx.body, ctx.lang),
    staffGet: async (ctx) => docDetail(ctx.db, (await reachable(ctx, ctx.params.id)).id, ctx.lang),
    staffLog: async (ctx) => pageLog(ctx.db, kind, await ctx.scope(), ctx.body),
    create: async (ctx) => {
      const p = ctx.principal;
      const scope = await ctx.scope();
      const body = ctx.body;
      const siteId = 'siteId' in body && typeof body.siteId === 'number' ? body.siteId : null;
      if (siteId !== null) await checkedSite(ctx.db, scope, body.projectId, siteId);
      else await checkedProject(ctx.db, scope, body.projectId);
      await usableFile(ctx.db, p, body.fileId);
      const docNo = await nextNumber(ctx.db, kind === 'original' ? 'OR' : 'PR', ctx.now, ctx.timeZone);
      const { projectId, title, note, fileId } = body;
      const id = await insertDocument(
        ctx.db,
        {
          docNo,
          kind,
          projectId,
          siteId,
          title,
          note,
          status: 'active',
          revision: 1,
          createdBy: p.userId,
          createdAt: ctx.now,
        },
        { revision: 1, fileId, note, uploadedBy: p.userId, at: ctx.now },
      );
      await recordEvent(ctx.db, {
        workflow: workflow.id,
        recordId: id,
        action: 'share',
        fromState: null,
        toState: 'active',
        userId: p.userId,
        at: ctx.now,
      });
      ctx.audit({
        action: api.create.id,
        entity: 'sharedDocument',
        entityId: id,
        newValue: { docNo, ...body },
      });
      return docDetail(ctx.db, id, ctx.lang);
    },
    replace: async (ctx) => {
      const p = ctx.principal;
      const doc = await reachable(ctx, ctx.params.id);
      const { version, fileId, note } = ctx.body;
      await usableFile(ctx.db, p, fileId);
      const revision = doc.revision + 1;
      await fire(ctx, p, doc, 'replace', version, { revision, note: note ?? doc.note });
      await insertRevision(ctx.db, {
        documentId: doc.id,
        revision,
        fileId,
        note,
        uploadedBy: p.userId,
        at: ctx.now,
      });
      return docDetail(ctx.db, doc.id, ctx.lang);
    },
    withdraw: async (ctx) => {
      const doc = await reachable(ctx, ctx.params.id);
      const { version, reason } = ctx.body;
      await fire(ctx, ctx.principal, doc, 'withdraw', version, { withdrawReason: reason }, reason);
      return docDetail(ctx.db, doc.id, ctx.lang);
    },
    staffDownload: async (ctx) => {
      const doc = await reachable(ctx, ctx.params.id);
      return download(ctx, ctx.principal, doc, ctx.query.revision ?? doc.revision);
    },
  });
}

/** Shared documents: original records of a site and public records of a project, shared by staff. */
export async function sharedDocRoutes(app: FastifyInstance): Promise<void> {
  kindRoutes(app, 'original');
  kindRoutes(app, 'public');
}
