/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page } from 'playwright-core';

/**
 * Solves the slide puzzle the way a person does: finds where the piece fits by comparing the
 * piece with the darkened hole in the background (both images as the server sent them), then
 * drags the handle that far. The server alone decides whether the position is right.
 */
export async function findPuzzleOffset(page: Page): Promise<number> {
  await page.getByTestId('puzzle-piece').waitFor();
  return page.evaluate(async () => {
    const load = (selector: string) =>
      new Promise<ImageData>((resolve, reject) => {
        const element = document.querySelector<HTMLImageElement>(selector);
        if (!element) return reject(new Error(`${selector} missing`));
        const image = new Image();
        image.onload = () => {
          const canvas = document.createElement('canvas');
          canvas.width = image.naturalWidth;
          canvas.height = image.naturalHeight;
          const context = canvas.getContext('2d');
          if (!context) return reject(new Error('no 2d context'));
          context.drawImage(image, 0, 0);
          resolve(context.getImageData(0, 0, canvas.width, canvas.height));
        };
        image.onerror = () => reject(new Error(`${selector} did not load`));
        image.src = element.src;
      });
    const background = await load('[data-testid="puzzle-background"]');
    const piece = await load('[data-testid="puzzle-piece"]');
    const pieceElement = document.querySelector<HTMLElement>('[data-testid="puzzle-piece"]');
    const top = Number.parseInt(pieceElement?.style.top ?? '0', 10);
    let best = 0;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let x = 0; x + piece.width <= background.width; x++) {
      let score = 0;
      for (let j = 2; j < piece.height - 2; j += 2) {
        for (let i = 2; i < piece.width - 2; i += 2) {
          const p = (j * piece.width + i) * 4;
          if ((piece.data[p + 3] ?? 0) < 255) continue;
          const b = ((top + j) * background.width + x + i) * 4;
          for (let c = 0; c < 3; c++)
            score += Math.abs((background.data[b + c] ?? 0) - 0.5 * (piece.data[p + c] ?? 0));
        }
      }
      if (score < bestScore) {
        bestScore = score;
        best = x;
      }
    }
    return best;
  });
}

export async function solvePuzzle(page: Page, offset?: number): Promise<void> {
  const x = offset ?? (await findPuzzleOffset(page));
  const handle = page.getByTestId('puzzle-handle');
  const box = await handle.boundingBox();
  if (!box) throw new Error('puzzle handle is not visible');
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.mouse.move(startX + x / 2, y, { steps: 5 });
  await page.mouse.move(startX + x, y, { steps: 5 });
  await page.mouse.up();
}
