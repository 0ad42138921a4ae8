// /express/edit-check in Chromium against the built stack, the flow a person walks (the rules are
// proven in packages/server/test/express-edit-check.test.ts): the laboratory corrects a site's
// booking before pick-up from the mail room list with a reason, and the site reads the reason on its
// booking. The booking is made through the API by the site's own session.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { ACCOUNTS, accountPage } from '../support/console/session.ts';
import { fieldId, toast } from '../support/web/antd.ts';
import { apiCall, apiSession } from '../support/web/api.ts';

const stack = inject('stack');
const REASON = '中心来电：血清改为 30 管，E2E 更正';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

describe('shipment booking correction', () => {
  it('the laboratory corrects a booking before pick-up with a reason; the site sees the reason', async () => {
    const site = await accountPage(browser, stack.consoleUrl, ACCOUNTS.site);
    const session = await apiSession(site.context(), stack.consoleUrl);
    const project = await apiCall<Array<{ id: number }>>(session, endpoints.project.ownAll, {
      body: { page: 1, size: 1 },
    });
    const projectId = project.data[0]?.id ?? 0;
    const sites = await apiCall<Array<{ id: number }>>(session, endpoints.project.sitesByProject, {
      body: { projectId, page: 1, size: 1 },
    });
    const types = await apiCall<Array<{ id: number; name: string }>>(
      session,
      endpoints.system.sampleTypeAll,
      {
        body: {},
      },
    );
    const temps = await apiCall<Array<{ id: number; name: string }>>(
      session,
      endpoints.sampleTransport.temperatures,
    );
    const contact = { name: '陈中心', phone: '13900000001', area: '北京市/东城区', detail: '示例路1号' };
    const booking = await apiCall<{ orderNo: string }>(session, endpoints.sampleTransport.create, {
      body: {
        projectId,
        siteId: sites.data[0]?.id,
        sender: contact,
        consignee: { ...contact, name: '样本接收组', phone: '021-61234567' },
        estimatedShipDate: '2027-01-20',
        bookSendTime: '2027-01-20T01:30:00.000Z',
        samples: [
          {
            sampleTypeId: types.data.find((t) => t.name === '血清')?.id,
            temperatureId: temps.data.find((t) => t.name === '冷冻')?.id,
            quantity: 24,
            unit: '管',
          },
        ],
      },
    });
    expect(booking.code, booking.msg).toBe(200);
    const { orderNo } = booking.data;

    // The laboratory opens the correction from the mail room list, changes a quantity, gives the reason.
    const lab = await accountPage(browser, stack.consoleUrl, ACCOUNTS.lab);
    await lab.goto(`${stack.consoleUrl}/express/mail`);
    await lab.getByTestId(`correct-${orderNo}`).click();
    await lab.waitForURL('**/express/edit-check?id=*');
    const quantity = lab.locator(fieldId('editCheck_samples_0_quantity'));
    await expect.poll(() => quantity.inputValue()).toBe('24');
    await quantity.fill('30');
    await lab.getByTestId('edit-check-save').click();
    await lab.getByTestId('edit-check-reason').fill(REASON);
    await lab.locator('.ant-modal:visible .ant-btn-primary').click();
    await toast(lab, '已更正，中心已收到通知');
    await lab.waitForURL('**/express/mail');

    // The site reads the correction and its reason on its booking.
    await site.goto(`${stack.consoleUrl}/web/reserve-check`);
    await site.getByTestId(`shipment-${orderNo}`).click();
    const correction = site.getByTestId('shipment-correction');
    await expect.poll(() => correction.textContent()).toContain(REASON);
    await expect.poll(() => site.getByTestId('shipment-detail').textContent()).toContain('30');
  });
});
