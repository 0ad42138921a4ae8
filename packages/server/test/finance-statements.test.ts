import { createHash } from 'node:crypto';
import {
  Decimal,
  endpoints,
  priceLine,
  ResultCode,
  STATEMENT_SIGNATURE_MEANINGS,
} from '@trialab/api-contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../src/db/schema.js';
import { financeBillableEvents } from '../src/db/schema-finance.js';
import { signedContentHash } from '../src/modules/finance/statements-routes.js';
import { DEMO_PASSWORD } from '../src/seed/demo-data.js';
import { FEATURE_ENGINES } from './engines.js';
import { answers, call, login, type Session, startEnv, storeFile, type TestEnv } from './helpers.js';
import { pdfText } from './pdf-text.js';

/** Thrown to roll a transaction back with what it read. */
class Rollback extends Error {}

const { statement, adjustment, bills } = endpoints;
const signature = { password: DEMO_PASSWORD };
type Row = Record<string, unknown> & { id: number; version: number; status: string };
type Detail = Row & {
  number: string | null;
  gross: string;
  net: string;
  tax: string;
  adjustedGross: string;
  pdfSha256: string | null;
  fxRate: string | null;
  lineCount: number;
  kinds: Array<{ gross: string }>;
  adjustments: Row[];
};

/** Statements and adjustments: generated once, reviewed, numbered, immutable, adjusted. */
describe.each(FEATURE_ENGINES)('finance statements on %s', (engine) => {
  let env: TestEnv;
  let finance: Session;
  let admin: Session;
  let site: Session;
  let km1: number;
  let today: string;

  const calls = answers(() => env);
  const ok = <T = Row[]>(...args: Parameters<typeof calls.ok>) => calls.ok<T>(...args);
  const { refused } = calls;
  const detail = async (id: number) => (await ok<Detail>(finance, statement.get, { params: { id } })).data;
  type Line = { id: number; eventId: number; gross: string; net: string; tax: string; credited: string };
  /** A page of a statement's lines (the detail answers none) and their total. */
  const linesPage = async (id: number, body: Record<string, unknown> = {}) => {
    const answer = await ok<Line[]>(finance, statement.lines, {
      params: { id },
      body: { size: 50, ...body },
    });
    return { rows: answer.data, total: answer.total ?? 0 };
  };
  const linesOf = async (id: number) => (await linesPage(id)).rows;
  let serial = 0;
  /** A priced event of KM-2026-001 done today (what the generation of billable events makes). */
  const priced = async (
    gross: string,
    currency = 'CNY',
    direction = 'charge',
    reversesId: number | null = null,
  ) => {
    serial += 1;
    const p = priceLine({ quantity: '1', unitPrice: gross, taxRate: '0.06' }, true);
    const sign = (d: Decimal) => (direction === 'reversal' ? d.neg() : d).toFixed(2);
    const [row] = await env.handle.db
      .insert(financeBillableEvents)
      .values({
        projectId: km1,
        kind: 'nonroutine',
        sourceKind: 'fee',
        sourceRef: `stmt-test-${serial}`,
        sourceLabel: `Fee ${serial}`,
        direction,
        reversesId,
        workDay: today,
        serviceKey: 'nonroutine:chargeback',
        unit: 'item',
        quantity: direction === 'reversal' ? '-1' : '1',
        status: 'priced',
        currency,
        taxInclusive: true,
        unitPrice: gross,
        taxRate: '0.06',
        net: sign(p.net),
        tax: sign(p.tax),
        gross: sign(p.gross),
        createdAt: new Date(env.clock.now),
      })
      .returning({ id: financeBillableEvents.id });
    return row?.id ?? 0;
  };

  beforeAll(async () => {
    env = await startEnv(engine);
    admin = await login(env, '13800000000');
    finance = await login(env, '13800000005');
    site = await login(env, '13900000001');
    km1 =
      (await env.handle.db.select().from(projects).where(eq(projects.projectNo, 'KM-2026-001')))[0]?.id ?? 0;
    today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(env.clock.now);
  });
  afterAll(() => env.close());

  it('the demo opens on a confirmed statement with its fapiao, a draft, and adjustments in both states', async () => {
    const list = (await ok(finance, statement.paging, { body: { size: 50 } })).data;
    const confirmed = list.find((s) => s.status === 'confirmed');
    expect(confirmed?.number).toMatch(/^JS\d{4}-\d{4}$/);
    expect(confirmed?.fapiaoNo).toBeTruthy();
    expect(list.some((s) => s.status === 'draft')).toBe(true);
    const adjustments = (await ok(finance, adjustment.paging, { body: { size: 50 } })).data;
    expect(new Set(adjustments.map((a) => a.status))).toEqual(new Set(['reviewed', 'draft']));
    // External users see nothing of the area.
    expect((await refused(site, statement.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
    expect((await refused(site, adjustment.paging, { body: {} })).code).toBe(ResultCode.FORBIDDEN);
  });

  it('generates, reviews (not by its creator) and confirms a statement: numbered gapless, PDF hashed, immutable', async () => {
    // The demo's draft holds this month's work so far: cancelled, its events are billed again.
    const drafts = (await ok(finance, statement.paging, { body: { status: 'draft', size: 50 } })).data;
    for (const d of drafts)
      await ok(finance, statement.cancel, {
        params: { id: d.id },
        body: { version: d.version, reason: '重新生成' },
      });
    const a = await priced('348.35');
    const b = await priced('55.55');
    const usd = await priced('11.11', 'USD');
    const period = today.slice(0, 7);
    const made = (
      await ok<{ ids: number[] }>(finance, statement.generate, { body: { projectId: km1, period } })
    ).data.ids;
    expect(made).toHaveLength(2); // one per currency
    // Nothing twice: every event is on a statement now.
    expect((await refused(finance, statement.generate, { body: { projectId: km1, period } })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
    const stmts = await Promise.all(made.map(detail));
    const cny = stmts.find((s) => s.currency === 'CNY') as Detail;
    const foreign = stmts.find((s) => s.currency === 'USD') as Detail;
    const cnyLines = await linesOf(cny.id);
    expect(cnyLines.map((l) => l.eventId)).toEqual(expect.arrayContaining([a, b]));
    expect((await linesOf(foreign.id)).map((l) => l.eventId)).toEqual([usd]);
    expect(cnyLines).toHaveLength(cny.lineCount);
    // Totals are the sums of the rounded lines, exactly.
    expect(cny.gross).toBe(Decimal.sum(cnyLines.map((l) => l.gross)).toFixed(2));
    expect(cny.net).toBe(Decimal.sum(cnyLines.map((l) => l.net)).toFixed(2));
    expect(Decimal.sum(cny.kinds.map((k) => k.gross)).toFixed(2)).toBe(cny.gross);
    // An event is on at most one statement: the database refuses a second line for it.
    await expect(
      env.handle.db.execute(
        sql`INSERT INTO finance_statement_lines (statement_id, event_id, net, tax, gross) VALUES (${foreign.id}, ${a}, 1, 0, 1)`,
      ),
    ).rejects.toThrow();

    // Not confirmed before review; not reviewed by its creator; reviewed with an e-signature.
    const confirmBody = (version: number, file: number) => ({ version, signedFileId: file, signature });
    const scan = await storeFile(env, {
      name: 'signed.pdf',
      mime: 'application/pdf',
      content: Buffer.from('%PDF-1.4 s'),
    });
    expect(
      (
        await refused(admin, statement.confirm, {
          params: { id: cny.id },
          body: confirmBody(cny.version, scan),
        })
      ).code,
    ).toBe(ResultCode.INVALID_STATE);
    expect(
      (
        await refused(finance, statement.review, {
          params: { id: cny.id },
          body: { version: cny.version, signature },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
    await ok(admin, statement.review, { params: { id: cny.id }, body: { version: cny.version, signature } });
    // Confirmation is e-signed too: refused without the signature or with a wrong password, and
    // a refused confirmation changes nothing (no number taken, still reviewed).
    const unsigned = { version: cny.version + 1, signedFileId: scan };
    const noSignature = await refused(admin, statement.confirm, { params: { id: cny.id }, body: unsigned });
    expect([noSignature.code, noSignature.msg]).toEqual([
      ResultCode.BAD_REQUEST,
      expect.stringContaining('electronic signature'),
    ]);
    const wrong = { ...unsigned, signature: { password: 'not-the-password' } };
    expect((await refused(admin, statement.confirm, { params: { id: cny.id }, body: wrong })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
    expect((await detail(cny.id)).status).toBe('reviewed');
    // Gapless per series: this one follows the demo's (receivables-demo.ts confirms an older one too).
    const series = `JS${today.slice(0, 4)}`;
    const given = (
      await ok(finance, statement.paging, { body: { status: 'confirmed', size: 50 } })
    ).data.filter((x) => String(x.number).startsWith(series)).length;
    await ok(admin, statement.confirm, { params: { id: cny.id }, body: confirmBody(cny.version + 1, scan) });
    const confirmed = await detail(cny.id);
    // Both signatures show in the statement's history, each with its meaning and a content hash.
    const signatures = (confirmed as unknown as { signatures: Array<Record<string, string>> }).signatures;
    expect(signatures.map((x) => [x.action, x.meaning])).toEqual([
      ['review', STATEMENT_SIGNATURE_MEANINGS.review.en_US],
      ['confirm', STATEMENT_SIGNATURE_MEANINGS.confirm.en_US],
    ]);
    expect(signatures[1]?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(signatures[1]?.contentHash).not.toBe(signatures[0]?.contentHash);
    // Each signature verifies: its content hash is the statement's, recomputed now.
    const everyone = { all: true, userId: 0 };
    expect(signatures.map((x) => x.contentHash)).toEqual([
      await signedContentHash(env.handle.db, everyone, cny.id, 'review'),
      await signedContentHash(env.handle.db, everyone, cny.id, 'confirm'),
    ]);
    expect(confirmed.number).toBe(`${series}-${String(given + 1).padStart(4, '0')}`);
    const pdf = await call(
      env.app,
      statement.pdf,
      { params: { id: cny.id }, session: finance },
      env.clock.now,
    );
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(confirmed.pdfSha256);

    // A foreign currency is confirmed with its rate and the rate's date, locked.
    await ok(admin, statement.review, {
      params: { id: foreign.id },
      body: { version: foreign.version, signature },
    });
    expect(
      (
        await refused(admin, statement.confirm, {
          params: { id: foreign.id },
          body: confirmBody(foreign.version + 1, scan),
        })
      ).code,
    ).toBe(ResultCode.BAD_REQUEST);
    await ok(admin, statement.confirm, {
      params: { id: foreign.id },
      body: { ...confirmBody(foreign.version + 1, scan), fxRate: '7.1234', fxDate: today },
    });
    expect((await detail(foreign.id)).fxRate).toBe('7.123400');
    expect((await detail(foreign.id)).number).toBe(`${series}-${String(given + 2).padStart(4, '0')}`);

    // Immutable: the database refuses changing it or its lines; the fapiao is the one change.
    await expect(
      env.handle.db.execute(sql`UPDATE finance_statements SET gross = 0 WHERE id = ${cny.id}`),
    ).rejects.toThrow();
    await expect(
      env.handle.db.execute(sql`DELETE FROM finance_statement_lines WHERE statement_id = ${cny.id}`),
    ).rejects.toThrow();
    // Nor is a line added to it (checked once per INSERT, however many rows it adds).
    const late = await priced('1.00');
    const added = await env.handle.db
      .execute(
        sql`INSERT INTO finance_statement_lines (statement_id, event_id, net, tax, gross) VALUES (${cny.id}, ${late}, 0.94, 0.06, 1.00)`,
      )
      .then(
        () => 'added',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
    expect(added).toMatch(/the lines of a confirmed statement never change/);
    await env.handle.db.delete(financeBillableEvents).where(eq(financeBillableEvents.id, late));
    expect(
      (
        await refused(finance, statement.cancel, {
          params: { id: cny.id },
          body: { version: confirmed.version, reason: 'x' },
        })
      ).code,
    ).toBe(ResultCode.INVALID_STATE);
    await ok(finance, statement.fapiao, {
      params: { id: cny.id },
      body: { version: confirmed.version, fapiaoNo: '3100022611', fapiaoDate: today },
    });
    expect((await detail(cny.id)).fapiaoNo).toBe('3100022611');

    // Adjustments: the red-letter rule, reviewed by another with an e-signature.
    const line = (await linesOf(cny.id)).find((l) => l.eventId === a);
    if (!line) throw new Error('line');
    const credit = (amount: string) => ({
      body: {
        statementId: cny.id,
        reason: '复测冲减',
        lines: [{ statementLineId: line.id, direction: 'credit', amount }],
      },
    });
    expect((await refused(finance, adjustment.create, credit('348.36'))).code).toBe(ResultCode.BAD_REQUEST);
    // A line of another statement is refused, and so is a statement not confirmed.
    const foreignLine = {
      body: {
        statementId: foreign.id,
        reason: 'x',
        lines: [{ statementLineId: line.id, direction: 'debit', amount: '1' }],
      },
    };
    expect((await refused(finance, adjustment.create, foreignLine)).code).toBe(ResultCode.BAD_REQUEST);
    const draftStatement = drafts[0]?.id ?? 0;
    expect(
      (
        await refused(finance, adjustment.create, {
          body: { ...foreignLine.body, statementId: draftStatement },
        })
      ).code,
    ).toBe(ResultCode.INVALID_STATE);
    const first = (await ok<{ id: number }>(finance, adjustment.create, credit('300.00'))).data.id;
    // Earlier credits count: 48.35 is left of the line.
    const tooMuch = await refused(finance, adjustment.create, credit('48.36'));
    expect(tooMuch.msg).toContain('48.35');
    expect(
      (await refused(finance, adjustment.review, { params: { id: first }, body: { version: 1, signature } }))
        .code,
    ).toBe(ResultCode.FORBIDDEN);
    await ok(admin, adjustment.review, { params: { id: first }, body: { version: 1, signature } });
    const after = await detail(cny.id);
    expect(after.adjustedGross).toBe(Decimal.of(cny.gross).sub('300.00').toFixed(2));
    expect(after.adjustments.map((x) => x.status)).toEqual(['reviewed']);
    // A reviewed adjustment never changes.
    await expect(
      env.handle.db.execute(sql`UPDATE finance_adjustments SET reason = 'x' WHERE id = ${first}`),
    ).rejects.toThrow();

    // A reversal of work on the confirmed statement lands on a draft adjustment (within the rule).
    const reversal = await priced('55.55', 'CNY', 'reversal', b);
    await ok(finance, bills.generate, { body: { period } });
    const landed = (await ok(finance, adjustment.paging, { body: { statementId: cny.id, status: 'draft' } }))
      .data;
    expect(landed).toHaveLength(1);
    const landedDetail = (
      await ok<{ lines: Array<{ eventId: number | null; gross: string }> }>(finance, adjustment.get, {
        params: { id: landed[0]?.id ?? 0 },
      })
    ).data;
    expect(landedDetail.lines).toEqual([expect.objectContaining({ eventId: reversal, gross: '-55.55' })]);
    // It is not billed on a later statement.
    expect((await refused(finance, statement.generate, { body: { projectId: km1, period } })).code).toBe(
      ResultCode.BAD_REQUEST,
    );
  });

  it('exports a statement as xlsx in the reader’s language: money as number cells from exact decimals, the locked rate, formulas escaped', async () => {
    const period = today.slice(0, 7);
    await priced('0.10');
    await priced('0.20');
    const [id] = (
      await ok<{ ids: number[] }>(finance, statement.generate, { body: { projectId: km1, period } })
    ).data.ids;
    // A customer name a spreadsheet would run as a formula is written as text.
    const found = await env.handle.db.execute(
      sql`SELECT c.id, c.name, c.en_name FROM marketing_customer_projects cp JOIN marketing_customers c ON c.id = cp.customer_id WHERE cp.project_id = ${km1} ORDER BY c.id LIMIT 1`,
    );
    const [customer] = (
      found as unknown as { rows: Array<{ id: number; name: string; en_name: string | null }> }
    ).rows;
    await env.handle.db.execute(
      sql`UPDATE marketing_customers SET name = '=HYPERLINK("x")', en_name = '=HYPERLINK("en")' WHERE id = ${customer?.id}`,
    );
    const sheetOf = async (statementId: number, lang: 'zh_CN' | 'en_US') => {
      const response = await call(
        env.app,
        statement.xlsx,
        { params: { id: statementId }, session: finance, lang },
        env.clock.now,
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      // Each cell as a spreadsheet shows it: a number through its format (`0.00` → two places).
      const rows: string[][] = [];
      const numbers: number[] = [];
      book.worksheets[0]?.eachRow((row, number) => {
        numbers.push(number);
        const shown: string[] = [];
        row.eachCell({ includeEmpty: true }, (cell, n) => {
          const v = cell.value;
          const places = /^0\.(0+)$/.exec(cell.numFmt ?? '')?.[1]?.length;
          shown[n - 1] =
            typeof v === 'number'
              ? `${Decimal.of(String(v)).toFixed(places ?? 0)}${places === undefined ? ' (no format)' : ''}`
              : v === null || v === undefined
                ? ''
                : String(v);
        });
        rows.push(shown);
      });
      return { rows, numbers, sheet: book.worksheets[0] as ExcelJS.Worksheet };
    };
    const { rows: draft, numbers, sheet } = await sheetOf(id ?? 0, 'en_US');
    const { rows: draftZh } = await sheetOf(id ?? 0, 'zh_CN');
    await env.handle.db.execute(
      sql`UPDATE marketing_customers SET name = ${customer?.name ?? ''}, en_name = ${customer?.en_name ?? null}
        WHERE id = ${customer?.id}`,
    );
    // The customer in the reader's language (each name escaped).
    expect(draft).toContainEqual(['Customer', `'=HYPERLINK("en")`]);
    expect(draftZh).toContainEqual(['客户', `'=HYPERLINK("x")`]);
    // Lines and totals: 0.10 + 0.20 prints 0.30 (decimal text, no float drift); net + tax = gross.
    const totals = draft.find((r) => r[0] === 'Totals');
    expect(totals?.slice(5)).toEqual(['CNY', '0.28', '0.02', '0.30']);
    expect(draft.filter((r) => r[0] === 'nonroutine' && r.length === 9).map((r) => r.slice(3))).toEqual([
      ['1', '0.1000', '6%', '0.09', '0.01', '0.10'],
      ['1', '0.2000', '6%', '0.19', '0.01', '0.20'],
    ]);
    expect(draft).toContainEqual(['Kind', 'Qty', 'Net', 'Tax', 'Gross']);
    expect(draft).toContainEqual(['nonroutine', '2', '0.28', '0.02', '0.30']);
    // Money is a number cell (so the sheet sums it) with a 0.00 format; text stays text.
    const totalsRow = numbers[draft.findIndex((r) => r[0] === 'Totals')] ?? 0;
    const lineRows = draft.flatMap((r, i) =>
      r[0] === 'nonroutine' && r.length === 9 ? [numbers[i] ?? 0] : [],
    );
    const gross = sheet.getRow(totalsRow).getCell(9);
    expect(gross.type).toBe(ExcelJS.ValueType.Number);
    expect(gross.numFmt).toBe('0.00');
    expect(sheet.getRow(lineRows[0] ?? 0).getCell(5).numFmt).toBe('0.0000');
    expect(sheet.getRow(lineRows[0] ?? 0).getCell(1).type).toBe(ExcelJS.ValueType.String);
    const summed = Decimal.sum(
      lineRows.map((n) => String(sheet.getRow(n).getCell(9).value as number)),
    ).toFixed(2);
    expect(summed).toBe(Decimal.of(String(gross.value as number)).toFixed(2));

    // A confirmed foreign-currency statement in Chinese: its number, locked rate and date.
    const usd = (await ok(finance, statement.paging, { body: { status: 'confirmed', size: 50 } })).data.find(
      (r) => r.currency === 'USD' && r.fxRate,
    ) as Row & { number: string; fxRate: string; fxDate: string };
    const { rows: foreign } = await sheetOf(usd.id, 'zh_CN');
    expect(foreign[0]).toEqual([`结算单 ${usd.number}`]);
    expect(foreign).toContainEqual(['汇率（人民币）', usd.fxRate]);
    expect(foreign).toContainEqual(['汇率日期', usd.fxDate]);
    expect(foreign).toContainEqual(['币种', 'USD']);
    expect(foreign.find((r) => r[0] === '合计')?.slice(5)).toEqual([
      'USD',
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('names the customer in the reader’s language in the list, the detail and the draft PDF (Chinese when no English name)', async () => {
    const found = await env.handle.db.execute(
      sql`SELECT c.id, c.name, c.en_name FROM marketing_customer_projects cp JOIN marketing_customers c ON c.id = cp.customer_id WHERE cp.project_id = ${km1} ORDER BY c.id LIMIT 1`,
    );
    const [customer] = (found as unknown as { rows: Array<{ id: number; name: string; en_name: string }> })
      .rows;
    const zh = customer?.name ?? '';
    const en = customer?.en_name ?? '';
    expect(en).not.toBe('');
    expect(en).not.toBe(zh);
    const draft = (
      await ok(finance, statement.paging, { body: { status: 'draft', projectId: km1, size: 1 } })
    ).data[0] as Row;
    const namesIn = async (lang: 'en_US' | 'zh_CN') => {
      const listed = (await ok(finance, statement.paging, { body: { projectId: km1, size: 50 }, lang })).data;
      const shown = (
        await ok<Row & { customerName: string | null }>(finance, statement.get, {
          params: { id: draft.id },
          lang,
        })
      ).data;
      const pdf = await call(
        env.app,
        statement.pdf,
        { params: { id: draft.id }, session: finance, lang },
        env.clock.now,
      );
      expect(pdf.statusCode).toBe(200);
      const text = (await pdfText(pdf.rawPayload)).join(' ');
      return { list: [...new Set(listed.map((r) => r.customerName))], detail: shown.customerName, text };
    };
    const english = await namesIn('en_US');
    expect([english.list, english.detail]).toEqual([[en], en]);
    expect(english.text).toContain(en);
    const chinese = await namesIn('zh_CN');
    expect([chinese.list, chinese.detail]).toEqual([[zh], zh]);
    expect(chinese.text).toContain(zh);
    await env.handle.db.execute(sql`UPDATE marketing_customers SET en_name = '' WHERE id = ${customer?.id}`);
    try {
      const fallback = await namesIn('en_US');
      expect([fallback.list, fallback.detail]).toEqual([[zh], zh]);
    } finally {
      await env.handle.db.execute(
        sql`UPDATE marketing_customers SET en_name = ${en} WHERE id = ${customer?.id}`,
      );
    }
  });

  it('signs a digest of the lines that any change to a line, a line more or a line less changes', async () => {
    const everyone = { all: true, userId: 0 };
    await priced('10.00');
    await priced('20.00');
    const period = today.slice(0, 7);
    const generated = await ok<{ ids: number[] }>(finance, statement.generate, {
      body: { projectId: km1, period },
    });
    const id = generated.data.ids[0] ?? 0;
    const hash = () => signedContentHash(env.handle.db, everyone, id, 'review');
    const before = await hash();
    expect(before).toMatch(/^[0-9a-f]{64}$/);
    expect(await hash()).toBe(before);
    const [line] = await linesOf(id);
    if (!line) throw new Error('no line');
    const changes = [
      sql`UPDATE finance_statement_lines SET net = net + 0.01 WHERE id = ${line.id}`,
      sql`UPDATE finance_billable_events SET source_label = source_label || 'x' WHERE id = ${line.eventId}`,
      sql`UPDATE finance_billable_events SET quantity = quantity + 1 WHERE id = ${line.eventId}`,
      sql`UPDATE finance_billable_events SET work_day = work_day - 1 WHERE id = ${line.eventId}`,
      sql`DELETE FROM finance_statement_lines WHERE id = ${line.id}`,
    ];
    for (const [n, change] of changes.entries()) {
      // Each change in a transaction rolled back, so the next starts from the same lines.
      const changed = await env.handle.db
        .transaction(async (tx) => {
          await tx.execute(change);
          throw new Rollback(await signedContentHash(tx, everyone, id, 'review'));
        })
        .catch((e: unknown) => {
          if (e instanceof Rollback) return e.message;
          throw e;
        });
      expect(changed, `change ${n}`).not.toBe(before);
    }
    expect(await hash()).toBe(before);
    // The lines drafted read back as the digest hashed them (a line more changes it too).
    const other = await priced('30.00');
    await env.handle.db.execute(
      sql`INSERT INTO finance_statement_lines (statement_id, event_id, net, tax, gross) VALUES (${id}, ${other}, 28.30, 1.70, 30.00)`,
    );
    expect(await hash()).not.toBe(before);
  });

  it('pages a statement’s lines in kind, day and line order, with the total and the direction filter', async () => {
    const period = today.slice(0, 7);
    const charges = [];
    for (const gross of ['1.00', '2.00', '3.00', '4.00', '5.00']) charges.push(await priced(gross));
    // The reversal of a charge on no confirmed statement goes on the same statement.
    const reversal = await priced('2.00', 'CNY', 'reversal', charges[1] ?? 0);
    const [id = 0] = (
      await ok<{ ids: number[] }>(finance, statement.generate, { body: { projectId: km1, period } })
    ).data.ids;
    const whole = await detail(id);
    expect(whole.lineCount).toBe(6);
    expect(whole).not.toHaveProperty('lines');
    // Three pages of two are the whole list, in line order (one kind, one day), each with the total.
    const pages = await Promise.all([1, 2, 3, 4].map((page) => linesPage(id, { page, size: 2 })));
    expect(pages.map((p) => p.total)).toEqual([6, 6, 6, 6]);
    expect(pages.map((p) => p.rows.length)).toEqual([2, 2, 2, 0]);
    const paged = pages.flatMap((p) => p.rows);
    expect(paged.map((l) => l.eventId).sort((x, y) => x - y)).toEqual(
      [...charges, reversal].sort((x, y) => x - y),
    );
    expect(paged.map((l) => l.id)).toEqual([...paged.map((l) => l.id)].sort((x, y) => x - y));
    expect(paged.map((l) => Decimal.of(l.credited).toFixed(2))).toEqual(Array(6).fill('0.00'));
    // The statement's totals are the server's sums of every line, whatever page is shown.
    expect(Decimal.sum(paged.map((l) => l.gross)).toFixed(2)).toBe(whole.gross);
    expect(whole.gross).toBe('13.00');
    // Charges only (what an adjustment may credit), and reversals only.
    const onlyCharges = await linesPage(id, { direction: 'charge', size: 4 });
    expect([onlyCharges.total, onlyCharges.rows.length]).toEqual([5, 4]);
    expect(onlyCharges.rows.every((l) => l.eventId !== reversal)).toBe(true);
    const onlyReversals = await linesPage(id, { direction: 'reversal' });
    expect([onlyReversals.total, onlyReversals.rows.map((l) => l.eventId)]).toEqual([1, [reversal]]);
    // Not there for whom the statement is not, nor for an external user.
    expect((await refused(finance, statement.lines, { params: { id: id + 1000 }, body: {} })).code).toBe(
      ResultCode.NOT_FOUND,
    );
    expect((await refused(site, statement.lines, { params: { id }, body: {} })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });
});
