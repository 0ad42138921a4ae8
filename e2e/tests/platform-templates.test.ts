// Form and plan templates in Chromium against the built stack: the platform administrator opens a
// published form, tries its preview (a required field is refused), makes a new version, adds a
// field in the designer, saves and publishes it; then views the demo plan's stages. Each page is
// checked with axe-core on the way.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeViolations, seriousViolations } from '../support/a11y.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, navigate } from '../support/console/session.ts';
import { scaled } from '../support/timing.ts';
import { confirmDialogOk, toast } from '../support/web/antd.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

const problems: string[] = [];
async function axe(page: Page, where: string) {
  problems.push(...describeViolations(where, await seriousViolations(page)));
}

describe('form and plan templates', () => {
  it(
    'previews a form, versions it, designs and publishes the new version, and shows a plan',
    async () => {
      const page = await accountPage(browser, stack.consoleUrl, ACCOUNTS.platform);
      await page.goto(`${stack.consoleUrl}/platform/plan-temp-form`);
      await page.getByTestId('form-template-view-KICKOFF-MIN-2').waitFor();
      await axe(page, '/platform/plan-temp-form');

      // 1. The published kick-off minutes, read-only, with a preview that applies the rules.
      await page.getByTestId('form-template-view-KICKOFF-MIN-2').click();
      const preview = page.getByTestId('form-preview');
      await preview.getByText('会议日期').first().waitFor();
      await page.getByTestId('form-preview-check').click();
      await preview.getByText('请填写会议日期').waitFor();
      await axe(page, '/platform/plan-temp-form-detail');

      // 2. A new version of the kit form: a draft in the designer, a field added, saved, published.
      await page.goto(`${stack.consoleUrl}/platform/plan-temp-form`);
      await page.getByTestId('form-template-new-version-KIT-ISSUE-1').click();
      await page.getByTestId('field-item-kitLot').waitFor();
      await page.getByTestId('field-add').click();
      await page.getByTestId('field-item-field8').waitFor();
      await page.getByTestId('field-item-field8').click();
      await page.getByTestId('field-key').fill('remark');
      await page.getByTestId('field-item-remark').waitFor();
      await preview.getByText('单行文本').waitFor();
      await axe(page, '/platform/edit-plan-temp-form');
      await page.getByTestId('form-template-save').click();
      await toast(page, '已保存');
      await page.getByTestId('form-template-publish').click();
      await confirmDialogOk(page);
      await toast(page, '已发布');
      await expect.poll(() => page.getByTestId('form-template-detail').textContent()).toContain('V2');

      await page.goto(`${stack.consoleUrl}/platform/plan-temp-form`);
      await page.getByTestId('form-template-new-version-KIT-ISSUE-2').waitFor();
      await page.getByTestId('form-template-new-version-KIT-ISSUE-1').waitFor();
      await expect.poll(() => page.getByTestId('status-retired').count()).toBeGreaterThanOrEqual(2);

      // 3. The demo plan: its stages in order, with the forms its tasks fill.
      await navigate(page, '/platform/project-plan-template');
      await page.getByTestId('plan-template-view-STD-TRIAL-1').click();
      const stages = page.getByTestId('plan-template-stages');
      await stages.getByText('召开启动会并形成纪要').waitFor();
      await expect.poll(() => stages.textContent()).toContain('KICKOFF-MIN V2');
      await axe(page, '/platform/project-plan-template');

      expect(problems).toEqual([]);
    },
    scaled(120_000),
  );
});
