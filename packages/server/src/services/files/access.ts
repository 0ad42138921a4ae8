import { ResultCode } from '@trialab/api-contract';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { files } from '../../db/schema.js';
import { sharedDocumentRevisions } from '../../db/schema-portal-admin.js';
import { ApiError } from '../../lib/errors.js';
import type { Principal } from '../../lib/route.js';
import { inScope } from '../../lib/scope.js';
import { siteScope } from '../scope.js';

/**
 * Where a stored file is used. `places`: the project and site of every record that refers to it
 * (shipment attachments and receipt images, consumable-order pictures and certificates, query and
 * reply images and attachments, test-order requisitions, report PDFs not awaiting or returned by the
 * project's review, approved manual reports). `catalogue`: a kit component's picture, shown to
 * everyone who orders kits. `internal`: a test item's data file or a bill's signed handover form,
 * laboratory material for staff only (and a contract's signed scan).
 */
export interface FileUses {
  places: Array<{ projectId: number; siteId: number }>;
  catalogue: boolean;
  internal: boolean;
}

export async function fileUses(db: Executor, fileId: number): Promise<FileUses> {
  const asArray = JSON.stringify([fileId]);
  const result = await db.execute(sql`
    SELECT 'place' AS kind, t.project_id, t.site_id FROM sample_transports t
      WHERE t.attachment_file_ids @> ${asArray}::jsonb OR t.temperature_file_ids @> ${asArray}::jsonb
    UNION ALL SELECT 'place', t.project_id, t.site_id FROM receipt_images i
      JOIN sample_transports t ON t.id = i.transport_id WHERE i.file_id = ${fileId}
    UNION ALL SELECT 'place', o.project_id, o.site_id FROM consumable_order_lines l
      JOIN consumable_orders o ON o.id = l.order_id
      WHERE l.picture_file_id = ${fileId} OR l.certificate_file_id = ${fileId}
    UNION ALL SELECT 'place', q.project_id, q.site_id FROM clarification_queries q
      WHERE q.image_file_ids @> ${asArray}::jsonb
    UNION ALL SELECT 'place', q.project_id, q.site_id FROM clarification_replies r
      JOIN clarification_queries q ON q.id = r.query_id WHERE r.image_file_ids @> ${asArray}::jsonb
    UNION ALL SELECT 'place', q.project_id, q.site_id FROM clarification_reply_attachments a
      JOIN clarification_replies r ON r.id = a.reply_id
      JOIN clarification_queries q ON q.id = r.query_id WHERE a.file_id = ${fileId}
    UNION ALL SELECT 'place', o.project_id, o.site_id FROM lab_test_orders o
      WHERE o.requisition_file_ids @> ${asArray}::jsonb
    UNION ALL SELECT 'place', r.project_id, r.site_id FROM lab_reports r WHERE r.pdf_file_id = ${fileId}
      AND r.status <> 'returned'
      AND NOT EXISTS (SELECT 1 FROM project_reports p WHERE p.lab_report_id = r.id AND p.status = 'pending')
    UNION ALL SELECT 'place', p.project_id, p.site_id FROM project_reports p
      WHERE p.file_id = ${fileId} AND p.status = 'approved'
    UNION ALL SELECT 'catalogue', NULL, NULL FROM consumable_kit_items k WHERE k.picture_file_id = ${fileId}
    UNION ALL SELECT 'internal', NULL, NULL FROM test_item_settings s WHERE s.file_ids @> ${asArray}::jsonb
    UNION ALL SELECT 'internal', NULL, NULL FROM library_custody_checks c WHERE c.form_file_id = ${fileId}
    UNION ALL SELECT 'internal', NULL, NULL FROM marketing_contracts k WHERE k.signed_file_id = ${fileId}
    UNION ALL SELECT 'internal', NULL, NULL FROM marketing_contract_versions v WHERE v.signed_file_id = ${fileId}
    UNION ALL SELECT 'internal', NULL, NULL FROM finance_statements s
      WHERE s.signed_file_id = ${fileId} OR s.pdf_file_id = ${fileId}
    UNION ALL SELECT 'internal', NULL, NULL FROM finance_payments y WHERE y.slip_file_id = ${fileId}
  `);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  return {
    places: rows
      .filter((r) => r.kind === 'place')
      .map((r) => ({ projectId: Number(r.project_id), siteId: Number(r.site_id) })),
    catalogue: rows.some((r) => r.kind === 'catalogue'),
    internal: rows.some((r) => r.kind === 'internal'),
  };
}

/**
 * Whether the caller may download a stored file by id: its uploader, the super account, anyone
 * who may see one of the records using it (the same site scope as those records' own endpoints),
 * every signed-in user for catalogue pictures, staff for test-item data files.
 */
export async function mayReadFile(
  db: Executor,
  principal: Principal,
  file: { id: number; uploadedBy: number | null },
): Promise<boolean> {
  if (principal.isSuper || file.uploadedBy === principal.userId) return true;
  const uses = await fileUses(db, file.id);
  if (uses.catalogue) return true;
  if (uses.internal && principal.type !== 2) return true;
  if (uses.places.length === 0) return false;
  const scope = await siteScope(db, principal);
  return uses.places.some((p) => inScope(scope, p.projectId, p.siteId));
}

/**
 * The file ids a request names (every contract field built with `fileId`/`fileIdList`) must be
 * files the caller may attach: existing, and readable by the caller (its uploader, or through a
 * record the caller sees, as for GET /file/{id}), so attaching never shows anyone a file the
 * caller could not have downloaded and uploaded again. Edits keep the files already on the record
 * this way. Images-only fields also need an image. A shared document's file is bound to it alone:
 * it is served only through the document (scope, withdrawal, download log), so naming it anywhere
 * else is refused. Run by the route pipeline before the handler.
 */
export async function assertMayAttach(
  db: Executor,
  principal: Principal,
  named: ReadonlyArray<{ id: number; images: boolean }>,
): Promise<void> {
  if (named.length === 0) return;
  const ids = [...new Set(named.map((n) => n.id))];
  const rows = await db
    .select({ id: files.id, name: files.name, mime: files.mime, uploadedBy: files.uploadedBy })
    .from(files)
    .where(inArray(files.id, ids));
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row || !(await mayReadFile(db, principal, row)))
      throw new ApiError(ResultCode.BAD_REQUEST, { key: 'fileNotUsable', params: { id } });
    if (named.some((n) => n.id === id && n.images) && !row.mime.startsWith('image/'))
      throw new ApiError(ResultCode.FILE_TYPE_NOT_ALLOWED, { key: 'imageOnly', params: { name: row.name } });
  }
  const [shared] = await db
    .select({ id: sharedDocumentRevisions.id })
    .from(sharedDocumentRevisions)
    .where(inArray(sharedDocumentRevisions.fileId, ids))
    .limit(1);
  if (shared) throw new ApiError(ResultCode.DUPLICATE, { key: 'fileAlreadyShared' });
}
