// Label templates (versioned) and print jobs (docs/supply.md "Barcodes and labels"): a print freezes
// the template version and the values of every label; a reprint renders from that snapshot with a
// reason; every print and test label is audited (who, when, which printer, how many).
import {
  type BarcodeRow,
  DEFAULT_SYMBOLOGY,
  endpoints,
  type LabelTemplateRow,
  type Lang,
  ResultCode,
} from '@trialab/api-contract';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { labelPrintJobs, labelTemplates } from '../../db/schema-supply-labels.js';
import { printContext, renderDocument } from '../../documents/document.js';
import { download } from '../../lib/download.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { registerGroup, type SessionCtx } from '../../lib/route.js';
import { renderZpl, testLabelZpl } from '../../services/labels/zpl.js';
import { barcodesByCode, setStates } from '../supply-barcodes/repository.js';
import { labelSheet, labelSheetData } from './label-sheet.js';
import { labelSnapshot } from './service.js';

const api = endpoints.labels;

type TemplateSelect = typeof labelTemplates.$inferSelect & { createdByName: string };
const templateRow = (t: TemplateSelect): LabelTemplateRow => ({
  ...t,
  kind: t.kind as LabelTemplateRow['kind'],
  symbology: t.symbology as LabelTemplateRow['symbology'],
  fields: t.fields as LabelTemplateRow['fields'],
  createdAt: t.createdAt.toISOString(),
});

function templatesWhere(db: Executor, where?: ReturnType<typeof eq>) {
  return db
    .select({
      id: labelTemplates.id,
      code: labelTemplates.code,
      version: labelTemplates.version,
      name: labelTemplates.name,
      enName: labelTemplates.enName,
      kind: labelTemplates.kind,
      symbology: labelTemplates.symbology,
      widthMm: labelTemplates.widthMm,
      heightMm: labelTemplates.heightMm,
      fields: labelTemplates.fields,
      cjk: labelTemplates.cjk,
      createdBy: labelTemplates.createdBy,
      createdAt: labelTemplates.createdAt,
      createdByName: users.username,
    })
    .from(labelTemplates)
    .innerJoin(users, eq(users.id, labelTemplates.createdBy))
    .where(where)
    .orderBy(labelTemplates.code, desc(labelTemplates.version));
}

async function codesToPrint(ctx: SessionCtx, asked: string[], lang: Lang): Promise<BarcodeRow[]> {
  const codes = [...new Set(asked)];
  const rows = await barcodesByCode(ctx.db, await ctx.scope(), codes, lang);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const missing = codes.filter((c) => !byCode.has(c));
  if (missing.length > 0)
    throw new ApiError(ResultCode.NOT_FOUND, {
      key: 'barcodeNotFound',
      params: { codes: missing.join(', ') },
    });
  const spent = rows.filter((r) => r.state === 'voided' || r.state === 'used').map((r) => r.code);
  if (spent.length > 0)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'barcodeNotPrintable',
      params: { codes: spent.join(', ') },
    });
  return codes.map((c) => byCode.get(c) as BarcodeRow);
}

/** A print job of codes all in the caller's projects; another's answers as if it did not exist. */
async function jobInScope(ctx: SessionCtx, id: number) {
  const [job] = await ctx.db.select().from(labelPrintJobs).where(eq(labelPrintJobs.id, id));
  const scope = await ctx.scope();
  if (!job || (!scope.all && !job.projectIds.every((p) => scope.projectIds.has(p)))) throw notFound();
  return job;
}

export async function labelRoutes(app: FastifyInstance): Promise<void> {
  registerGroup(app, api, {
    templates: async (ctx) => {
      const all = await templatesWhere(ctx.db);
      const current = all.filter((t, i) => all.findIndex((o) => o.code === t.code) === i);
      return current.map(templateRow);
    },
    saveTemplate: async (ctx) => {
      const { code, kind, symbology, cjk, ...rest } = ctx.body;
      const [last] = await ctx.db
        .select({ version: sql<number>`max(${labelTemplates.version})` })
        .from(labelTemplates)
        .where(eq(labelTemplates.code, code));
      const values = {
        ...rest,
        code,
        kind,
        symbology: symbology ?? DEFAULT_SYMBOLOGY[kind],
        // Chinese only on kit-box labels: tubes are small and their printers rarely carry the font.
        cjk: cjk && kind === 'kit',
        version: Number(last?.version ?? 0) + 1,
        createdBy: ctx.principal.userId,
        createdAt: ctx.now,
      };
      const [row] = await ctx.db.insert(labelTemplates).values(values).returning({ id: labelTemplates.id });
      if (!row) throw new Error('template not written');
      ctx.audit({
        action: 'labels.saveTemplate',
        entity: 'labelTemplate',
        entityId: row.id,
        newValue: values,
      });
      const [saved] = await templatesWhere(ctx.db, eq(labelTemplates.id, row.id));
      return templateRow(saved as TemplateSelect);
    },
    print: async (ctx) => {
      const { printer, templateId } = ctx.body;
      const [template] = await templatesWhere(ctx.db, eq(labelTemplates.id, templateId));
      if (!template) throw notFound();
      const rows = await codesToPrint(ctx, ctx.body.codes, template.cjk ? 'zh_CN' : 'en_US');
      const snapshot = labelSnapshot(template, rows);
      const [first] = rows;
      const [job] = await ctx.db
        .insert(labelPrintJobs)
        .values({
          templateId,
          snapshot,
          labels: rows.length,
          firstCode: first?.code ?? '',
          rangeId: first?.rangeId ?? null,
          projectIds: [...new Set(rows.map((r) => r.projectId))],
          printer: printer.name,
          printedBy: ctx.principal.userId,
          printedAt: ctx.now,
        })
        .returning({ id: labelPrintJobs.id });
      if (!job) throw new Error('job not written');
      await setStates(
        ctx.db,
        rows.filter((r) => r.state === 'reserved').map((r) => r.id),
        ['reserved'],
        { state: 'printed', printedAt: ctx.now },
      );
      ctx.audit({
        action: 'labels.print',
        entity: 'labelPrintJob',
        entityId: job.id,
        newValue: {
          printer: printer.name,
          labels: rows.length,
          template: `${template.code} v${template.version}`,
          codes: rows.map((r) => r.code),
        },
      });
      return { jobId: job.id, labels: rows.length, zpl: renderZpl(snapshot, printer) };
    },
    reprint: async (ctx) => {
      const { printer, reason } = ctx.body;
      const job = await jobInScope(ctx, ctx.params.id);
      const [again] = await ctx.db
        .insert(labelPrintJobs)
        .values({
          templateId: job.templateId,
          snapshot: job.snapshot,
          labels: job.labels,
          firstCode: job.firstCode,
          rangeId: job.rangeId,
          projectIds: job.projectIds,
          printer: printer.name,
          reprintOf: job.id,
          reason,
          printedBy: ctx.principal.userId,
          printedAt: ctx.now,
        })
        .returning({ id: labelPrintJobs.id });
      if (!again) throw new Error('job not written');
      ctx.audit({
        action: 'labels.reprint',
        entity: 'labelPrintJob',
        entityId: again.id,
        newValue: { printer: printer.name, labels: job.labels, reprintOf: job.id },
        reason,
      });
      return { jobId: again.id, labels: job.labels, zpl: renderZpl(job.snapshot, printer) };
    },
    templateVersions: async (ctx) =>
      (await templatesWhere(ctx.db, eq(labelTemplates.code, ctx.query.code))).map(templateRow),
    sheet: async (ctx) => {
      const job = await jobInScope(ctx, ctx.params.id);
      const [printer] = await ctx.db
        .select({ name: users.username })
        .from(users)
        .where(eq(users.id, job.printedBy));
      const letterhead = ctx.body?.letterhead !== false;
      const sheet = await labelSheetData(job, printer?.name ?? '', letterhead);
      const pdf = await renderDocument(labelSheet, sheet, printContext(ctx));
      ctx.audit({
        action: 'labels.sheet',
        entity: 'labelPrintJob',
        entityId: job.id,
        newValue: {
          printer: letterhead ? 'PDF' : 'PDF (labels only)',
          labels: job.labels,
          template: `${job.snapshot.template.code} v${job.snapshot.template.version}`,
        },
      });
      return download({ name: `${sheet.jobNo}-labels.pdf`, mime: 'application/pdf', content: pdf });
    },
    testLabel: async (ctx) => {
      const { printer } = ctx.body;
      ctx.audit({ action: 'labels.testLabel', entity: 'labelPrinter', entityId: null, newValue: printer });
      return { zpl: testLabelZpl(printer) };
    },
    jobs: async (ctx) => {
      const scope = await ctx.scope();
      const where = and(
        ctx.body.rangeId ? eq(labelPrintJobs.rangeId, ctx.body.rangeId) : undefined,
        scope.all
          ? undefined
          : sql`${labelPrintJobs.projectIds} <@ ${JSON.stringify([...scope.projectIds])}::jsonb`,
      );
      return pageOf(
        ctx.db.select({ n: count() }).from(labelPrintJobs).where(where),
        ctx.db
          .select({
            id: labelPrintJobs.id,
            snapshot: labelPrintJobs.snapshot,
            printer: labelPrintJobs.printer,
            labels: labelPrintJobs.labels,
            firstCode: labelPrintJobs.firstCode,
            reprintOf: labelPrintJobs.reprintOf,
            reason: labelPrintJobs.reason,
            printedByName: users.username,
            printedAt: labelPrintJobs.printedAt,
          })
          .from(labelPrintJobs)
          .innerJoin(users, eq(users.id, labelPrintJobs.printedBy))
          .where(where)
          .orderBy(desc(labelPrintJobs.id)),
        ctx.body,
        ({ snapshot, printedAt, ...r }) => ({
          ...r,
          templateCode: snapshot.template.code,
          templateVersion: snapshot.template.version,
          printedAt: printedAt.toISOString(),
        }),
      );
    },
  });
}
