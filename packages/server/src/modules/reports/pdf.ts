import type { Lang, ReportDetail } from '@trialab/api-contract';
import PDFDocument from 'pdfkit';
import { documentFonts } from '../../documents/fonts.js';
import type { ZonedTime } from '../../lib/time-zone.js';

const L = {
  zh_CN: {
    title: '检测报告',
    timeZone: '时区',
    reportNo: '报告编号',
    revision: '版本',
    revised: '修订版：本报告替代第 {prev} 版。修改原因：{reason}',
    project: '项目',
    site: '中心',
    subject: '受试者',
    barcode: '条码',
    visit: '访视',
    sampling: '采样时间',
    item: '检测项目',
    result: '结果',
    unit: '单位',
    range: '参考范围',
    flag: '提示',
    signatures: '电子签名',
    hash: '内容摘要（SHA-256）',
    generated: '生成时间',
  },
  en_US: {
    title: 'Laboratory report',
    timeZone: 'Time zone',
    reportNo: 'Report no.',
    revision: 'Version',
    revised: 'Revised: this report replaces version {prev}. Reason: {reason}',
    project: 'Project',
    site: 'Site',
    subject: 'Subject',
    barcode: 'Barcode',
    visit: 'Visit',
    sampling: 'Sampling time',
    item: 'Test item',
    result: 'Result',
    unit: 'Unit',
    range: 'Reference range',
    flag: 'Flag',
    signatures: 'Electronic signatures',
    hash: 'Content digest (SHA-256)',
    generated: 'Generated',
  },
} as const;

const FLAG = { H: '↑', L: '↓', A: '*' } as const;

/**
 * Renders a released report: header, subject and sample, results with flags, the electronic
 * signatures (name, meaning, time) and the digest of the signed content. CJK font embedded. Times
 * are in the generating request's zone, named in the header.
 */
export function renderReportPdf(
  report: ReportDetail,
  lang: Lang,
  now: Date,
  time: ZonedTime,
): Promise<Buffer> {
  const font = documentFonts(lang).regular;
  const t = L[lang];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t.title} ${report.reportNo}`, Producer: 'Trialab' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.path, font.face);
  doc.font('cjk');
  doc.fontSize(18).text(t.title, { align: 'center' }).moveDown(0.5);
  doc.fontSize(10);
  const line = (label: string, value: string | null) => doc.text(`${label}: ${value ?? '-'}`);
  line(t.reportNo, report.reportNo);
  line(t.revision, String(report.revision));
  line(t.timeZone, time.label);
  if (report.revision > 0) {
    doc
      .fillColor('#b45309')
      .text(
        t.revised
          .replace('{prev}', String(report.revision - 1))
          .replace('{reason}', report.revisionReason ?? '-'),
      )
      .fillColor('black');
  }
  line(t.project, report.projectNo);
  line(t.site, report.siteName);
  line(t.subject, `${report.subjectNo} ${report.subjectName}`);
  line(t.barcode, report.barcode);
  line(t.visit, report.visit);
  line(t.sampling, time.minutes(report.samplingTime) || null);
  doc.moveDown();

  const columns = [50, 210, 300, 360, 470];
  const header = [t.item, t.result, t.unit, t.range, t.flag];
  let y = doc.y;
  doc.fontSize(10);
  for (const [i, h] of header.entries()) doc.text(h, columns[i] ?? 50, y, { width: 150 });
  y += 16;
  doc
    .moveTo(50, y - 2)
    .lineTo(545, y - 2)
    .stroke();
  for (const r of report.results) {
    const name = lang === 'en_US' ? r.enName : r.name;
    const cells = [
      `${r.code} ${name}`,
      r.value,
      r.unit ?? '',
      r.referenceRange ?? '',
      r.flag ? FLAG[r.flag] : '',
    ];
    for (const [i, c] of cells.entries()) doc.text(c, columns[i] ?? 50, y, { width: i === 0 ? 155 : 105 });
    y += 18;
  }
  doc.x = 50;
  doc.y = y + 10;
  doc.fontSize(11).text(t.signatures);
  doc.fontSize(9);
  for (const s of report.signatures) {
    doc.text(`${s.signerName} · ${s.meaning} · ${time.dateTime(s.signedAt)}`);
  }
  doc.moveDown();
  doc.text(`${t.hash}: ${report.contentHash ?? '-'}`);
  doc.text(`${t.generated}: ${time.dateTime(now)}`);
  doc.end();
  return done;
}
