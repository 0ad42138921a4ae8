import type { Page } from 'playwright-core';

/**
 * The input of a form field: its id is the field's (`projectId`, `samples_0_sampleTypeId`) after the
 * form's name when the form has one (`dialog_projectId`, `<code>-filter_projectId`).
 */
export const fieldId = (id: string) => `[id="${id}"], [id$="_${id}"]`;

/**
 * Opens the antd select whose input has this id and picks the option containing `text`: in the open
 * dialog when there is one (a list's filter and its dialog's form may both have the field).
 */
export async function choose(page: Page, id: string, text: string | RegExp): Promise<void> {
  const dialog = page.locator('.ant-modal-wrap:visible').last();
  const scope = (await dialog.count()) > 0 ? dialog : page;
  await scope.locator('.ant-select', { has: page.locator(fieldId(id)) }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
    .first()
    .click();
}

/** Types a date (or date and time) into an antd date picker and confirms it. */
export async function typeDate(page: Page, id: string, value: string): Promise<void> {
  const input = page.locator(fieldId(id)).first();
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  // A picker with time keeps its panel open until OK.
  const ok = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
  if (await ok.isVisible().catch(() => false)) await ok.click();
}

/** The success (or other) toast with this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/** Confirms the open confirm dialog (温馨提示). */
export async function confirmDialogOk(page: Page): Promise<void> {
  await page.locator('.ant-modal-confirm:visible .ant-btn-primary').click();
}
