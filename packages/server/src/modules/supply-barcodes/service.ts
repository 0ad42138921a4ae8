import { BARCODE_PREFIX, BARCODE_SERIAL_DIGITS, type BarcodeKind } from '@trialab/api-contract';
import { mod3736CheckChar, mod3736Valid } from '../../lib/iso7064.js';

/** Kit and tube barcode rules that need no database (docs/supply.md "Barcodes and labels"). */

/** The code of a serial: the kind's prefix, the zero-padded serial and its check character. */
export function barcodeOf(kind: BarcodeKind, serial: number): string {
  const body = `${BARCODE_PREFIX[kind]}${String(serial).padStart(BARCODE_SERIAL_DIGITS, '0')}`;
  return body + mod3736CheckChar(body);
}

const SHAPE = new RegExp(
  `^[${Object.values(BARCODE_PREFIX).join('')}][0-9]{${BARCODE_SERIAL_DIGITS}}[0-9A-Z]$`,
);

/** Whether a scanned text has the shape of one of our codes (prefix, serial, one check character). */
export const looksLikeOurs = (code: string): boolean => SHAPE.test(code);

/** A code of our shape whose check character is wrong: a misread or mistyped code. */
export const badCheckCharacter = (code: string): boolean => looksLikeOurs(code) && !mod3736Valid(code);
