// Demo data of the specimen library's bills (SEED_DEMO): serum specimens of KM-2026-001 stored in
// ULT-01-R02-A3 (a parent and an aliquot of it among them), and outbound and destruction bills in every
// state of their workflows, with their transitions, signatures, authorisations and (for those carried
// out) the custody events the position engine writes, so each bill page opens on a story.
import type { BillKind, BillState } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import * as s from '../db/schema.js';
import { storageBoxes } from '../db/schema-library.js';
import { specimenBillAuthorisations, specimenBillLines, specimenBills } from '../db/schema-library-bills.js';
import { specimenBarcodes } from '../db/schema-specimen.js';
import { recordEvent } from '../lib/workflow.js';
import { billReference } from '../services/bills/holds.js';
import { assign } from '../services/positions/engine.js';
import { insertSignature } from '../services/signatures.js';
import { demoUser } from './lookups.js';

const BOX = 'ULT-01-R02-A3';
const code = (n: number) => `LB-${String(n).padStart(4, '0')}`;
const DAY = 86_400_000;

interface DemoBill {
  no: string;
  kind: BillKind;
  status: BillState;
  /** Specimen numbers (code(n)); a negative number takes a partial 100 µL. */
  lines: number[];
  type?: string;
  reason: string;
  recipient?: string;
  destination?: string;
  plannedAt?: string;
  removedAt?: string;
  deviation?: string;
  /** The transitions that led here, in order, with their reason. */
  path: Array<[string, BillState, string?]>;
}

const OUT_PATH = {
  submitted: [['submit', 'submitted']],
  approved: [
    ['submit', 'submitted'],
    ['approve', 'approved'],
  ],
} as const satisfies Record<string, Array<[string, BillState]>>;

const BILLS: DemoBill[] = [
  { no: 'CK2026DEMO01', kind: 'out', status: 'draft', lines: [1, 2], type: 'TEST', reason: '1', path: [] },
  {
    no: 'CK2026DEMO02',
    kind: 'pre',
    status: 'submitted',
    lines: [3, 4, 5],
    type: 'TRANSFER',
    reason: '2',
    plannedAt: '2027-01-15',
    path: [...OUT_PATH.submitted],
  },
  {
    no: 'CK2026DEMO03',
    kind: 'out',
    status: 'approved',
    lines: [6, 7, -8],
    type: 'TEST',
    reason: '1',
    path: [...OUT_PATH.approved],
  },
  {
    no: 'CK2026DEMO04',
    kind: 'out',
    status: 'confirmed',
    lines: [9, 10],
    type: 'PRE_TREATMENT',
    reason: '1',
    path: [...OUT_PATH.approved, ['confirm', 'confirmed']],
  },
  {
    no: 'CK2026DEMO05',
    kind: 'out',
    status: 'closed',
    lines: [11],
    type: 'TEST',
    reason: '1',
    path: [...OUT_PATH.approved, ['close', 'closed']],
  },
  {
    no: 'CK2026DEMO06',
    kind: 'out',
    status: 'rejected',
    lines: [12],
    type: 'TEST',
    reason: '4',
    path: [...OUT_PATH.submitted, ['reject', 'rejected', '出库用途未注明，请补充后重新提交']],
  },
  {
    no: 'CK2026DEMO07',
    kind: 'out',
    status: 'cancelled',
    lines: [13],
    type: 'TEST',
    reason: '1',
    path: [['cancel', 'cancelled', '申办方推迟检测']],
  },
  {
    no: 'CK2026DEMO08',
    kind: 'post',
    status: 'submitted',
    lines: [14],
    type: 'TRANSFER',
    reason: '2',
    removedAt: '2026-11-20',
    deviation: '冰箱报警夜间紧急转移，次日补登',
    path: [...OUT_PATH.submitted],
  },
  {
    no: 'CK2026DEMO09',
    kind: 'backup',
    status: 'submitted',
    lines: [16],
    type: 'BACKUP',
    reason: '3',
    destination: '申办方样本库（上海）',
    path: [...OUT_PATH.submitted],
  },
  { no: 'XH2026DEMO01', kind: 'destroy', status: 'draft', lines: [17], reason: '1', path: [] },
  {
    no: 'XH2026DEMO02',
    kind: 'destroy',
    status: 'submitted',
    lines: [18],
    reason: '2',
    path: [['submit', 'submitted']],
  },
  {
    no: 'XH2026DEMO03',
    kind: 'destroy',
    status: 'authorised',
    lines: [19],
    reason: '1',
    path: [
      ['submit', 'submitted'],
      ['authorise', 'authorised'],
    ],
  },
  {
    no: 'XH2026DEMO04',
    kind: 'destroy',
    status: 'approved',
    lines: [20, 21],
    reason: '1',
    path: [
      ['submit', 'submitted'],
      ['authorise', 'authorised'],
      ['approve', 'approved'],
    ],
  },
  {
    no: 'XH2026DEMO05',
    kind: 'destroy',
    status: 'closed',
    lines: [22],
    reason: '3',
    path: [
      ['submit', 'submitted'],
      ['authorise', 'authorised'],
      ['approve', 'approved'],
      ['confirm', 'closed'],
    ],
  },
  {
    no: 'XH2026DEMO06',
    kind: 'destroy',
    status: 'rejected',
    lines: [23],
    reason: '4',
    path: [
      ['submit', 'submitted'],
      ['reject', 'rejected', '仍在保存期内'],
    ],
  },
  {
    no: 'XH2026DEMO07',
    kind: 'destroy',
    status: 'cancelled',
    lines: [24],
    reason: '2',
    path: [['cancel', 'cancelled', '样本复核未见损坏']],
  },
];
/** Specimens 15 (the parent) and 16 (an aliquot of it) make the backup; 15 stays. */
const SPECIMENS = 24;
const OPEN: readonly BillState[] = ['draft', 'submitted', 'authorised', 'approved'];

export async function seedLibraryBillsDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const reviewer = await demoUser(tx, '13800000002');
  const pm = await demoUser(tx, '13800000003');
  const [project] = await tx.select().from(s.projects).where(eq(s.projects.projectNo, 'KM-2026-001'));
  const [deep] = await tx.select().from(s.temperatures).where(eq(s.temperatures.code, '-80C'));
  const [serum] = await tx.select().from(s.sampleTypes).where(eq(s.sampleTypes.code, 'SER'));
  const [box] = await tx.select().from(storageBoxes).where(eq(storageBoxes.code, BOX));
  const types = await tx.select().from(s.stockOutTypes);
  if (!keeper || !reviewer || !pm || !project || !deep || !box) return;

  const ids = new Map<number, number>();
  for (let n = 1; n <= SPECIMENS; n += 1) {
    const parentId = n === 16 ? (ids.get(15) ?? null) : null;
    const [row] = await tx
      .insert(specimenBarcodes)
      .values({
        code: code(n),
        projectId: project.id,
        sampleTypeId: serum?.id ?? null,
        visit: '基线 V1',
        status: 'signed',
        temperatureId: deep.id,
        parentId,
        suffix: parentId ? 1 : null,
        volumeUl: 500,
        createdBy: keeper.id,
        createdAt: new Date(now.getTime() - 30 * DAY),
      })
      .returning({ id: specimenBarcodes.id });
    if (row) ids.set(n, row.id);
  }
  const custody = (at: Date, reference: string | null) => ({
    userId: keeper.id,
    at,
    batchId: `demo-bills-${reference ?? 'place'}`,
    reference,
  });
  await assign(
    tx,
    'zh_CN',
    [...ids].map(([n, id]) => ({
      action: 'place' as const,
      specimenId: id,
      to: { boxId: box.id, row: Math.floor((n - 1) / 9) + 1, col: ((n - 1) % 9) + 1 },
    })),
    custody(new Date(now.getTime() - 29 * DAY), 'demo'),
  );

  for (const [i, demo] of BILLS.entries()) {
    const created = new Date(now.getTime() - (20 - i) * DAY);
    const type = types.find((t) => t.code === demo.type);
    const [bill] = await tx
      .insert(specimenBills)
      .values({
        billNo: demo.no,
        kind: demo.kind,
        status: demo.status,
        projectId: project.id,
        stockOutTypeId: type?.id ?? null,
        reason: demo.reason,
        recipient: demo.kind === 'destroy' ? null : (demo.recipient ?? '王医生（检测实验室）'),
        destination: demo.kind === 'destroy' ? null : (demo.destination ?? '合作检测实验室 B'),
        plannedAt: demo.plannedAt ?? null,
        removedAt: demo.removedAt ?? null,
        deviation: demo.deviation ?? null,
        receiverName:
          ['confirmed', 'closed'].includes(demo.status) && demo.kind !== 'destroy' ? '王医生' : null,
        method: demo.status === 'closed' && demo.kind === 'destroy' ? 'autoclave' : null,
        certificate: demo.status === 'closed' && demo.kind === 'destroy' ? 'XH-CERT-2026-0012' : null,
        witnessId: demo.status === 'closed' && demo.kind === 'destroy' ? reviewer.id : null,
        confirmedBy: ['confirmed', 'closed'].includes(demo.status) ? keeper.id : null,
        confirmedAt: ['confirmed', 'closed'].includes(demo.status) ? new Date(created.getTime() + DAY) : null,
        createdBy: keeper.id,
        createdAt: created,
        updatedAt: created,
        version: demo.path.length + 1,
      })
      .returning({ id: specimenBills.id });
    if (!bill) continue;
    const held = OPEN.includes(demo.status) && !(demo.kind === 'post' && demo.status !== 'draft');
    await tx.insert(specimenBillLines).values(
      demo.lines.map((n) => ({
        billId: bill.id,
        specimenId: ids.get(Math.abs(n)) ?? 0,
        whole: n > 0,
        quantityUl: n > 0 ? null : 100,
        held,
      })),
    );
    const wholeIds = demo.lines.filter((n) => n > 0).map((n) => ids.get(n) ?? 0);
    let step = 0;
    for (const [action, to, reason] of demo.path) {
      step += 1;
      const at = new Date(created.getTime() + step * 3_600_000);
      const by =
        action === 'approve' || action === 'reject' ? reviewer : action === 'authorise' ? pm : keeper;
      const from = step === 1 ? 'draft' : (demo.path[step - 2]?.[1] ?? 'draft');
      await recordEvent(tx, {
        workflow: demo.kind === 'destroy' ? 'destroyBill' : 'outboundBill',
        recordId: bill.id,
        action,
        fromState: from,
        toState: to,
        userId: by.id,
        at,
        reason: reason ?? null,
      });
      if (action === 'approve' || action === 'authorise')
        await insertSignature(tx, {
          entity: 'specimenBill',
          entityId: bill.id,
          action,
          meaning: demo.kind === 'destroy' ? 'authorisation' : 'approval',
          userId: by.id,
          signerName: by.username,
          signedAt: at,
          contentHash: '0'.repeat(64),
        });
      if (demo.kind === 'destroy' && (action === 'approve' || action === 'authorise'))
        await tx.insert(specimenBillAuthorisations).values({
          billId: bill.id,
          step: action === 'authorise' ? 1 : 2,
          userId: by.id,
          qa: by.id === reviewer.id,
          at,
        });
      // What was carried out moved the specimens, through the engine like any bill.
      const carried =
        (demo.kind === 'post' && action === 'submit') ||
        (demo.kind !== 'destroy' &&
          (action === 'confirm' || (action === 'close' && demo.status === 'closed')));
      if (carried && wholeIds.length > 0)
        await assign(
          tx,
          'zh_CN',
          wholeIds.map((id) => ({ action: 'outbound' as const, specimenId: id })),
          { ...custody(at, billReference(demo.no)), reason: demo.deviation ?? null },
        );
      if (demo.kind === 'destroy' && action === 'confirm')
        await assign(
          tx,
          'zh_CN',
          wholeIds.map((id) => ({ action: 'destroy' as const, specimenId: id })),
          { ...custody(at, billReference(demo.no)), reason: 'autoclave; XH-CERT-2026-0012' },
        );
    }
    if (demo.status === 'approved' && demo.kind === 'out')
      await tx
        .update(specimenBillLines)
        .set({ scannedAt: now, scannedBy: keeper.id })
        .where(eq(specimenBillLines.specimenId, ids.get(6) ?? 0));
  }
}
