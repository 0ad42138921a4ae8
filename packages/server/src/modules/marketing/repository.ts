// Queries of marketing (docs/finance.md). Who sees a customer is decided once, here, by
// `customerWhere` / `visibleCustomer`; quotations and contracts are seen through their customer.
import {
  type ContractRow,
  CURRENCIES,
  type CustomerRow,
  Decimal,
  type Lang,
  localName,
  type QuotationLine,
  type QuotationRow,
  type RateCardRow,
  type RateCardVersion,
} from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { dictData, projects, roles, testItems, userRoles, users } from '../../db/schema.js';
import {
  marketingContractLines,
  marketingContractProjects,
  marketingContracts,
  marketingContractVersions,
  marketingCustomerContacts,
  marketingCustomerProjects,
  marketingCustomers,
  marketingDiscountLimits,
  marketingQuotationLines,
  marketingQuotations,
  marketingRateCards,
  marketingRateCardVersions,
  marketingRateLines,
} from '../../db/schema-marketing.js';
import { notFound } from '../../lib/errors.js';
import { localNameColumn } from '../../lib/local-name.js';
import { Page } from '../../lib/route.js';
import { containsPattern } from '../../lib/search.js';
import { iso } from '../../lib/workflow.js';
import type { CustomerVisibility } from './service.js';

type Currency = (typeof CURRENCIES)[number];
const currency = (c: string): Currency =>
  (CURRENCIES as readonly string[]).includes(c) ? (c as Currency) : 'CNY';

// ---- Customers ----

/** The customers a caller sees (undefined: all). */
export const customerWhere = (vis: CustomerVisibility): SQL | undefined =>
  vis.all ? undefined : eq(marketingCustomers.ownerId, vis.userId);

/** The customer if the caller sees it; otherwise not found (its existence is not told). */
export async function visibleCustomer(db: Executor, vis: CustomerVisibility, id: number) {
  const [row] = await db
    .select()
    .from(marketingCustomers)
    .where(and(eq(marketingCustomers.id, id), customerWhere(vis)));
  if (!row) throw notFound();
  return row;
}

const owner = alias(users, 'customer_owner');

/** Customers as the contract shows them, in the order of `ids`. */
async function customerRows(db: Executor, ids: number[], lang: Lang): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ c: marketingCustomers, ownerName: owner.username })
    .from(marketingCustomers)
    .innerJoin(owner, eq(owner.id, marketingCustomers.ownerId))
    .where(inArray(marketingCustomers.id, ids));
  const contacts = await db
    .select()
    .from(marketingCustomerContacts)
    .where(inArray(marketingCustomerContacts.customerId, ids))
    .orderBy(asc(marketingCustomerContacts.sort), asc(marketingCustomerContacts.id));
  const linked = await db
    .select({
      customerId: marketingCustomerProjects.customerId,
      id: projects.id,
      projectNo: projects.projectNo,
      name: localNameColumn(projects, lang),
    })
    .from(marketingCustomerProjects)
    .innerJoin(projects, eq(projects.id, marketingCustomerProjects.projectId))
    .where(inArray(marketingCustomerProjects.customerId, ids))
    .orderBy(asc(projects.projectNo));
  const counted = async (table: typeof marketingQuotations | typeof marketingContracts) =>
    new Map(
      (
        await db
          .select({ id: table.customerId, n: count() })
          .from(table)
          .where(inArray(table.customerId, ids))
          .groupBy(table.customerId)
      ).map((r) => [r.id, Number(r.n)]),
    );
  const quotations = await counted(marketingQuotations);
  const contracts = await counted(marketingContracts);
  const types = await db
    .select({ value: dictData.value, label: dictData.label, enLabel: dictData.enLabel })
    .from(dictData)
    .where(eq(dictData.dictNo, 1001));
  const typeName = new Map(
    types.map((t) => [t.value, localName({ name: t.label, enName: t.enLabel }, lang)]),
  );
  const byId = new Map(
    rows.map(({ c, ownerName }): [number, CustomerRow] => [
      c.id,
      {
        id: c.id,
        code: c.code,
        name: c.name,
        enName: c.enName,
        type: c.type,
        typeName: typeName.get(c.type) ?? c.type,
        lang: c.lang as CustomerRow['lang'],
        ownerId: c.ownerId,
        ownerName,
        taxNumber: c.taxNumber,
        bankName: c.bankName,
        bankAccount: c.bankAccount,
        billingAddress: c.billingAddress,
        note: c.note,
        projects: linked.filter((p) => p.customerId === c.id).map(({ customerId: _, ...p }) => p),
        contacts: contacts
          .filter((k) => k.customerId === c.id)
          .map((k) => ({
            id: k.id,
            name: k.name,
            title: k.title,
            mobile: k.mobile,
            email: k.email,
            primary: k.primary,
          })),
        quotations: quotations.get(c.id) ?? 0,
        contracts: contracts.get(c.id) ?? 0,
        createdAt: c.createdAt.toISOString(),
        version: c.version,
      },
    ]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

export async function pageCustomers(
  db: Executor,
  vis: CustomerVisibility,
  f: { page: number; size: number; keyword?: string | undefined; type?: string | undefined },
  lang: Lang,
) {
  const like = f.keyword ? containsPattern(f.keyword) : undefined;
  const where = and(
    customerWhere(vis),
    f.type ? eq(marketingCustomers.type, f.type) : undefined,
    like
      ? or(
          sql`${marketingCustomers.name} ILIKE ${like}`,
          sql`${marketingCustomers.code} ILIKE ${like}`,
          sql`coalesce(${marketingCustomers.enName}, '') ILIKE ${like}`,
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(marketingCustomers).where(where);
  const ids = await db
    .select({ id: marketingCustomers.id })
    .from(marketingCustomers)
    .where(where)
    .orderBy(desc(marketingCustomers.updatedAt), desc(marketingCustomers.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  return new Page(
    await customerRows(
      db,
      ids.map((r) => r.id),
      lang,
    ),
    Number(total?.n ?? 0),
  );
}

export async function customerDetail(db: Executor, id: number, lang: Lang): Promise<CustomerRow> {
  const [row] = await customerRows(db, [id], lang);
  if (!row) throw notFound();
  return row;
}

export async function customerOptions(db: Executor, vis: CustomerVisibility) {
  const rows = await db
    .select({ id: marketingCustomers.id, code: marketingCustomers.code, name: marketingCustomers.name })
    .from(marketingCustomers)
    .where(customerWhere(vis))
    .orderBy(asc(marketingCustomers.name));
  const linked = rows.length
    ? await db
        .select()
        .from(marketingCustomerProjects)
        .where(
          inArray(
            marketingCustomerProjects.customerId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    ...r,
    projectIds: linked.filter((l) => l.customerId === r.id).map((l) => l.projectId),
  }));
}

export async function customerNameHolder(db: Executor, name: string) {
  const [row] = await db
    .select({ id: marketingCustomers.id })
    .from(marketingCustomers)
    .where(eq(marketingCustomers.name, name));
  return row?.id ?? null;
}

/** Enabled staff (the possible owners of a customer). */
export async function isEnabledStaff(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.type, 1), eq(users.status, 1)));
  return Boolean(row);
}

export async function existingProjectIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(inArray(projects.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

type ContactInput = {
  name: string;
  title?: string | null | undefined;
  mobile?: string | null | undefined;
  email?: string | null | undefined;
  primary: boolean;
};

/** A customer's contacts and projects, replaced by these. */
export async function replaceCustomerChildren(
  db: Executor,
  customerId: number,
  contacts: readonly ContactInput[],
  projectIds: readonly number[],
): Promise<void> {
  await db.delete(marketingCustomerContacts).where(eq(marketingCustomerContacts.customerId, customerId));
  if (contacts.length)
    await db.insert(marketingCustomerContacts).values(
      contacts.map((c, sort) => ({
        customerId,
        name: c.name,
        title: c.title ?? null,
        mobile: c.mobile ?? null,
        email: c.email ?? null,
        primary: c.primary,
        sort,
      })),
    );
  await db.delete(marketingCustomerProjects).where(eq(marketingCustomerProjects.customerId, customerId));
  const unique = [...new Set(projectIds)];
  if (unique.length)
    await db.insert(marketingCustomerProjects).values(unique.map((projectId) => ({ customerId, projectId })));
}

export async function customerHasProject(db: Executor, customerId: number, projectId: number) {
  const [row] = await db
    .select({ id: marketingCustomerProjects.projectId })
    .from(marketingCustomerProjects)
    .where(
      and(
        eq(marketingCustomerProjects.customerId, customerId),
        eq(marketingCustomerProjects.projectId, projectId),
      ),
    );
  return Boolean(row);
}

// ---- Rate cards ----

const cardCustomer = alias(marketingCustomers, 'card_customer');

/** Versions of these cards, newest first, with their lines. */
export async function versionsOf(db: Executor, cardIds: number[]): Promise<Map<number, RateCardVersion[]>> {
  const out = new Map<number, RateCardVersion[]>();
  if (cardIds.length === 0) return out;
  const versions = await db
    .select({ v: marketingRateCardVersions, createdByName: users.username })
    .from(marketingRateCardVersions)
    .innerJoin(users, eq(users.id, marketingRateCardVersions.createdBy))
    .where(inArray(marketingRateCardVersions.cardId, cardIds))
    .orderBy(desc(marketingRateCardVersions.versionNo));
  const lines = versions.length
    ? await db
        .select()
        .from(marketingRateLines)
        .where(
          inArray(
            marketingRateLines.versionId,
            versions.map((v) => v.v.id),
          ),
        )
        .orderBy(asc(marketingRateLines.seq))
    : [];
  for (const { v, createdByName } of versions) {
    const list = out.get(v.cardId) ?? [];
    list.push({
      id: v.id,
      versionNo: v.versionNo,
      validFrom: v.validFrom,
      validTo: v.validTo,
      note: v.note,
      createdByName,
      createdAt: v.createdAt.toISOString(),
      lines: lines
        .filter((l) => l.versionId === v.id)
        .map((l) => ({
          id: l.id,
          kind: l.kind as RateCardVersion['lines'][number]['kind'],
          ref: l.ref,
          serviceKey: l.serviceKey,
          name: l.name,
          unit: l.unit as RateCardVersion['lines'][number]['unit'],
          unitPrice: l.unitPrice,
          taxRate: l.taxRate,
        })),
    });
    out.set(v.cardId, list);
  }
  return out;
}

/** The version of a list in force on `day` (valid from it or before, to it or after). */
export const inForceOn = <V extends { validFrom: string; validTo: string | null }>(
  versions: readonly V[],
  day: string,
) => versions.find((v) => v.validFrom <= day && (v.validTo === null || v.validTo >= day));

function cardQuery(db: Executor) {
  return db
    .select({ card: marketingRateCards, customerName: cardCustomer.name, projectNo: projects.projectNo })
    .from(marketingRateCards)
    .leftJoin(cardCustomer, eq(cardCustomer.id, marketingRateCards.customerId))
    .leftJoin(projects, eq(projects.id, marketingRateCards.projectId));
}

function toCardRow(
  r: Awaited<ReturnType<ReturnType<typeof cardQuery>['execute']>>[number],
  versions: RateCardVersion[],
  today: string,
): RateCardRow {
  const current = inForceOn(versions, today);
  return {
    id: r.card.id,
    code: r.card.code,
    name: r.card.name,
    scope: r.card.scope as RateCardRow['scope'],
    customerId: r.card.customerId,
    customerName: r.customerName,
    projectId: r.card.projectId,
    projectNo: r.projectNo,
    currency: currency(r.card.currency),
    taxInclusive: r.card.taxInclusive,
    versions: versions.length,
    currentVersionNo: current?.versionNo ?? null,
    currentValidFrom: current?.validFrom ?? null,
    currentValidTo: current?.validTo ?? null,
    createdAt: r.card.createdAt.toISOString(),
  };
}

/**
 * Cards the caller sees: cards for all, and cards of the customers (and those customers' projects)
 * the caller sees.
 */
function cardWhere(vis: CustomerVisibility): SQL | undefined {
  if (vis.all) return undefined;
  const mine = sql`(SELECT ${marketingCustomers.id} FROM ${marketingCustomers} WHERE ${marketingCustomers.ownerId} = ${vis.userId})`;
  const myProjects = sql`(SELECT ${marketingCustomerProjects.projectId} FROM ${marketingCustomerProjects} WHERE ${marketingCustomerProjects.customerId} IN ${mine})`;
  return or(
    eq(marketingRateCards.scope, 'all'),
    sql`${marketingRateCards.customerId} IN ${mine}`,
    sql`${marketingRateCards.projectId} IN ${myProjects}`,
  );
}

export async function pageRateCards(
  db: Executor,
  vis: CustomerVisibility,
  f: {
    page: number;
    size: number;
    keyword?: string | undefined;
    scope?: string | undefined;
    customerId?: number | undefined;
    projectId?: number | undefined;
  },
  today: string,
) {
  const like = f.keyword ? containsPattern(f.keyword) : undefined;
  const where = and(
    cardWhere(vis),
    f.scope ? eq(marketingRateCards.scope, f.scope) : undefined,
    f.customerId ? eq(marketingRateCards.customerId, f.customerId) : undefined,
    f.projectId ? eq(marketingRateCards.projectId, f.projectId) : undefined,
    like
      ? or(sql`${marketingRateCards.name} ILIKE ${like}`, sql`${marketingRateCards.code} ILIKE ${like}`)
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(marketingRateCards).where(where);
  const rows = await cardQuery(db)
    .where(where)
    .orderBy(desc(marketingRateCards.createdAt), desc(marketingRateCards.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  const versions = await versionsOf(
    db,
    rows.map((r) => r.card.id),
  );
  return new Page(
    rows.map((r) => toCardRow(r, versions.get(r.card.id) ?? [], today)),
    Number(total?.n ?? 0),
  );
}

export async function visibleCard(db: Executor, vis: CustomerVisibility, id: number, today: string) {
  const [row] = await cardQuery(db).where(and(eq(marketingRateCards.id, id), cardWhere(vis)));
  if (!row) throw notFound();
  const versions = (await versionsOf(db, [id])).get(id) ?? [];
  return { ...toCardRow(row, versions, today), versionList: versions };
}

/**
 * Versions in force on `day` for a customer and project: the project's cards, then the customer's,
 * then the cards for all.
 */
export async function applicableVersions(db: Executor, customerId: number, projectId: number, day: string) {
  const rows = await db
    .select({ card: marketingRateCards, v: marketingRateCardVersions })
    .from(marketingRateCardVersions)
    .innerJoin(marketingRateCards, eq(marketingRateCards.id, marketingRateCardVersions.cardId))
    .where(
      and(
        lte(marketingRateCardVersions.validFrom, day),
        or(isNull(marketingRateCardVersions.validTo), sql`${marketingRateCardVersions.validTo} >= ${day}`),
        or(
          eq(marketingRateCards.scope, 'all'),
          and(eq(marketingRateCards.scope, 'customer'), eq(marketingRateCards.customerId, customerId)),
          and(eq(marketingRateCards.scope, 'project'), eq(marketingRateCards.projectId, projectId)),
        ),
      ),
    )
    .orderBy(
      sql`CASE ${marketingRateCards.scope} WHEN 'project' THEN 0 WHEN 'customer' THEN 1 ELSE 2 END`,
      asc(marketingRateCards.code),
    );
  return rows.map(({ card, v }) => ({
    versionId: v.id,
    cardId: card.id,
    code: card.code,
    name: card.name,
    scope: card.scope as RateCardRow['scope'],
    versionNo: v.versionNo,
    validFrom: v.validFrom,
    validTo: v.validTo,
    currency: currency(card.currency),
    taxInclusive: card.taxInclusive,
  }));
}

export async function latestVersion(db: Executor, cardId: number) {
  const [row] = await db
    .select()
    .from(marketingRateCardVersions)
    .where(eq(marketingRateCardVersions.cardId, cardId))
    .orderBy(desc(marketingRateCardVersions.versionNo))
    .limit(1)
    .for('update');
  return row;
}

export async function rateVersion(db: Executor, versionId: number) {
  const [row] = await db
    .select({ v: marketingRateCardVersions, card: marketingRateCards })
    .from(marketingRateCardVersions)
    .innerJoin(marketingRateCards, eq(marketingRateCards.id, marketingRateCardVersions.cardId))
    .where(eq(marketingRateCardVersions.id, versionId));
  if (!row) throw notFound();
  const lines = await db
    .select()
    .from(marketingRateLines)
    .where(eq(marketingRateLines.versionId, versionId))
    .orderBy(asc(marketingRateLines.seq));
  return { ...row, lines };
}

export async function insertVersion(
  db: Executor,
  cardId: number,
  versionNo: number,
  v: {
    validFrom: string;
    validTo?: string | null | undefined;
    note?: string | null | undefined;
    lines: ReadonlyArray<{
      kind: string;
      ref: string;
      serviceKey: string;
      name: string;
      unit: string;
      unitPrice: string;
      taxRate: string;
    }>;
  },
  by: number,
  at: Date,
) {
  const [row] = await db
    .insert(marketingRateCardVersions)
    .values({
      cardId,
      versionNo,
      validFrom: v.validFrom,
      validTo: v.validTo ?? null,
      note: v.note ?? null,
      createdBy: by,
      createdAt: at,
    })
    .returning({ id: marketingRateCardVersions.id });
  if (!row) throw notFound();
  await db.insert(marketingRateLines).values(v.lines.map((l, seq) => ({ ...l, versionId: row.id, seq })));
  return row.id;
}

export async function endVersion(db: Executor, versionId: number, lastDay: string) {
  await db
    .update(marketingRateCardVersions)
    .set({ validTo: lastDay })
    .where(eq(marketingRateCardVersions.id, versionId));
}

// ---- Discount limits ----

export async function discountLimits(db: Executor, lang: Lang) {
  const rows = await db
    .select({
      roleId: roles.id,
      name: roles.name,
      enName: roles.enName,
      maxRate: marketingDiscountLimits.maxRate,
    })
    .from(marketingDiscountLimits)
    .innerJoin(roles, eq(roles.id, marketingDiscountLimits.roleId))
    .orderBy(asc(roles.id));
  return rows.map((r) => ({ roleId: r.roleId, roleName: localName(r, lang), maxRate: r.maxRate }));
}

/** The largest limit among a user's enabled roles ('0' without one). */
export async function userDiscountLimit(db: Executor, userId: number): Promise<string> {
  const [row] = await db
    .select({ max: sql<string | null>`max(${marketingDiscountLimits.maxRate})::text` })
    .from(marketingDiscountLimits)
    .innerJoin(userRoles, eq(userRoles.roleId, marketingDiscountLimits.roleId))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 1)));
  return row?.max ?? '0';
}

export async function roleExists(db: Executor, roleId: number) {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  return Boolean(row);
}

// ---- Quotations ----

const qCreator = alias(users, 'quotation_creator');
const qReviewer = alias(users, 'quotation_reviewer');
const qCustomer = alias(marketingCustomers, 'quotation_customer');

function quotationQuery(db: Executor, lang: Lang) {
  return db
    .select({
      q: marketingQuotations,
      customerName: qCustomer.name,
      projectNo: projects.projectNo,
      projectName: localNameColumn(projects, lang),
      rateCardName: marketingRateCards.name,
      rateCardVersionNo: marketingRateCardVersions.versionNo,
      creatorName: qCreator.username,
      reviewerName: qReviewer.username,
      contracts: sql<number>`(SELECT count(*)::int FROM ${marketingContracts} WHERE ${marketingContracts.quotationId} = ${marketingQuotations.id})`,
    })
    .from(marketingQuotations)
    .innerJoin(qCustomer, eq(qCustomer.id, marketingQuotations.customerId))
    .innerJoin(projects, eq(projects.id, marketingQuotations.projectId))
    .innerJoin(
      marketingRateCardVersions,
      eq(marketingRateCardVersions.id, marketingQuotations.rateCardVersionId),
    )
    .innerJoin(marketingRateCards, eq(marketingRateCards.id, marketingRateCardVersions.cardId))
    .innerJoin(qCreator, eq(qCreator.id, marketingQuotations.createdBy))
    .leftJoin(qReviewer, eq(qReviewer.id, marketingQuotations.reviewedBy));
}
type QuotationRaw = Awaited<ReturnType<ReturnType<typeof quotationQuery>['execute']>>[number];

const toQuotationRow =
  (today: string) =>
  (r: QuotationRaw): QuotationRow => {
    const q = r.q;
    const list = Decimal.of(q.listAmount);
    const effective = list.isZero() ? '0' : Decimal.of(q.discount).div(list, 6).toString();
    return {
      id: q.id,
      number: q.number,
      revision: q.revision,
      status: q.status as QuotationRow['status'],
      customerId: q.customerId,
      customerName: r.customerName,
      projectId: q.projectId,
      projectNo: r.projectNo,
      projectName: r.projectName,
      rateCardVersionId: q.rateCardVersionId,
      rateCardName: r.rateCardName,
      rateCardVersionNo: r.rateCardVersionNo,
      currency: currency(q.currency),
      taxInclusive: q.taxInclusive,
      discountRate: q.discountRate,
      effectiveDiscountRate: effective,
      validUntil: q.validUntil,
      expired: q.validUntil < today,
      note: q.note,
      listAmount: q.listAmount,
      discount: q.discount,
      net: q.net,
      tax: q.tax,
      gross: q.gross,
      createdBy: q.createdBy,
      creatorName: r.creatorName,
      createdAt: q.createdAt.toISOString(),
      submittedBy: q.submittedBy,
      reviewerName: r.reviewerName,
      reviewedAt: iso(q.reviewedAt),
      returnReason: q.returnReason,
      contracts: Number(r.contracts),
      version: q.version,
    };
  };

/** Quotations of customers the caller sees. */
const quotationScope = (vis: CustomerVisibility) => (vis.all ? undefined : eq(qCustomer.ownerId, vis.userId));

export async function pageQuotations(
  db: Executor,
  vis: CustomerVisibility,
  f: {
    page: number;
    size: number;
    status?: string | undefined;
    customerId?: number | undefined;
    projectId?: number | undefined;
    keyword?: string | undefined;
    history?: boolean | undefined;
  },
  today: string,
  lang: Lang,
) {
  const like = f.keyword ? containsPattern(f.keyword) : undefined;
  const where = and(
    quotationScope(vis),
    f.status ? eq(marketingQuotations.status, f.status) : undefined,
    f.history ? undefined : sql`${marketingQuotations.status} <> 'superseded'`,
    f.customerId ? eq(marketingQuotations.customerId, f.customerId) : undefined,
    f.projectId ? eq(marketingQuotations.projectId, f.projectId) : undefined,
    like
      ? or(
          sql`${marketingQuotations.number} ILIKE ${like}`,
          sql`${qCustomer.name} ILIKE ${like}`,
          sql`${projects.projectNo} ILIKE ${like}`,
        )
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(marketingQuotations)
    .innerJoin(qCustomer, eq(qCustomer.id, marketingQuotations.customerId))
    .innerJoin(projects, eq(projects.id, marketingQuotations.projectId))
    .where(where);
  const rows = await quotationQuery(db, lang)
    .where(where)
    .orderBy(desc(marketingQuotations.updatedAt), desc(marketingQuotations.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  return new Page(rows.map(toQuotationRow(today)), Number(total?.n ?? 0));
}

export async function visibleQuotation(
  db: Executor,
  vis: CustomerVisibility,
  id: number,
  today: string,
  lang: Lang,
) {
  const [row] = await quotationQuery(db, lang).where(
    and(eq(marketingQuotations.id, id), quotationScope(vis)),
  );
  if (!row) throw notFound();
  return toQuotationRow(today)(row);
}

export async function quotationLines(db: Executor, quotationId: number): Promise<QuotationLine[]> {
  const rows = await db
    .select()
    .from(marketingQuotationLines)
    .where(eq(marketingQuotationLines.quotationId, quotationId))
    .orderBy(asc(marketingQuotationLines.seq));
  return rows.map((l) => ({
    id: l.id,
    seq: l.seq,
    rateLineId: l.rateLineId,
    kind: l.kind as QuotationLine['kind'],
    ref: l.ref,
    serviceKey: l.serviceKey,
    name: l.name,
    unit: l.unit as QuotationLine['unit'],
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    taxRate: l.taxRate,
    discountRate: l.discountRate,
    listAmount: l.listAmount,
    discount: l.discount,
    net: l.net,
    tax: l.tax,
    gross: l.gross,
  }));
}

export async function quotationVersions(db: Executor, number: string) {
  return db
    .select({
      id: marketingQuotations.id,
      revision: marketingQuotations.revision,
      status: marketingQuotations.status,
      gross: marketingQuotations.gross,
    })
    .from(marketingQuotations)
    .where(eq(marketingQuotations.number, number))
    .orderBy(desc(marketingQuotations.revision)) as Promise<
    Array<{ id: number; revision: number; status: QuotationRow['status']; gross: string }>
  >;
}

export type QuotationLineInsert = Omit<typeof marketingQuotationLines.$inferInsert, 'id' | 'quotationId'>;

export async function replaceQuotationLines(db: Executor, quotationId: number, lines: QuotationLineInsert[]) {
  await db.delete(marketingQuotationLines).where(eq(marketingQuotationLines.quotationId, quotationId));
  await db.insert(marketingQuotationLines).values(lines.map((l) => ({ ...l, quotationId })));
}

// ---- Contracts ----

const kCustomer = alias(marketingCustomers, 'contract_customer');
const kCreator = alias(users, 'contract_creator');

function contractQuery(db: Executor) {
  return db
    .select({
      k: marketingContracts,
      customerName: kCustomer.name,
      quotationNumber: marketingQuotations.number,
      quotationRevision: marketingQuotations.revision,
      creatorName: kCreator.username,
      amount: sql<string>`(SELECT ${marketingContractVersions.amount}::text FROM ${marketingContractVersions} WHERE ${marketingContractVersions.contractId} = ${marketingContracts.id} ORDER BY ${marketingContractVersions.versionNo} DESC LIMIT 1)`,
      versions: sql<number>`(SELECT count(*)::int FROM ${marketingContractVersions} WHERE ${marketingContractVersions.contractId} = ${marketingContracts.id})`,
    })
    .from(marketingContracts)
    .innerJoin(kCustomer, eq(kCustomer.id, marketingContracts.customerId))
    .innerJoin(marketingQuotations, eq(marketingQuotations.id, marketingContracts.quotationId))
    .innerJoin(kCreator, eq(kCreator.id, marketingContracts.createdBy));
}
type ContractRaw = Awaited<ReturnType<ReturnType<typeof contractQuery>['execute']>>[number];

async function toContractRows(db: Executor, rows: ContractRaw[], lang: Lang): Promise<ContractRow[]> {
  const ids = rows.map((r) => r.k.id);
  const linked = ids.length
    ? await db
        .select({
          contractId: marketingContractProjects.contractId,
          id: projects.id,
          projectNo: projects.projectNo,
          name: localNameColumn(projects, lang),
        })
        .from(marketingContractProjects)
        .innerJoin(projects, eq(projects.id, marketingContractProjects.projectId))
        .where(inArray(marketingContractProjects.contractId, ids))
        .orderBy(asc(projects.projectNo))
    : [];
  return rows.map(({ k, ...r }) => ({
    id: k.id,
    number: k.number,
    status: k.status as ContractRow['status'],
    customerId: k.customerId,
    customerName: r.customerName,
    quotationId: k.quotationId,
    quotationNumber: r.quotationNumber,
    quotationRevision: r.quotationRevision,
    partyA: k.partyA,
    partyB: k.partyB,
    currency: currency(k.currency),
    taxInclusive: k.taxInclusive,
    amount: r.amount,
    paymentTerms: k.paymentTerms,
    paymentDays: k.paymentDays,
    validFrom: k.validFrom,
    validTo: k.validTo,
    signedFileId: k.signedFileId,
    projects: linked.filter((p) => p.contractId === k.id).map(({ contractId: _, ...p }) => p),
    versions: Number(r.versions),
    createdBy: k.createdBy,
    creatorName: r.creatorName,
    createdAt: k.createdAt.toISOString(),
    version: k.version,
  }));
}

const contractScope = (vis: CustomerVisibility) => (vis.all ? undefined : eq(kCustomer.ownerId, vis.userId));

export async function pageContracts(
  db: Executor,
  vis: CustomerVisibility,
  f: {
    page: number;
    size: number;
    status?: string | undefined;
    customerId?: number | undefined;
    projectId?: number | undefined;
    keyword?: string | undefined;
  },
  lang: Lang,
) {
  const like = f.keyword ? containsPattern(f.keyword) : undefined;
  const where = and(
    contractScope(vis),
    f.status ? eq(marketingContracts.status, f.status) : undefined,
    f.customerId ? eq(marketingContracts.customerId, f.customerId) : undefined,
    f.projectId
      ? sql`${marketingContracts.id} IN (SELECT ${marketingContractProjects.contractId} FROM ${marketingContractProjects} WHERE ${marketingContractProjects.projectId} = ${f.projectId})`
      : undefined,
    like
      ? or(sql`${marketingContracts.number} ILIKE ${like}`, sql`${kCustomer.name} ILIKE ${like}`)
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(marketingContracts)
    .innerJoin(kCustomer, eq(kCustomer.id, marketingContracts.customerId))
    .where(where);
  const rows = await contractQuery(db)
    .where(where)
    .orderBy(desc(marketingContracts.createdAt), desc(marketingContracts.id))
    .limit(f.size)
    .offset((f.page - 1) * f.size);
  return new Page(await toContractRows(db, rows, lang), Number(total?.n ?? 0));
}

export async function visibleContract(db: Executor, vis: CustomerVisibility, id: number, lang: Lang) {
  const rows = await contractQuery(db).where(and(eq(marketingContracts.id, id), contractScope(vis)));
  const [row] = await toContractRows(db, rows, lang);
  if (!row) throw notFound();
  return row;
}

export async function contractVersions(db: Executor, contractId: number) {
  const versions = await db
    .select({ v: marketingContractVersions, createdByName: users.username })
    .from(marketingContractVersions)
    .innerJoin(users, eq(users.id, marketingContractVersions.createdBy))
    .where(eq(marketingContractVersions.contractId, contractId))
    .orderBy(desc(marketingContractVersions.versionNo));
  const lines = versions.length
    ? await db
        .select()
        .from(marketingContractLines)
        .where(
          inArray(
            marketingContractLines.versionId,
            versions.map((v) => v.v.id),
          ),
        )
        .orderBy(asc(marketingContractLines.id))
    : [];
  return versions.map(({ v, createdByName }) => ({
    id: v.id,
    versionNo: v.versionNo,
    effectiveFrom: v.effectiveFrom,
    reason: v.reason,
    amount: v.amount,
    signedFileId: v.signedFileId,
    createdByName,
    createdAt: v.createdAt.toISOString(),
    lines: lines
      .filter((l) => l.versionId === v.id)
      .map((l) => ({
        serviceKey: l.serviceKey,
        kind: l.kind as QuotationLine['kind'],
        ref: l.ref,
        name: l.name,
        unit: l.unit as QuotationLine['unit'],
        unitPrice: l.unitPrice,
        taxRate: l.taxRate,
      })),
  }));
}

export type ContractLineInsert = Omit<typeof marketingContractLines.$inferInsert, 'id' | 'versionId'>;

export async function insertContractVersion(
  db: Executor,
  values: Omit<typeof marketingContractVersions.$inferInsert, 'id'>,
  lines: ContractLineInsert[],
) {
  const [row] = await db
    .insert(marketingContractVersions)
    .values(values)
    .returning({ id: marketingContractVersions.id });
  if (!row) throw notFound();
  await db.insert(marketingContractLines).values(lines.map((l) => ({ ...l, versionId: row.id })));
  return row.id;
}

export async function replaceContractProjects(
  db: Executor,
  contractId: number,
  projectIds: readonly number[],
) {
  await db.delete(marketingContractProjects).where(eq(marketingContractProjects.contractId, contractId));
  const unique = [...new Set(projectIds)];
  if (unique.length)
    await db.insert(marketingContractProjects).values(unique.map((projectId) => ({ contractId, projectId })));
}

export async function contractNumberHolder(db: Executor, number: string) {
  const [row] = await db
    .select({ id: marketingContracts.id })
    .from(marketingContracts)
    .where(eq(marketingContracts.number, number));
  return row?.id ?? null;
}

/**
 * THE price look-up of billing (docs/finance.md "For the finance half"): the line for `serviceKey`
 * of the contract in force for `projectId` on `day` (active, linked to the project, valid that day;
 * the latest-starting one when several are), in the version (amendment) in force that day. Null
 * when no contract prices it: billing puts such work on its exception queue.
 */
export async function contractLineInForce(db: Executor, projectId: number, serviceKey: string, day: string) {
  const rows = await db
    .select({
      contractId: marketingContracts.id,
      contractNumber: marketingContracts.number,
      currency: marketingContracts.currency,
      taxInclusive: marketingContracts.taxInclusive,
      versionNo: marketingContractVersions.versionNo,
      line: marketingContractLines,
    })
    .from(marketingContracts)
    .innerJoin(marketingContractProjects, eq(marketingContractProjects.contractId, marketingContracts.id))
    .innerJoin(
      marketingContractVersions,
      and(
        eq(marketingContractVersions.contractId, marketingContracts.id),
        lte(marketingContractVersions.effectiveFrom, day),
      ),
    )
    .innerJoin(
      marketingContractLines,
      and(
        eq(marketingContractLines.versionId, marketingContractVersions.id),
        eq(marketingContractLines.serviceKey, serviceKey),
      ),
    )
    .where(
      and(
        eq(marketingContractProjects.projectId, projectId),
        eq(marketingContracts.status, 'active'),
        lte(marketingContracts.validFrom, day),
        sql`${marketingContracts.validTo} >= ${day}`,
        // the version in force that day: no later version of the same contract starts on or before it
        sql`NOT EXISTS (SELECT 1 FROM ${marketingContractVersions} later WHERE later.contract_id = ${marketingContracts.id} AND later.version_no > ${marketingContractVersions.versionNo} AND later.effective_from <= ${day})`,
      ),
    )
    .orderBy(desc(marketingContracts.validFrom), desc(marketingContracts.id))
    .limit(1);
  const [row] = rows;
  if (!row) return null;
  return {
    contractId: row.contractId,
    contractNumber: row.contractNumber,
    versionNo: row.versionNo,
    currency: currency(row.currency),
    taxInclusive: row.taxInclusive,
    serviceKey: row.line.serviceKey,
    kind: row.line.kind as QuotationLine['kind'],
    ref: row.line.ref,
    name: row.line.name,
    unit: row.line.unit as QuotationLine['unit'],
    unitPrice: row.line.unitPrice,
    taxRate: row.line.taxRate,
  };
}

/** Test items' codes by id (rate lines name test items by code). */
export async function testItemCodes(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: testItems.id, code: testItems.code })
    .from(testItems)
    .where(inArray(testItems.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.code]));
}
