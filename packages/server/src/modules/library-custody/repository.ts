// Storage of identity-verified custody: the lab's settings (a row of `settings`), the projects'
// authorised recipients and the identity check kept per confirmed bill.
import {
  CUSTODY_DEFAULTS,
  type CustodyCheck,
  type CustodySettings,
  custodySettings,
  type RecipientRole,
  type RecipientRow,
} from '@trialab/api-contract';
import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { projects, settings, users } from '../../db/schema.js';
import { libraryCustodyChecks, libraryRecipients } from '../../db/schema-library-custody.js';
import { pageOf } from '../../lib/paging.js';
import type { Page } from '../../lib/route.js';
import type { SiteScope } from '../../lib/scope.js';
import { containsAny } from '../../lib/search.js';
import { versionedBump } from '../../lib/versioned.js';

/** The `settings` key of the lab's custody settings (JSON); absent means the defaults. */
const SETTINGS_KEY = 'library:custody';

export async function readCustodySettings(db: Executor): Promise<CustodySettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTINGS_KEY));
  if (!row) return { ...CUSTODY_DEFAULTS };
  const parsed = custodySettings.safeParse({ ...CUSTODY_DEFAULTS, ...JSON.parse(row.value) });
  return parsed.success ? parsed.data : { ...CUSTODY_DEFAULTS };
}

export async function writeCustodySettings(db: Executor, value: CustodySettings): Promise<void> {
  await db
    .insert(settings)
    .values({ key: SETTINGS_KEY, value: JSON.stringify(value) })
    .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(value) } });
}

const linked = alias(users, 'linked');

function recipientQuery(db: Executor) {
  return db
    .select({
      id: libraryRecipients.id,
      projectId: libraryRecipients.projectId,
      projectNo: projects.projectNo,
      name: libraryRecipients.name,
      organisation: libraryRecipients.organisation,
      role: libraryRecipients.role,
      cardType: libraryRecipients.cardType,
      cardNoMasked: libraryRecipients.cardNoMasked,
      phone: libraryRecipients.phone,
      userId: libraryRecipients.userId,
      userName: linked.username,
      enabled: libraryRecipients.enabled,
      version: libraryRecipients.version,
    })
    .from(libraryRecipients)
    .innerJoin(projects, eq(projects.id, libraryRecipients.projectId))
    .leftJoin(linked, eq(linked.id, libraryRecipients.userId));
}

export async function pageRecipients(
  db: Executor,
  scope: SiteScope,
  filter: {
    page: number;
    size: number;
    projectId?: number | null | undefined;
    keyword?: string | null | undefined;
    role?: RecipientRole | null | undefined;
    enabled?: boolean | null | undefined;
  },
): Promise<Page<RecipientRow>> {
  const where: SQL | undefined = and(
    scope.all ? undefined : inArray(libraryRecipients.projectId, [0, ...scope.projectIds]),
    filter.projectId ? eq(libraryRecipients.projectId, filter.projectId) : undefined,
    containsAny(
      [libraryRecipients.name, libraryRecipients.organisation, libraryRecipients.phone],
      filter.keyword ?? undefined,
    ),
    filter.role ? eq(libraryRecipients.role, filter.role) : undefined,
    typeof filter.enabled === 'boolean' ? eq(libraryRecipients.enabled, filter.enabled) : undefined,
  );
  return pageOf(
    db.select({ n: count() }).from(libraryRecipients).where(where),
    recipientQuery(db)
      .where(where)
      .orderBy(desc(libraryRecipients.enabled), asc(projects.projectNo), asc(libraryRecipients.name)),
    filter,
    (r) => r as RecipientRow,
  );
}

/** Bumps an entry's version with new values, or undefined when the version is stale. */
export const updateRecipient = versionedBump(libraryRecipients);

export async function insertRecipient(db: Executor, values: typeof libraryRecipients.$inferInsert) {
  const [row] = await db.insert(libraryRecipients).values(values).returning({ id: libraryRecipients.id });
  return row as { id: number };
}

/** A project's number (the refusals name it); undefined for no such project. */
export async function projectNoOf(db: Executor, projectId: number): Promise<string | undefined> {
  const [p] = await db.select({ no: projects.projectNo }).from(projects).where(eq(projects.id, projectId));
  return p?.no;
}

export async function recipientById(db: Executor, id: number) {
  const [row] = await db.select().from(libraryRecipients).where(eq(libraryRecipients.id, id));
  return row;
}

/** The enabled entry of a project that may act in `role` and holds this card hash. */
export async function authorisedByCard(
  db: Executor,
  projectId: number,
  role: 'receiver' | 'witness',
  cardNoHash: string,
) {
  const [row] = await db
    .select()
    .from(libraryRecipients)
    .where(
      and(
        eq(libraryRecipients.projectId, projectId),
        eq(libraryRecipients.cardNoHash, cardNoHash),
        eq(libraryRecipients.enabled, true),
        or(eq(libraryRecipients.role, role), eq(libraryRecipients.role, 'both')),
      ),
    );
  return row;
}

export type CustodyCheckValues = typeof libraryCustodyChecks.$inferInsert;

export async function insertCustodyCheck(db: Executor, values: CustodyCheckValues): Promise<void> {
  await db.insert(libraryCustodyChecks).values(values);
}

/** Whether a form image is already on a bill's check. */
export async function formInUse(db: Executor, fileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: libraryCustodyChecks.id })
    .from(libraryCustodyChecks)
    .where(eq(libraryCustodyChecks.formFileId, fileId));
  return row !== undefined;
}

const recorder = alias(users, 'recorder');

/**
 * The identity check kept for a bill (receiver or witness), or null before its confirmation. The
 * seam for the specimen and box timelines (docs/library.md "Identity-verified custody").
 */
export async function billCustodyCheck(db: Executor, billId: number): Promise<CustodyCheck | null> {
  const [row] = await db
    .select({
      billId: libraryCustodyChecks.billId,
      role: libraryCustodyChecks.role,
      method: libraryCustodyChecks.method,
      recipientId: libraryCustodyChecks.recipientId,
      userId: libraryCustodyChecks.userId,
      personName: libraryCustodyChecks.personName,
      organisation: libraryRecipients.organisation,
      cardNoMasked: libraryCustodyChecks.cardNoMasked,
      score: libraryCustodyChecks.score,
      threshold: libraryCustodyChecks.threshold,
      deviceType: libraryCustodyChecks.deviceType,
      deviceId: libraryCustodyChecks.deviceId,
      verifiedAt: libraryCustodyChecks.verifiedAt,
      formFileId: libraryCustodyChecks.formFileId,
      recordedByName: recorder.username,
      recordedAt: libraryCustodyChecks.recordedAt,
    })
    .from(libraryCustodyChecks)
    .innerJoin(recorder, eq(recorder.id, libraryCustodyChecks.recordedBy))
    .leftJoin(libraryRecipients, eq(libraryRecipients.id, libraryCustodyChecks.recipientId))
    .where(eq(libraryCustodyChecks.billId, billId));
  if (!row) return null;
  return {
    ...row,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    recordedAt: row.recordedAt.toISOString(),
  } as CustodyCheck;
}
