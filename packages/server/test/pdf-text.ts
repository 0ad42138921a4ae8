import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page of a PDF, as Mozilla's PDF.js reads it (what a reader's search and copy see):
 * one string per text run, in drawing order, empty runs dropped.
 */
export async function pdfPages(pdf: Uint8Array): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: VerbosityLevel.ERRORS }).promise;
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [item.str.trim()] : [])),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** Every text run of a PDF, pages one after another. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  return (await pdfPages(pdf)).flat();
}
