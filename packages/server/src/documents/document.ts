import type { Lang } from '@trialab/api-contract';
import PDFDocument from 'pdfkit';
import { type ZonedTime, zonedTime } from '../lib/time-zone.js';
import { type BarcodeKind, barcodePng } from './barcode.js';
import { documentFonts, loadFont } from './fonts.js';
import type { LabProfile } from './lab-profile.js';
import type { Texts } from './language.js';
import { DocumentWriter, MARGIN } from './writer.js';

/**
 * One kind of document (lab report, shipment receipt, dispatch note, and later quotations, statements,
 * label sheets and bills): its texts in every language, the record number printed and encoded in the
 * letterhead's barcode, and the body drawn with the writer's blocks. docs/documents.md shows how to add one.
 */
export interface DocumentDefinition<Data, K extends string> {
  /** File-name stem and test name, e.g. `lab-report`. */
  kind: string;
  /** `title` is the heading of the document and of its running header. */
  texts: Texts<K | 'title'>;
  number(data: Data): string;
  /** Code 128 for numbers scanned at the bench; QR for longer content. */
  barcode: BarcodeKind;
  /** What the barcode encodes, when not the number. */
  barcodeText?(data: Data): string;
  draw(writer: DocumentWriter, data: Data, texts: Record<K | 'title', string>): void;
  /**
   * False: the pages carry the body alone, without the letterhead, running header and footer
   * (labels on adhesive stock, docs/supply.md "Labels"). Framed when absent.
   */
  framed?(data: Data): boolean;
}

export function defineDocument<Data, K extends string>(definition: DocumentDefinition<Data, K>) {
  return definition;
}

/** Where and for whom a document is printed. */
export interface PrintContext {
  lang: Lang;
  /** The reader's zone: every time in the document, and the footer's print time. */
  time: ZonedTime;
  now: Date;
  lab: LabProfile;
}

const PDF_LANG: Record<Lang, string> = { zh_CN: 'zh-CN', en_US: 'en-US', zh_HK: 'zh-HK' };

export async function renderDocument<Data, K extends string>(
  definition: DocumentDefinition<Data, K>,
  data: Data,
  context: PrintContext,
): Promise<Buffer> {
  const texts = definition.texts[context.lang];
  const number = definition.number(data);
  const png = await barcodePng(definition.barcode, definition.barcodeText?.(data) ?? number);
  const fonts = documentFonts(context.lang);
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    lang: PDF_LANG[context.lang],
    displayTitle: true,
    info: {
      Title: `${texts.title} ${number}`,
      Author: context.lab.name[context.lang],
      Producer: 'Trialab',
      CreationDate: context.now,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit 0.20 takes a parsed font (any object with `layout`) where its types name a path or bytes.
  doc.registerFont('regular', loadFont(fonts.regular) as unknown as Buffer);
  doc.registerFont('bold', loadFont(fonts.bold) as unknown as Buffer);
  const writer = new DocumentWriter(doc, {
    ...context,
    title: texts.title,
    number,
    barcode: { kind: definition.barcode, png },
    framed: definition.framed?.(data) ?? true,
  });
  definition.draw(writer, data, texts);
  writer.finish();
  doc.end();
  return done;
}

/** The print context of a request: its language (Hong Kong's from Accept-Language), zone, time, letterhead. */
export function printContext(ctx: {
  lang: Lang;
  now: Date;
  timeZone: string;
  deps: { config: { labProfile: LabProfile } };
}): PrintContext {
  return {
    lang: ctx.lang,
    time: zonedTime(ctx),
    now: ctx.now,
    lab: ctx.deps.config.labProfile,
  };
}
