// Reading the CSV a 96-position rack scanner writes (docs/library.md "Rack-scanner import").
// VisionMate and DataPaq both write one line per position: the rack barcode, the position (A01 or
// A1, or 1..96) and the tube barcode, where an unreadable tube is written as a word (NO READ, NOREAD,
// NO CODE, ERROR) and an empty position as NO TUBE (or EMPTY, or nothing); DataPaq adds a status
// column. A header line names the columns when present; without one, three columns are rack,
// position and tube, two are position and tube. `Rack ID: X` lines above the table name the rack.
import type { ScanRead } from '@trialab/api-contract';

export interface ScanFileLine {
  line: number;
  rack: string | null;
  written: string;
  tube: string | null;
  read: ScanRead;
}

const NO_READ = /^(NO ?READ|NO ?CODE|ERROR|ERR|UNREADABLE|FAIL(ED)?|\?+)$/;
const NO_TUBE = /^(NO ?TUBE|EMPTY|NONE|-*)$/;

function readOf(tube: string, status: string): ScanRead {
  const t = tube.toUpperCase();
  const s = status.toUpperCase();
  if (NO_READ.test(s) || (t !== '' && NO_READ.test(t))) return 'noRead';
  if (NO_TUBE.test(t) || /^(NO ?TUBE|EMPTY)$/.test(s)) return 'noTube';
  return 'ok';
}

function cellsOf(line: string): string[] {
  const sep = line.includes(',') ? ',' : line.includes('\t') ? '\t' : line.includes(';') ? ';' : ',';
  return line.split(sep).map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

const isPosition = (v: string) => /^[A-Za-z]\d{1,2}$/.test(v) || /^\d{1,3}$/.test(v);

/** The lines of a scanner file; header and key-value lines are read for their column names and rack. */
export function readScanFile(text: string): ScanFileLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let columns: { rack: number; position: number; tube: number; status: number } | null = null;
  let rackAbove: string | null = null;
  const out: ScanFileLine[] = [];
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const keyValue = /^\s*rack\s*(id|barcode|code)?\s*[:=]\s*(.+)$/i.exec(raw);
    if (keyValue?.[2] && !raw.includes(',')) {
      rackAbove = keyValue[2].trim();
      return;
    }
    const cells = cellsOf(raw);
    const header = cells.findIndex((c) => /^(tube\s*)?(position|pos|well|location|孔位|位置)$/i.test(c));
    if (header >= 0 && !cells.some(isPosition)) {
      const find = (pattern: RegExp) => cells.findIndex((c, i) => i !== header && pattern.test(c));
      columns = {
        rack: find(/rack|plate|盒|架/i),
        position: header,
        tube: find(/^(?!.*rack).*(tube|barcode|code|条码|條碼)/i),
        status: find(/status|error|result|状态|狀態/i),
      };
      return;
    }
    const c = columns ?? {
      rack: cells.length >= 3 ? 0 : -1,
      position: cells.length >= 3 ? 1 : 0,
      tube: cells.length >= 3 ? 2 : 1,
      status: cells.length >= 4 ? 3 : -1,
    };
    const at = (i: number) => (i >= 0 ? (cells[i] ?? '') : '');
    const tube = at(c.tube);
    const read = readOf(tube, at(c.status));
    out.push({
      line: index + 1,
      rack: at(c.rack) || rackAbove,
      written: at(c.position),
      tube: read === 'ok' ? tube : null,
      read,
    });
  });
  return out;
}
