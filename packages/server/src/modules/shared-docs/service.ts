import { ResultCode, type SharedDocumentKind } from '@trialab/api-contract';
import { ApiError, notFound } from '../../lib/errors.js';
import type { SiteScope } from '../../lib/scope.js';
import type { FileUses } from '../../services/files/access.js';

/** Shared document rules that need no database. */

/**
 * Whether the scope reaches the document: a site's original record through that site, a
 * project-wide record through its project. Internal staff (siteIds null) reach every site of their projects.
 */
export function docInScope(scope: SiteScope, doc: { projectId: number; siteId: number | null }): boolean {
  if (scope.all) return true;
  if (doc.siteId !== null && scope.siteIds) return scope.siteIds.has(doc.siteId);
  return scope.projectIds.has(doc.projectId);
}

/** A document outside the caller's scope answers as missing, so ids cannot be probed. */
export function assertReachable(scope: SiteScope, doc: { projectId: number; siteId: number | null }): void {
  if (!docInScope(scope, doc)) throw notFound();
}

/** Withdrawn documents are gone for the sites. */
export function assertActive(doc: { status: string }): void {
  if (doc.status !== 'active') throw notFound();
}

/**
 * A document's file must be a fresh upload of the caller: once shared it is served only through the
 * document, so a file some record already uses (or another document: the route pipeline) would
 * vanish from that record's readers. Checked in two steps, the uploader before the uses are looked up.
 */
export function assertOwnUpload(uploadedBy: number | null | undefined, userId: number, fileId: number): void {
  if (uploadedBy !== userId)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'fileNotUsable', params: { id: fileId } });
}

export function assertUnused(uses: FileUses): void {
  if (uses.places.length > 0 || uses.catalogue || uses.internal)
    throw new ApiError(ResultCode.DUPLICATE, { key: 'fileInUse' });
}

/**
 * A public record is shared by every site of the project: a site user (type 2) sees only their
 * own downloads of it, not those of other sites. Answers whose downloads the log keeps, if one user's.
 */
export function logOwner(
  kind: SharedDocumentKind,
  viewer: { type: number; userId: number },
): number | undefined {
  return kind === 'public' && viewer.type === 2 ? viewer.userId : undefined;
}
