import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { Lang } from '@trialab/api-contract';
import { ZipArchive } from 'archiver';
import PDFDocument from 'pdfkit';
import type { ZonedTime } from '../../lib/time-zone.js';
import type { ShipmentDetailRecord } from './repository.js';

/** Debian's fonts-noto-cjk; override with PDF_CJK_FONT (a .ttc/.ttf/.otf with CJK glyphs). */
export const DEFAULT_CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
/** Face inside the collection (Simplified Chinese). */
const TTC_FACE = 'NotoSansCJKsc-Regular';

export function cjkFont(env: NodeJS.ProcessEnv = process.env): { path: string; face?: string } {
  const path = env.PDF_CJK_FONT ?? DEFAULT_CJK_FONT;
  if (!existsSync(path)) throw new Error(`CJK font for PDF receipts not found at ${path} (set PDF_CJK_FONT)`);
  return path.endsWith('.ttc') ? { path, face: env.PDF_CJK_FONT_FACE ?? TTC_FACE } : { path };
}

const LABELS = {
  zh_CN: {
    title: '样本寄送回执',
    timeZone: '时区',
    orderNo: '预约单号',
    project: '项目',
    site: '中心',
    status: '状态',
    temperature: '运输温度',
    estimatedShipDate: '预计寄送日期',
    bookSendTime: '预约取件时间',
    sender: '寄件人',
    consignee: '收件人',
    samples: '样本清单',
    courier: '快递公司',
    expressNo: '运单号',
    coldChain: '实时温度监控',
    note: '备注',
    yes: '是',
    no: '否',
    printed: '打印时间',
  },
  en_US: {
    title: 'Sample shipment receipt',
    timeZone: 'Time zone',
    orderNo: 'Order no.',
    project: 'Project',
    site: 'Site',
    status: 'Status',
    temperature: 'Transport temperature',
    estimatedShipDate: 'Estimated ship date',
    bookSendTime: 'Booked pick-up',
    sender: 'Sender',
    consignee: 'Consignee',
    samples: 'Samples',
    courier: 'Courier',
    expressNo: 'Waybill',
    coldChain: 'Real-time temperature monitor',
    note: 'Note',
    yes: 'Yes',
    no: 'No',
    printed: 'Printed',
  },
} as const;

const contactLine = (c: ShipmentDetailRecord['sender']) =>
  [c.name, c.phone, c.company, `${c.area} ${c.detail}`, c.email].filter(Boolean).join('  ');

/** One receipt as a PDF (text in CJK-capable font; times in the request's zone, named under the title). */
export function receiptPdf(s: ShipmentDetailRecord, lang: Lang, now: Date, time: ZonedTime): Promise<Buffer> {
  const font = cjkFont();
  const L = LABELS[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${L.title} ${s.orderNo}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.path, font.face);
  doc.font('cjk');
  doc.fontSize(18).text(L.title, { align: 'center' }).moveDown();
  doc.fontSize(11);
  const line = (label: string, value: string | null | undefined) => doc.text(`${label}：${value ?? '-'}`);
  line(L.timeZone, time.label);
  line(L.orderNo, s.orderNo);
  line(L.project, `${s.projectNo} ${s.projectName}`);
  line(L.site, `${s.siteNo} ${s.siteName}`);
  line(L.status, s.status);
  line(L.temperature, s.temperatureName);
  line(L.estimatedShipDate, s.estimatedShipDate);
  line(L.bookSendTime, time.minutes(s.bookSendTime));
  line(L.coldChain, s.coldChain ? L.yes : L.no);
  line(L.courier, s.courier);
  line(L.expressNo, s.expressNo);
  doc.moveDown();
  line(L.sender, contactLine(s.sender));
  line(L.consignee, contactLine(s.consignee));
  doc.moveDown().fontSize(13).text(L.samples).fontSize(11);
  for (const sample of s.samples) {
    doc.text(`• ${sample.sampleTypeName}  ${sample.temperatureName}  ${sample.quantity} ${sample.unit}`);
  }
  doc.moveDown();
  line(L.note, s.note);
  doc
    .moveDown()
    .fontSize(9)
    .text(`${L.printed}：${time.dateTime(now)}`);
  doc.end();
  return done;
}

/** One zip archive with a receipt PDF per booking. */
export async function receiptsZip(
  shipments: ShipmentDetailRecord[],
  lang: Lang,
  now: Date,
  time: ZonedTime,
): Promise<Buffer> {
  const pdfs = await Promise.all(shipments.map((s) => receiptPdf(s, lang, now, time)));
  // Zip entry times have no zone; readers show them as local, so write the user's wall clock.
  const entryDate = time.wallClockAsUtc(now);
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    out.on('end', () => resolve(Buffer.concat(chunks)));
    archive.on('error', reject);
  });
  archive.pipe(out);
  shipments.forEach((s, i) => {
    const pdf = pdfs[i];
    if (pdf) archive.append(pdf, { name: `${s.orderNo}.pdf`, date: entryDate });
  });
  await archive.finalize();
  return finished;
}
