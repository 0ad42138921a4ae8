/// <reference lib="dom" />
// The specimen library's bills end to end against the built stack: an outbound bill created from
// scanned barcodes, reviewed with an e-signature by someone else and confirmed by one box scan; a
// destruction authorised by two people (one QA) and confirmed before a witness.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage, DEMO_PASSWORD } from '../support/console/session.ts';
import { choose, fieldId } from '../support/web/antd.ts';
import { apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
const KEEPER = '13800000004';
const REVIEWER = '13800000002';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(async () => {
  await releaseBrowser(browser);
});

async function open(account: string, path: string): Promise<Page> {
  const page = await accountPage(browser, stack.consoleUrl, account);
  await page.goto(`${stack.consoleUrl}${path}`);
  return page;
}

/** The visible table row that contains this text. */
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text });

/** Opens a bill of the list's tab in its drawer: the row holding `text`, then its view link. */
async function openBill(page: Page, tab: string, text: string): Promise<void> {
  await page.getByTestId('bill-tabs').getByText(tab, { exact: true }).click();
  // The newest first: the bill this test made heads its tab.
  await row(page, text)
    .first()
    .getByText(/查看|View/)
    .click();
  await page.locator('.ant-drawer-open').waitFor();
}

async function sign(page: Page): Promise<void> {
  await page.getByTestId('signature-password').fill(DEMO_PASSWORD);
  await page.getByTestId('signature-ok').click();
}

/** The bill's state as the server has it (the drawer's own is checked on screen). */
async function billStatus(page: Page, family: 'outbound' | 'destroy', keyword: string): Promise<string> {
  const session = await apiSession(page.context(), stack.consoleUrl);
  const list =
    family === 'outbound' ? endpoints.libraryBills.outboundList : endpoints.libraryBills.destroyList;
  const answer = await apiCall<Array<{ status: string }>>(session, list, {
    body: { page: 1, size: 50, keyword },
  });
  return answer.data[0]?.status ?? 'none';
}

describe('specimen library bills', () => {
  it('an outbound bill: created by scanning, reviewed with a signature by another person, confirmed by one box scan', async () => {
    const keeper = await open(KEEPER, '/specimen/manage/create-out');
    await choose(keeper, 'projectId', 'KM-2026-001');
    await choose(keeper, 'stockOutTypeId', '检测出库');
    await choose(keeper, 'reason', '检测');
    await keeper.locator(fieldId('recipient')).fill('E2E 接收人');
    await keeper.locator(fieldId('destination')).fill('E2E 检测实验室');
    // Scanned one after another: a scanner types each barcode and Enter.
    const barcodes = keeper.getByTestId('bill-barcodes');
    await barcodes.pressSequentially('LB-0012\nLB-0013\n');
    await keeper.getByTestId('bill-save').click();
    // Back on the list, in its drafts: submit it from the drawer.
    await keeper.waitForURL(/out-warehouse-bill/);
    await openBill(keeper, '草稿', 'E2E 接收人');
    await keeper.getByTestId('bill-lines').getByText('LB-0012').waitFor();
    await keeper.getByTestId('bill-submit').click();
    await keeper.locator('.ant-drawer-open').getByText('待审核').first().waitFor();

    const reviewer = await open(REVIEWER, '/specimen/manage/out-warehouse-bill-review');
    await openBill(reviewer, '待审核', 'E2E 接收人');
    // Each line shows its eligibility before the signature.
    await reviewer.getByTestId('bill-lines').getByText('可以').nth(1).waitFor();
    await reviewer.getByTestId('bill-approve').click();
    await sign(reviewer);
    await reviewer.locator('.ant-drawer-open').getByText('待确认').first().waitFor();

    await keeper.goto(`${stack.consoleUrl}/specimen/manage/out-warehouse-bill-confirm`);
    await openBill(keeper, '待确认', 'E2E 接收人');
    const scan = keeper.getByTestId('bill-scan');
    // One box barcode confirms both tubes of the bill in it; a stray tube is listed as extra.
    await scan.fill('LB-0015');
    await scan.press('Enter');
    await keeper.getByTestId('bill-extras').getByText('LB-0015').waitFor();
    await scan.fill('ULT-01-R02-A3');
    await scan.press('Enter');
    await keeper.getByText('已扫描 2 / 2').waitFor();
    expect(await keeper.getByTestId('bill-confirm').isDisabled()).toBe(true);
    await keeper.getByTestId('bill-put-back-LB-0015').click();
    await keeper.getByText('无差异，可以确认').waitFor();
    // No devices here: the keeper's password for a receiver on the project's list (the lab allows it
    // by default; the devices' path is library-custody.test.ts).
    await keeper.getByTestId('custody-method').getByText('密码电子签名').click();
    await choose(keeper, 'custody-person', '王医生');
    await keeper.locator(fieldId('custody-password')).fill(DEMO_PASSWORD);
    await keeper.getByTestId('bill-confirm').click();
    await keeper.locator('.ant-drawer-open').getByText('已完成').first().waitFor();
    expect(await billStatus(keeper, 'outbound', 'E2E 接收人')).toBe('closed');
  });

  it('a destruction: two authorisers (one QA), then destroyed before a witness', async () => {
    const keeper = await open(KEEPER, '/specimen/manage/create-destroy');
    await choose(keeper, 'projectId', 'KM-2026-001');
    await choose(keeper, 'reason', '样本损坏');
    await keeper.locator(fieldId('remark')).fill('E2E 销毁');
    await keeper.getByTestId('bill-barcodes').fill('LB-0023\nLB-0024');
    await keeper.getByTestId('bill-save').click();
    await keeper.waitForURL(/destroy-bill/);
    await openBill(keeper, '草稿', 'XH');
    await keeper.getByTestId('bill-submit').click();
    await keeper.locator('.ant-drawer-open').getByText('待审批').first().waitFor();
    // The creator is no authoriser of their own bill.
    await keeper.goto(`${stack.consoleUrl}/specimen/manage/destroy-bill-review`);
    await openBill(keeper, '待审批', 'XH');
    expect(await keeper.getByTestId('bill-authorise').count()).toBe(0);

    const manager = await open(ACCOUNTS.manager, '/specimen/manage/destroy-bill-review');
    await openBill(manager, '待审批', 'XH');
    await manager.getByTestId('bill-authorise').click();
    await sign(manager);
    await manager.locator('.ant-drawer-open').getByText('待第二人审批').first().waitFor();

    const reviewer = await open(REVIEWER, '/specimen/manage/destroy-bill-review');
    await openBill(reviewer, '待第二人审批', 'XH');
    await reviewer.getByTestId('bill-approve').click();
    await sign(reviewer);
    await reviewer.locator('.ant-drawer-open').getByText('待确认').first().waitFor();

    await keeper.goto(`${stack.consoleUrl}/specimen/manage/destroy-bill-confirm`);
    await openBill(keeper, '待确认', 'XH');
    const scan = keeper.getByTestId('bill-scan');
    await scan.fill('LB-0023');
    await scan.press('Enter');
    await scan.fill('LB-0024');
    await scan.press('Enter');
    await keeper.getByText('已扫描 2 / 2').waitFor();
    await choose(keeper, 'method', '高压灭菌');
    await keeper.locator(fieldId('certificate')).fill('E2E-CERT-001');
    await keeper.getByTestId('custody-method').getByText('密码电子签名').click();
    await choose(keeper, 'custody-person', '王审核');
    await keeper.locator(fieldId('custody-password')).fill(DEMO_PASSWORD);
    await keeper.getByTestId('bill-confirm').click();
    await keeper.locator('.ant-drawer-open').getByText('已完成').first().waitFor();
    await keeper.locator('.ant-drawer-open').getByText('王审核').first().waitFor();
    await keeper.getByTestId('custody-record').getByText('密码电子签名').waitFor();
    expect(await billStatus(keeper, 'destroy', 'LB-0023')).toBe('closed');
  });
});
