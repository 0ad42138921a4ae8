import multipart from '@fastify/multipart';
import { endpoints } from '@trialab/api-contract';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { download } from '../../lib/download.js';
import { notFound } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { receiving, registerGroup } from '../../lib/route.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { XLSX_MIME } from '../../lib/xlsx.js';
import { mayReadFile } from '../../services/files/access.js';
import {
  quotaExceeded,
  type ReceivedUpload,
  receiveUpload,
  storedFileDownload,
  uploadedBytes,
} from '../../services/files/uploads.js';
import { issueTicket } from './device-ticket.js';
import {
  assertImportable,
  assertSomethingValid,
  checkDictRows,
  dictRowMessage,
  dictTemplate,
  readDictSheet,
} from './dict-import.js';
import {
  dictNumbers,
  dictRevision,
  dictType,
  dictTypeList,
  dictValue,
  dictValueKeys,
  enabledValues,
  fileById,
  insertDictValues,
  insertFile,
  isDuplicate,
  isSharedDocument,
  lockUser,
  ownUpload,
  pageDict,
  sampleTypesNamed,
  saveTableHead,
  tableHeadOf,
  updateDictValue,
  upsertDictValue,
} from './repository.js';
import { webOrigin } from './service.js';

const { dict, system } = endpoints;

/** The caller's uploaded import file, read and checked against the dictionaries as they are now. */
async function checkedImport(db: Executor, files: FileStore, fileId: number, userId: number) {
  const sha256 = await ownUpload(db, fileId, userId);
  const rows = assertImportable(await readDictSheet(await files.read(sha256)));
  const known = await dictNumbers(db);
  const numbers = [...new Set(rows.map((r) => Number(r.dictNo)).filter((n) => known.has(n)))];
  return checkDictRows(rows, known, await dictValueKeys(db, numbers));
}

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });

  registerGroup(app, dict, {
    // Semver build metadata: consoles compare the whole string and reload dictionaries when it changes.
    sysVersion: async (ctx) => `${ctx.deps.version}+dict.${await dictRevision(ctx.deps.db)}`,
    page: async (ctx) => {
      const { page, size, ...filter } = ctx.body;
      return pageDict(ctx.db, filter, { page, size });
    },
    types: (ctx) => enabledValues(ctx.db, [...new Set(ctx.body.types)]),
    get: (ctx) => dictValue(ctx.db, ctx.params.id),
    update: async (ctx) => {
      const { id, version, ...fields } = ctx.body;
      const before = await dictValue(ctx.db, id, () => staleOrMissing(false));
      const row = await uniqueOr(ctx.lang, () => updateDictValue(ctx.db, id, version, fields));
      if (!row) throw staleOrMissing(true);
      ctx.audit({
        action: 'dict.update',
        entity: 'dictData',
        entityId: id,
        oldValue: before,
        newValue: ctx.body,
      });
      return { version: row.version };
    },
    batchInsert: async (ctx) => {
      const { dictNo, items } = ctx.body;
      await dictType(ctx.db, dictNo);
      const inserted = await uniqueOr(ctx.lang, () =>
        insertDictValues(
          ctx.db,
          items.map((i) => ({ ...i, dictNo })),
        ),
      );
      ctx.audit({ action: 'dict.batchInsert', entity: 'dict', entityId: dictNo, newValue: items });
      return { inserted };
    },
    import: async (ctx) => {
      const { dictNo, items } = ctx.body;
      await dictType(ctx.db, dictNo);
      let inserted = 0;
      let updated = 0;
      // The last item of a value wins.
      for (const item of new Map(items.map((i) => [i.value, i])).values()) {
        if (await upsertDictValue(ctx.db, dictNo, item)) inserted += 1;
        else updated += 1;
      }
      ctx.audit({ action: 'dict.import', entity: 'dict', entityId: dictNo, newValue: { inserted, updated } });
      return { inserted, updated };
    },
    typeList: (ctx) => dictTypeList(ctx.db, ctx.body.keyword),
    importTemplate: async (ctx) => {
      return download({
        name: 'dict-template.xlsx',
        mime: XLSX_MIME,
        content: await dictTemplate(ctx.lang),
      });
    },
    importPreview: async (ctx) => {
      const rows = await checkedImport(ctx.db, ctx.deps.files, ctx.body.fileId, ctx.principal.userId);
      const valid = rows.filter((r) => r.action !== 'skip').length;
      return {
        rows: rows.map((r) => ({
          ...r,
          errors: r.errors.map((e) => ({ problem: e.problem, message: dictRowMessage(ctx.lang, e) })),
        })),
        valid,
        invalid: rows.length - valid,
      };
    },
    importConfirm: async (ctx) => {
      const rows = await checkedImport(ctx.db, ctx.deps.files, ctx.body.fileId, ctx.principal.userId);
      assertSomethingValid(rows);
      let inserted = 0;
      let updated = 0;
      for (const r of rows) {
        if (r.action === 'skip' || r.dictNo === null) continue;
        const item = { value: r.value, label: r.label, enLabel: r.enLabel, sort: r.sort ?? 0 };
        if (await upsertDictValue(ctx.db, r.dictNo, item)) inserted += 1;
        else updated += 1;
      }
      const skipped = rows.length - inserted - updated;
      ctx.audit({
        action: 'dict.importConfirm',
        entity: 'file',
        entityId: ctx.body.fileId,
        newValue: { inserted, updated, skipped, rows: rows.filter((r) => r.action !== 'skip') },
      });
      return { inserted, updated, skipped };
    },
  });

  registerGroup(app, system, {
    duplicate: (ctx) => isDuplicate(ctx.deps.db, ctx.body),
    duplicateMain: (ctx) => isDuplicate(ctx.deps.db, ctx.body),
    tableHeadGet: async (ctx) => ({
      code: ctx.body.code,
      titles: await tableHeadOf(ctx.db, ctx.principal.userId, ctx.body.code),
    }),
    tableHeadSet: async (ctx) => {
      const titles = [...new Set(ctx.body.dataIndexes)];
      await saveTableHead(ctx.db, ctx.principal.userId, ctx.body.code, titles, ctx.now);
      ctx.audit({
        action: 'system.tableHeadSet',
        entity: 'tableHead',
        entityId: ctx.body.code,
        newValue: titles,
      });
      return true;
    },
    sampleTypeAll: (ctx) => sampleTypesNamed(ctx.db, ctx.body.name),
    devicePublicKey: async (ctx) => {
      const keys = ctx.deps.secrets.deviceTicket;
      return {
        algorithm: 'Ed25519' as const,
        keyId: keys.kid,
        publicKeyPem: keys.publicKeyPem,
        publicKeyRaw: keys.publicKeyRaw,
      };
    },
    deviceTicket: async (ctx) => {
      const p = ctx.principal;
      const origin = webOrigin(ctx.body.origin);
      const keys = ctx.deps.secrets.deviceTicket;
      const { ticket, payload } = issueTicket(keys, {
        userId: p.userId,
        username: p.username,
        origin,
        now: ctx.now.getTime(),
        ttlMs: ctx.deps.config.deviceTicketTtlMs,
      });
      return { ticket, expiresAt: payload.exp };
    },
    // The bytes stream to a temp file before the transaction opens (see route.ts `receive`).
    fileUpload: receiving<typeof system.fileUpload, ReceivedUpload>(
      (ctx) => receiveUpload(ctx.request, ctx.deps, ctx.principal.userId),
      async (ctx) => {
        const p = ctx.principal;
        const staged = ctx.received;
        try {
          // Checked again under a lock on the user: two concurrent uploads must not both fit.
          const quota = ctx.deps.config.uploadQuotaBytes;
          if (quota > 0) {
            await lockUser(ctx.db, p.userId);
            if ((await uploadedBytes(ctx.db, p.userId)) + staged.size > quota) throw quotaExceeded(quota);
          }
          await staged.commit();
        } catch (error) {
          await staged.discard();
          throw error;
        }
        const { name, mime, size, sha256 } = staged;
        const id = await insertFile(ctx.db, { name, mime, size, sha256, uploadedBy: p.userId });
        ctx.deps.metrics.upload(size);
        ctx.audit({
          action: 'system.fileUpload',
          entity: 'file',
          entityId: id,
          newValue: { name, mime, size, sha256 },
        });
        return { id, name, size, mime, url: `/api/kmct-container/file/${id}` };
      },
    ),
    fileDownload: async (ctx) => {
      const row = await fileById(ctx.db, ctx.params.id);
      // A shared document's file goes only through its own download endpoints (scope, withdrawal
      // and the download log); by file id it is answered as missing.
      if (await isSharedDocument(ctx.db, row.id)) throw notFound();
      // Everyone else's files only where the caller may see a record that uses them.
      if (!(await mayReadFile(ctx.db, ctx.principal, row))) throw notFound();
      return storedFileDownload(ctx.deps.files, row);
    },
  });
}
