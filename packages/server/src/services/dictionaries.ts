import { type Lang, localName } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { dictData } from '../db/schema.js';

/** The dictionaries as several modules read them (their administration is the system module's). */

/** value -> label of one dictionary in the request language. */
export async function dictLabels(db: Executor, dictNo: number, lang: Lang): Promise<Map<string, string>> {
  const rows = await db
    .select({ value: dictData.value, label: dictData.label, enLabel: dictData.enLabel })
    .from(dictData)
    .where(eq(dictData.dictNo, dictNo));
  return new Map(rows.map((r) => [r.value, localName({ name: r.label, enName: r.enLabel }, lang)]));
}

/** The values of one dictionary's enabled items (what a form may choose today). */
export async function enabledDictValues(db: Executor, dictNo: number): Promise<Set<string>> {
  const rows = await db
    .select({ value: dictData.value })
    .from(dictData)
    .where(and(eq(dictData.dictNo, dictNo), eq(dictData.status, 1)));
  return new Set(rows.map((r) => r.value));
}
