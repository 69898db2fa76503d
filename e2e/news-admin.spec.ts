import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAs, seriousA11yViolations } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';

/** Issue 16: administrators write campus news and announcements; a student sees and reads them on the home cards. */
describe('news and announcements journey (real server, Debian Chromium)', () => {
  const journey = useJourney();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  async function publish(
    p: Page,
    item: { announcement?: boolean; title: string; category?: string; column?: string; body: string },
  ) {
    await p.getByRole('button', { name: '发布新闻或公告' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByRole('textbox', { name: '标题' }).waitFor({ state: 'visible' });
    if (item.announcement) await dialog.getByText('重要公告', { exact: true }).click();
    await dialog.getByRole('textbox', { name: '标题' }).fill(item.title);
    // Every field's label names its own input (the page's other forms have a url and a category too).
    for (const label of item.announcement ? ['标题', '栏目', '链接'] : ['标题', '新闻分类', '栏目', '链接'])
      expect(await dialog.getByLabel(label, { exact: true }).count(), label).toBe(1);
    if (item.category) await dialog.getByRole('textbox', { name: '新闻分类' }).fill(item.category);
    if (item.column) await dialog.getByRole('textbox', { name: '栏目' }).fill(item.column);
    if (item.announcement) await dialog.getByRole('switch', { name: '重要' }).click();
    await dialog.getByRole('textbox', { name: '正文' }).click();
    await p.keyboard.type(item.body);
    await dialog.getByRole('button', { name: /发\s*布/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await p.getByRole('row').filter({ hasText: item.title }).waitFor({ state: 'visible' });
  }

  it('an administrator writes a news item and an announcement; a student sees them on the home cards and reads them', async () => {
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/cardBusinessConfig`);
    await page.getByRole('heading', { name: '校园新闻与公告' }).waitFor({ state: 'visible' });
    await publish(page, {
      title: '图书馆延长开放时间',
      category: '学校要闻',
      body: '自下周一起，图书馆每天开放至22:00。',
    });
    await publish(page, {
      announcement: true,
      title: '关于寒假图书馆闭馆安排的公告',
      column: '图书馆',
      body: '寒假期间图书馆闭馆，请提前归还图书。',
    });
    const row = page.getByRole('row').filter({ hasText: '关于寒假图书馆闭馆安排的公告' });
    expect(await row.textContent()).toContain('重要');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const student = await journey.newContext();
    const sp = await student.newPage();
    await loginAs(sp, server.url, 'student01');
    const news = sp.locator('.wb-card').filter({ has: sp.getByRole('heading', { name: '校园新闻' }) });
    await news.getByRole('button', { name: '图书馆延长开放时间' }).click();
    const reader = sp.getByRole('dialog', { name: '图书馆延长开放时间' });
    await reader.getByText('自下周一起，图书馆每天开放至22:00。').waitFor({ state: 'visible' });
    expect(await seriousA11yViolations(sp)).toEqual([]);
    await sp.keyboard.press('Escape');
    await reader.waitFor({ state: 'hidden' });

    const ann = sp.locator('.wb-card').filter({ has: sp.getByRole('heading', { name: '重要公告' }) });
    const item = ann.getByRole('listitem').filter({ hasText: '关于寒假图书馆闭馆安排的公告' });
    expect(await item.textContent()).toContain('图书馆');
    expect(await item.getByTestId('announcement-date').textContent()).toBe('今天');
    await item.getByRole('button', { name: '关于寒假图书馆闭馆安排的公告' }).click();
    await sp
      .getByRole('dialog', { name: '关于寒假图书馆闭馆安排的公告' })
      .getByText('寒假期间图书馆闭馆，请提前归还图书。')
      .waitFor({ state: 'visible' });
    await student.close();

    // Deleted after the confirmation: the student no longer sees it.
    await row.getByRole('button', { name: '删除 关于寒假图书馆闭馆安排的公告' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: /删\s*除/ }).click();
    await row.waitFor({ state: 'detached' });
  });
});
