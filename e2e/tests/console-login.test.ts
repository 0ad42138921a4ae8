/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { releaseBrowser, testBrowser } from '../support/browser.ts';
import { solvePuzzle } from '../support/console/puzzle.ts';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  latestCode,
  login,
  submitPasswordLogin,
  visitorPage,
} from '../support/console/session.ts';
import { scaled } from '../support/timing.ts';

const stack = inject('stack');
let browser: Browser;

beforeAll(async () => {
  browser = await testBrowser();
});
afterAll(() => releaseBrowser(browser));

describe('console login', () => {
  it('password login with the slide puzzle lands on the first menu page', async () => {
    const page = await visitorPage(browser, stack.consoleUrl);
    await login(page, stack.consoleUrl, ACCOUNTS.admin);
    expect(new URL(page.url()).pathname).toBe('/home/todo');
    await expect(page.title()).resolves.toBe('Trialab - 待办事项');
    await expect(page.getByTestId('fail-count').textContent()).resolves.toMatch(/\d+$/);
    await expect(page.getByTestId('login-time').textContent()).resolves.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('asks for the agreement and remembers the tick; the puzzle dialog is 340 wide, a wrong slide loads a new image; a wrong password shows the server message', async () => {
    const page = await visitorPage(browser, stack.consoleUrl);
    await page.goto(`${stack.consoleUrl}/login`);
    await page.getByRole('textbox', { name: '账号' }).fill(ACCOUNTS.admin);
    await page.getByLabel(/^密码$/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.getByText('请先阅读并勾选同意用户协议').waitFor();
    expect(await page.getByTestId('slide-puzzle').count()).toBe(0);
    await page.getByRole('checkbox').check();
    await page.reload();
    await expect(page.getByRole('checkbox').isChecked()).resolves.toBe(true);
    await expect(page.evaluate(() => localStorage.getItem('admin.selectAgreement'))).resolves.toBe('true');

    // A wrong password (found out once the puzzle is solved); the agreement is ticked already.
    await page.getByRole('textbox', { name: '账号' }).fill(ACCOUNTS.finance);
    await page.getByLabel(/^密码$/).fill('Wrong#Pass1');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('slide-puzzle') });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(340);
    const first = await page.getByTestId('puzzle-background').getAttribute('src');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('slide-puzzle').isVisible()).resolves.toBe(true);
    await solvePuzzle(page, 0);
    await page.getByText('验证失败，请重试').waitFor();
    await page.waitForFunction(
      (before) =>
        document.querySelector<HTMLImageElement>('[data-testid="puzzle-background"]')?.src !== before,
      first,
    );
    await solvePuzzle(page);
    await page.locator('.ant-message-notice').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('SMS-code login: the code requested after the puzzle logs in', async () => {
    const page = await visitorPage(browser, stack.consoleUrl);
    await page.goto(`${stack.consoleUrl}/login`);
    await page.getByText('短信登录').click();
    await page.getByRole('textbox', { name: '手机号' }).fill(ACCOUNTS.lab);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await solvePuzzle(page);
    await page.getByText('验证码已发送').waitFor();
    await page
      .getByRole('textbox', { name: '验证码' })
      .fill(await latestCode(stack.consoleUrl, ACCOUNTS.lab));
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.getByTestId('tabs-bar').waitFor();
    expect(new URL(page.url()).pathname).not.toBe('/login');
  });

  it('e-mail-code login works the same way', async () => {
    const page = await visitorPage(browser, stack.consoleUrl);
    await page.goto(`${stack.consoleUrl}/login`);
    await page.getByText('邮箱登录').click();
    await page.getByRole('textbox', { name: '邮箱' }).fill('finance@trialab.local');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.getByText('验证码不能为空').waitFor();
    await page.getByRole('button', { name: '获取验证码' }).click();
    await solvePuzzle(page);
    await page.getByText('验证码已发送').waitFor();
    await page
      .getByRole('textbox', { name: '验证码' })
      .fill(await latestCode(stack.consoleUrl, 'finance@trialab.local'));
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await page.getByTestId('tabs-bar').waitFor();
  });

  it('first login forces the password change in the notification dialog', async () => {
    const page = await visitorPage(browser, stack.consoleUrl);
    await submitPasswordLogin(page, stack.consoleUrl, ACCOUNTS.newStaff);
    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('password-dialog') });
    await dialog.waitFor();
    await expect(dialog.locator('.ant-modal-title').textContent()).resolves.toBe('通知');
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(450);
    await expect(dialog.textContent()).resolves.toContain('您是首次登录');
    expect(await dialog.locator('.ant-modal-close').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(true);
    // A reload does not get around it.
    await page.reload();
    await dialog.waitFor();
    await expect(dialog.textContent()).resolves.toContain('您是首次登录');

    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('请输入密码').waitFor();
    await dialog.getByLabel('新密码').fill('abcdefgh');
    await dialog.getByText('密码需包含数字、大写字母、小写字母、特殊字符中的至少三种').waitFor();
    await dialog.getByLabel('新密码').fill('Newpass#2026');
    await dialog.getByLabel('确认密码').fill('Newpass#2027');
    await dialog.getByText('两次输入的密码不一致').waitFor();
    await dialog.getByLabel('确认密码').fill('Newpass#2026');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('tabs-bar').waitFor({ timeout: scaled(15_000) });

    // The new password is the one that works now.
    const again = await visitorPage(browser, stack.consoleUrl);
    await login(again, stack.consoleUrl, ACCOUNTS.newStaff, 'Newpass#2026');
  });

  it('WeChat: an unbound WeChat account is bound after an ordinary login, then logs in by itself', async () => {
    const page = await visitorPage(browser, stack.consoleUrl);
    await page.goto(`${stack.consoleUrl}/login`);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '微信扫码' }).click();
    await page.getByText('该微信尚未绑定账号，请登录后完成绑定').waitFor();
    // The bind runs as the login completes and its toast shows for 3 s, while the shell may still
    // be loading (seconds on a busy machine): both waits start before the login, so neither the
    // answer nor the toast can pass unseen, and the answer is checked as well as the toast.
    const bound = page.waitForResponse((r) => r.url().includes('/sys/user/wxBind'), {
      timeout: scaled(45_000),
    });
    const toast = page.getByText('微信绑定成功').waitFor({ timeout: scaled(45_000) });
    await login(page, stack.consoleUrl, ACCOUNTS.platform);
    const answer = await bound;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ code: 200 });
    await toast;

    const next = await visitorPage(browser, stack.consoleUrl);
    await next.goto(`${stack.consoleUrl}/login`);
    await next.getByRole('checkbox').check();
    await next.getByRole('button', { name: '微信扫码' }).click();
    await next.getByTestId('tabs-bar').waitFor();
  });
});
