import multipart from '@fastify/multipart';
import { type DUPLICATE_TARGETS, endpoints, ResultCode } from '@trialab/api-contract';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  depts,
  dictData,
  dictTypes,
  files,
  projects,
  roles,
  sampleTypes,
  tableHeads,
  users,
} from '../../db/schema.js';
import { sharedDocumentRevisions } from '../../db/schema-portal-admin.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { Page, receiving, registerGroup, SENT } from '../../lib/route.js';
import { contains } from '../../lib/search.js';
import { deviceTicketPrivateKey } from '../../lib/secrets.js';
import { staleOrMissing, uniqueOr } from '../../lib/versioned.js';
import { issueTicket, ticketKeys } from './device-ticket.js';
import { mayReadFile } from './file-access.js';
import { quotaExceeded, type ReceivedUpload, receiveUpload, sendStoredFile, uploadedBytes } from './files.js';

const { dict, system } = endpoints;

const DUPLICATE_COLUMNS = {
  'user.mobile': [users, users.mobile, users.id],
  'user.email': [users, users.email, users.id],
  'user.jobNumber': [users, users.jobNumber, users.id],
  'role.name': [roles, roles.name, roles.id],
  'role.code': [roles, roles.code, roles.id],
  'project.projectNo': [projects, projects.projectNo, projects.id],
  'dept.name': [depts, depts.name, depts.id],
} as const satisfies Record<keyof typeof DUPLICATE_TARGETS, unknown>;

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10 } });

  const requireType = async (
    db: typeof app.deps.db | Parameters<Parameters<typeof app.deps.db.transaction>[0]>[0],
    dictNo: number,
  ) => {
    const [type] = await db.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.dictNo, dictNo));
    if (!type) throw notFound();
  };
  registerGroup(app, dict, {
    sysVersion: async (ctx) => ctx.deps.version,
    page: async (ctx) => {
      const [type] = await ctx.db.select().from(dictTypes).where(eq(dictTypes.dictNo, ctx.body.dictNo));
      if (!type) throw notFound();
      const conditions: SQL[] = [eq(dictData.dictNo, ctx.body.dictNo)];
      if (ctx.body.label) conditions.push(contains(dictData.label, ctx.body.label));
      const where = and(...conditions);
      const { rows: items, total } = await pageOf(
        ctx.db.select({ n: count() }).from(dictData).where(where),
        ctx.db.select().from(dictData).where(where).orderBy(asc(dictData.sort), asc(dictData.id)),
        ctx.body,
      );
      return new Page(
        [{ dictNo: type.dictNo, name: type.name, enName: type.enName, dictDataRespList: items }],
        total,
      );
    },
    types: async (ctx) => {
      const types = [...new Set(ctx.body.types)];
      const items = await ctx.db
        .select()
        .from(dictData)
        .where(and(inArray(dictData.dictNo, types), eq(dictData.status, 1)))
        .orderBy(asc(dictData.sort), asc(dictData.id));
      return Object.fromEntries(types.map((t) => [String(t), items.filter((i) => i.dictNo === t)]));
    },
    get: async (ctx) => {
      const [row] = await ctx.db.select().from(dictData).where(eq(dictData.id, ctx.params.id));
      if (!row) throw notFound();
      return row;
    },
    update: async (ctx) => {
      const { id, version, ...fields } = ctx.body;
      const [before] = await ctx.db.select().from(dictData).where(eq(dictData.id, id));
      if (!before) throw staleOrMissing(false);
      const [row] = await uniqueOr(ctx.lang, () =>
        ctx.db
          .update(dictData)
          .set({ ...fields, version: sql`${dictData.version} + 1` })
          .where(and(eq(dictData.id, id), eq(dictData.version, version)))
          .returning({ version: dictData.version }),
      );
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
      await requireType(ctx.db, ctx.body.dictNo);
      const rows = await uniqueOr(ctx.lang, () =>
        ctx.db
          .insert(dictData)
          .values(ctx.body.items.map((i) => ({ ...i, dictNo: ctx.body.dictNo })))
          .returning({ id: dictData.id }),
      );
      ctx.audit({
        action: 'dict.batchInsert',
        entity: 'dict',
        entityId: ctx.body.dictNo,
        newValue: ctx.body.items,
      });
      return { inserted: rows.length };
    },
    import: async (ctx) => {
      await requireType(ctx.db, ctx.body.dictNo);
      let inserted = 0;
      let updated = 0;
      for (const item of new Map(ctx.body.items.map((i) => [i.value, i])).values()) {
        const [existing] = await ctx.db
          .select({ id: dictData.id })
          .from(dictData)
          .where(and(eq(dictData.dictNo, ctx.body.dictNo), eq(dictData.value, item.value)));
        if (existing) {
          await ctx.db
            .update(dictData)
            .set({
              label: item.label,
              enLabel: item.enLabel,
              sort: item.sort,
              version: sql`${dictData.version} + 1`,
            })
            .where(eq(dictData.id, existing.id));
          updated += 1;
        } else {
          await ctx.db.insert(dictData).values({ ...item, dictNo: ctx.body.dictNo });
          inserted += 1;
        }
      }
      ctx.audit({
        action: 'dict.import',
        entity: 'dict',
        entityId: ctx.body.dictNo,
        newValue: { inserted, updated },
      });
      return { inserted, updated };
    },
  });

  const duplicate = async (
    db: typeof app.deps.db,
    body: { target: keyof typeof DUPLICATE_TARGETS; keyword: string; id?: number | undefined },
  ) => {
    const [table, column, idColumn] = DUPLICATE_COLUMNS[body.target];
    const match =
      body.target === 'user.email'
        ? sql`lower(${column}) = ${body.keyword.toLowerCase()}`
        : eq(column, body.keyword);
    const where = body.id ? and(match, ne(idColumn, body.id)) : match;
    const rows = await db.select({ n: count() }).from(table).where(where);
    return Number(rows[0]?.n ?? 0) > 0;
  };

  registerGroup(app, system, {
    duplicate: (ctx) => duplicate(ctx.deps.db, ctx.body),
    duplicateMain: (ctx) => duplicate(ctx.deps.db, ctx.body),
    tableHeadGet: async (ctx) => {
      const p = ctx.principal;
      const [row] = await ctx.db
        .select()
        .from(tableHeads)
        .where(and(eq(tableHeads.userId, p.userId), eq(tableHeads.code, ctx.body.code)));
      return { code: ctx.body.code, titles: row?.titles ?? [] };
    },
    tableHeadSet: async (ctx) => {
      const p = ctx.principal;
      const titles = [...new Set(ctx.body.dataIndexes)];
      await ctx.db
        .insert(tableHeads)
        .values({ userId: p.userId, code: ctx.body.code, titles, updatedAt: ctx.now })
        .onConflictDoUpdate({
          target: [tableHeads.userId, tableHeads.code],
          set: { titles, updatedAt: ctx.now },
        });
      ctx.audit({
        action: 'system.tableHeadSet',
        entity: 'tableHead',
        entityId: ctx.body.code,
        newValue: titles,
      });
      return true;
    },
    sampleTypeAll: (ctx) =>
      ctx.db
        .select()
        .from(sampleTypes)
        .where(ctx.body.name ? contains(sampleTypes.name, ctx.body.name) : undefined)
        .orderBy(asc(sampleTypes.id)),
    devicePublicKey: async (ctx) => {
      const keys = ticketKeys(await deviceTicketPrivateKey(ctx.db));
      return {
        algorithm: 'Ed25519' as const,
        keyId: keys.kid,
        publicKeyPem: keys.publicKeyPem,
        publicKeyRaw: keys.publicKeyRaw,
      };
    },
    deviceTicket: async (ctx) => {
      const p = ctx.principal;
      const url = new URL(ctx.body.origin);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== ctx.body.origin) {
        throw new ApiError(ResultCode.BAD_REQUEST, { key: 'originNotAllowed' });
      }
      const keys = ticketKeys(await deviceTicketPrivateKey(ctx.db));
      const { ticket, payload } = issueTicket(keys, {
        userId: p.userId,
        username: p.username,
        origin: url.origin,
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
            await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, p.userId)).for('update');
            if ((await uploadedBytes(ctx.db, p.userId)) + staged.size > quota) throw quotaExceeded(quota);
          }
          await staged.commit();
        } catch (error) {
          await staged.discard();
          throw error;
        }
        const { name, mime, size, sha256 } = staged;
        const [row] = await ctx.db
          .insert(files)
          .values({ name, mime, size, sha256, uploadedBy: p.userId })
          .returning({ id: files.id });
        if (!row) throw new Error('file insert returned nothing');
        ctx.audit({
          action: 'system.fileUpload',
          entity: 'file',
          entityId: row.id,
          newValue: { name, mime, size, sha256 },
        });
        return { id: row.id, name, size, mime, url: `/api/kmct-container/file/${row.id}` };
      },
    ),
    fileDownload: async (ctx) => {
      const [row] = await ctx.db.select().from(files).where(eq(files.id, ctx.params.id));
      if (!row) throw notFound();
      // A shared document's file goes only through its own download endpoints (scope, withdrawal
      // and the download log); by file id it is answered as missing.
      const [shared] = await ctx.db
        .select({ id: sharedDocumentRevisions.id })
        .from(sharedDocumentRevisions)
        .where(eq(sharedDocumentRevisions.fileId, row.id));
      if (shared) throw notFound();
      // Everyone else's files only where the caller may see a record that uses them.
      if (!(await mayReadFile(ctx.db, ctx.principal, row))) throw notFound();
      await sendStoredFile(ctx.reply, ctx.deps.files, row);
      return SENT;
    },
  });
}
