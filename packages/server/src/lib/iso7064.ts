// ISO/IEC 7064 MOD 37,36: the hybrid check-character system over 0-9 and A-Z, whose check character
// is itself one of those 36. It detects every single substitution and every transposition of two
// adjacent characters. Chosen for kit and tube codes (docs/supply.md "Barcodes and labels") because
// their alphabet is letters and digits: MOD 37-2 would add `*` (outside the barcode format the lab
// accepts) and the Luhn / MOD 10 families check digits only.

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const M = 36;

function charValue(ch: string): number {
  const v = ALPHABET.indexOf(ch);
  if (v < 0) throw new RangeError(`not in 0-9A-Z: ${ch}`);
  return v;
}

/** The running product after `text` (the hybrid system's P). */
function product(text: string): number {
  let p = M;
  for (const ch of text) {
    let s = (p + charValue(ch)) % M;
    if (s === 0) s = M;
    p = (s * 2) % (M + 1);
  }
  return p;
}

/** The check character to append to `text` (0-9A-Z only). */
export function mod3736CheckChar(text: string): string {
  return ALPHABET[(M + 1 - product(text)) % M] as string;
}

/** Whether `code` (0-9A-Z, its last character the check character) is consistent. */
export function mod3736Valid(code: string): boolean {
  if (code.length < 2 || !/^[0-9A-Z]+$/.test(code)) return false;
  return mod3736CheckChar(code.slice(0, -1)) === code.slice(-1);
}
