// The rack-scanner import (docs/library.md "Rack-scanner import"): a scanner file read against a box,
// each position's outcome with its error, and the save: readable tubes placed through the position
// engine's `import` action as one batch, unreadable (NO READ) positions blocked as broken cells with
// the file named, so nothing is placed into a cell that physically holds an unread tube.
import {
  type Lang,
  parseCell,
  ResultCode,
  type ScanLine,
  type ScanOutcome,
  type StorageBoxRow,
} from '@trialab/api-contract';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blockedPositions, specimenPositions } from '../../db/schema-library.js';
import { specimenBarcodes } from '../../db/schema-specimen.js';
import { ApiError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { SiteScope } from '../../lib/scope.js';
import {
  type Assignment,
  assign,
  boxGrid,
  type Custody,
  cellText,
  isLive,
} from '../../services/positions/engine.js';
import { blockCell } from '../../services/positions/structure.js';
import { barcodeInScope, barcodesByCode, repeated } from '../specimen/repository.js';
import { boxByCode } from './repository.js';
import { readScanFile } from './scan-file.js';

interface Planned extends ScanLine {
  cell: { row: number; col: number } | null;
  specimenId: number | null;
}

export interface ScanPlan {
  box: StorageBoxRow & { unitName: string };
  racks: string[];
  lines: Planned[];
}

/** Thrown to roll a dry run back. */
class DryRun extends Error {}

/** The message of a refusal in the caller's language. */
function words(lang: Lang, error: unknown): string {
  if (error instanceof ApiError && error.options.key) return t(lang, error.options.key, error.options.params);
  throw error;
}

/**
 * Reads the file against the box and says what saving would do with each position. The engine's own
 * rules (state, unit, condition, restrictions, cell) are checked by running the placements in a
 * savepoint that is rolled back: all at once first, one by one only when that fails.
 */
export async function planScan(
  tx: Executor,
  lang: Lang,
  scope: SiteScope,
  input: { boxCode: string; fileName: string; csv: string },
  custody: Custody,
): Promise<ScanPlan> {
  const box = await boxByCode(tx, input.boxCode);
  if (box.kind !== 'grid')
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'samplesScanGridOnly', params: { code: box.code } });
  const read = readScanFile(input.csv);
  if (read.length === 0) throw new ApiError(ResultCode.BAD_REQUEST, { key: 'samplesScanEmpty' });
  const grid = boxGrid(box);
  const label = (cell: { row: number; col: number }) => cellText(box, cell.row, cell.col);
  const tubes = read.flatMap((l) => (l.tube ? [l.tube] : []));
  const twiceTubes = new Set(repeated(tubes));
  const twicePositions = new Set(
    repeated(read.map((l) => parseCell(grid, l.written)).flatMap((c) => (c ? [`${c.row}:${c.col}`] : []))),
  );
  const known = await barcodesByCode(tx, scope, [...new Set(tubes)]);
  const held = await tx.select().from(specimenPositions).where(eq(specimenPositions.boxId, box.id));
  const liveAt = new Map<string, (typeof held)[number]>(
    held.filter((p) => isLive(p, custody.at)).map((p) => [`${p.row}:${p.col}`, p]),
  );
  // Codes of the box's occupants the caller may see (a discrepancy names them).
  const occupants = held.length
    ? await tx
        .select({
          id: specimenBarcodes.id,
          code: specimenBarcodes.code,
          projectId: specimenBarcodes.projectId,
          siteId: specimenBarcodes.siteId,
        })
        .from(specimenBarcodes)
        .where(
          inArray(
            specimenBarcodes.id,
            held.map((p) => p.specimenId),
          ),
        )
    : [];
  const codeOf = new Map(occupants.filter((o) => barcodeInScope(scope, o)).map((o) => [o.id, o.code]));
  const blocked = new Set(
    (await tx.select().from(blockedPositions).where(eq(blockedPositions.boxId, box.id))).map(
      (b) => `${b.row}:${b.col}`,
    ),
  );

  const lines: Planned[] = read.map((l) => {
    const cell = parseCell(grid, l.written);
    const base = {
      ...l,
      position: cell ? label(cell) : null,
      cell,
      specimenId: l.tube ? (known.get(l.tube)?.id ?? null) : null,
    };
    const fail = (error: string): Planned => ({ ...base, outcome: 'error', error });
    if (!cell)
      return fail(
        t(lang, 'samplesScanPosition', {
          position: l.written,
          box: box.code,
          rows: grid.rows,
          cols: grid.cols,
        }),
      );
    const key = `${cell.row}:${cell.col}`;
    if (twicePositions.has(key)) return fail(t(lang, 'samplesScanPositionTwice', { position: l.written }));
    const there = liveAt.get(key);
    const done = (outcome: ScanOutcome): Planned => ({ ...base, outcome, error: null });
    if (l.read === 'noTube') {
      if (there?.status === 'stored')
        return fail(
          t(lang, 'samplesScanMissing', {
            position: base.position ?? l.written,
            code: codeOf.get(there.specimenId) ?? '-',
          }),
        );
      return done('empty');
    }
    if (l.read === 'noRead') return done(there ? 'already' : blocked.has(key) ? 'marked' : 'mark');
    const tube = l.tube ?? '';
    if (twiceTubes.has(tube)) return fail(t(lang, 'samplesScanTubeTwice', { code: tube }));
    if (base.specimenId === null) return fail(t(lang, 'samplesScanTubeUnknown', { code: tube }));
    if (there?.specimenId === base.specimenId && there.status === 'stored') return done('already');
    return done('place');
  });

  // The engine's checks, in a savepoint rolled back.
  const placing = lines.filter((l) => l.outcome === 'place');
  const dry = async (some: Planned[]) => {
    try {
      await tx.transaction(async (sp) => {
        await assign(sp, lang, toAssignments(box.id, some), custody);
        throw new DryRun();
      });
    } catch (error) {
      if (error instanceof DryRun) return null;
      return words(lang, error);
    }
    return null;
  };
  if (placing.length > 0 && (await dry(placing)) !== null)
    for (const line of placing) {
      const error = await dry([line]);
      if (error) Object.assign(line, { outcome: 'error', error });
    }
  const racks = [...new Set(read.flatMap((l) => (l.rack ? [l.rack] : [])))];
  return { box, racks, lines };
}

function toAssignments(boxId: number, lines: Planned[]): Assignment[] {
  return lines.map((l) => ({
    action: 'import' as const,
    specimenId: l.specimenId ?? 0,
    to: { boxId, row: l.cell?.row ?? null, col: l.cell?.col ?? null },
  }));
}

export const publicLines = (plan: ScanPlan): ScanLine[] =>
  plan.lines.map(({ cell: _cell, specimenId: _id, ...line }) => line);

export function countsOf(lines: ScanLine[]) {
  return {
    place: lines.filter((l) => l.outcome === 'place').length,
    mark: lines.filter((l) => l.outcome === 'mark').length,
    error: lines.filter((l) => l.outcome === 'error').length,
  };
}

/** Saves a plan without errors: the tubes through the engine, NO READ cells blocked. */
export async function saveScan(
  db: Executor,
  lang: Lang,
  plan: ScanPlan,
  fileName: string,
  custody: Custody,
): Promise<{ placed: number; marked: number }> {
  const errors = plan.lines.filter((l) => l.outcome === 'error');
  const first = errors[0];
  if (first)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'samplesScanHasErrors',
      params: { count: errors.length, line: first.line, error: first.error ?? '' },
    });
  const placing = plan.lines.filter((l) => l.outcome === 'place');
  if (placing.length > 0)
    await assign(db, lang, toAssignments(plan.box.id, placing), {
      ...custody,
      reference: `scan-import:${fileName}`,
    });
  const marking = plan.lines.filter((l) => l.outcome === 'mark');
  for (const l of marking)
    if (l.cell)
      await blockCell(
        db,
        {
          boxId: plan.box.id,
          ...l.cell,
          projectId: null,
          reason: t(lang, 'samplesScanNoRead', { file: fileName }),
        },
        { userId: custody.userId, at: custody.at },
      );
  return { placed: placing.length, marked: marking.length };
}
