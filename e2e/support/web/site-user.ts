// A site user made by an administrator through the API, then their first login (the forced password
// change) in the browser: how a new trial-site coordinator starts using the portal.
import type { Browser, BrowserContext } from 'playwright-core';
import { endpoints } from '../../../packages/api-contract/src/index.ts';
import { ACCOUNTS, loggedInContext, newContext, submitPasswordLogin } from '../console/session.ts';
import { scaled } from '../timing.ts';
import { apiCall, apiSession } from './api.ts';

const INITIAL_PASSWORD = 'Start#2026a';
const CHOSEN_PASSWORD = 'Mine#2026ab';

/**
 * Creates an external user with the site role, granted the given sites (by site number) of one
 * project. Answers the project's and the granted sites' ids.
 */
export async function createSiteUser(
  browser: Browser,
  baseUrl: string,
  user: { username: string; mobile: string; projectNo: string; centerNos: string[] },
): Promise<{ projectId: number; siteIds: number[] }> {
  const admin = await loggedInContext(browser, baseUrl, ACCOUNTS.admin);
  try {
    const api = await apiSession(admin, baseUrl);
    const projects = await apiCall<Array<{ id: number; projectNo: string }>>(api, endpoints.project.ownAll, {
      body: { page: 1, size: 100 },
    });
    const project = projects.data.find((p) => p.projectNo === user.projectNo);
    if (!project) throw new Error(`project ${user.projectNo} missing`);
    const sites = await apiCall<Array<{ id: number; centerNo: string }>>(
      api,
      endpoints.project.sitesByProject,
      {
        body: { projectId: project.id, page: 1, size: 100 },
      },
    );
    const siteIds = sites.data.filter((s) => user.centerNos.includes(s.centerNo)).map((s) => s.id);
    const roles = await apiCall<Array<{ id: number; code: string }>>(api, endpoints.role.page, {
      body: { page: 1, size: 100 },
    });
    const siteRole = roles.data.find((r) => r.code === 'external_site');
    if (siteIds.length !== user.centerNos.length || !siteRole) throw new Error('sites or site role missing');
    const created = await apiCall(api, endpoints.user.create, {
      body: {
        username: user.username,
        mobile: user.mobile,
        type: 2,
        roleIds: [siteRole.id],
        projects: [{ projectId: project.id, siteIds }],
        password: INITIAL_PASSWORD,
      },
    });
    if (created.code !== 200) throw new Error(`create ${user.mobile}: ${created.code} ${created.msg}`);
    return { projectId: project.id, siteIds };
  } finally {
    await admin.close();
  }
}

/** The new user's first login: the initial password, then the forced change. Answers their context. */
export async function firstLogin(browser: Browser, baseUrl: string, mobile: string): Promise<BrowserContext> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await submitPasswordLogin(page, baseUrl, mobile, INITIAL_PASSWORD);
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('password-dialog') });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.getByLabel('新密码').fill(CHOSEN_PASSWORD);
  await dialog.getByLabel('确认密码').fill(CHOSEN_PASSWORD);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByTestId('tabs-bar').waitFor({ timeout: scaled(15_000) });
  await page.close();
  return context;
}
