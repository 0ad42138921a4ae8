// Pure parts of the awaiting-storage page (tested in parts.test.ts).

/** The first rack barcode a scanner file names (three columns: rack, position, tube; or `Rack ID:`). */
export function rackOf(csv: string): string {
  for (const line of csv.split(/\r?\n/)) {
    const above = /^\s*rack\s*(id|barcode|code)?\s*[:=]\s*([^,]+)$/i.exec(line);
    if (above?.[2]) return above[2].trim();
    const cells = line.split(/[,;\t]/).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
    if (cells.length >= 3 && /^[A-Za-z]\d{1,2}$/.test(cells[1] ?? '')) return cells[0] ?? '';
  }
  return '';
}

/** mm:ss of what is left. */
export const clock = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
