/** Barcodes typed or scanned into a text area: one per line (or separated by spaces, commas, semicolons), blanks and repeats dropped. */
export function parseBarcodes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，；]+/)
        .map((b) => b.trim())
        .filter(Boolean),
    ),
  ];
}
