import { type ConsumableOrderDetail, endpoints, fullPath, type ShipmentDetail } from '@trialab/api-contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumableOrders } from '../src/db/schema-portal.js';
import { BOTH_ENGINES } from './engines.js';
import { call, envelope, login, type Session, startEnv, type TestEnv } from './helpers.js';
import { pdfText } from './pdf-text.js';

// Issue 13, point 10: exported times were UTC while screens show local time. Every export now
// writes the caller's zone (`tz` header) or the lab zone, and names it.

const { consumable, project, sampleTransport, system } = endpoints;

/** Stored instants: one in winter, one in summer (New York changes offset between them). */
const WINTER = '2026-01-15T02:30:05.000Z';
const SUMMER = '2026-07-15T02:30:05.000Z';

/** Wall clock of `iso` shifted by a fixed offset, computed without Intl. */
const shifted = (iso: string | number, hours: number) =>
  new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

async function sheetOf(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

/** The DOS date and time of the first local file header of a zip, as `YYYY-MM-DD HH:mm:ss`. */
function firstEntryTime(zip: Buffer): string {
  const time = zip.readUInt16LE(10);
  const date = zip.readUInt16LE(12);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${(date >> 9) + 1980}-${pad((date >> 5) & 15)}-${pad(date & 31)} ${pad(time >> 11)}:${pad((time >> 5) & 63)}:${pad((time & 31) * 2)}`;
}

describe.each(BOTH_ENGINES)('exported times in the user zone on %s', (engine) => {
  let env: TestEnv;
  let site: Session; // 陈中心, KM-2026-001 site 01
  let projectId: number;
  let siteId: number;
  let order: ConsumableOrderDetail;

  const as = (
    session: Session,
    endpoint: Parameters<typeof call>[1],
    options: Parameters<typeof call>[2] = {},
  ) => call(env.app, endpoint, { ...options, session }, env.clock.now);

  beforeAll(async () => {
    // The lab zone is configurable; Berlin here so the fallback is seen not to be a constant.
    env = await startEnv(engine, {
      env: { LAB_TIME_ZONE: 'Europe/Berlin' },
      config: { corsOrigins: ['https://console.example'] },
    });
    site = await login(env, '13900000001');
    const projects = envelope(await as(site, project.ownAll, { body: { page: 1, size: 10 } })).data as Array<{
      id: number;
      projectNo: string;
    }>;
    projectId = projects.find((p) => p.projectNo === 'KM-2026-001')?.id ?? 0;
    const sites = envelope(await as(site, project.sitesByProject, { body: { projectId, page: 1, size: 10 } }))
      .data as Array<{ id: number }>;
    siteId = sites[0]?.id ?? 0;
    const created = envelope(
      await as(site, consumable.create, {
        body: {
          projectId,
          siteId,
          receiveAddress: {
            name: '陈中心',
            phone: '13900000001',
            area: '北京市/东城区',
            company: '示例医院',
            detail: '示例路1号',
            email: '',
          },
          hopedArrivalDate: '2026-12-01',
          loose: [{ consumableName: '采血垫巾', unit: '包', quantity: 2 }],
        },
      }),
    );
    expect(created.code, created.msg).toBe(200);
    order = created.data as ConsumableOrderDetail;
    await env.handle.db
      .update(consumableOrders)
      .set({ applyTime: new Date(WINTER), auditTime: new Date(SUMMER) })
      .where(eq(consumableOrders.id, order.id));
  });
  afterAll(() => env.close());

  const exportOrders = async (options: { tz?: string; lang?: 'zh_CN' | 'en_US' }) => {
    const response = await as(site, consumable.export, { ...options, body: { orderNo: order.orderNo } });
    expect(response.statusCode).toBe(200);
    const sheet = await sheetOf(response.rawPayload);
    const column = (title: string) => {
      const row = sheet.getRow(1).values as unknown[];
      const index = row.findIndex((v) => typeof v === 'string' && v.startsWith(title));
      expect(index, `column ${title}`).toBeGreaterThan(0);
      return { title: row[index], value: sheet.getRow(2).getCell(index).value };
    };
    return { response, column };
  };

  it('writes xlsx times as Shanghai wall clock (+8) and names the zone in the header', async () => {
    const { column, response } = await exportOrders({ tz: 'Asia/Shanghai', lang: 'zh_CN' });
    expect(column('申请时间')).toEqual({
      title: '申请时间（Asia/Shanghai，UTC+08:00）',
      value: shifted(WINTER, 8),
    });
    expect(column('外部审核时间').value).toBe(shifted(SUMMER, 8));
    // The file name's date is the user's today, and the header is the RFC 6266 pair.
    const today = shifted(env.clock.now, 8).slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="consumable-applications-${today}.xlsx"; filename*=UTF-8''consumable-applications-${today}.xlsx`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('writes New York wall clock, -5 in winter and -4 in summer', async () => {
    const { column } = await exportOrders({ tz: 'America/New_York', lang: 'en_US' });
    expect(column('Apply time')).toEqual({
      title: 'Apply time (America/New_York, UTC-05:00/-04:00)',
      value: shifted(WINTER, -5),
    });
    expect(column('Audit time').value).toBe(shifted(SUMMER, -4));
  });

  it('falls back to the lab zone for an invalid or missing zone', async () => {
    for (const tz of ['Mars/Olympus', 'Asia/Shanghai\u0000', undefined]) {
      const { column } = await exportOrders({ lang: 'en_US', ...(tz === undefined ? {} : { tz }) });
      expect(column('Apply time')).toEqual({
        title: 'Apply time (Europe/Berlin, UTC+01:00/+02:00)',
        value: shifted(WINTER, 1),
      });
    }
  });

  it('lets a cross-origin console send the tz header', async () => {
    const preflight = await env.app.inject({
      method: 'OPTIONS',
      url: fullPath(consumable.export),
      headers: {
        origin: 'https://console.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'lang,tz',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers']).split(/,\s*/)).toContain('tz');
  });

  it('prints receipt PDFs and zip entry times in the user zone', async () => {
    const types = envelope(await as(site, system.sampleTypeAll, { body: {} })).data as Array<{ id: number }>;
    const temps = envelope(await as(site, sampleTransport.temperatures)).data as Array<{ id: number }>;
    const contact = { name: '陈中心', phone: '13900000001', area: '北京市/东城区', detail: '示例路1号' };
    const booked = envelope(
      await as(site, sampleTransport.create, {
        body: {
          projectId,
          siteId,
          sender: contact,
          consignee: { ...contact, name: '样本接收组' },
          estimatedShipDate: '2026-12-02',
          bookSendTime: '2026-12-02T09:30:00.000Z',
          coldChain: false,
          samples: [{ sampleTypeId: types[0]?.id, temperatureId: temps[0]?.id, quantity: 2, unit: '管' }],
        },
      }),
    );
    expect(booked.code, booked.msg).toBe(200);
    const shipment = booked.data as ShipmentDetail;

    const response = await as(site, sampleTransport.receipts, {
      tz: 'America/New_York',
      lang: 'en_US',
      body: { ids: [shipment.id] },
    });
    expect(response.statusCode).toBe(200);
    // Zip entry times carry no zone: they hold the user's wall clock (to the DOS 2-second step).
    const printed = shifted(env.clock.now - (new Date(env.clock.now).getUTCSeconds() % 2) * 1000, -5);
    expect(firstEntryTime(response.rawPayload)).toBe(printed);
    const today = shifted(env.clock.now, -5).slice(0, 10);
    expect(response.headers['content-disposition']).toContain(`filename="shipment-receipts-${today}.zip"`);

    const pdf = unzipSync(new Uint8Array(response.rawPayload))[`${shipment.orderNo}.pdf`];
    if (!pdf) throw new Error('receipt missing');
    const lines = await pdfText(pdf);
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(after('Booked pick-up')).toBe(shifted('2026-12-02T09:30:00.000Z', -5).slice(0, 16));
    // The footer of every page: the print time in the user's zone, the zone named.
    expect(lines).toContain(`Printed ${shifted(env.clock.now, -5)} (America/New_York, UTC-05:00/-04:00)`);
    expect(lines.filter((line) => / UTC$/.test(line))).toEqual([]);
  });
});
