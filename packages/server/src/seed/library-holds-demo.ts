// Demo data of the library's legal holds and consent withdrawals (SEED_DEMO, after the bills demo):
// six stored -80 °C serum specimens of KM-2026-002 site 02 in ULT-01-R01-A5 through the engine: LH-0001 under
// a legal hold (a sponsor's dispute) with its aliquots LH-0001-1 and -2 covered by it; LH-0002 free,
// with a legal hold set and lifted last month (the history); LH-0003 and LH-0004 of subject
// S-002-WD01, who withdrew consent (destruction to follow). KM-2026-002's plan is still in review, so
// none of them counts in a plan's reconciliation, and KM-2026-001's site lists keep their own story.
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { labSubjects } from '../db/schema-lab.js';
import { storageBoxes } from '../db/schema-library.js';
import { libraryHolds } from '../db/schema-library-holds.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import { assign } from '../services/positions/engine.js';
import { insertSignature } from '../services/signatures.js';
import { demoUser } from './lookups.js';

const DAY = 86_400_000;
/** The box the demo's held specimens are stored in. */
export const DEMO_HOLD_BOX = 'ULT-01-R01-A5';
/** Under a legal hold (with its two aliquots), free (held once, lifted), and the withdrawn subject's two. */
export const DEMO_HOLD_CODES = ['LH-0001', 'LH-0001-1', 'LH-0001-2', 'LH-0002', 'LH-0003', 'LH-0004'];
export const DEMO_WITHDRAWN_SUBJECT = 'S-002-WD01';

export async function seedLibraryHoldsDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const reviewer = await demoUser(tx, '13800000002');
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-002'));
  const [site] = project
    ? await tx
        .select()
        .from(s.sites)
        .where(and(eq(s.sites.projectId, project.id), eq(s.sites.centerNo, '02')))
    : [];
  const [deep] = await tx.select().from(s.temperatures).where(eq(s.temperatures.code, '-80C'));
  const [serum] = await tx.select().from(s.sampleTypes).where(eq(s.sampleTypes.code, 'SER'));
  const [box] = await tx.select().from(storageBoxes).where(eq(storageBoxes.code, DEMO_HOLD_BOX));
  if (!keeper || !reviewer || !project || !site || !deep || !box) return;
  const ago = (days: number) => new Date(now.getTime() - days * DAY);

  const [subject] = await tx
    .insert(labSubjects)
    .values({
      projectId: project.id,
      siteId: site.id,
      subjectNo: DEMO_WITHDRAWN_SUBJECT,
      name: '示例受试者（撤回同意）',
      gender: '2',
      birthday: '1985-06-01',
      cardType: 'B',
      cardNoMasked: '310***********0417',
      cardNoHash: createHash('sha256').update(`demo-subject-${DEMO_WITHDRAWN_SUBJECT}`).digest('hex'),
      faceConfidence: 92,
      faceThreshold: 60,
      status: 'approved',
      createdBy: keeper.id,
      createdAt: ago(60),
      reviewedBy: reviewer.id,
      reviewedAt: ago(60),
    })
    .returning({ id: labSubjects.id });
  if (!subject) return;

  const ids = new Map<string, number>();
  for (const code of DEMO_HOLD_CODES) {
    const parentCode = code.length > 7 ? code.slice(0, 7) : null;
    const parentId = parentCode ? (ids.get(parentCode) ?? null) : null;
    const [row] = await tx
      .insert(specimenBarcodes)
      .values({
        code,
        projectId: project.id,
        siteId: site.id,
        subjectId: code === 'LH-0003' || code === 'LH-0004' ? subject.id : null,
        visit: '基线 V1',
        sampleTypeId: serum?.id ?? null,
        parentId,
        suffix: parentId ? Number(code.slice(-1)) : null,
        lastSuffix: code === 'LH-0001' ? 2 : 0,
        status: 'signed',
        temperatureId: deep.id,
        volumeUl: parentId ? 250 : 500,
        signedBy: keeper.id,
        signedAt: ago(40),
        createdBy: keeper.id,
        createdAt: ago(40),
      })
      .returning({ id: specimenBarcodes.id });
    if (row) ids.set(code, row.id);
  }
  await assign(
    tx,
    'zh_CN',
    DEMO_HOLD_CODES.map((code, i) => ({
      action: 'place' as const,
      specimenId: ids.get(code) ?? 0,
      to: { boxId: box.id, row: 1, col: i + 1 },
    })),
    { userId: keeper.id, at: ago(39), batchId: 'demo-holds-place', reference: 'demo' },
  );

  const flags = [
    {
      kind: 'legal',
      specimenId: ids.get('LH-0002') ?? null,
      subjectId: null,
      reason: '申办方质询：样本溯源核查（已结案）',
      setAt: ago(30),
      liftedBy: reviewer.id,
      liftedAt: ago(25),
      liftReason: '核查结束，申办方书面确认可解除',
    },
    {
      kind: 'legal',
      specimenId: ids.get('LH-0001') ?? null,
      subjectId: null,
      reason: '合同纠纷诉讼保全（法院通知 2026-民-0417）',
      setAt: ago(10),
      liftedBy: null,
      liftedAt: null,
      liftReason: null,
    },
    {
      kind: 'consent',
      specimenId: null,
      subjectId: subject.id,
      reason: '受试者签署撤回知情同意书，要求销毁剩余样本',
      setAt: ago(3),
      liftedBy: null,
      liftedAt: null,
      liftReason: null,
    },
  ];
  for (const flag of flags) {
    const [row] = await tx
      .insert(libraryHolds)
      .values({ ...flag, projectId: project.id, setBy: keeper.id })
      .returning({ id: libraryHolds.id });
    if (!row) continue;
    const signature = (action: string, userId: number, username: string, at: Date) =>
      insertSignature(tx, {
        entity: 'libraryHold',
        entityId: row.id,
        action,
        meaning:
          action === 'set' ? '设置样本标记：确认按所述原因锁定样本' : '解除样本标记：确认按所述原因解除锁定',
        userId,
        signerName: username,
        signedAt: at,
        contentHash: createHash('sha256').update(`${row.id}:${action}:${flag.reason}`).digest('hex'),
      });
    await signature('set', keeper.id, keeper.username, flag.setAt);
    if (flag.liftedAt) await signature('lift', reviewer.id, reviewer.username, flag.liftedAt);
  }
}
