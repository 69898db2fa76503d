import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoServices } from '../apps/server/src/db/seed/catalogue.ts';
import { DEMO_TENANT_ID, DEMO_USERS } from '../apps/server/src/db/seed/demo.ts';
import { dayStart, demoEfficiency } from '../apps/server/src/db/seed/efficiency.ts';
import { loginAs, seriousA11yViolations, settled } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';

/** axe-core on a settled page. */
async function expectA11yClean(page: Page): Promise<void> {
  await settled(page);
  expect(JSON.stringify(await seriousA11yViolations(page), null, 1)).toBe('[]');
}

/**
 * The seeded processes the page's default range counts: the last 30 days on the demo tenant's clock (Asia/Shanghai,
 * UTC+8 all year), whatever the hour and zone of the machine running the test.
 */
function seededLast30Days() {
  const { processes } = demoEfficiency(DEMO_TENANT_ID, dayStart(Date.now()));
  const tenantToday = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${tenantToday}T00:00:00+08:00`) - 29 * 86_400_000).toISOString();
  return processes.filter((p) => p.started_at >= from);
}

describe('efficiency supervision journeys (real server, Debian Chromium)', () => {
  const journey = useJourney();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  it('shows an administrator the overview of the seed and drills into a department', async () => {
    const seeded = seededLast30Days();
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/effectivenessSupervision`);
    await page.getByRole('heading', { name: '效能监督', level: 1 }).waitFor({ state: 'visible' });
    const started = page.getByTestId('overview-started');
    await started.getByText(String(seeded.length), { exact: true }).waitFor({ state: 'visible' });
    await page
      .getByTestId('overview-serviceCount')
      .getByText(String(demoServices().length), { exact: true })
      .waitFor({ state: 'visible' });
    await page
      .getByTestId('overview-finished')
      .getByText(String(seeded.filter((p) => p.finished_at).length), { exact: true })
      .waitFor({ state: 'visible' });
    // The trend chart has its numbers in words beside it.
    expect(await page.getByTestId('trend-summary').textContent()).toContain(`共发起 ${seeded.length} 件`);
    await page.getByRole('heading', { name: '服务热度排行' }).waitFor({ state: 'visible' });
    await page.getByRole('cell', { name: '统一身份认证密码重置' }).waitFor({ state: 'visible' });

    await page.getByRole('button', { name: '查看明细（财务处）' }).click();
    const drill = page.getByTestId('report-drill');
    await drill.getByRole('heading', { name: '财务处明细' }).waitFor({ state: 'visible' });
    const finance = seeded.filter((p) => p.process_name === '报销审批').length;
    const row = drill.getByRole('row', { name: /报销审批/ });
    await row.waitFor({ state: 'visible' });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(String(finance));
    await drill.getByRole('cell', { name: '赵会计' }).waitFor({ state: 'visible' });
    await expectA11yClean(page);

    await page.getByRole('button', { name: '以表格查看' }).click();
    await page.getByRole('columnheader', { name: '时间', exact: true }).waitFor({ state: 'visible' });
  });

  it('lets the administrator hide a block on the configuration page', async () => {
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/userFrameConfig/effectivenessMonitoringConfig`);
    const likes = page.getByRole('switch', { name: '服务好评榜' });
    await likes.waitFor({ state: 'visible' });
    await expectA11yClean(page);
    await likes.click();
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor({ state: 'visible' });
    await page.goto(`${server.url}/home/effectivenessSupervision`);
    await page.getByRole('heading', { name: '服务热度排行' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('heading', { name: '服务好评榜' }).count()).toBe(0);
  });

  it('shows student01 only their personal report', async () => {
    const student = DEMO_USERS.find((u) => u.account === 'student01')!;
    const applied = seededLast30Days().filter((p) => p.applicant_id === student.id).length;
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/effectivenessSupervision`);
    await page.getByRole('heading', { name: '我的效能报告' }).waitFor({ state: 'visible' });
    await page.getByText('您没有查看全校效能报表的权限，以下为您的个人效能报告。').waitFor({ state: 'visible' });
    await page
      .getByTestId('personal-applied')
      .getByText(String(applied), { exact: true })
      .waitFor({ state: 'visible' });
    expect(await page.getByRole('heading', { name: '效能概览' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: '部门效能报表' }).count()).toBe(0);
    expect(await page.getByLabel('部门').count()).toBe(0);
    await expectA11yClean(page);
  });
});
