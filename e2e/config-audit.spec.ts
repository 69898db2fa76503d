import { describe, expect, it } from 'vitest';
import { loginAs, seriousA11yViolations } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

/**
 * Issue 16, "Configuration you own": an administrator renames a card, finds the change on 配置变更记录 with its
 * before and after, reverts it, and the card has its old name again (ADR 0030).
 */
describe('configuration changes and their revert (real server, Debian Chromium)', () => {
  const journey = useJourney();

  it('an administrator renames a card, sees the change before and after, reverts it, and the old name is back', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/cardBusinessConfig`);
    const row = page.getByRole('row').filter({ hasText: '个人事项' });
    await row.getByRole('button', { name: '编辑 个人事项' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('卡片名称').fill('个人事项（本学期）');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByRole('row').filter({ hasText: '个人事项（本学期）' }).waitFor({ state: 'visible' });

    await page.goto(`${server.url}/home/configAuditLog`);
    await page.getByRole('heading', { name: '配置变更记录' }).waitFor({ state: 'visible' });
    const entry = page.getByRole('row').filter({ hasText: '卡片「个人事项（本学期）」' });
    await entry.getByText('修改').waitFor({ state: 'visible' });
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    await entry.getByRole('button', { name: '查看 卡片「个人事项（本学期）」' }).click();
    const drawer = page.getByRole('dialog', { name: '变更详情' });
    const change = drawer.getByRole('row').filter({ hasText: '卡片名称' });
    await change.locator('del').getByText('个人事项', { exact: true }).waitFor({ state: 'visible' });
    await change.locator('ins').getByText('个人事项（本学期）').waitFor({ state: 'visible' });
    expect(JSON.stringify(await seriousA11yViolations(page, '.ant-drawer'))).toBe('[]');

    await drawer.getByRole('button', { name: /撤销此变更/ }).click();
    const confirm = page.getByRole('dialog', { name: '撤销此变更？' });
    await confirm.getByRole('button', { name: /撤销此变更/ }).click();
    await page.getByText('已撤销').waitFor({ state: 'visible' });
    // The revert is an entry of its own, and the reverted change offers no second revert.
    await page.getByRole('row').filter({ hasText: '撤销：卡片「个人事项（本学期）」' }).waitFor({ state: 'visible' });

    await page.goto(`${server.url}/home/cardBusinessConfig`);
    await page.getByRole('row').filter({ hasText: '个人事项' }).first().waitFor({ state: 'visible' });
    await expect.poll(() => page.getByRole('row').filter({ hasText: '个人事项（本学期）' }).count()).toBe(0);
  });

  it('fits a 390 px wide phone: the table scrolls inside its card', async () => {
    const context = await journey.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await loginAs(page, journey.server.url, 'admin');
    await page.goto(`${journey.server.url}/home/configAuditLog`);
    await page.getByRole('heading', { name: '配置变更记录' }).waitFor({ state: 'visible' });
    await page.getByRole('combobox', { name: '变更对象' }).waitFor({ state: 'visible' });
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(390);
    // An entry (the previous journey's) opens in a drawer no wider than the screen.
    await page
      .getByRole('button', { name: /^查看 / })
      .first()
      .click();
    await page.getByRole('dialog', { name: '变更详情' }).getByText('卡片名称').waitFor({ state: 'visible' });
    expect(await width()).toBeLessThanOrEqual(390);
    const drawer = await page.locator('.ant-drawer-content-wrapper').boundingBox();
    expect(drawer!.width).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('a student is sent to noPower', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/configAuditLog`);
    await page.waitForURL(/\/home\/noPower/);
  });
});
