// External grants end to end, against the built stack: an administrator creates a site user granted
// one site of a project; after the first-login password change that user's portal lists show the
// records of that site only (the demo has shipments of both sites of KM-2026-001).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endpoints } from '../../packages/api-contract/src/index.ts';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { apiCall, apiSession } from '../support/web/api.ts';
import { createSiteUser, firstLogin } from '../support/web/site-user.ts';

const stack = inject('stack');
/** A phone number no seeded account uses. */
const MOBILE = '13700000277';
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

describe('external grants', () => {
  it('a site user granted one site of a project sees only that site in the portal', async () => {
    const {
      siteIds: [granted],
    } = await createSiteUser(browser, stack.consoleUrl, {
      username: '冯协调',
      mobile: MOBILE,
      projectNo: 'KM-2026-001',
      centerNos: ['02'],
    });

    // The new site user changes the initial password, then opens the shipment list.
    const user = await firstLogin(browser, stack.consoleUrl, MOBILE);
    const page = await user.newPage();
    await page.goto(`${stack.consoleUrl}/web/reserve-check`);
    // Site 02's shipment shows; site 01's (booked, in transit, signed off) do not.
    await page.getByTestId('shipment-ST-DEMO-RCV-002').waitFor();
    for (const other of ['ST-DEMO-RCV-001', 'ST-DEMO-BKD-001', 'ST-DEMO-INS-001'])
      expect(await page.getByTestId(`shipment-${other}`).count(), other).toBe(0);

    // The server answers the same: every row of the user's list is of the granted site.
    const mine = await apiSession(user, stack.consoleUrl);
    const rows = await apiCall<Array<{ orderNo: string; siteId: number }>>(
      mine,
      endpoints.sampleTransport.paging,
      {
        body: { page: 1, size: 100 },
      },
    );
    expect(rows.code, rows.msg).toBe(200);
    expect(rows.data.length).toBeGreaterThan(0);
    expect(rows.data.filter((r) => r.siteId !== granted).map((r) => r.orderNo)).toEqual([]);
    await user.close();
  });
});
