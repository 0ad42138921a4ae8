import type { Lang } from '@trialab/api-contract';
import type PDFKit from 'pdfkit';
import type { ZonedTime } from '../lib/time-zone.js';
import type { BarcodeKind } from './barcode.js';
import type { LabProfile } from './lab-profile.js';
import { FRAME_TEXTS, fill } from './language.js';

/** A4 in points, and the frame every page keeps free for the letterhead and the footer. */
const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 36, bottom: 62, left: 48, right: 48 } as const;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c5ccd6';
const SHADE = '#eef2f6';
const BRAND = '#0f6e66';
const WARNING = '#8a4b00';

export type Align = 'left' | 'right' | 'center';
export type Cell = string | number | null | undefined;

export interface TableColumn {
  header: string;
  /** Share of the text width, relative to the other columns. */
  width: number;
  align?: Align;
}

export interface TableSpec {
  columns: TableColumn[];
  rows: Cell[][];
  /** Rows printed in bold (abnormal results, totals). */
  bold?: (rowIndex: number) => boolean;
}

export interface PartyBlock {
  title: string;
  lines: Cell[];
}

/** A signature block: signed (name, meaning, time) or a blank line to sign on paper. */
export interface SignatureBlock {
  role: string;
  name?: string | null;
  meaning?: string | null;
  at?: string | null;
}

export interface FrameInfo {
  lang: Lang;
  time: ZonedTime;
  now: Date;
  lab: LabProfile;
  title: string;
  number: string;
  barcode: { kind: BarcodeKind; png: Buffer };
  /** False: no letterhead, running header or footer (the body alone, e.g. adhesive label stock). */
  framed: boolean;
}

const text = (value: Cell): string =>
  value === null || value === undefined || value === '' ? '-' : String(value);
/** A table cell: a dash for no value, nothing for '' (the spacer cells of a total row). */
const cellText = (value: Cell): string => (value === '' ? '' : text(value));

/**
 * Lays a document out on pdfkit: the letterhead and barcode on the first page, a short running
 * header on the others, blocks that move to the next page whole, tables that break between rows
 * and repeat their header, and "page x of y" with the print time on every page (written once all
 * pages exist); an unframed document (`framed: false`) is its blocks alone. Documents call only these methods, so every PDF looks and breaks the same way.
 */
export class DocumentWriter {
  readonly frame: (typeof FRAME_TEXTS)[Lang];
  readonly left: number = MARGIN.left;
  readonly width = PAGE.width - MARGIN.left - MARGIN.right;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly info: FrameInfo,
  ) {
    this.frame = FRAME_TEXTS[info.lang];
    if (!info.framed) return;
    doc.on('pageAdded', () => this.runningHeader());
    this.letterhead();
  }

  /** The zone-aware formatter of the document (times print in the reader's zone). */
  get time(): ZonedTime {
    return this.info.time;
  }

  /** The document's language, for data kept in more than one (names in Chinese and English). */
  get lang(): Lang {
    return this.info.lang;
  }

  private get bottom(): number {
    return PAGE.height - MARGIN.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  keep(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  space(points = 8): void {
    this.doc.y += points;
  }

  private font(weight: 'regular' | 'bold', size: number, color = INK): PDFKit.PDFDocument {
    return this.doc.font(weight).fontSize(size).fillColor(color);
  }

  private measure(value: string, weight: 'regular' | 'bold', size: number, width: number): number {
    return this.font(weight, size).heightOfString(value, { width });
  }

  private rule(y: number, color = RULE, from = this.left, to = this.left + this.width): void {
    this.doc.save().moveTo(from, y).lineTo(to, y).lineWidth(0.6).strokeColor(color).stroke().restore();
  }

  private letterhead(): void {
    const { doc, info } = this;
    const { lab, lang } = info;
    const top = MARGIN.top;
    const logo = 44;
    if (lab.logo) {
      doc.image(lab.logo, this.left, top, { fit: [logo, logo] });
    } else {
      const initials = lab.name.en_US
        .split(/\s+/)
        .map((w) => w[0])
        .join('')
        .slice(0, 2)
        .toUpperCase();
      doc.save().roundedRect(this.left, top, logo, logo, 6).fill(BRAND).restore();
      this.font('bold', 16, '#ffffff').text(initials, this.left, top + 12, { width: logo, align: 'center' });
    }
    const codeWidth = info.barcode.kind === 'qrcode' ? 56 : 170;
    const textX = this.left + logo + 10;
    const textWidth = this.width - logo - 10 - codeWidth - 12;
    this.font('bold', 13).text(lab.name[lang], textX, top, { width: textWidth });
    const contact = [lab.phone, lab.email].filter(Boolean).join('  ·  ');
    const lines = [
      lab.address[lang],
      contact,
      lab.accreditation ? `${this.frame.accreditation}: ${lab.accreditation}` : '',
    ];
    this.font('regular', 7.5, MUTED);
    for (const line of lines.filter(Boolean)) doc.text(line, textX, doc.y + 1, { width: textWidth });
    const textBottom = doc.y;

    const codeX = this.left + this.width - codeWidth;
    const codeHeight = info.barcode.kind === 'qrcode' ? 56 : 34;
    doc.image(info.barcode.png, codeX, top, { fit: [codeWidth, codeHeight], align: 'right' });
    this.font('regular', 8).text(info.number, codeX, top + codeHeight + 2, {
      width: codeWidth,
      align: 'right',
    });

    const ruleY = Math.max(textBottom, doc.y, top + logo) + 6;
    this.rule(ruleY, BRAND);
    this.font('bold', 16).text(info.title, this.left, ruleY + 10, { width: this.width, align: 'center' });
    doc.x = this.left;
    doc.y += 8;
  }

  private runningHeader(): void {
    const { doc, info } = this;
    const top = MARGIN.top;
    this.font('bold', 9).text(info.lab.name[info.lang], this.left, top, {
      width: this.width / 2,
      lineBreak: false,
    });
    this.font('regular', 9, MUTED).text(`${info.title}  ${info.number}`, this.left + this.width / 2, top, {
      width: this.width / 2,
      align: 'right',
      lineBreak: false,
    });
    this.rule(top + 16, BRAND);
    doc.x = this.left;
    doc.y = top + 26;
  }

  /** Writes the footer of every page; called once, after the last block. */
  finish(): void {
    const { doc, info } = this;
    if (!info.framed) return;
    const range = doc.bufferedPageRange();
    const printed = `${this.frame.printed} ${info.time.dateTime(info.now)} (${info.time.label})`;
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // The footer sits inside the bottom margin: without this pdfkit would open a new page for it.
      doc.page.margins.bottom = 0;
      const y = PAGE.height - MARGIN.bottom + 18;
      this.rule(y - 6);
      const third = this.width / 3;
      const options = { width: third, lineBreak: false } as const;
      this.font('regular', 7, MUTED).text(printed, this.left, y, { ...options, width: third * 1.4 });
      doc.text(info.number, this.left + third * 1.2, y, { ...options, width: third * 0.8, align: 'center' });
      this.font('regular', 8, INK).text(
        fill(this.frame.page, { page: i - range.start + 1, pages: range.count }),
        this.left + third * 2,
        y,
        { ...options, align: 'right' },
      );
      doc.page.margins.bottom = MARGIN.bottom;
    }
  }

  /**
   * Labels of one size in a grid (a label sheet for laser printers and adhesive stock): each cell
   * framed by a dashed cutting line, its barcode (a square symbol left of the text, a linear one
   * above it) and its lines of text; a row of cells moves to the next page whole.
   */
  labelGrid(
    size: { widthMm: number; heightMm: number },
    labels: ReadonlyArray<{ png: Buffer; square: boolean; lines: string[] }>,
  ): void {
    const mm = 72 / 25.4;
    const gap = 6;
    const pad = 3;
    const w = Math.min(size.widthMm * mm, this.width);
    const h = Math.min(size.heightMm * mm, this.bottom - MARGIN.top - 40);
    const columns = Math.max(1, Math.floor((this.width + gap) / (w + gap)));
    for (let start = 0; start < labels.length; start += columns) {
      this.keep(h + gap);
      const y = this.doc.y;
      labels.slice(start, start + columns).forEach((label, i) => {
        const x = this.left + i * (w + gap);
        this.doc.save().lineWidth(0.4).dash(2, { space: 2 }).strokeColor(RULE).rect(x, y, w, h).stroke();
        this.doc.undash().restore();
        const inner = { x: x + pad, y: y + pad, w: w - 2 * pad, h: h - 2 * pad };
        let textBox: { x: number; y: number; w: number; h: number };
        if (label.square) {
          const side = Math.min(inner.h, inner.w / 2);
          this.doc.image(label.png, inner.x, inner.y, { fit: [side, side] });
          textBox = { x: inner.x + side + pad, y: inner.y, w: inner.w - side - pad, h: inner.h };
        } else {
          const bar = inner.h * 0.5;
          this.doc.image(label.png, inner.x, inner.y, { fit: [inner.w, bar], align: 'center' });
          textBox = { x: inner.x, y: inner.y + bar + 2, w: inner.w, h: inner.h - bar - 2 };
        }
        this.font('regular', 6.5).text(label.lines.join('\n'), textBox.x, textBox.y, {
          width: textBox.w,
          height: textBox.h,
          ellipsis: true,
          lineGap: 0.5,
        });
      });
      this.doc.x = this.left;
      this.doc.y = y + h + gap;
    }
  }

  /** A section heading, kept on the page of what follows it. */
  heading(title: string): void {
    this.keep(44);
    this.space(6);
    this.font('bold', 10.5, BRAND).text(title, this.left, this.doc.y, { width: this.width });
    this.rule(this.doc.y + 1, RULE);
    this.doc.y += 5;
  }

  /** Label and value pairs in a grid of `columns`, left to right; each row moves to a new page whole. */
  fields(items: Array<[label: string, value: Cell]>, columns = 2): void {
    const gap = 12;
    const cellWidth = (this.width - gap * (columns - 1)) / columns;
    for (let start = 0; start < items.length; start += columns) {
      const row = items.slice(start, start + columns);
      const heights = row.map(
        ([label, value]) =>
          this.measure(label, 'regular', 7.5, cellWidth) +
          this.measure(text(value), 'regular', 9.5, cellWidth),
      );
      const height = Math.max(...heights) + 6;
      this.keep(height);
      const y = this.doc.y;
      row.forEach(([label, value], i) => {
        const x = this.left + i * (cellWidth + gap);
        this.font('regular', 7.5, MUTED).text(label, x, y, { width: cellWidth });
        this.font('regular', 9.5).text(text(value), x, this.doc.y, { width: cellWidth });
      });
      this.doc.x = this.left;
      this.doc.y = y + height;
    }
  }

  /** Side-by-side boxed blocks (sender and consignee), moved to a new page whole. */
  parties(blocks: PartyBlock[]): void {
    const gap = 12;
    const pad = 7;
    const boxWidth = (this.width - gap * (blocks.length - 1)) / blocks.length;
    const inner = boxWidth - pad * 2;
    const bodies = blocks.map((b) =>
      b.lines.filter((l) => l !== null && l !== undefined && l !== '').map(String),
    );
    const heights = blocks.map(
      (b, i) =>
        this.measure(b.title, 'bold', 9, inner) +
        (bodies[i] ?? []).reduce((sum, line) => sum + this.measure(line, 'regular', 9, inner) + 1, 0),
    );
    const height = Math.max(...heights) + pad * 2;
    this.keep(height + 4);
    const y = this.doc.y;
    blocks.forEach((b, i) => {
      const x = this.left + i * (boxWidth + gap);
      this.doc
        .save()
        .roundedRect(x, y, boxWidth, height, 3)
        .lineWidth(0.6)
        .strokeColor(RULE)
        .stroke()
        .restore();
      this.font('bold', 9, BRAND).text(b.title, x + pad, y + pad, { width: inner });
      for (const line of bodies[i] ?? [])
        this.font('regular', 9).text(line, x + pad, this.doc.y + 1, { width: inner });
    });
    this.doc.x = this.left;
    this.doc.y = y + height + 6;
  }

  /** A table that breaks between rows and repeats its header on every page it spans. */
  table(spec: TableSpec): void {
    const pad = { x: 4, y: 3 };
    const total = spec.columns.reduce((sum, c) => sum + c.width, 0);
    const widths = spec.columns.map((c) => (c.width / total) * this.width);
    const size = 8.5;
    const rowHeight = (cells: string[], weight: 'regular' | 'bold') =>
      Math.max(...cells.map((cell, i) => this.measure(cell, weight, size, (widths[i] ?? 0) - pad.x * 2))) +
      pad.y * 2;

    const drawRow = (cells: string[], weight: 'regular' | 'bold', shade: boolean) => {
      const height = rowHeight(cells, weight);
      const y = this.doc.y;
      if (shade) this.doc.save().rect(this.left, y, this.width, height).fill(SHADE).restore();
      let x = this.left;
      cells.forEach((cell, i) => {
        const width = widths[i] ?? 0;
        this.font(weight, size).text(cell, x + pad.x, y + pad.y, {
          width: width - pad.x * 2,
          align: spec.columns[i]?.align ?? 'left',
        });
        x += width;
      });
      this.rule(y + height);
      this.doc.x = this.left;
      this.doc.y = y + height;
    };

    const header = spec.columns.map((c) => c.header);
    const headerHeight = rowHeight(header, 'bold');
    const rows = spec.rows.map((row) => spec.columns.map((_, i) => cellText(row[i])));
    // The header never stays alone at the foot of a page.
    this.keep(headerHeight + (rows[0] ? rowHeight(rows[0], 'regular') : 0));
    drawRow(header, 'bold', true);
    rows.forEach((cells, index) => {
      const weight = spec.bold?.(index) ? 'bold' : 'regular';
      if (this.doc.y + rowHeight(cells, weight) > this.bottom) {
        this.doc.addPage();
        drawRow(header, 'bold', true);
      }
      drawRow(cells, weight, false);
    });
    this.space(6);
  }

  /** Running text; `warning` sets it off with a bar (a corrected report's notice). */
  paragraph(value: string, tone: 'normal' | 'muted' | 'warning' = 'normal'): void {
    const indent = tone === 'warning' ? 8 : 0;
    const size = tone === 'muted' ? 8 : 9.5;
    const height = this.measure(value, tone === 'warning' ? 'bold' : 'regular', size, this.width - indent);
    this.keep(Math.min(height, 60) + 4);
    const y = this.doc.y;
    if (tone === 'warning') {
      this.doc.save().rect(this.left, y, 3, height).fill(WARNING).restore();
    }
    this.font(
      tone === 'warning' ? 'bold' : 'regular',
      size,
      tone === 'warning' ? WARNING : tone === 'muted' ? MUTED : INK,
    ).text(value, this.left + indent, y, { width: this.width - indent });
    this.doc.x = this.left;
    this.doc.y += 4;
  }

  /** Signature blocks side by side, three to a row; each row moves to a new page whole. */
  signatures(blocks: SignatureBlock[]): void {
    const perRow = Math.min(3, blocks.length);
    const gap = 14;
    const width = (this.width - gap * (perRow - 1)) / perRow;
    const height = 66;
    const f = this.frame;
    for (let start = 0; start < blocks.length; start += perRow) {
      this.keep(height + 6);
      const y = this.doc.y;
      blocks.slice(start, start + perRow).forEach((b, i) => {
        const x = this.left + i * (width + gap);
        this.font('bold', 9, BRAND).text(b.role, x, y, { width });
        if (b.name) {
          const lines = [
            `${f.signedBy}: ${b.name}`,
            `${f.meaning}: ${text(b.meaning)}`,
            `${f.signedAt}: ${text(b.at)}`,
          ];
          for (const line of lines) this.font('regular', 8.5).text(line, x, this.doc.y + 2, { width });
        } else {
          // Paper signature: a line to sign on and one for the date.
          this.font('regular', 8.5, MUTED).text(f.signature, x, y + 24, { width });
          this.rule(y + 34, INK, x + 40, x + width);
          this.font('regular', 8.5, MUTED).text(f.date, x, y + 44, { width });
          this.rule(y + 54, INK, x + 40, x + width);
        }
      });
      this.doc.x = this.left;
      this.doc.y = y + height;
    }
  }
}
