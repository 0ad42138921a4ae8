import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Lang } from '@trialab/api-contract';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { expect } from 'vitest';
import { FRAME_TEXTS, fill } from '../src/documents/language.js';

/**
 * Checks of a rendered document, shared by every document's tests:
 *
 *   const pages = await pdfPages(pdf);
 *   expectPaged(pages, 'en_US', { header: ['No.', 'Sample type'], rows: lines.map((l) => l.orderNo) });
 *   await expectLooksLike(pdf, 'shipment-receipt-en');
 *
 * Reference images live in test/documents/ and are written only on purpose:
 * `UPDATE_DOCUMENT_REFERENCES=1 pnpm exec vitest run <test>`, then look at them before committing.
 */

/** Every page says "page x of y"; every row key appears exactly once; pages with rows repeat the header. */
export function expectPaged(
  pages: string[][],
  lang: Lang,
  table?: { header: string[]; rows: string[] },
): void {
  pages.forEach((runs, i) => {
    expect(runs, `page ${i + 1}`).toContain(
      fill(FRAME_TEXTS[lang].page, { page: i + 1, pages: pages.length }),
    );
  });
  if (!table) return;
  for (const key of table.rows) {
    const seen = pages.flat().filter((run) => run === key).length;
    expect(seen, `row ${key} printed ${seen} times`).toBe(1);
  }
  pages.forEach((runs, i) => {
    if (!table.rows.some((key) => runs.includes(key))) return;
    for (const title of table.header) expect(runs, `header "${title}" on page ${i + 1}`).toContain(title);
  });
}

const REFERENCES = join(import.meta.dirname, 'documents');
/** Rendering resolution: enough to see a moved block or a broken table, small enough to keep in git. */
const DPI = 50;
/** A pixel differs when its colour distance exceeds this (pixelmatch's scale, 0 to 1). */
const PIXEL_THRESHOLD = 0.1;
/** Share of a page's pixels that may differ (anti-aliasing of another poppler or FreeType build). */
const PAGE_TOLERANCE = 0.001;

const run = promisify(execFile);

/** Each page of a PDF as PNG bytes (poppler's pdftoppm). */
async function renderPages(pdf: Uint8Array): Promise<Buffer[]> {
  const dir = mkdtempSync(join(tmpdir(), 'trialab-doc-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    await run('pdftoppm', ['-r', String(DPI), '-png', join(dir, 'doc.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => readFileSync(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The document looks like its reviewed reference images, page by page, within the tolerance. */
export async function expectLooksLike(pdf: Uint8Array, document: string): Promise<void> {
  // File names are kebab-case (lib/file-names.test.ts): `lab-report-zh_CN` is kept as `lab-report-zh-cn`.
  const name = document.toLowerCase().replaceAll('_', '-');
  const pages = await renderPages(pdf);
  const reference = (n: number) => join(REFERENCES, `${name}-${n}.png`);
  if (process.env.UPDATE_DOCUMENT_REFERENCES === '1') {
    mkdirSync(REFERENCES, { recursive: true });
    for (const f of readdirSync(REFERENCES).filter((f) => f.startsWith(`${name}-`)))
      rmSync(join(REFERENCES, f));
    for (const [i, png] of pages.entries()) writeFileSync(reference(i + 1), png);
    return;
  }
  const expected = readdirSync(REFERENCES).filter((f) => new RegExp(`^${name}-\\d+\\.png$`).test(f)).length;
  expect(pages.length, `${name}: pages against the reference images`).toBe(expected);
  const failures: string[] = [];
  for (const [i, png] of pages.entries()) {
    const actual = PNG.sync.read(png);
    const wanted = PNG.sync.read(readFileSync(reference(i + 1)));
    if (actual.width !== wanted.width || actual.height !== wanted.height) {
      failures.push(
        `page ${i + 1}: ${actual.width}x${actual.height}, reference ${wanted.width}x${wanted.height}`,
      );
      continue;
    }
    const diff = new PNG({ width: actual.width, height: actual.height });
    const changed = pixelmatch(actual.data, wanted.data, diff.data, actual.width, actual.height, {
      threshold: PIXEL_THRESHOLD,
    });
    const share = changed / (actual.width * actual.height);
    if (share > PAGE_TOLERANCE) {
      // Leave the evidence where the failure message says.
      const out = mkdtempSync(join(tmpdir(), `trialab-${name}-`));
      writeFileSync(join(out, `actual-${i + 1}.png`), png);
      writeFileSync(join(out, `diff-${i + 1}.png`), PNG.sync.write(diff));
      failures.push(`page ${i + 1}: ${(share * 100).toFixed(2)}% of pixels differ (see ${out})`);
    }
  }
  expect(failures, `${name} against test/documents/${name}-*.png`).toEqual([]);
}
