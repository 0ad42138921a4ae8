import bwipjs from 'bwip-js';

export type BarcodeKind = 'code128' | 'qrcode' | 'datamatrix';

/**
 * A barcode as PNG bytes (bwip-js, the PostScript barcode writer in JavaScript). Code 128 for
 * numbers a handheld scanner reads at the bench; QR where a phone reads it. Rendered at 4 px per
 * module so that it stays sharp when printed at its size in the document.
 */
export function barcodePng(kind: BarcodeKind, text: string): Promise<Buffer> {
  // DataMatrix (ECC 200) for tube labels printed on a label sheet (docs/supply.md "Labels").
  if (kind === 'datamatrix') return bwipjs.toBuffer({ bcid: 'datamatrix', text, scale: 4 });
  return bwipjs.toBuffer(
    kind === 'qrcode'
      ? { bcid: 'qrcode', text, scale: 4 }
      : { bcid: 'code128', text, scale: 4, height: 9, includetext: false },
  );
}
