import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, seriousA11yViolations } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** Issue 14: an administrator writes a notice on the notice page; it reaches only its audience and its read count rises. */
describe('the notice page (real server, Debian Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let teacher: Page;

  const pageOf = async (account: string) => {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    const page = await context.newPage();
    await loginAs(page, server.url, account);
    return page;
  };
  const apiToken = async (account: string) => {
    const res = await fetch(`${server.url}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', tenantId: '000000', username: account, password: 'Demo@12345' }),
    });
    return ((await res.json()) as { result: { access_token: string } }).result.access_token;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    admin = await pageOf('admin');
    teacher = await pageOf('teacher01');
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  it('the administrator writes an important notice to teachers: teachers get it at once, students never, and the read count rises when it is opened', async () => {
    const prompt = teacher.getByRole('complementary', { name: '未读重要通知' });
    await prompt.waitFor();

    await admin.goto(`${server.url}/home/noticeManageConfig`);
    await admin.getByRole('heading', { name: '通知公告管理' }).waitFor();
    await admin.getByRole('button', { name: '写通知' }).click();
    const dialog = admin.getByRole('dialog', { name: '写通知' });
    const title = '教师节座谈会通知';
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByLabel('摘要').fill('请各位老师准时参加');
    const body = dialog.getByRole('textbox', { name: '正文' });
    await body.click();
    await admin.keyboard.type('座谈会在');
    await dialog.getByRole('button', { name: '加粗' }).click();
    await admin.keyboard.type('行政楼三楼');
    await dialog.getByText('按角色').click();
    await dialog.getByLabel('角色', { exact: true }).click();
    await admin.locator('.ant-select-item-option:visible').filter({ hasText: '教师' }).click();
    await dialog.getByLabel('重要').click();
    expect(JSON.stringify(await seriousA11yViolations(admin, '.ant-modal-wrap'))).toBe('[]');
    await dialog.getByRole('button', { name: /发\s*布/ }).click();
    await admin.getByText('已发布给 1 人').waitFor();
    const row = admin.getByRole('row').filter({ hasText: title });
    await row.getByTestId('notice-read-count').getByText('0/1').waitFor();
    await row.getByText('教师', { exact: true }).waitFor();

    // The teacher's open page gets it at once (important: the bottom-right prompt).
    const noticeButton = prompt.getByRole('button', { name: title });
    await noticeButton.waitFor();
    // A student never gets it.
    const student = await apiToken('student01');
    const res = await fetch(`${server.url}/api/blade-platform/app/msg/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${student}` },
      body: JSON.stringify({ mpId: '000000-mp-jwc', current: 1, size: 100 }),
    });
    const page = (await res.json()) as { result: { records: Array<{ title: string }> } };
    expect(page.result.records.some((r) => r.title === title)).toBe(false);

    // The teacher opens it: the body is the rich text written (cleaned), and the count rises.
    const [detail] = await Promise.all([teacher.context().waitForEvent('page'), noticeButton.click()]);
    await detail.waitForURL(/\/generalDetailsTow\?id=/);
    await detail.getByRole('heading', { name: title }).waitFor();
    await detail.locator('strong, b').filter({ hasText: '行政楼三楼' }).waitFor();
    await detail.close();
    await expect
      .poll(
        async () => {
          await admin.getByRole('button', { name: /刷\s*新/ }).click();
          return row.getByTestId('notice-read-count').textContent();
        },
        { timeout: 15_000 },
      )
      .toBe('1/1');

    // Withdrawn: the row says so.
    await row.getByRole('button', { name: /撤\s*回/ }).click();
    await admin.getByRole('button', { name: /确\s*定|OK/ }).click();
    await row.getByText('已撤回').waitFor();
  });

  it('someone without the menu does not reach the page', async () => {
    await teacher.goto(`${server.url}/home/noticeManageConfig`);
    await teacher.waitForURL(/noPower/);
  });
});
