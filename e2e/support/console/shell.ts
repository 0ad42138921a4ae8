import type { Page } from 'playwright-core';

export async function tabPaths(page: Page): Promise<string[]> {
  return page
    .getByTestId('tab')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-path') ?? ''));
}

/** Opens a page by clicking through the side menu (first-level title, then the item). */
export async function openFromMenu(page: Page, ...titles: string[]): Promise<void> {
  const menu = page.getByTestId('side-menu');
  for (const [index, title] of titles.entries()) {
    const last = index === titles.length - 1;
    const item = last
      ? menu.getByRole('menuitem', { name: title, exact: true })
      : menu.locator('.ant-menu-submenu-title', { hasText: title }).first();
    if (!last) {
      const expanded = await item.getAttribute('aria-expanded');
      if (expanded !== 'true') await item.click();
    } else {
      await item.click();
      // The click is done when its page's tab is the active one (a loaded machine may take a while).
      await page.locator('.ant-tabs-tab-active [data-testid="tab"]', { hasText: title }).waitFor();
    }
  }
}

/** Right-clicks a tab and chooses an item of its context menu. */
export async function tabMenu(page: Page, path: string, action: string): Promise<void> {
  await page.locator(`[data-testid="tab"][data-path="${path}"]`).click({ button: 'right' });
  await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
}
