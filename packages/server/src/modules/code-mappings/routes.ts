import { endpoints, type MappingKind, ResultCode } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { download } from '../../lib/download.js';
import { ApiError } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { registerGroup } from '../../lib/route.js';
import { zonedTime } from '../../lib/time-zone.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { assertSomeRowValid } from '../../lib/xlsx-import.js';
import { ownUpload } from '../system/repository.js';
import {
  allMappings,
  allProjects,
  deleteMapping,
  insertMapping,
  mappingById,
  mappingKeys,
  pageMappings,
  projectExists,
  projectIdsByNo,
  resolveExternalCode,
  targetById,
  targetRows,
  targetsByCode,
  updateMapping,
  upsertMapping,
} from './repository.js';
import { assertTarget, checkMappingRows } from './service.js';
import { mappingRowMessage, mappingsWorkbook, mappingTemplate, readMappingSheet } from './workbook.js';

const { codeMappings } = endpoints;

/** Rows per export. */
const EXPORT_MAX = 10_000;

/** The caller's uploaded sheet, checked against the projects, lab records and mappings as they are now. */
async function checkedImport(db: Executor, files: FileStore, fileId: number, userId: number) {
  const rows = await readMappingSheet(await files.read(await ownUpload(db, fileId, userId)));
  const kinds: MappingKind[] = ['testItem', 'visit', 'sampleType', 'site', 'temperature'];
  return checkMappingRows(rows, {
    projects: await projectIdsByNo(db),
    targets: await targetsByCode(db, kinds),
    existing: await mappingKeys(db),
  });
}

/** A mapping's scope must be a project that exists (or none: every project). */
async function assertProject(db: Executor, projectId: number | null): Promise<void> {
  if (projectId !== null && !(await projectExists(db, projectId)))
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'mappingProjectUnknown' });
}

/** /platform/mapping-table: external codes mapped to the lab's records, audited. */
export async function codeMappingRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, codeMappings, {
    paging: (ctx) => pageMappings(ctx.db, ctx.body),
    targets: (ctx) => targetRows(ctx.db, ctx.body.kind, { projectId: ctx.body.projectId ?? undefined }),
    projects: (ctx) => allProjects(ctx.db, ctx.lang),
    resolve: (ctx) => {
      const { projectId, kind, source, externalCode } = ctx.body;
      return resolveExternalCode(ctx.db, projectId, kind, source, externalCode);
    },
    create: async (ctx) => {
      const { projectId, kind, targetId } = ctx.body;
      await assertProject(ctx.db, projectId);
      assertTarget(kind, projectId, await targetById(ctx.db, kind, targetId), true);
      const row = await uniqueOr(ctx.lang, () => insertMapping(ctx.db, ctx.body));
      ctx.audit({
        action: 'codeMappings.create',
        entity: 'codeMapping',
        entityId: row.id,
        newValue: ctx.body,
      });
      return row;
    },
    update: async (ctx) => {
      const { version, ...values } = ctx.body;
      const before = await mappingById(ctx.db, ctx.params.id);
      await assertProject(ctx.db, values.projectId);
      const newlyChosen = values.kind !== before.kind || values.targetId !== before.targetId;
      assertTarget(
        values.kind,
        values.projectId,
        await targetById(ctx.db, values.kind, values.targetId),
        newlyChosen,
      );
      const row = await uniqueOr(ctx.lang, () =>
        updateMapping(ctx.db, before.id, version, { ...values, updatedAt: ctx.now }),
      );
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'codeMappings.update',
        entity: 'codeMapping',
        entityId: before.id,
        oldValue: before,
        newValue: ctx.body,
      });
      return row;
    },
    delete: async (ctx) => {
      const before = await mappingById(ctx.db, ctx.params.id);
      if (!(await deleteMapping(ctx.db, before.id))) throw staleOrMissing(false);
      ctx.audit({
        action: 'codeMappings.delete',
        entity: 'codeMapping',
        entityId: before.id,
        oldValue: before,
      });
      return true;
    },
    export: async (ctx) => {
      const time = zonedTime(ctx);
      const book = await mappingsWorkbook(await allMappings(ctx.db, ctx.body, EXPORT_MAX), ctx.lang, time);
      return download({
        name: `code-mappings-${time.date(ctx.now)}.xlsx`,
        mime: XLSX_MIME,
        content: book,
      });
    },
    importTemplate: async (ctx) => {
      return download({
        name: 'code-mapping-template.xlsx',
        mime: XLSX_MIME,
        content: await mappingTemplate(ctx.lang),
      });
    },
    importPreview: async (ctx) => {
      const rows = await checkedImport(ctx.db, ctx.deps.files, ctx.body.fileId, ctx.principal.userId);
      const valid = rows.filter((r) => r.action !== 'skip').length;
      return {
        rows: rows.map((r) => ({
          line: r.line,
          projectNo: r.projectNo,
          kind: r.kind,
          source: r.source,
          externalCode: r.externalCode,
          externalName: r.externalName,
          targetCode: r.targetCode,
          action: r.action,
          errors: r.errors.map((e) => ({ problem: e.problem, message: mappingRowMessage(ctx.lang, e) })),
        })),
        valid,
        invalid: rows.length - valid,
      };
    },
    importConfirm: async (ctx) => {
      const rows = await checkedImport(ctx.db, ctx.deps.files, ctx.body.fileId, ctx.principal.userId);
      assertSomeRowValid(rows, 'mappingImportNothingValid');
      let inserted = 0;
      let updated = 0;
      for (const r of rows) {
        if (r.action === 'skip' || r.mappingKind === null || r.targetId === null) continue;
        const values = {
          projectId: r.projectId,
          kind: r.mappingKind,
          source: r.source,
          externalCode: r.externalCode,
          externalName: r.externalName || null,
          targetId: r.targetId,
        };
        if (await upsertMapping(ctx.db, values)) inserted += 1;
        else updated += 1;
      }
      const skipped = rows.length - inserted - updated;
      ctx.audit({
        action: 'codeMappings.importConfirm',
        entity: 'file',
        entityId: ctx.body.fileId,
        newValue: { inserted, updated, skipped, rows: rows.filter((r) => r.action !== 'skip') },
      });
      return { inserted, updated, skipped };
    },
  });
}
