import type { Lang } from '@trialab/api-contract';
import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { depts, users } from '../../db/schema.js';
import { addresses } from '../../db/schema-portal.js';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { containsAny } from '../../lib/search.js';
import { staleOrMissing, uniqueOr, versionedUpdate } from '../../lib/versioned.js';
import { rolesOf } from '../../services/identity/permissions.js';

/** The address book's and the personal centre's SQL. */

type AddressRecord = typeof addresses.$inferSelect;
export const toRow = (a: AddressRecord) => ({
  id: a.id,
  label: a.label,
  name: a.name,
  phone: a.phone,
  area: a.area,
  company: a.company,
  detail: a.detail,
  email: a.email,
  isDefault: a.isDefault,
  version: a.version,
  updatedAt: a.updatedAt.toISOString(),
});

const mine = (userId: number, keyword: string | undefined): SQL | undefined =>
  and(
    eq(addresses.userId, userId),
    containsAny(
      [addresses.name, addresses.phone, addresses.company, addresses.area, addresses.detail],
      keyword,
    ),
  );

/** A page of the user's addresses, the default first, then the last changed. */
export function pageAddresses(
  db: Executor,
  userId: number,
  f: { page: number; size: number; keyword?: string | undefined },
) {
  const where = mine(userId, f.keyword);
  return pageOf(
    db.select({ n: count() }).from(addresses).where(where),
    db
      .select()
      .from(addresses)
      .where(where)
      .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id)),
    f,
    toRow,
  );
}

/** The address picker of the forms: the default first, then by label (200 at most). */
export async function pickAddresses(db: Executor, userId: number, keyword: string | undefined) {
  const rows = await db
    .select()
    .from(addresses)
    .where(mine(userId, keyword))
    .orderBy(desc(addresses.isDefault), asc(addresses.label), desc(addresses.id))
    .limit(200);
  return rows.map(toRow);
}

/** The user's address; another user's is answered exactly like a missing one. */
export async function ownAddress(db: Executor, userId: number, id: number): Promise<AddressRecord> {
  const [row] = await db.select().from(addresses).where(eq(addresses.id, id));
  if (!row || row.userId !== userId) throw notFound();
  return row;
}

/** Only one default address per user: a new default clears the others. */
async function keepOneDefault(db: Executor, row: AddressRecord): Promise<void> {
  if (!row.isDefault) return;
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, row.userId), eq(addresses.isDefault, true), ne(addresses.id, row.id)));
}

export async function insertAddress(db: Executor, values: typeof addresses.$inferInsert) {
  const [row] = await db.insert(addresses).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  await keepOneDefault(db, row);
  return row;
}

/** Writes the address at the version read; a moved-on version is refused. */
export async function updateAddress(
  db: Executor,
  id: number,
  version: number,
  values: Partial<typeof addresses.$inferInsert>,
) {
  const [row] = await db
    .update(addresses)
    .set({ ...values, version: version + 1 })
    .where(and(eq(addresses.id, id), eq(addresses.version, version)))
    .returning();
  if (!row) throw staleOrMissing(true);
  await keepOneDefault(db, row);
  return row;
}

export async function deleteAddress(db: Executor, id: number): Promise<void> {
  await db.delete(addresses).where(eq(addresses.id, id));
}

/** The user's own profile with the names of their enabled roles. */
export async function profileOf(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      mobile: users.mobile,
      email: users.email,
      gender: users.gender,
      type: users.type,
      deptName: depts.name,
      loginDate: users.loginDate,
      createdAt: users.createdAt,
      version: users.version,
    })
    .from(users)
    .leftJoin(depts, eq(depts.id, users.deptId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  const roles = (await rolesOf(db, [userId])).filter((r) => r.status === 1);
  return {
    ...row,
    roleNames: roles.map((r) => r.name),
    loginDate: row.loginDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Writes the user's own fields at the version read; a taken name or mail and a moved-on version are refused. */
export async function updateProfile(
  db: Executor,
  lang: Lang,
  userId: number,
  version: number,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  const updated = await uniqueOr(lang, () =>
    versionedUpdate(users)(db, userId, version, { ...values, version: version + 1 }),
  );
  if (!updated) throw staleOrMissing(true);
}
