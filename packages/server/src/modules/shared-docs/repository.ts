import {
  type Lang,
  type SharedDocumentKind,
  type SharedDocumentState,
  sharedDocumentWorkflows,
} from '@trialab/api-contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { files, projects, sites, users } from '../../db/schema.js';
import {
  sharedDocumentDownloads,
  sharedDocumentRevisions,
  sharedDocuments,
} from '../../db/schema-portal-admin.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import type { SiteScope } from '../../lib/scope.js';
import { containsAny } from '../../lib/search.js';
import { versionedUpdate } from '../../lib/versioned.js';
import { eventsOf } from '../../lib/workflow.js';

/** Shared documents' SQL: the lists, the download log, one document with its revisions, the writes. */

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

function select(db: Executor, lang: Lang) {
  return db
    .select({
      d: sharedDocuments,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
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

interface DocFilter {
  page: number;
  size: number;
  projectId?: number | undefined;
  siteId?: number | undefined;
  keyword?: string | undefined;
  status?: string[] | undefined;
}

/** A page of the documents of one kind in the scope, newest revision first. */
export async function pageDocs(
  db: Executor,
  kind: SharedDocumentKind,
  scope: SiteScope,
  f: DocFilter,
  lang: Lang,
) {
  const where = and(
    eq(sharedDocuments.kind, kind),
    docScope(scope, kind),
    f.projectId ? eq(sharedDocuments.projectId, f.projectId) : undefined,
    f.siteId ? eq(sharedDocuments.siteId, f.siteId) : undefined,
    containsAny([sharedDocuments.title, sharedDocuments.docNo], f.keyword),
    f.status && f.status.length > 0 ? inArray(sharedDocuments.status, f.status) : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(sharedDocuments).where(where),
    select(db, lang).where(where).orderBy(desc(current.at), desc(sharedDocuments.id)),
    f,
    toRow,
  );
}

/** One document with every revision (newest first) and its workflow events. */
export async function docDetail(db: Executor, id: number, lang: Lang) {
  const [row] = await select(db, lang).where(eq(sharedDocuments.id, id));
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

/** The document's own row, refused as missing when it is not of this kind. */
export async function docOfKind(db: Executor, kind: SharedDocumentKind, id: number) {
  const [row] = await db
    .select()
    .from(sharedDocuments)
    .where(and(eq(sharedDocuments.id, id), eq(sharedDocuments.kind, kind)));
  if (!row) throw notFound();
  return row;
}

export type SharedDoc = Awaited<ReturnType<typeof docOfKind>>;

/**
 * A page of the download log of one kind's documents in the scope; `userId` keeps one user's
 * downloads only.
 */
export async function pageLog(
  db: Executor,
  kind: SharedDocumentKind,
  scope: SiteScope,
  f: { page: number; size: number; documentId?: number | undefined; projectId?: number | undefined },
  userId?: number,
) {
  const where = and(
    eq(sharedDocuments.kind, kind),
    f.documentId ? eq(sharedDocuments.id, f.documentId) : undefined,
    f.projectId ? eq(sharedDocuments.projectId, f.projectId) : undefined,
    docScope(scope, kind),
    userId === undefined ? undefined : eq(sharedDocumentDownloads.userId, userId),
  );
  return pageOf(
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
    f,
    (r) => ({ ...r, at: r.at.toISOString() }),
  );
}

/** The stored file of one revision of a document, refused as missing when there is none. */
export async function revisionFile(db: Executor, documentId: number, revision: number) {
  const [rev] = await db
    .select({ fileId: sharedDocumentRevisions.fileId })
    .from(sharedDocumentRevisions)
    .where(
      and(eq(sharedDocumentRevisions.documentId, documentId), eq(sharedDocumentRevisions.revision, revision)),
    );
  if (!rev) throw notFound();
  const [file] = await db.select().from(files).where(eq(files.id, rev.fileId));
  if (!file) throw notFound();
  return file;
}

export async function insertDownload(
  db: Executor,
  values: typeof sharedDocumentDownloads.$inferInsert,
): Promise<void> {
  await db.insert(sharedDocumentDownloads).values(values);
}

/** Who uploaded the file (undefined when there is no such file). */
export async function fileUploader(db: Executor, fileId: number): Promise<number | null | undefined> {
  const [file] = await db.select({ uploadedBy: files.uploadedBy }).from(files).where(eq(files.id, fileId));
  return file?.uploadedBy;
}

/** A new document and its first revision. */
export async function insertDocument(
  db: Executor,
  doc: typeof sharedDocuments.$inferInsert,
  revision: Omit<typeof sharedDocumentRevisions.$inferInsert, 'documentId'>,
): Promise<number> {
  const [row] = await db.insert(sharedDocuments).values(doc).returning({ id: sharedDocuments.id });
  if (!row) throw new Error('insert returned no row');
  await db.insert(sharedDocumentRevisions).values({ ...revision, documentId: row.id });
  return row.id;
}

export async function insertRevision(
  db: Executor,
  values: typeof sharedDocumentRevisions.$inferInsert,
): Promise<void> {
  await db.insert(sharedDocumentRevisions).values(values);
}

/** Writes the document at the version read; false when the version moved on. */
export const updateDocument = versionedUpdate(sharedDocuments);
