import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import { type PrintContext, renderDocument } from '../../documents/document.js';
import { type ReceiptData, shipmentReceipt } from './receipt-document.js';

/** One zip archive with a receipt PDF per booking. */
export async function receiptsZip(shipments: ReceiptData[], context: PrintContext): Promise<Buffer> {
  const pdfs = await Promise.all(shipments.map((s) => renderDocument(shipmentReceipt, s, context)));
  // Zip entry times have no zone; readers show them as local, so write the user's wall clock.
  const entryDate = context.time.wallClockAsUtc(context.now);
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
