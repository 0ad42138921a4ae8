// Spreadsheets as a user fills in the server's import templates, and their upload into the import
// dialog (components/ImportModal). exceljs comes from the server package, which owns it.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const requireFromServer = createRequire(new URL('../../packages/server/package.json', import.meta.url));
interface Workbook {
  addWorksheet(name: string): { addRow(values: unknown[]): unknown };
  xlsx: { writeBuffer(): Promise<ArrayBuffer> };
}
const { Workbook } = requireFromServer('exceljs') as { Workbook: new () => Workbook };

/** One sheet: its name, the template's header row, then the rows. */
export async function xlsxSheet(
  name: string,
  header: string[],
  rows: Array<Array<string | number>>,
): Promise<Buffer> {
  const workbook = new Workbook();
  const ws = workbook.addWorksheet(name);
  ws.addRow(header);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Puts the file into the open import dialog's file input. */
export async function uploadXlsx(page: Page, name: string, content: Buffer): Promise<void> {
  await page.locator('.ant-modal:visible input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: content,
  });
}
