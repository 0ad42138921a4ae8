// Suppliers and their qualifications (docs/supply.md "Suppliers"). One filter (`supplierWhere`)
// serves the page and the home to-do's count, so the count is the rows the page opens on.
import type { Lang, QualificationKind, SupplierRow, SupplierState } from '@trialab/api-contract';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import {
  type SupplierContact,
  supplyQualifications,
  supplySuppliers,
} from '../../db/schema-supply-suppliers.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { pageOf } from '../../lib/paging.js';
import { Page } from '../../lib/route.js';
import { containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';

export interface SupplierFilter {
  keyword?: string | null | undefined;
  status?: SupplierState | null | undefined;
  /** A qualification expiring on or before today + this many days (expired ones included). */
  expiringDays?: number | null | undefined;
}

/** Suppliers matching a filter on the caller's day `today` (YYYY-MM-DD). */
export function supplierWhere(f: SupplierFilter, today: string): SQL | undefined {
  const s = supplySuppliers;
  const q = supplyQualifications;
  return and(
    containsAny([s.code, s.name, s.enName], f.keyword ?? undefined),
    f.status ? eq(s.status, f.status) : undefined,
    typeof f.expiringDays === 'number'
      ? sql`EXISTS (SELECT 1 FROM ${q} WHERE ${q.supplierId} = ${s.id} AND ${q.expiryDate} <= ${today}::date + ${f.expiringDays}::int)`
      : undefined,
  );
}

const blocker = sql<
  string | null
>`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${supplySuppliers.blockedBy})`;

const columns = {
  id: supplySuppliers.id,
  code: supplySuppliers.code,
  name: supplySuppliers.name,
  enName: supplySuppliers.enName,
  address: supplySuppliers.address,
  status: supplySuppliers.status,
  blockReason: supplySuppliers.blockReason,
  blockedByName: blocker,
  blockedAt: supplySuppliers.blockedAt,
  contacts: supplySuppliers.contacts,
  version: supplySuppliers.version,
};
interface Base {
  id: number;
  code: string;
  name: string;
  enName: string | null;
  address: string | null;
  status: string;
  blockReason: string | null;
  blockedByName: string | null;
  blockedAt: Date | null;
  contacts: SupplierContact[];
  version: number;
}

/** The qualifications of these suppliers, earliest expiry first, with days left from `today`. */
function qualificationsOf(db: Executor, ids: readonly number[], today: string) {
  const q = supplyQualifications;
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: q.id,
      supplierId: q.supplierId,
      kind: q.kind,
      docNo: q.docNo,
      expiryDate: q.expiryDate,
      required: q.required,
      fileId: q.fileId,
      daysLeft: sql<number>`(${q.expiryDate} - ${today}::date)`.mapWith(Number),
    })
    .from(q)
    .where(inArray(q.supplierId, [...ids]))
    .orderBy(asc(q.expiryDate), asc(q.sort), asc(q.id));
}

async function withQualifications(db: Executor, rows: Base[], today: string): Promise<SupplierRow[]> {
  const docs = await qualificationsOf(
    db,
    rows.map((r) => r.id),
    today,
  );
  return rows.map((r) => ({
    ...r,
    status: r.status as SupplierState,
    blockedAt: r.blockedAt?.toISOString() ?? null,
    contacts: r.contacts.map((c) => ({
      name: c.name,
      role: c.role ?? null,
      phone: c.phone ?? null,
      email: c.email ?? null,
    })),
    qualifications: docs
      .filter((d) => d.supplierId === r.id)
      .map(({ supplierId: _, ...d }) => ({ ...d, kind: d.kind as QualificationKind })),
  }));
}

export async function pageSuppliers(
  db: Executor,
  today: string,
  f: SupplierFilter & { page: number; size: number },
): Promise<Page<SupplierRow>> {
  const where = supplierWhere(f, today);
  const page = await pageOf(
    db.select({ n: count() }).from(supplySuppliers).where(where),
    db.select(columns).from(supplySuppliers).where(where).orderBy(asc(supplySuppliers.code)),
    f,
  );
  return new Page(await withQualifications(db, page.rows, today), page.total);
}

/** How many suppliers a filter matches (the home to-do's count). */
export async function countSuppliers(db: Executor, today: string, f: SupplierFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(supplySuppliers).where(supplierWhere(f, today));
  return Number(row?.n ?? 0);
}

export async function supplierById(db: Executor, id: number, today: string): Promise<SupplierRow> {
  const rows = await db.select(columns).from(supplySuppliers).where(eq(supplySuppliers.id, id));
  const [row] = await withQualifications(db, rows, today);
  if (!row) throw notFound();
  return row;
}

/** Whether another supplier has the code (checked before a write: a unique violation ends the transaction). */
export async function supplierCodeTaken(db: Executor, code: string, exceptId = 0): Promise<boolean> {
  const rows = await db
    .select({ id: supplySuppliers.id })
    .from(supplySuppliers)
    .where(and(eq(supplySuppliers.code, code), sql`${supplySuppliers.id} <> ${exceptId}`));
  return rows.length > 0;
}

export async function insertSupplier(db: Executor, values: typeof supplySuppliers.$inferInsert) {
  const [row] = await db.insert(supplySuppliers).values(values).returning({ id: supplySuppliers.id });
  return row?.id ?? 0;
}

export const updateSupplier = versionedBump(supplySuppliers);

type QualificationInput = Omit<typeof supplyQualifications.$inferInsert, 'supplierId' | 'sort' | 'id'>;

/** Replaces a supplier's qualifications by these, in their order. */
export async function replaceQualifications(
  db: Executor,
  supplierId: number,
  docs: readonly QualificationInput[],
): Promise<void> {
  await db.delete(supplyQualifications).where(eq(supplyQualifications.supplierId, supplierId));
  if (docs.length > 0)
    await db.insert(supplyQualifications).values(docs.map((d, sort) => ({ ...d, supplierId, sort })));
}

/** The stock-in picker's suppliers, each named in the reader's language (its English name in en-US). */
export function supplierOptions(db: Executor, lang: Lang) {
  return db
    .select({
      id: supplySuppliers.id,
      code: supplySuppliers.code,
      name: localNameColumn(supplySuppliers, lang),
      status: sql<SupplierState>`${supplySuppliers.status}`,
    })
    .from(supplySuppliers)
    .orderBy(asc(supplySuppliers.code));
}

/** What refuses stock-in from a supplier: its state and its required documents expired before `today`. */
export async function deliveryBlockers(db: Executor, supplierId: number, today: string) {
  const [supplier] = await db
    .select({
      code: supplySuppliers.code,
      name: supplySuppliers.name,
      status: supplySuppliers.status,
      blockReason: supplySuppliers.blockReason,
    })
    .from(supplySuppliers)
    .where(eq(supplySuppliers.id, supplierId));
  if (!supplier) return undefined;
  const q = supplyQualifications;
  const expired = await db
    .select({ kind: q.kind, docNo: q.docNo, expiryDate: q.expiryDate })
    .from(q)
    .where(and(eq(q.supplierId, supplierId), eq(q.required, true), sql`${q.expiryDate} < ${today}::date`))
    .orderBy(asc(q.expiryDate), asc(q.id));
  return { ...supplier, expired };
}
