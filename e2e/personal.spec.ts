import { DEFAULT_TIME_ZONE } from '@portal/contracts/efficiency';
import { weekOfSemester } from '@portal/contracts/personal';
import type { Browser, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAs, seriousA11yViolations, settled } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';
import { storedToken } from './support/session.ts';

/** The seeded 2026-2027 semesters (apps/server/src/db/seed/personal.ts). */
const SEMESTERS = [
  { name: '2026-2027学年第一学期', startDate: '2026-09-07', endDate: '2027-01-17' },
  { name: '2026-2027学年第二学期', startDate: '2027-02-22', endDate: '2027-07-04' },
];
/** Today on the demo tenant's clock (Asia/Shanghai), as the page counts it: not the machine's day (at 01:00 in
 * Shanghai on a Monday the machine's UTC day was still Sunday, a week behind). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(new Date());

describe('personal center journey (real server, Debian Chromium)', () => {
  const journey = useJourney({ viewport: { width: 1366, height: 900 } });
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  beforeEach(() => {
    ({ server, browser, page } = journey);
  });

  it('student01 opens the personal center, sees the profile, calendar week and links, and unbinds WeChat for good', async () => {
    await loginAs(page, server.url, 'student01');
    // From the user menu of the shell.
    await page.getByRole('button', { name: /张同学/ }).click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.waitForURL(/\/home\/PersonalCenter$/);
    await page.getByRole('heading', { level: 1, name: '个人中心' }).waitFor();

    const profile = page.getByRole('region', { name: '我的资料' });
    await profile.getByTestId('profile-name').filter({ hasText: '张同学' }).waitFor();
    expect(await profile.getByTestId('profile-account').textContent()).toBe('student01');
    expect(await profile.textContent()).toContain('学生');
    expect(await profile.textContent()).toContain('示例大学');

    // The school calendar: the teaching week of today, or the vacation line outside the seeded semesters.
    const calendar = page.getByRole('region', { name: '校历' });
    const line = calendar.getByTestId('current-week');
    await line.waitFor();
    const d = today();
    const semester = SEMESTERS.find((s) => weekOfSemester(s, d) !== null);
    if (semester) {
      const week = weekOfSemester(semester, d)!;
      await expect.poll(() => line.textContent()).toContain(`今天是${semester.name}第${week}周`);
      expect(await calendar.locator('[aria-current="date"]').textContent()).toContain(`第${week}周`);
    } else {
      await expect.poll(() => line.textContent()).toMatch(/第\d+周|假期中/);
    }
    expect(await calendar.textContent()).toContain('国庆节');

    // The systems a student may open (财务系统 is for staff), each in a new window.
    const links = page.getByRole('region', { name: '系统访问' });
    await links.getByRole('link', { name: /^教务系统/ }).waitFor();
    const names = await links.locator('.pc-link-name').allTextContents();
    expect(names.map((n) => n.trim())).toEqual(['教务系统', '图书馆', '一卡通', '邮箱', 'VPN']);
    expect(await links.getByRole('link', { name: /^图书馆/ }).getAttribute('target')).toBe('_blank');

    // Unbind WeChat, with the confirmation.
    const security = page.getByRole('region', { name: '账号安全' });
    await expect.poll(() => security.getByTestId('session-valid-time').textContent()).toMatch(/剩余 \d+ 小时 \d+ 分钟/);
    await security.getByRole('button', { name: '解除绑定（微信）' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '确定解除微信绑定吗？' });
    await dialog.waitFor();
    await settled(page);
    await dialog.getByRole('button', { name: '解除绑定' }).click();
    await page.getByText('已解除绑定').first().waitFor();
    await security.getByRole('button', { name: '解除绑定（微信）' }).waitFor({ state: 'detached' });
    await security.getByRole('button', { name: '解除绑定（钉钉）' }).waitFor();

    // It stays unbound after a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: '个人中心' }).waitFor();
    await page.getByRole('region', { name: '账号安全' }).getByRole('button', { name: '解除绑定（钉钉）' }).waitFor();
    expect(
      await page.getByRole('region', { name: '账号安全' }).getByRole('button', { name: '解除绑定（微信）' }).count(),
    ).toBe(0);

    // Keyboard: the links are reachable with Tab.
    await links.getByRole('link', { name: /^教务系统/ }).focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('https://jw.demo.edu.cn/');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('https://lib.demo.edu.cn/');

    expect(await seriousA11yViolations(page, 'main')).toEqual([]);
  });
  it('student01 finds a service opened from the hall under 最近使用, opens it again from there, and sees their rating under 我的评价', async () => {
    await loginAs(page, server.url, 'student01');
    const token = await storedToken(page);
    const api = async <T>(path: string, body: object): Promise<{ status: number; result: T }> => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return (await res.json()) as { status: number; result: T };
    };
    const list = await api<{
      records: Array<{ serviceId: string; serviceName: string; openWay: string; accessWay: string }>;
    }>('/api/blade-platform/serverCenter/page', { size: 100 });
    const inPage = list.result.records.find((s) => s.openWay === '1001' && s.accessWay !== '5')!;

    await page.goto(`${server.url}/home/serviceHall?keyword=${encodeURIComponent(inPage.serviceName)}`);
    await page
      .locator(`article.svc-card[aria-label="${inPage.serviceName}"]`)
      .first()
      .getByRole('button', { name: `打开 ${inPage.serviceName}` })
      .click();
    await page.waitForURL(/\/home\/serviceIframPage\?serviceId=/);
    expect(
      (
        await api('/api/blade-workbench/serverCenter/rateService', {
          serviceId: inPage.serviceId,
          score: 4,
          labels: ['办理便捷'],
          comment: '一次就办好了',
        })
      ).status,
    ).toBe(1000);

    await page.goto(`${server.url}/home/PersonalCenter`);
    const recent = page.getByRole('region', { name: '最近使用' });
    const again = recent.getByRole('button', { name: `打开${inPage.serviceName}` });
    await again.waitFor();
    expect(await recent.textContent()).toContain('共使用1次');
    const rates = page.getByRole('region', { name: '我的评价' });
    await rates.getByText('一次就办好了').waitFor();
    expect(await rates.textContent()).toContain(inPage.serviceName);
    expect(await rates.textContent()).toContain('4分');
    expect(await seriousA11yViolations(page, 'main')).toEqual([]);

    // Opened again from the personal center, by keyboard, exactly as from the hall: in the page, and counted.
    // The click is counted by its own call, sealed and sent in a task of its own (ADR 0062) after the page has moved
    // on: leaving the page at once can drop it before it is sent, so the journey waits for its answer.
    const clicked = page.waitForResponse((r) => r.url().includes('/userClickVisitLog/clickService'));
    await again.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/home/serviceIframPage\\?serviceId=${inPage.serviceId}`));
    await clicked;
    await page.goto(`${server.url}/home/PersonalCenter`);
    // The list is drawn when its call answers: wait for the service's entry, then read its count.
    await again.waitFor();
    await expect.poll(() => recent.textContent()).toContain('共使用2次');
  });
  it('admin adds an exam week to the school calendar from the personal center, and student01 sees it', async () => {
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/PersonalCenter`);
    const calendar = page.getByRole('region', { name: '校历' });
    await calendar.getByRole('button', { name: '编辑校历' }).click();
    const editor = page.locator('.ant-modal').filter({ hasText: '编辑校历（2026-2027学年）' });
    await editor.locator('strong', { hasText: '2026-2027学年第一学期' }).waitFor();
    await settled(page);
    expect(await seriousA11yViolations(page, '.ant-modal')).toEqual([]);
    await editor.getByRole('button', { name: '添加安排' }).click();
    const form = page.locator('.ant-modal').filter({ hasText: '开始日期' });
    await form.getByLabel('类型').click();
    await page.getByTitle('考试').click();
    await form.getByLabel('名称').fill('期末考试周');
    await form.getByLabel('开始日期').fill('2027-01-11');
    await form.getByLabel('结束日期').fill('2027-01-17');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').first().waitFor();
    await editor.getByText('期末考试周').first().waitFor();
    await editor.getByRole('button', { name: '关闭' }).last().click();
    await calendar.getByText('期末考试周').first().waitFor();

    // A student reads it, and cannot edit.
    const ctx = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    const student = await ctx.newPage();
    await loginAs(student, server.url, 'student01');
    await student.goto(`${server.url}/home/PersonalCenter`);
    const theirs = student.getByRole('region', { name: '校历' });
    await theirs.getByText('期末考试周').first().waitFor();
    expect(await theirs.getByRole('button', { name: '编辑校历' }).count()).toBe(0);
    await ctx.close();
  });
});
