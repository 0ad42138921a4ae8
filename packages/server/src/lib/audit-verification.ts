import { asc, gt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';
import { GENESIS_HASH, hashedFields, rowHash } from './audit.js';
import { type Checkpoint, checkpointMessage, checkSignature, listCheckpoints } from './audit-checkpoints.js';
import type { PublicKeyInfo } from './signing-keys.js';

/**
 * What verification found wrong, one entry a finding:
 * - prev-hash-mismatch: the row does not link to the row before it (rows removed or inserted, or
 *   the row before was rewritten with a new hash);
 * - hash-mismatch: the row's content does not give its stored hash (the row was edited);
 * - checkpoint-hash-mismatch / checkpoint-rows-mismatch: the row a checkpoint signed has another
 *   hash now, or the chain up to it has another length (history rewritten and re-hashed);
 * - checkpoint-row-missing: the signed row is gone (the newest rows were deleted);
 * - checkpoint-key-unknown / checkpoint-signature-invalid: the checkpoint is not signed by a
 *   trusted key (forged, or signed by a key not listed as trusted).
 */
export type ChainProblem =
  | { rowId: number; reason: 'prev-hash-mismatch' | 'hash-mismatch' }
  | {
      checkpointId: number;
      rowId: number;
      reason:
        | 'checkpoint-hash-mismatch'
        | 'checkpoint-rows-mismatch'
        | 'checkpoint-row-missing'
        | 'checkpoint-key-unknown'
        | 'checkpoint-signature-invalid';
    };

export interface ChainReport {
  ok: boolean;
  /** Rows walked. */
  rows: number;
  /** Checkpoints with a valid signature that were checked against the chain. */
  checkpoints: number;
  /** The newest valid checkpoint; rows after it are protected by the chain alone. */
  newestCheckpoint: { id: number; lastId: number; at: Date } | null;
  /** The first `maxProblems` findings in chain order (signature findings first). */
  problems: ChainProblem[];
  /** All findings, also those past `maxProblems`. */
  problemCount: number;
}

export interface VerifyOptions {
  batchSize?: number;
  maxProblems?: number;
  /** Public keys that may have signed checkpoints, by key id. Without any, checkpoints cannot be trusted. */
  trustedKeys?: ReadonlyMap<string, PublicKeyInfo>;
  /** Checkpoints kept outside the database (an auditor's export), checked besides the table's. */
  extraCheckpoints?: Checkpoint[];
}

/** Walks the whole chain in id order, reporting every broken row and every checkpoint that does not hold. */
export async function verifyAuditChain(db: Database, options: VerifyOptions = {}): Promise<ChainReport> {
  const batchSize = options.batchSize ?? 1000;
  const maxProblems = options.maxProblems ?? 100;
  const trusted = options.trustedKeys ?? new Map<string, PublicKeyInfo>();
  const problems: ChainProblem[] = [];
  let problemCount = 0;
  const report = (problem: ChainProblem) => {
    problemCount += 1;
    if (problems.length < maxProblems) problems.push(problem);
  };

  // The same signed checkpoint from the table and from an export is checked once.
  const unique = new Map<string, Checkpoint>();
  for (const c of [...(await listCheckpoints(db)), ...(options.extraCheckpoints ?? [])]) {
    unique.set(`${checkpointMessage(c).toString('utf8')}\n${c.signature}`, c);
  }
  const signed: Checkpoint[] = [];
  for (const c of unique.values()) {
    const check = checkSignature(c, trusted);
    if (check === 'valid') signed.push(c);
    else report({ checkpointId: c.id, rowId: c.lastId, reason: `checkpoint-${check}` });
  }
  signed.sort((a, b) => a.lastId - b.lastId || a.id - b.id);
  let next = 0;

  let expectedPrev = GENESIS_HASH;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    for (const row of batch) {
      if (row.prevHash !== expectedPrev) report({ rowId: row.id, reason: 'prev-hash-mismatch' });
      // Judged against its own stored link, so one break does not hide or condemn the rows after it.
      if (rowHash(row.prevHash, hashedFields(row)) !== row.hash)
        report({ rowId: row.id, reason: 'hash-mismatch' });
      rows += 1;
      for (; next < signed.length && (signed[next]?.lastId ?? 0) <= row.id; next += 1) {
        const c = signed[next] as Checkpoint;
        if (c.lastId < row.id)
          report({ checkpointId: c.id, rowId: c.lastId, reason: 'checkpoint-row-missing' });
        else if (c.hash !== row.hash)
          report({ checkpointId: c.id, rowId: c.lastId, reason: 'checkpoint-hash-mismatch' });
        else if (c.rows !== rows)
          report({ checkpointId: c.id, rowId: c.lastId, reason: 'checkpoint-rows-mismatch' });
      }
      expectedPrev = row.hash;
      lastId = row.id;
    }
  }
  // Checkpoints beyond the last row: the chain is shorter than it was when they were signed.
  for (const c of signed.slice(next))
    report({ checkpointId: c.id, rowId: c.lastId, reason: 'checkpoint-row-missing' });

  const newest = signed.at(-1);
  return {
    ok: problemCount === 0,
    rows,
    checkpoints: signed.length,
    newestCheckpoint: newest ? { id: newest.id, lastId: newest.lastId, at: newest.at } : null,
    problems,
    problemCount,
  };
}

function describeProblem(problem: ChainProblem): string {
  if ('checkpointId' in problem)
    return `checkpoint ${problem.checkpointId} (row ${problem.rowId}): ${problem.reason}`;
  return `row ${problem.rowId}: ${problem.reason}`;
}

/** The CLI's summary: one line when intact, else a line and one line a finding. */
export function formatReport(report: ChainReport, engine: string): string {
  const anchored = report.newestCheckpoint
    ? `newest checkpoint ${report.newestCheckpoint.id} at row ${report.newestCheckpoint.lastId} (${report.newestCheckpoint.at.toISOString()})`
    : 'no valid checkpoint';
  if (report.ok) {
    return `audit chain intact: ${report.rows} rows verified, ${report.checkpoints} checkpoints hold, ${anchored} (${engine})`;
  }
  const lines = [
    `audit chain BROKEN: ${report.problemCount} problems in ${report.rows} rows, ${report.checkpoints} signed checkpoints; ${anchored} (${engine})`,
    ...report.problems.map((p) => `  ${describeProblem(p)}`),
  ];
  if (report.problemCount > report.problems.length) {
    lines.push(`  ... and ${report.problemCount - report.problems.length} more (raise --max-problems)`);
  }
  return lines.join('\n');
}
