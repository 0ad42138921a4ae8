import type { Locator, Page } from 'playwright-core';

/** Picks an option of an antd Select (opened by clicking the field) by its visible text. */
export async function pickOption(page: Page, field: Locator, text: string | RegExp): Promise<void> {
  await field.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(text).first().click();
}
