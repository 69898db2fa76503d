import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAs, seriousA11yViolations, settled } from './support/browser.ts';
import { call, login } from './support/cluster-api.ts';
import { useJourney } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';

/** YYYY-MM-DD of today plus `days`, as the server counts days (UTC). */
/** The date `days` from today on the demo tenant's clock (Asia/Shanghai, UTC+8), as the greeting counts days. */
const day = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Holidays and service specials of the home page, edited on /home/userFrameConfig/homePageConfig. */
describe('home page configuration journeys: holidays and service specials (real server, Debian Chromium)', () => {
  const journey = useJourney();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  const panel = (p: Page, heading: string): Locator =>
    p.locator('.ant-card').filter({ has: p.getByRole('heading', { name: heading, level: 2, exact: true }) });

  it('admin adds a holiday a few days ahead and a special with two services; student01 sees the greeting and the special', async () => {
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/userFrameConfig/homePageConfig`);
    await page.getByRole('heading', { name: '首页配置', level: 1 }).waitFor({ state: 'visible' });
    const holidays = panel(page, '节假日');
    const specials = panel(page, '服务专题');
    await holidays.getByRole('row').filter({ hasText: '元旦' }).waitFor({ state: 'visible' });
    await specials.getByRole('row').filter({ hasText: '迎新专题' }).waitFor({ state: 'visible' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The seeded New Year's Day goes (after a confirmation), so the new holiday is the nearest whatever today is.
    await holidays
      .getByRole('row')
      .filter({ hasText: '元旦' })
      .getByRole('button', { name: /删\s*除/ })
      .click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除节假日“元旦”吗？' });
    await confirm.waitFor({ state: 'visible' });
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await holidays.getByRole('row').filter({ hasText: '元旦' }).waitFor({ state: 'detached' });

    // A holiday three days ahead, with a greeting for the day itself; the form is filled from the keyboard.
    await holidays.getByRole('button', { name: '添加节假日' }).click();
    const holidayDialog = page.getByRole('dialog', { name: '添加节假日' });
    await holidayDialog.waitFor({ state: 'visible' });
    await settled(page);
    await holidayDialog.getByRole('button', { name: /保\s*存/ }).click();
    await holidayDialog.getByText('请输入节假日名称').waitFor({ state: 'visible' });
    await settled(page);
    expect(await seriousA11yViolations(page, '.ant-modal')).toEqual([]);
    await holidayDialog.getByLabel('节假日名称').fill('校园开放日');
    await holidayDialog.getByLabel('日期', { exact: true }).fill(day(3));
    await holidayDialog.getByLabel('日期', { exact: true }).press('Enter');
    await holidayDialog.getByLabel('祝福语', { exact: true }).fill('欢迎回家！');
    expect(await seriousA11yViolations(page, '.ant-modal')).toEqual([]);
    await holidayDialog.getByRole('button', { name: /保\s*存/ }).click();
    await holidayDialog.waitFor({ state: 'hidden' });
    const row = holidays.getByRole('row').filter({ hasText: '校园开放日' });
    await row.waitFor({ state: 'visible' });
    expect(await row.textContent()).toContain(day(3));
    expect(await row.textContent()).toContain('还有 3 天');

    // A special before the seeded ones (sort 0) with two services searched by name, then put in order.
    await specials.getByRole('button', { name: '添加专题' }).click();
    const specialDialog = page.getByRole('dialog', { name: '添加专题' });
    await specialDialog.waitFor({ state: 'visible' });
    await settled(page);
    await specialDialog.getByLabel('专题名称').fill('开学季专题');
    await specialDialog.getByLabel('专题简介').fill('开学必办的两件事');
    await specialDialog.getByLabel('排序').fill('0');
    const picker = specialDialog.getByLabel('专题服务');
    const chosen = specialDialog.getByRole('list', { name: '已选服务（展示顺序）' });
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    for (const name of ['课表查询', '奖学金申请']) {
      await picker.click();
      await picker.fill(name);
      // The search answers after the typing: until then the list is the previous one, and a click on an option
      // that the answer replaces under the pointer picks nothing. The search's own result comes first.
      await expect.poll(async () => (await options.first().textContent()) ?? '').toContain(name);
      await options.filter({ hasText: name }).first().click();
      await chosen.getByText(name).waitFor();
    }
    await picker.press('Escape');
    expect(await chosen.getByRole('listitem').allTextContents()).toEqual(['1. 课表查询', '2. 奖学金申请']);
    await specialDialog.getByRole('button', { name: '上移奖学金申请' }).click();
    expect(await chosen.getByRole('listitem').allTextContents()).toEqual(['1. 奖学金申请', '2. 课表查询']);
    expect(await seriousA11yViolations(page, '.ant-modal')).toEqual([]);
    await specialDialog.getByRole('button', { name: /保\s*存/ }).click();
    await specialDialog.waitFor({ state: 'hidden' });
    const specialRow = specials.getByRole('row').filter({ hasText: '开学季专题' });
    await specialRow.waitFor({ state: 'visible' });
    expect(await specialRow.textContent()).toContain('奖学金申请');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // student01's home page, in another browser: the greeting counts down to the new holiday, and the new
    // special is the featured one, its services in the chosen order.
    const ctx = await journey.newContext();
    const p = await ctx.newPage();
    await loginAs(p, server.url, 'student01');
    const greeting = p.getByTestId('holiday');
    await greeting.filter({ hasText: '校园开放日' }).waitFor({ state: 'visible' });
    expect(await greeting.textContent()).toBe(`距离校园开放日（${day(3)}）还有 3 天`);
    const strip = p.getByTestId('service-special');
    await strip.getByRole('heading', { name: '服务专题：开学季专题' }).waitFor({ state: 'visible' });
    await strip.getByText('开学必办的两件事').waitFor({ state: 'visible' });
    expect(await strip.locator('.wb-special-services a > span:not(.wb-icon)').allTextContents()).toEqual([
      '奖学金申请',
      '课表查询',
    ]);
    await ctx.close();
  });
  it("a student's open home page follows the administrator's new navigation item, and its removal, without a reload", async () => {
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/homePage`);
    const nav = page.getByRole('navigation', { name: '主导航' });
    await nav.getByRole('link', { name: '首页' }).waitFor({ state: 'visible' });
    const admin = (await login(server.url, 'admin')).result.access_token;
    const O = '/api/online-service-platform';
    const saved = await call(server.url, `${O}/indexnavigationconfig/submit`, {
      token: admin,
      body: { navigationName: '图书馆资源', configPath: 'https://lib.demo.edu.cn', isAuto: 1 },
    });
    expect(saved.status).toBe(1000);
    // Before, the item showed only after a reload of the page.
    await nav.getByText('图书馆资源').waitFor({ state: 'attached' });
    const items = await call<Array<{ id: string; navigationName: string }>>(
      server.url,
      `${O}/indexnavigationconfig/list`,
      {
        token: admin,
        body: {},
      },
    );
    const id = items.result.find((n) => n.navigationName === '图书馆资源')!.id;
    expect(
      (await call(server.url, `${O}/indexnavigationconfig/remove`, { token: admin, body: { ids: [id] } })).status,
    ).toBe(1000);
    await nav.getByText('图书馆资源').waitFor({ state: 'detached' });
  });
});
