// Demo move requests of the specimen library (SEED_DEMO), one in every state, made of the specimens
// the library demo stored in ULT-01-R01-A1: the done one carried out through the engine (its custody
// events reference it), the approved one signed by the super account, a box move awaiting review.
import { MOVE_SIGNATURE_MEANING, moveRequestWorkflow } from '@trialab/api-contract';
import { asc, eq } from 'drizzle-orm';
import type { Transaction } from '../db/client.js';
import { specimenPositions, storageBoxes, storageRacks } from '../db/schema-library.js';
import { moveRequests } from '../db/schema-library-moves.js';
import { recordEvent } from '../lib/workflow.js';
import { executeLines, insertLines, type MoveLineInsert } from '../services/positions/moves.js';
import { insertSignature } from '../services/signatures.js';
import { demoUser } from './lookups.js';

type State = (typeof moveRequestWorkflow.states)[number];

export async function seedLibraryMovesDemo(tx: Transaction, now: Date): Promise<void> {
  const keeper = await demoUser(tx, '13800000004');
  const admin = await demoUser(tx, '13800000000');
  const box = async (code: string) =>
    (await tx.select().from(storageBoxes).where(eq(storageBoxes.code, code)))[0];
  const [from, to, spare] = [
    await box('ULT-01-R01-A1'),
    await box('ULT-01-R01-A2'),
    await box('ULT-01-R02-A5'),
  ];
  const [rack2] = await tx.select().from(storageRacks).where(eq(storageRacks.code, 'ULT-01-R02'));
  if (!keeper || !admin || !from || !to || !spare || !rack2) return;
  const stored = await tx
    .select()
    .from(specimenPositions)
    .where(eq(specimenPositions.boxId, from.id))
    .orderBy(asc(specimenPositions.row), asc(specimenPositions.col));
  if (stored.length < 4) return;
  const line = (i: number): MoveLineInsert => {
    const p = stored[stored.length - 1 - i] as (typeof stored)[number];
    return {
      action: 'move',
      specimenId: p.specimenId,
      boxId: from.id,
      fromRow: p.row,
      fromCol: p.col,
      fromUnitId: from.unitId,
      fromRackId: from.rackId,
      toBoxId: to.id,
      toRow: 1,
      toCol: i + 1,
      toUnitId: to.unitId,
      toRackId: to.rackId,
    };
  };
  const boxLine: MoveLineInsert = {
    action: 'boxMove',
    specimenId: null,
    boxId: spare.id,
    fromUnitId: spare.unitId,
    fromRackId: spare.rackId,
    fromRackRow: spare.rackRow,
    fromRackCol: spare.rackCol,
    toUnitId: rack2.unitId,
    toRackId: rack2.id,
    toRackRow: 2,
    toRackCol: 1,
  };
  const hours = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const requests: Array<{ state: State; reason: string; lines: MoveLineInsert[]; closeReason?: string }> = [
    { state: 'done', reason: '整理冻存盒：末尾样本移入 A2 盒', lines: [line(0)] },
    { state: 'approved', reason: '按受试者归并样本', lines: [line(1)] },
    { state: 'submitted', reason: '空盒移到第二排备用', lines: [line(2), boxLine] },
    { state: 'rejected', reason: '临时调整', lines: [line(3)], closeReason: '无需移动，保持原位' },
  ];
  if (stored.length > 4)
    requests.push({
      state: 'cancelled',
      reason: '重复申请',
      lines: [line(4)],
      closeReason: '已合并到其他申请',
    });
  let n = 0;
  for (const r of requests) {
    n += 1;
    const at = hours(48 - n * 6);
    const reviewed = r.state !== 'submitted' && r.state !== 'cancelled';
    const [row] = await tx
      .insert(moveRequests)
      .values({
        number: `MV20260101${String(n).padStart(5, '0')}`,
        kind: 'move',
        status: r.state,
        reason: r.reason,
        closeReason: r.closeReason ?? null,
        createdBy: keeper.id,
        createdAt: at,
        updatedAt: at,
        reviewedBy: reviewed ? admin.id : null,
        reviewedAt: reviewed ? at : null,
        executedBy: r.state === 'done' ? keeper.id : null,
        executedAt: r.state === 'done' ? at : null,
        version: r.state === 'submitted' ? 1 : r.state === 'done' ? 3 : 2,
      })
      .returning({ id: moveRequests.id, number: moveRequests.number });
    if (!row) continue;
    await insertLines(tx, row.id, r.lines);
    const event = (
      action: string,
      fromState: State | null,
      toState: State,
      userId: number,
      reason?: string,
    ) =>
      recordEvent(tx, {
        workflow: moveRequestWorkflow.id,
        recordId: row.id,
        action,
        fromState,
        toState,
        userId,
        at,
        reason: reason ?? null,
      });
    await event('submit', null, 'submitted', keeper.id, r.reason);
    if (r.state === 'approved' || r.state === 'done') {
      await event('approve', 'submitted', 'approved', admin.id);
      await insertSignature(tx, {
        entity: moveRequestWorkflow.id,
        entityId: row.id,
        action: 'approve',
        meaning: MOVE_SIGNATURE_MEANING.zh_CN,
        userId: admin.id,
        signerName: admin.username,
        signedAt: at,
        contentHash: 'demo',
      });
    }
    if (r.state === 'rejected') await event('reject', 'submitted', 'rejected', admin.id, r.closeReason);
    if (r.state === 'cancelled') await event('cancel', 'submitted', 'cancelled', keeper.id, r.closeReason);
    if (r.state === 'done') {
      await event('execute', 'approved', 'done', keeper.id);
      await executeLines(tx, 'zh_CN', row.id, {
        userId: keeper.id,
        at,
        batchId: `demo-move-${row.id}`,
        reference: `move:${row.number}`,
        reason: r.reason,
      });
    }
  }
}
