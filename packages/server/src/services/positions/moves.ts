// Reviewed moves (docs/library.md "Reviewed moves", "Evacuation"): what an open move request holds,
// the evacuation plan of a failed unit (set-based: a handful of queries whatever the number of
// specimens), and carrying a request out, every line through the engine in the caller's transaction.
import {
  cellsInFillOrder,
  type Lang,
  libraryWord,
  MOVE_REQUEST_OPEN_STATES,
  ResultCode,
  UNIT_STATUS_WORDS,
} from '@trialab/api-contract';
import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  blockedPositions,
  specimenPositions,
  storageBoxes,
  storageRacks,
  storageUnits,
} from '../../db/schema-library.js';
import { moveLines, moveRequests } from '../../db/schema-library-moves.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { ApiError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import {
  type Assignment,
  assign,
  type BoxRow,
  boxGrid,
  type Custody,
  cellText,
  chainsOf,
  isLive,
  type SpecimenRow,
  targetProblem,
} from './engine.js';
import { holdProblem } from './holds.js';
import { moveBox } from './structure.js';

export type MoveLineInsert = Omit<typeof moveLines.$inferInsert, 'id' | 'requestId' | 'seq'>;

/**
 * Refuses specimens or boxes an open request already holds, naming it: a specimen on a line, a
 * specimen whose box is moved by a line, a box moved by a line or left by a specimen of one.
 * `leftBoxIds` are the boxes the new request's specimens leave; `movedBoxIds` the boxes it moves.
 * `action` is what the request will do to its specimens (an evacuation passes a legal hold).
 */
export async function assertNotHeld(
  db: Executor,
  lang: Lang,
  specimens: Array<{ id: number; code: string; boxId: number }>,
  boxes: Array<{ id: number; code: string }>,
  action: 'move' | 'evacuate' = 'move',
): Promise<void> {
  const specimenIds = specimens.map((s) => s.id);
  const boxIds = [...new Set([...boxes.map((b) => b.id), ...specimens.map((s) => s.boxId)])];
  if (specimenIds.length + boxIds.length === 0) return;
  const held = await db
    .select({
      specimenId: moveLines.specimenId,
      boxId: moveLines.boxId,
      action: moveLines.action,
      number: moveRequests.number,
    })
    .from(moveLines)
    .innerJoin(moveRequests, eq(moveRequests.id, moveLines.requestId))
    .where(
      and(
        inArray(moveRequests.status, [...MOVE_REQUEST_OPEN_STATES]),
        or(
          specimenIds.length ? inArray(moveLines.specimenId, specimenIds) : undefined,
          boxIds.length ? inArray(moveLines.boxId, boxIds) : undefined,
        ),
      ),
    )
    .orderBy(asc(moveLines.requestId), asc(moveLines.seq));
  const refuse = (what: string, number: string) =>
    new ApiError(ResultCode.INVALID_STATE, { key: 'movesHeld', params: { what, number } });
  // Whatever else holds them (an open bill, ...) refuses them here too, not only at execution.
  const other = await holdProblem(
    db,
    lang,
    specimens.map((s) => ({ id: s.id, code: s.code, action })),
    null,
  );
  if (other) throw other;
  for (const line of held) {
    const specimen = specimens.find(
      (s) => s.id === line.specimenId || (line.action === 'boxMove' && s.boxId === line.boxId),
    );
    if (specimen) throw refuse(specimen.code, line.number);
    const box = boxes.find((b) => b.id === line.boxId);
    if (box) throw refuse(box.code, line.number);
  }
}

interface Placed {
  specimenId: number;
  code: string;
  projectId: number;
  sampleTypeId: number | null;
  temperatureId: number | null;
  boxId: number;
  row: number | null;
  col: number | null;
  unitId: number;
  rackId: number | null;
}

/**
 * The evacuation of a failed unit into backup units: a target cell for every stored specimen, boxes
 * in unit code, rack slot and box slot order, cells in each box's fill order, the unit's condition and
 * every restriction met; the specimens of one box go together into the first box with room for all of
 * them, else box after box. Cells taken, reserved, blocked or promised to another open request are
 * skipped. Refused, with the count that would fit, when the backups are too small.
 */
export async function planEvacuation(
  db: Executor,
  lang: Lang,
  unit: { id: number; name: string },
  backupUnitIds: number[],
  at: Date,
): Promise<{ lines: MoveLineInsert[]; boxesKept: number; specimens: Placed[] }> {
  const inside: Placed[] = await db
    .select({
      specimenId: specimenPositions.specimenId,
      code: specimenBarcodes.code,
      projectId: specimenBarcodes.projectId,
      sampleTypeId: specimenBarcodes.sampleTypeId,
      temperatureId: specimenBarcodes.temperatureId,
      boxId: specimenPositions.boxId,
      row: specimenPositions.row,
      col: specimenPositions.col,
      unitId: storageBoxes.unitId,
      rackId: storageBoxes.rackId,
    })
    .from(specimenPositions)
    .innerJoin(storageBoxes, eq(storageBoxes.id, specimenPositions.boxId))
    .innerJoin(specimenBarcodes, eq(specimenBarcodes.id, specimenPositions.specimenId))
    .leftJoin(storageRacks, eq(storageRacks.id, storageBoxes.rackId))
    .where(and(eq(storageBoxes.unitId, unit.id), eq(specimenPositions.status, 'stored')))
    .orderBy(
      asc(storageRacks.slot),
      asc(storageBoxes.rackRow),
      asc(storageBoxes.rackCol),
      asc(storageBoxes.code),
      asc(specimenPositions.row),
      asc(specimenPositions.col),
    );
  if (inside.length === 0)
    throw new ApiError(ResultCode.INVALID_STATE, { key: 'movesEvacuateEmpty', params: { unit: unit.name } });

  const targets = await db
    .select({ box: storageBoxes })
    .from(storageBoxes)
    .innerJoin(storageUnits, eq(storageUnits.id, storageBoxes.unitId))
    .leftJoin(storageRacks, eq(storageRacks.id, storageBoxes.rackId))
    .where(
      and(
        inArray(storageBoxes.unitId, backupUnitIds),
        eq(storageBoxes.kind, 'grid'),
        lt(storageBoxes.stored, storageBoxes.capacity),
      ),
    )
    .orderBy(
      asc(storageUnits.code),
      asc(storageRacks.slot),
      asc(storageBoxes.rackRow),
      asc(storageBoxes.rackCol),
      asc(storageBoxes.code),
    );
  const boxes = targets.map((r) => r.box);
  const boxIds = boxes.map((b) => b.id);
  const chains = await chainsOf(db, boxes);
  // One after the other: in a transaction the queries share one connection (node-postgres warns
  // on overlapping queries of one client and will refuse them).
  const [used, blocked, promised] = boxIds.length
    ? [
        await db
          .select({
            boxId: specimenPositions.boxId,
            row: specimenPositions.row,
            col: specimenPositions.col,
            status: specimenPositions.status,
            expiresAt: specimenPositions.expiresAt,
          })
          .from(specimenPositions)
          .where(inArray(specimenPositions.boxId, boxIds)),
        await db
          .select({ boxId: blockedPositions.boxId, row: blockedPositions.row, col: blockedPositions.col })
          .from(blockedPositions)
          .where(inArray(blockedPositions.boxId, boxIds)),
        await db
          .select({ boxId: moveLines.toBoxId, row: moveLines.toRow, col: moveLines.toCol })
          .from(moveLines)
          .innerJoin(moveRequests, eq(moveRequests.id, moveLines.requestId))
          .where(
            and(
              inArray(moveRequests.status, [...MOVE_REQUEST_OPEN_STATES]),
              inArray(moveLines.toBoxId, boxIds),
            ),
          ),
      ]
    : [[], [], []];
  const taken = new Set(
    [...used.filter((p) => isLive(p, at)), ...blocked, ...promised].map(
      (c) => `${c.boxId}:${c.row}:${c.col}`,
    ),
  );
  const free = new Map(
    boxes.map((b) => [
      b.id,
      cellsInFillOrder(boxGrid(b)).filter((c) => !taken.has(`${b.id}:${c.row}:${c.col}`)),
    ]),
  );
  // Whether a box takes a specimen depends only on its project, sample type and condition.
  const fitCache = new Map<string, boolean>();
  const fits = (box: BoxRow, s: Placed) => {
    const key = `${box.id}:${s.projectId}:${s.sampleTypeId}:${s.temperatureId}`;
    let ok = fitCache.get(key);
    if (ok === undefined) {
      ok = !targetProblem(lang, chains, box, s as unknown as SpecimenRow, 'evacuate');
      fitCache.set(key, ok);
    }
    return ok;
  };

  const groups = new Map<number, Placed[]>();
  for (const s of inside) groups.set(s.boxId, [...(groups.get(s.boxId) ?? []), s]);
  const lines: MoveLineInsert[] = [];
  let boxesKept = 0;
  let short = 0;
  const put = (s: Placed, box: BoxRow) => {
    const cell = free.get(box.id)?.shift();
    if (!cell) return false;
    lines.push({
      action: 'evacuate',
      specimenId: s.specimenId,
      boxId: s.boxId,
      fromRow: s.row,
      fromCol: s.col,
      fromUnitId: s.unitId,
      fromRackId: s.rackId,
      toBoxId: box.id,
      toRow: cell.row,
      toCol: cell.col,
      toUnitId: box.unitId,
      toRackId: box.rackId,
    });
    return true;
  };
  for (const group of groups.values()) {
    const home = boxes.find(
      (b) => (free.get(b.id)?.length ?? 0) >= group.length && group.every((s) => fits(b, s)),
    );
    if (home) {
      boxesKept += 1;
      for (const s of group) put(s, home);
      continue;
    }
    for (const s of group) {
      const box = boxes.find((b) => (free.get(b.id)?.length ?? 0) > 0 && fits(b, s));
      if (!box || !put(s, box)) short += 1;
    }
  }
  if (short > 0)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'movesEvacuateNoRoom',
      params: { needed: inside.length, found: inside.length - short },
    });
  return { lines, boxesKept, specimens: inside };
}

/** Refuses a backup that is the failed unit itself or takes no evacuation (defrosting, out of service). */
export async function backupUnits(db: Executor, lang: Lang, failedId: number, ids: number[]) {
  if (ids.includes(failedId)) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'movesEvacuateSelf' });
  const units = await db.select().from(storageUnits).where(inArray(storageUnits.id, ids));
  for (const id of ids) {
    const unit = units.find((u) => u.id === id);
    if (!unit)
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'invalidReference',
        params: { field: 'backupUnitIds' },
      });
    if (unit.status !== 'active' && unit.status !== 'backup')
      throw new ApiError(ResultCode.INVALID_STATE, {
        key: 'movesEvacuateTarget',
        params: { unit: unit.name, status: libraryWord(UNIT_STATUS_WORDS, unit.status, lang) },
      });
  }
  return units;
}

/**
 * Carries out a request's lines in the caller's transaction, all or none: box lines through the
 * engine's box move, specimen lines through one `assign`. A specimen or box no longer where the line
 * takes it from, or a line the engine refuses now, fails the whole request, naming the line.
 */
export async function executeLines(
  db: Executor,
  lang: Lang,
  requestId: number,
  custody: Custody,
): Promise<{ specimens: number; boxes: number }> {
  const lines = await db
    .select({
      line: moveLines,
      code: specimenBarcodes.code,
      boxCode: storageBoxes.code,
      cols: storageBoxes.cols,
      labels: storageBoxes.labels,
    })
    .from(moveLines)
    .innerJoin(storageBoxes, eq(storageBoxes.id, moveLines.boxId))
    .leftJoin(specimenBarcodes, eq(specimenBarcodes.id, moveLines.specimenId))
    .where(eq(moveLines.requestId, requestId))
    .orderBy(asc(moveLines.seq));
  const moved = (line: number, what: string, place: string) =>
    new ApiError(ResultCode.INVALID_STATE, { key: 'movesLineMoved', params: { line, what, place } });
  const failed = (line: number, error: unknown) =>
    error instanceof ApiError && error.options.key
      ? new ApiError(error.code, {
          key: 'movesLineFailed',
          params: { line, problem: t(lang, error.options.key, error.options.params) },
        })
      : error;

  const boxLines = lines.filter((l) => l.line.action === 'boxMove');
  for (const { line, boxCode } of boxLines) {
    const [box] = await db.select().from(storageBoxes).where(eq(storageBoxes.id, line.boxId)).for('update');
    if (
      !box ||
      box.unitId !== line.fromUnitId ||
      box.rackId !== line.fromRackId ||
      box.rackRow !== line.fromRackRow ||
      box.rackCol !== line.fromRackCol
    )
      throw moved(line.seq, boxCode, `${line.fromRackRow ?? ''},${line.fromRackCol ?? ''}`);
    try {
      await moveBox(
        db,
        lang,
        line.boxId,
        {
          unitId: line.toUnitId,
          rackId: line.toRackId,
          rackRow: line.toRackRow,
          rackCol: line.toRackCol,
        },
        custody,
      );
    } catch (error) {
      throw failed(line.seq, error);
    }
  }

  const specimenLines = lines.filter((l) => l.line.specimenId !== null);
  if (specimenLines.length > 0) {
    const ids = specimenLines.map((l) => l.line.specimenId as number);
    const now = await db
      .select({
        specimenId: specimenPositions.specimenId,
        boxId: specimenPositions.boxId,
        row: specimenPositions.row,
        col: specimenPositions.col,
      })
      .from(specimenPositions)
      .where(and(inArray(specimenPositions.specimenId, ids), eq(specimenPositions.status, 'stored')));
    const at = new Map(now.map((p) => [p.specimenId, p]));
    for (const { line, code, boxCode, cols, labels } of specimenLines) {
      const p = at.get(line.specimenId as number);
      if (!p || p.boxId !== line.boxId || p.row !== line.fromRow || p.col !== line.fromCol)
        throw moved(
          line.seq,
          code ?? '',
          `${boxCode} ${cellText({ cols, labels }, line.fromRow, line.fromCol)}`,
        );
    }
    const assignments = specimenLines.map(
      ({ line }) =>
        ({
          action: line.action === 'evacuate' ? 'evacuate' : 'move',
          specimenId: line.specimenId as number,
          to: { boxId: line.toBoxId as number, row: line.toRow, col: line.toCol },
        }) as Assignment,
    );
    const targets = await db
      .select()
      .from(storageBoxes)
      .where(inArray(storageBoxes.id, [...new Set(specimenLines.map((l) => l.line.toBoxId as number))]));
    const into = (l: (typeof specimenLines)[number]) => {
      const box = targets.find((b) => b.id === l.line.toBoxId);
      return box ? { box: box.code, position: cellText(box, l.line.toRow, l.line.toCol) } : undefined;
    };
    try {
      await assign(db, lang, assignments, custody);
    } catch (error) {
      // The engine names the specimen, or the cell a line puts to: that is the line.
      const p = error instanceof ApiError ? error.options.params : undefined;
      const named = p
        ? specimenLines.find(
            (l) =>
              (l.code !== null && l.code === p.code) ||
              (p.box !== undefined && into(l)?.box === p.box && into(l)?.position === p.position),
          )
        : undefined;
      throw named ? failed(named.line.seq, error) : error;
    }
  }
  return { specimens: specimenLines.length, boxes: boxLines.length };
}

/** The next line numbers of a request's lines, in the order given. */
const numbered = (requestId: number, lines: MoveLineInsert[]) =>
  lines.map((l, i) => ({ ...l, requestId, seq: i + 1 }));

/** Inserts lines in chunks (the drivers bind at most 65 535 parameters per statement). */
export async function insertLines(db: Executor, requestId: number, lines: MoveLineInsert[]): Promise<void> {
  const rows = numbered(requestId, lines);
  for (let i = 0; i < rows.length; i += 2000) await db.insert(moveLines).values(rows.slice(i, i + 2000));
}
