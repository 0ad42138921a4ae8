// Who witnessed a destruction, by bill. The identity check names the person (an authorised witness
// from the project's list may have no account in the console); the witnessing account's name is
// the answer only when no check was kept (a bill confirmed before identity checks existed).
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { specimenBills } from '../../db/schema-library-bills.js';
import { libraryCustodyChecks } from '../../db/schema-library-custody.js';

export async function witnessNames(db: Executor, billIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(billIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ billId: specimenBills.id, checked: libraryCustodyChecks.personName, account: users.username })
    .from(specimenBills)
    .leftJoin(
      libraryCustodyChecks,
      and(eq(libraryCustodyChecks.billId, specimenBills.id), eq(libraryCustodyChecks.role, 'witness')),
    )
    .leftJoin(users, eq(users.id, specimenBills.witnessId))
    .where(inArray(specimenBills.id, ids));
  return new Map(
    rows.flatMap((r) => {
      const name = r.checked ?? r.account;
      return name === null ? [] : [[r.billId, name] as const];
    }),
  );
}
