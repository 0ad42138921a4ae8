import {
  ResultCode,
  type SpecimenBarcodeRow,
  SUB_BARCODE_MAX_SUFFIX,
  subBarcodeCode,
} from '@trialab/api-contract';
import { ApiError } from '../../../lib/errors.js';
import { codeList } from '../repository.js';

/** Sample-code rules that need no database: bench sign-for against a shipment, sub-barcode numbering. */

type Barcode = Pick<
  SpecimenBarcodeRow,
  'id' | 'code' | 'status' | 'projectId' | 'siteId' | 'parentId' | 'sampleTypeId'
>;

/** A received line of a shipment with how many barcodes are signed against it already. */
export interface ReceivedLine {
  itemId: number;
  sampleTypeId: number;
  sampleTypeName: string;
  receivedQuantity: number;
  benchSigned: number;
}

export function assertNoneTaken(taken: string[]): void {
  if (taken.length > 0)
    throw new ApiError(ResultCode.DUPLICATE, {
      key: 'specimenCodesTaken',
      params: { codes: codeList(taken) },
    });
}

/** Only the shipment's own registered parent samples can be signed for against it. */
export function assertSignable(shipment: { projectId: number; siteId: number }, rows: Barcode[]): void {
  const foreign = rows.filter(
    (r) => r.projectId !== shipment.projectId || (r.siteId !== null && r.siteId !== shipment.siteId),
  );
  if (foreign.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'specimenWrongProject',
      params: { codes: codeList(foreign.map((r) => r.code)) },
    });
  const done = rows.filter((r) => r.status !== 'registered' || r.parentId !== null);
  if (done.length > 0)
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'specimenAlreadySigned',
      params: { codes: codeList(done.map((r) => r.code)) },
    });
}

/**
 * Puts each barcode against the received line of its sample type (a barcode without a type goes to
 * the only line, if there is one), never more than received. Answers the barcode ids per line.
 */
export function assignToLines<L extends ReceivedLine>(
  rows: Barcode[],
  lines: L[],
): Map<number, { line: L; ids: number[] }> {
  const missing: string[] = [];
  const ambiguous: string[] = [];
  const plan = new Map<number, { line: L; ids: number[] }>();
  for (const row of rows) {
    const line =
      row.sampleTypeId !== null
        ? lines.find((l) => l.sampleTypeId === row.sampleTypeId)
        : lines.length === 1
          ? lines[0]
          : undefined;
    if (!line) {
      (row.sampleTypeId === null && lines.length > 1 ? ambiguous : missing).push(row.code);
      continue;
    }
    const entry = plan.get(line.itemId) ?? { line, ids: [] };
    entry.ids.push(row.id);
    plan.set(line.itemId, entry);
  }
  if (ambiguous.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'specimenTypeAmbiguous',
      params: { codes: codeList(ambiguous) },
    });
  if (missing.length > 0)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'specimenTypeNotInShipment',
      params: { codes: codeList(missing) },
    });
  for (const { line, ids } of plan.values()) {
    if (line.benchSigned + ids.length > line.receivedQuantity)
      throw new ApiError(ResultCode.BAD_REQUEST, {
        key: 'specimenOverReceived',
        params: {
          type: line.sampleTypeName,
          received: line.receivedQuantity,
          signed: line.benchSigned,
          adding: ids.length,
        },
      });
  }
  return plan;
}

/**
 * The next `count` sub-barcodes of a signed parent sample: suffixes follow its last one and are
 * never reused; refuses aliquots of aliquots, unsigned parents, codes too long and exhausted suffixes.
 */
export function nextSubBarcodes(
  parent: Pick<SpecimenBarcodeRow, 'code' | 'parentId' | 'status' | 'lastSuffix'>,
  count: number,
): { suffixes: number[]; codes: string[] } {
  if (parent.parentId !== null)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'subBarcodeNested', params: { code: parent.code } });
  if (parent.status !== 'signed')
    throw new ApiError(ResultCode.INVALID_STATE, {
      key: 'subBarcodeParentState',
      params: { code: parent.code },
    });
  if (subBarcodeCode(parent.code, SUB_BARCODE_MAX_SUFFIX).length > 32)
    throw new ApiError(ResultCode.BAD_REQUEST, { key: 'subBarcodeTooLong', params: { code: parent.code } });
  const last = parent.lastSuffix;
  if (last + count > SUB_BARCODE_MAX_SUFFIX)
    throw new ApiError(ResultCode.BAD_REQUEST, {
      key: 'subBarcodeExhausted',
      params: { code: parent.code, last, max: SUB_BARCODE_MAX_SUFFIX },
    });
  const suffixes = Array.from({ length: count }, (_, i) => last + 1 + i);
  return { suffixes, codes: suffixes.map((s) => subBarcodeCode(parent.code, s)) };
}
