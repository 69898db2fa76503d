import ExcelJS from 'exceljs';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, seriousA11yViolations, settled } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

async function sheetRows(path: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v == null ? '' : String(v)))),
  );
  return rows;
}

/** axe-core on a settled page: colours caught mid-transition (a dialog opening, a button enabling) are not real. */
async function expectA11yClean(page: Page, include?: string): Promise<void> {
  await settled(page);
  const violations = await seriousA11yViolations(page, include);
  expect(JSON.stringify(violations, null, 1)).toBe('[]');
}

describe('three lists and bulk import/export journeys (real server, Debian Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tmp: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    tmp = mkdtempSync(join(tmpdir(), 'portal-e2e-transfer-'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(async () => {
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
      acceptDownloads: true,
    });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it('lets an anonymous visitor browse the three lists by department, with the services of each duty', async () => {
    await page.goto(`${server.url}/home/threelists`);
    await page.getByRole('heading', { name: '三清单', level: 1 }).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/home/threelists');
    await page.getByRole('navigation', { name: '部门' }).getByText('考试中心（1）').click();
    const duty = page.getByRole('article', { name: '考试组织' });
    await duty.waitFor({ state: 'visible' });
    // 补考重修报名 is the students' own: a visitor is not offered what would answer 403 (the student is, below).
    expect(await duty.textContent()).not.toContain('补考重修报名');
    // One department list (issue 16): the catalogue's 财务处 is there too, with no duty yet — never 部门不存在.
    await page.getByRole('navigation', { name: '部门' }).getByText('财务处（0）').click();
    await page.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor({ state: 'visible' });
    expect(await page.getByText('部门不存在').count()).toBe(0);
    await page.getByRole('navigation', { name: '部门' }).getByText('全部部门').click();
    await page.getByRole('searchbox', { name: '搜索职责' }).fill('助学');
    await page.getByRole('searchbox', { name: '搜索职责' }).press('Enter');
    await page.getByRole('article', { name: '学生资助' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('article').count()).toBe(1);
    await expectA11yClean(page);
    // A visitor's header offers nothing a visitor cannot do (no chat, lock, theme or logout), but a way to log in
    // that comes back to this page.
    const header = page.locator('.portal-header');
    // The visitor's shell carries the school's name and footer, as the landing page does.
    await header.getByText('示例大学 网上办事服务大厅').waitFor();
    await page.locator('.portal-footer').getByText('© 2026 示例大学 版权所有').waitFor();
    await page
      .locator('.portal-footer')
      .getByText(/北京市海淀区/)
      .waitFor();
    expect(await header.getByRole('button', { name: /用户菜单|即时通讯/ }).count()).toBe(0);
    expect(await header.getByText(/锁屏|退出登录/).count()).toBe(0);
    await header.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/login\?redirect=%2Fhome%2Fthreelists/);
    await page.getByLabel(/账号|Account/).fill('student01');
    await page.getByLabel(/^密码$|^Password$/).fill('Demo@12345');
    await page.getByRole('button', { name: /登\s*录|Log in/ }).click();
    await page.waitForURL(/\/home\/threelists$/);
    await page.getByRole('button', { name: /用户菜单/ }).waitFor();
    // A duty's service opens as a service hall tile does (issue 16): a new window or the in-page frame.
    await page.getByRole('navigation', { name: '部门' }).getByText('考试中心（1）').click();
    const service = page.getByRole('article', { name: '考试组织' }).getByRole('button', { name: '补考重修报名' });
    const opened = Promise.race([
      context.waitForEvent('page').then(() => 'window'),
      page.waitForURL(/\/home\/serviceIframPage\?serviceId=/).then(() => 'in page'),
    ]);
    await service.click();
    expect(['window', 'in page']).toContain(await opened);
  });

  it('offers duty maintenance only where the server allows it: none to a student, 教务处 only to its manager', async () => {
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/deptResponsibilityListConfig`);
    await page.getByText('只读：您没有可维护职责清单的部门').waitFor();
    await page.getByRole('cell', { name: '学生资助' }).waitFor();
    // (Ant Design spaces a two-character button label: 编 辑, 删 除.)
    for (const name of [/^新增职责$/, /^编\s*辑$/, /^删\s*除$/, /^批量导入$/])
      expect(await page.getByRole('button', { name }).count(), String(name)).toBe(0);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());

    await loginAs(page, server.url, 'teacher01');
    await page.goto(`${server.url}/home/deptResponsibilityListConfig`);
    await page.getByRole('button', { name: '新增职责' }).waitFor();
    const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
    await row('学籍管理').getByRole('button', { name: '编辑 学籍管理' }).waitFor();
    // 学生资助 belongs to 学生工作处, which teacher01 does not manage.
    expect(await row('学生资助').getByRole('button').count()).toBe(0);
    expect(await row('学生资助').getByRole('checkbox').isDisabled()).toBe(true);
    expect(await page.getByText('只读：').count()).toBe(0);
  });

  it('exports ticked duties to xlsx and downloads the file', async () => {
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/deptResponsibilityListConfig`);
    await page.getByRole('checkbox', { name: '学籍管理' }).check();
    await page.getByRole('checkbox', { name: '学生资助' }).check();
    await page.getByRole('button', { name: '批量导出' }).click();
    const dialog = page.getByRole('dialog', { name: '批量导出' });
    await dialog.getByText('共 2 条数据').waitFor({ state: 'visible' });
    await expectA11yClean(page);

    await dialog.getByLabel('文件名称').fill('ab');
    await dialog.getByRole('button', { name: /导\s*出/ }).click();
    await dialog.getByText('文件名称不可少于三个字符').waitFor({ state: 'visible' });
    await dialog.getByLabel('文件名称').fill('勾选职责_e2e');
    await dialog.getByRole('button', { name: /导\s*出/ }).click();

    const progress = page.getByRole('dialog', { name: '导出成功' });
    await progress.waitFor({ state: 'visible', timeout: 20_000 });
    await expectA11yClean(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      progress.getByRole('link', { name: '下载文件' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('勾选职责_e2e.xlsx');
    const path = join(tmp, 'export.xlsx');
    await download.saveAs(path);
    const rows = await sheetRows(path);
    expect(rows[0]).toEqual(['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务']);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['学生资助', '学籍管理'].sort());
    await progress.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  });

  it('imports a spreadsheet with one bad row and downloads the failed rows with the reason', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['所属部门', '职责名称', '职责类型', '职责内容']);
    ws.addRow(['教务处', '教材管理', '职责', '组织教材选用与征订。']);
    ws.addRow(['不存在的部门', '某职责', '职责', '']);
    ws.addRow(['人事处', '师资培训', '责任', '组织教职工培训。']);
    const file = join(tmp, '职责导入.xlsx');
    writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));

    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/deptResponsibilityListConfig`);
    await page.getByRole('button', { name: '批量导入' }).click();
    const dialog = page.getByRole('dialog', { name: '批量导入' });
    await dialog.waitFor();
    await settled(page);
    await dialog.getByRole('button', { name: '下一步' }).click();
    await dialog.getByText('请上传文件').waitFor({ state: 'visible' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await dialog.getByRole('button', { name: '下一步' }).click();
    await dialog.getByText('字段匹配').waitFor({ state: 'visible' });
    await dialog.getByRole('button', { name: /导\s*入/ }).click();
    await dialog.getByText('请选择重复数据规则').waitFor({ state: 'visible' });
    await expectA11yClean(page);
    await dialog.getByRole('radio', { name: '跳过' }).check();
    await dialog.getByRole('button', { name: /导\s*入/ }).click();

    // 2 rows in, 1 failed: the title says so (not 导入成功).
    const progress = page.getByRole('dialog', { name: '部分导入成功：成功 2 条，失败 1 条' });
    await progress.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await progress.textContent()).toContain('新增 2 条，更新 0 条，跳过 0 条，失败 1 条');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      progress.getByRole('button', { name: '下载失败数据' }).click(),
    ]);
    const path = join(tmp, 'failed.xlsx');
    await download.saveAs(path);
    const rows = await sheetRows(path);
    expect(rows).toEqual([
      ['所属部门', '职责名称', '职责类型', '职责内容', '失败原因', '原表行号'],
      ['不存在的部门', '某职责', '职责', '', '所属部门：部门不存在', '3'],
    ]);
    await progress.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await page.getByRole('cell', { name: '教材管理', exact: true }).last().waitFor({ state: 'visible' });
  });

  it('moves the service catalogue: the administrator exports a ticked service and imports the file back (dialogs axe-clean)', async () => {
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/userFrameConfig/serviceHallConfig`);
    await page.getByRole('heading', { name: '服务目录数据', level: 2 }).waitFor({ state: 'visible' });
    await page.getByRole('searchbox', { name: '搜索服务名称' }).fill('成绩单');
    await page.getByRole('searchbox', { name: '搜索服务名称' }).press('Enter');
    await page.getByRole('checkbox', { name: '选择 成绩单打印' }).check();
    await expectA11yClean(page, '#catalogue-data');

    await page.getByRole('button', { name: '批量导出' }).click();
    const dialog = page.getByRole('dialog', { name: '批量导出' });
    await dialog.getByText('共 1 条数据').waitFor({ state: 'visible' });
    await expectA11yClean(page);
    await dialog.getByLabel('文件名称').fill('服务目录_e2e');
    await dialog.getByRole('button', { name: /导\s*出/ }).click();
    const exported = page.getByRole('dialog', { name: '导出成功' });
    await exported.waitFor({ state: 'visible', timeout: 20_000 });
    await expectA11yClean(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exported.getByRole('link', { name: '下载文件' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('服务目录_e2e.xlsx');
    const path = join(tmp, '服务目录_e2e.xlsx');
    await download.saveAs(path);
    const rows = await sheetRows(path);
    expect(rows[0]!.slice(0, 6)).toEqual(['服务编码', '服务名称', '所属部门', '服务场景', '服务类型', '业务类型']);
    expect(rows.slice(1).map((r) => [r[1], r[2]])).toEqual([['成绩单打印', '教务处']]);
    await exported.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();

    await page.getByRole('button', { name: '批量导入' }).click();
    const importing = page.getByRole('dialog', { name: '批量导入' });
    await importing.getByText('表头所在行').waitFor({ state: 'visible' });
    await expectA11yClean(page);
    await importing.locator('input[type=file]').setInputFiles(path);
    await importing.getByRole('button', { name: '下一步' }).click();
    await importing.getByText('字段匹配').waitFor({ state: 'visible' });
    await importing.getByRole('radio', { name: '覆盖更新' }).check();
    await expectA11yClean(page);
    await importing.getByRole('button', { name: /导\s*入/ }).click();
    const imported = page.getByRole('dialog', { name: '导入成功' });
    await imported.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await imported.textContent()).toContain('新增 0 条，更新 1 条，跳过 0 条，失败 0 条');
    await expectA11yClean(page);
    await imported.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  });
});
