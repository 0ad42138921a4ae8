// The users who handled samples (POST /sample/users, docs/library.md "Sample handlers"): from the
// records each step writes, never a copy: the shipment's receipt (`receipts.received_by`), the bench
// (`specimen_barcodes.signed_by`, temporary storage in and out `temp_storage_logs.user_id`) and the
// library (`custody_events.user_id`). One statement per source, grouped by user.
import { SAMPLE_USERS_MAX, type SampleHandlerRole, type SampleUser } from '@trialab/api-contract';
import { and, eq, inArray, isNotNull, max, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { receipts } from '../../db/schema-lab.js';
import { custodyEvents } from '../../db/schema-library.js';
import { sampleTransports } from '../../db/schema-portal.js';
import { specimenBarcodes, tempStorageLogs } from '../../db/schema-specimen.js';
import { contains } from '../../lib/search.js';

/** The specimens asked about: one by id, or a condition on specimen_barcodes (the caller's scope, a project). */
export type Specimens = { id: number } | { where: SQL | undefined };

const onSpecimens = (specimens: Specimens) =>
  'id' in specimens ? eq(specimenBarcodes.id, specimens.id) : specimens.where;

type Found = { userId: number | null; at: Date | null };

/** Each source: the user and the last time, per user, of the specimens asked about. */
const SOURCES: Record<SampleHandlerRole, (db: Executor, specimens: Specimens) => Promise<Found[]>[]> = {
  receipt: (db, specimens) => [
    db
      .select({ userId: receipts.receivedBy, at: max(receipts.receivedAt) })
      .from(receipts)
      .innerJoin(sampleTransports, eq(sampleTransports.id, receipts.transportId))
      .where(
        inArray(
          receipts.transportId,
          db
            .select({ id: specimenBarcodes.transportId })
            .from(specimenBarcodes)
            .where(and(onSpecimens(specimens), isNotNull(specimenBarcodes.transportId))),
        ),
      )
      .groupBy(receipts.receivedBy),
  ],
  bench: (db, specimens) => [
    db
      .select({ userId: specimenBarcodes.signedBy, at: max(specimenBarcodes.signedAt) })
      .from(specimenBarcodes)
      .where(and(onSpecimens(specimens), isNotNull(specimenBarcodes.signedBy)))
      .groupBy(specimenBarcodes.signedBy),
    db
      .select({ userId: tempStorageLogs.userId, at: max(tempStorageLogs.at) })
      .from(tempStorageLogs)
      .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, tempStorageLogs.barcodeId))
      .where(onSpecimens(specimens))
      .groupBy(tempStorageLogs.userId),
  ],
  custody: (db, specimens) => [
    db
      .select({ userId: custodyEvents.userId, at: max(custodyEvents.at) })
      .from(custodyEvents)
      .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, custodyEvents.specimenId))
      .where(onSpecimens(specimens))
      .groupBy(custodyEvents.userId),
  ],
};

/** The handlers of these specimens, latest first, each with what they did; at most SAMPLE_USERS_MAX. */
export async function sampleHandlers(
  db: Executor,
  specimens: Specimens,
  filter: { keyword?: string | undefined; roles?: readonly SampleHandlerRole[] | undefined },
): Promise<SampleUser[]> {
  const byUser = new Map<number, { roles: Set<SampleHandlerRole>; at: number }>();
  for (const role of filter.roles ?? (Object.keys(SOURCES) as SampleHandlerRole[])) {
    for (const rows of await Promise.all(SOURCES[role](db, specimens))) {
      for (const { userId, at } of rows) {
        if (userId === null) continue;
        const seen = byUser.get(userId) ?? { roles: new Set<SampleHandlerRole>(), at: 0 };
        seen.roles.add(role);
        seen.at = Math.max(seen.at, at ? new Date(at).getTime() : 0);
        byUser.set(userId, seen);
      }
    }
  }
  if (byUser.size === 0) return [];
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      and(
        inArray(users.id, [...byUser.keys()]),
        filter.keyword ? contains(users.username, filter.keyword) : undefined,
      ),
    );
  const order: SampleHandlerRole[] = ['receipt', 'bench', 'custody'];
  return people
    .map((p) => {
      const seen = byUser.get(p.id);
      return {
        id: p.id,
        username: p.username,
        roles: order.filter((r) => seen?.roles.has(r)),
        lastAt: new Date(seen?.at ?? 0).toISOString(),
      };
    })
    .sort((a, b) => b.lastAt.localeCompare(a.lastAt) || a.id - b.id)
    .slice(0, SAMPLE_USERS_MAX);
}
