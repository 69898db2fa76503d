import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAs, seriousA11yViolations, settled } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';

/** Issue 16, "configuration you own" (ADR 0031): the workbench configuration as one file, exported and imported back. */
describe('workbench configuration file journey (real server, Debian Chromium)', () => {
  const journey = useJourney();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  /** A call as another administrator would make it (the page has no rename of a tab). */
  const renameTab = async (from: string, to: string) => {
    const login = await fetch(`${server.url}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', tenantId: '000000', username: 'admin', password: 'Demo@12345' }),
    });
    const token = ((await login.json()) as { result: { access_token: string } }).result.access_token;
    const post = async <T>(path: string, body: object) => {
      const res = await fetch(`${server.url}/api/online-service-platform/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { status: number; result: T }).result;
    };
    const tabs = await post<Array<{ id: string; typeName: string; layout: string }>>('indextypeconfig/list', {});
    const tab = tabs.find((t) => t.typeName === from)!;
    await post('indextypeconfig/submit', { id: tab.id, typeName: to, layout: tab.layout });
  };

  it('admin exports the configuration, a tab is renamed, the exported file is imported and the old name is back', async () => {
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/userFrameConfig/homePageConfig`);
    await page.getByRole('heading', { name: '首页配置', level: 1 }).waitFor({ state: 'visible' });
    const section = page
      .locator('.ant-card')
      .filter({ has: page.getByRole('heading', { name: '配置迁移', level: 2, exact: true }) });
    const tabsCard = page
      .locator('.ant-card')
      .filter({ has: page.getByRole('heading', { name: '首页卡片', level: 2, exact: true }) });
    await tabsCard.getByText('工作台', { exact: true }).waitFor({ state: 'visible' });
    expect(await seriousA11yViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: '导出配置' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^workbench-config-000000-\d{8}-\d{4}\.json$/);
    const file = await download.path();
    expect(file).toBeTruthy();

    await renameTab('工作台', '改过名的标签');
    await page.reload();
    await tabsCard.getByText('改过名的标签', { exact: true }).waitFor({ state: 'visible' });

    // The browser keeps the download under a name of its own: the file is given back under the name it was saved as.
    await section.getByLabel('选择配置文件（.json）').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/json',
      buffer: readFileSync(file!),
    });
    const dialog = page.getByRole('dialog', { name: '导入预览' });
    await dialog.waitFor({ state: 'visible' });
    await settled(page);
    expect(await dialog.textContent()).toContain('导入将替换当前租户的首页配置，确定吗？');
    expect(await dialog.textContent()).toContain('来源：示例大学');
    expect(await dialog.textContent()).toContain('没有需要跳过的内容');
    expect(await seriousA11yViolations(page, '.ant-modal')).toEqual([]);
    await dialog.getByRole('button', { name: /导\s*入/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText('导入完成').first().waitFor({ state: 'visible' });

    await tabsCard.getByText('工作台', { exact: true }).waitFor({ state: 'visible' });
    expect(await tabsCard.getByText('改过名的标签', { exact: true }).count()).toBe(0);
  });

  it('the configuration section fits a 390 px phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/userFrameConfig/homePageConfig`);
    const importButton = page.getByRole('button', { name: '导入配置' });
    await importButton.waitFor({ state: 'visible' });
    const box = await importButton.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
