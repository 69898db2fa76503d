import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, seriousA11yViolations } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 14: an administrator writes a notice on the notice page; it reaches only its audience and its read count
 * rises. An administrator puts a user in a department by hand (用户部门配置, ADR 0035) and a notice to that
 * department reaches them.
 */
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
    // A portal notice opens in this tab (ADR 0073).
    await noticeButton.click();
    await teacher.waitForURL(/\/generalDetailsTow\?id=/);
    await teacher.getByRole('heading', { name: title }).waitFor();
    await teacher.locator('strong, b').filter({ hasText: '行政楼三楼' }).waitFor();
    await teacher.goBack();
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

  it('the administrator puts student02 in 财务处 on 用户部门配置; a notice to 财务处 reaches student02 and not student01', async () => {
    const student02 = await pageOf('student02');
    const prompt = student02.getByRole('complementary', { name: '未读重要通知' });
    await prompt.waitFor();

    // 用户部门配置: find student02, set 财务处 (from the tree of the one department list).
    await admin.goto(`${server.url}/home/userDeptConfig`);
    await admin.getByRole('heading', { name: '用户部门配置' }).waitFor();
    const search = admin.getByRole('searchbox', { name: '搜索姓名或账号' });
    await search.fill('student02');
    await search.press('Enter');
    const row = admin.getByRole('row').filter({ hasText: 'student02' });
    await row.getByText('未设置').waitFor();
    await expect.poll(() => admin.getByRole('row').filter({ hasText: 'student01' }).count()).toBe(0);
    expect(JSON.stringify(await seriousA11yViolations(admin))).toBe('[]');
    await row.getByRole('button', { name: '设置部门 王同学' }).click();
    const dialog = admin.getByRole('dialog', { name: '设置部门' });
    await dialog.getByText('王同学（student02）').waitFor();
    await dialog.getByLabel('所属部门').click();
    // Open, the tree select's input points at its list (aria-controls, aria-owns): the list is there to point at.
    await admin.locator('.ant-select-tree-node-content-wrapper[title="财务处"]:visible').waitFor();
    expect(JSON.stringify(await seriousA11yViolations(admin, '.ant-modal-wrap'))).toBe('[]');
    await admin.locator('.ant-select-tree-node-content-wrapper[title="财务处"]:visible').click();
    await dialog.getByText('王同学（student02）').click();
    expect(JSON.stringify(await seriousA11yViolations(admin, '.ant-modal-wrap'))).toBe('[]');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await admin.getByText('已保存王同学的部门').waitFor();
    await row.getByText('财务处', { exact: true }).waitFor();

    // A notice to 财务处, important.
    await admin.goto(`${server.url}/home/noticeManageConfig`);
    await admin.getByRole('button', { name: '写通知' }).click();
    const form = admin.getByRole('dialog', { name: '写通知' });
    const title = '财务报销系统升级通知';
    await form.getByLabel('标题').fill(title);
    await form.getByText('按部门').click();
    await form.getByLabel('部门（含下级部门）').click();
    await admin.locator('.ant-select-tree-node-content-wrapper[title="财务处"]:visible').click();
    await form.getByLabel('重要').click();
    await form.getByRole('button', { name: /发\s*布/ }).click();
    await admin.getByText('已发布给 1 人').waitFor();

    // student02's open page gets it at once; student01 never does.
    await prompt.getByRole('button', { name: title }).waitFor();
    const student01 = await apiToken('student01');
    const res = await fetch(`${server.url}/api/blade-platform/app/msg/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${student01}` },
      body: JSON.stringify({ mpId: '000000-mp-jwc', current: 1, size: 100 }),
    });
    const page = (await res.json()) as { result: { records: Array<{ title: string }> } };
    expect(page.result.records.length).toBeGreaterThan(0);
    expect(page.result.records.some((r) => r.title === title)).toBe(false);
  });

  it('用户部门配置 fits 390 × 844 and 1366 × 768 without sideways scrolling, axe-clean, its dialog within the screen', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1366, height: 768 },
    ]) {
      const phone = viewport.width < 500;
      const context = await browser.newContext({
        viewport,
        locale: 'zh-CN',
        reducedMotion: 'reduce',
        ...(phone ? { isMobile: true, hasTouch: true } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      await loginAs(page, server.url, 'admin');
      await page.goto(`${server.url}/home/userDeptConfig`);
      await page.getByRole('heading', { name: '用户部门配置' }).waitFor();
      await page.getByRole('row').filter({ hasText: 'teacher01' }).waitFor();
      const width = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(await width(), `${viewport.width} px`).toBeLessThanOrEqual(viewport.width);
      expect(JSON.stringify(await seriousA11yViolations(page)), `${viewport.width} px`).toBe('[]');
      await page.getByRole('button', { name: '设置部门 李老师' }).click();
      const dialog = page.getByRole('dialog', { name: '设置部门' });
      // The dialog starts from the user's departments: 李老师's 教务处 is chosen.
      await dialog.getByText('教务处').waitFor();
      const box = await page.locator('.ant-modal').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      expect(await width(), `${viewport.width} px, dialog open`).toBeLessThanOrEqual(viewport.width);
      await context.close();
    }
  });

  it('someone without the menu does not reach the page', async () => {
    await teacher.goto(`${server.url}/home/noticeManageConfig`);
    await teacher.waitForURL(/noPower/);
    await teacher.goto(`${server.url}/home/userDeptConfig`);
    await teacher.waitForURL(/noPower/);
  });
});
