// Demo data of the batch edit of specimen records (SEED_DEMO, after the holds demo): seven stored
// -80 °C specimens of KM-2026-001 (the project with an online plan, so visits and sample types can be
// corrected) in ULT-01-R01-A5 row E, without site or subject like the bills demo's (KM-2026-001's
// reconciliation and site lists keep their story). BE-0001 and BE-0002 were corrected a week ago
// through the batch edit's own writer: the site labelled them baseline but drew them at week 4 (the
// CRA's data clarification), so their timelines show the correction with its values and reason.
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { storageBoxes } from '../db/schema-library.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import type { AuditEntry } from '../lib/audit.js';
import { appendAudit } from '../lib/audit.js';
import { byCodes, editedSpecimens, evaluate, writeEdits } from '../modules/library-batch-edit/service.js';
import { assign } from '../services/positions/engine.js';
import { insertSignature } from '../services/signatures.js';
import { demoUser } from './lookups.js';

const DAY = 86_400_000;
/** The box and row (E) the demo's specimens are stored in. */
export const DEMO_BATCH_EDIT_BOX = 'ULT-01-R01-A5';
/** Serum at baseline (the first two corrected to week 4), and one plasma tube at week 12. */
export const DEMO_BATCH_EDIT_CODES = [
  'BE-0001',
  'BE-0002',
  'BE-0003',
  'BE-0004',
  'BE-0005',
  'BE-0006',
  'BE-0007',
];
/** The reason of the demo's correction. */
export const DEMO_BATCH_EDIT_REASON = '中心贴错访视标签，CRA 数据澄清确认为第4周采集（DCF-2026-0412）';

export async function seedLibraryBatchEditDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-001'));
  const [deep] = await tx.select().from(s.temperatures).where(eq(s.temperatures.code, '-80C'));
  const types = await tx.select().from(s.sampleTypes);
  const serum = types.find((t) => t.code === 'SER');
  const plasma = types.find((t) => t.code === 'PLA');
  const [box] = await tx
    .select()
    .from(storageBoxes)
    .where(and(eq(storageBoxes.code, DEMO_BATCH_EDIT_BOX)));
  if (!keeper || !project || !deep || !serum || !plasma || !box) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  const ids: number[] = [];
  for (const [i, code] of DEMO_BATCH_EDIT_CODES.entries()) {
    const isPlasma = code === 'BE-0007';
    const [row] = await tx
      .insert(specimenBarcodes)
      .values({
        code,
        projectId: project.id,
        visit: isPlasma ? '第12周 V3' : '基线 V1',
        sampleTypeId: isPlasma ? plasma.id : serum.id,
        status: 'signed',
        temperatureId: deep.id,
        volumeUl: isPlasma ? 400 : 500 - i * 20,
        signedBy: keeper.id,
        signedAt: ago(21),
        createdBy: keeper.id,
        createdAt: ago(21),
      })
      .returning({ id: specimenBarcodes.id });
    if (row) ids.push(row.id);
  }
  await assign(
    tx,
    'zh_CN',
    ids.map((specimenId, i) => ({
      action: 'place' as const,
      specimenId,
      to: { boxId: box.id, row: 5, col: i + 1 },
    })),
    { userId: keeper.id, at: ago(20), batchId: 'demo-batch-edit-place', reference: 'demo' },
  );

  // The correction a week ago, written by the batch edit itself (signatures and audit as the route's).
  const at = ago(7);
  const all = { all: true, projectIds: new Set<number>(), siteIds: null, sitesByProject: new Map() };
  const found = await editedSpecimens(tx, all, 'zh_CN', byCodes(['BE-0001', 'BE-0002']), true);
  const evaluated = await evaluate(tx, 'zh_CN', found, { visit: '第4周 V2', remark: '访视经数据澄清更正' });
  const entries: AuditEntry[] = [];
  await writeEdits(tx, 'zh_CN', evaluated, {
    reason: DEMO_BATCH_EDIT_REASON,
    at,
    sign: (what) =>
      insertSignature(tx, { ...what, userId: keeper.id, signerName: keeper.username, signedAt: what.at }),
    audit: (entry) => entries.push(entry),
  });
  await appendAudit(
    tx,
    { at, userId: keeper.id, username: keeper.username, requestId: null, workstation: null, ip: null },
    entries,
  );
}
