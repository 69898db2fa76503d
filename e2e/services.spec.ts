import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, seriousA11yViolations } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { storedSession, storedToken } from './support/session.ts';

type Opened = { url: string; target: string; features: string };

/** A small valid PNG: `size`×`size` pixels of one RGB colour. */
function pngOf(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('service hall and landing page journeys (real server, Debian Chromium)', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({
      viewport: { width: 1366, height: 768 },
      locale: 'zh-CN',
      reducedMotion: 'reduce',
    });
    // Record window.open calls (the services' own sites are not reachable from the test machine).
    await context.addInitScript(() => {
      const w = window as unknown as { __opened: Opened[] };
      w.__opened = [];
      window.open = ((url?: string | URL, target?: string, features?: string) => {
        w.__opened.push({ url: String(url ?? ''), target: target ?? '', features: features ?? '' });
        return null;
      }) as typeof window.open;
    });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  const api = async <T>(path: string, body: object, token?: string): Promise<T> => {
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { result: T }).result;
  };
  const opened = () => page.evaluate(() => (window as unknown as { __opened: Opened[] }).__opened);
  const card = (name: string) => page.locator(`article.svc-card[aria-label="${name}"]`).first();

  it('lets an anonymous visitor search 成绩 on / and find the 成绩 services', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: /示例大学网上办事服务大厅/ }).waitFor();
    await page.getByRole('searchbox', { name: '搜索服务' }).first().fill('成绩');
    await page.getByRole('searchbox', { name: '搜索服务' }).first().press('Enter');
    await page.getByRole('heading', { name: /“成绩”的搜索结果/ }).waitFor();
    await card('成绩查询').waitFor();
    const names = await page
      .locator('#svc-search-title ~ div article.svc-card')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
    expect(names[0]).toBe('成绩查询');
    expect(names).toContain('成绩单打印');
    // Each service shows its own icon (issue 10), drawn and loaded, not the default image.
    const icon = (name: string) =>
      card(name)
        .locator('img.svc-icon')
        .evaluate((img: HTMLImageElement) => ({ src: new URL(img.src).pathname, drawn: img.naturalWidth > 0 }));
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('article.svc-card img.svc-icon')].every((i) => i.complete),
    );
    expect(await icon('成绩查询')).toEqual({ src: '/icons/services/grades.webp', drawn: true });
    expect(await icon('成绩单打印')).toEqual({ src: '/icons/services/print.webp', drawn: true });
    // The statistics, the tools and the footer come from the nobody calls.
    await page.getByText('服务总数').waitFor();
    await page.getByRole('link', { name: '校历' }).waitFor();
    expect(await page.locator('footer').textContent()).toContain('示例大学');
  });

  it("paints a visitor's first screen from `/`'s own data: no index call, under the CSP (ADR 0053)", async () => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) calls.push(new URL(r.url()).pathname);
    });
    const violations: string[] = [];
    await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { __cspViolation: (v: string) => void }).__cspViolation(e.violatedDirective),
      ),
    );
    const document = await page.goto(`${server.url}/`);
    expect(await document!.text()).toContain('<script type="application/json" id="portal-landing-index">');
    await page.getByRole('heading', { level: 1, name: /示例大学网上办事服务大厅/ }).waitFor();
    await page.getByRole('heading', { name: '新上线服务' }).waitFor();
    await page.getByRole('link', { name: '校历' }).waitFor();
    await page.waitForLoadState('networkidle');
    // Read once and taken out of the page; the first screen made none of its calls.
    expect(await page.locator('#portal-landing-index').count()).toBe(0);
    const firstScreen = /\/nobody\/(index\/index|prepareLogin\/|navigationBar|tools|serverCenter|searchHeatWord)/;
    expect(calls.filter((c) => firstScreen.test(c))).toEqual([]);
    expect(violations).toEqual([]);
  });

  it('opens common tools configured as model windows (2.4) by their opening types (4.6)', async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: '校园网缴费' }).click();
    const dialog = page.getByRole('dialog', { name: '校园网缴费' });
    await dialog.waitFor();
    expect(await dialog.locator('iframe').getAttribute('src')).toBe('https://net.demo.edu.cn/pay');
    // Measured once the opening animation (a scale transform) is over.
    await expect
      .poll(async () => Math.round((await dialog.locator('[data-model-id]').boundingBox())!.height))
      .toBe(600);
    await expect.poll(async () => Math.round((await page.locator('.ant-modal').boundingBox())!.width)).toBe(1000);
    expect(await dialog.locator('[data-model-id]').getAttribute('data-model-id')).toMatch(/^model-/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // workGuide without a service opens the directory of every service.
    await page.getByRole('button', { name: '办事指南目录' }).click();
    await page.waitForURL(/\/allServices$/);
    await page.locator('article.svc-card').first().waitFor();
  });

  it('finds services by pinyin initials', async () => {
    await page.goto(`${server.url}/?keyword=cjcx`);
    await card('成绩查询').waitFor();
  });

  it('is axe-clean on / and /home/serviceHall', async () => {
    await page.goto(`${server.url}/`);
    await page.locator('article.svc-card').first().waitFor();
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/serviceHall`);
    await page.locator('article.svc-card').first().waitFor();
    await page.getByText('我的收藏').first().waitFor();
    expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
  });

  it("admin gives a service a new icon on serviceHallConfig and sees a visitor's fruitless search among the misses (axe-clean)", async () => {
    // An anonymous visitor searches for a word no service has.
    const nonsense = `量子猫咪${Date.now() % 100_000}`;
    await page.goto(`${server.url}/`);
    await page.getByRole('searchbox', { name: '搜索服务' }).first().fill(nonsense);
    await page.getByRole('searchbox', { name: '搜索服务' }).first().press('Enter');
    await page.getByText('未找到相关服务，换个关键词试试').first().waitFor();

    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/userFrameConfig/serviceHallConfig`);
    const icons = page.locator('#service-icons');
    await page.getByRole('heading', { level: 2, name: '服务图标' }).waitFor();
    await icons.getByRole('searchbox', { name: '查找要更换图标的服务' }).fill('图书续借');
    await icons.getByRole('searchbox', { name: '查找要更换图标的服务' }).press('Enter');
    const row = icons.locator('tr', { hasText: '图书续借' }).first();
    await row.getByRole('button', { name: '为“图书续借”上传图标' }).waitFor();
    const before = await row.locator('img').getAttribute('src');
    await row
      .locator('input[type=file]')
      .setInputFiles({ name: 'library.png', mimeType: 'image/png', buffer: pngOf(16, [0, 80, 158]) });
    await page.getByText('“图书续借”的图标已更新').waitFor();
    await expect.poll(() => row.locator('img').getAttribute('src')).toMatch(/\/nobody\/common\/image\/.+\.png$/);
    expect(await row.locator('img').getAttribute('src')).not.toBe(before);
    // The new icon loads (not the default image).
    await expect
      .poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(16);
    expect(await row.locator('img').getAttribute('data-fallback')).toBeNull();

    const misses = page.locator('#search-misses');
    await page.getByRole('heading', { level: 2, name: '未命中搜索' }).waitFor();
    await misses.getByRole('cell', { name: nonsense, exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: '机器人未解答问题' }).waitFor();
    await page.locator('#unanswered-questions .ant-table').waitFor();

    await page
      .waitForFunction(
        () =>
          document
            .getAnimations()
            .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        undefined,
        { timeout: 5000 },
      )
      .catch(() => undefined);
    expect(JSON.stringify(await seriousA11yViolations(page), null, 1)).toBe('[]');
  });

  it('student01 collects services, reorders the favourites and rates one', async () => {
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/serviceHall?keyword=${encodeURIComponent('图书续借')}`);
    await page.getByRole('button', { name: '收藏 图书续借' }).click();
    await page.getByRole('button', { name: '取消收藏 图书续借' }).first().waitFor();
    await page.goto(`${server.url}/home/serviceHall?keyword=${encodeURIComponent('宿舍报修')}`);
    await page.getByRole('button', { name: '收藏 宿舍报修' }).click();
    const favs = page.locator('.svc-fav-item');
    await expect.poll(() => favs.count()).toBe(2);
    expect(await favs.evaluateAll((els) => els.map((e) => e.textContent?.trim()))).toEqual(['图书续借', '宿舍报修']);

    await page.getByRole('button', { name: '上移 宿舍报修' }).click();
    await page.getByText('收藏顺序已保存').waitFor();
    await expect
      .poll(() => favs.evaluateAll((els) => els.map((e) => e.textContent?.trim())))
      .toEqual(['宿舍报修', '图书续借']);
    await page.reload();
    await expect
      .poll(() => page.locator('.svc-fav-item').evaluateAll((els) => els.map((e) => e.textContent?.trim())))
      .toEqual(['宿舍报修', '图书续借']);

    // Rate: a sensitive word is refused with the spec's message, then a clean rating with a quick label succeeds.
    await page.getByRole('button', { name: '评价 宿舍报修' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('办理便捷').click();
    await dialog.getByLabel('评价内容').fill('这是什么垃圾学校');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await dialog.getByRole('alert').filter({ hasText: '您的意见中包含敏感词' }).waitFor();
    await dialog.getByLabel('评价内容').fill('报修很及时，师傅很专业');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('评价成功，感谢您的反馈').waitFor();
    await page.getByRole('button', { name: '评价 宿舍报修' }).click();
    await page
      .getByRole('dialog')
      .getByText(/您已评价过该服务（5 分）/)
      .waitFor();
    await page.keyboard.press('Escape');
    // Everyone sees the average and the number of ratings on the card, and what others wrote.
    await page.reload();
    await page.getByRole('button', { name: /^查看“宿舍报修”的评价：平均 \d\.\d 分，\d+ 人评价$/ }).click();
    const ratings = page.getByRole('dialog', { name: '“宿舍报修”的评价' });
    await ratings.getByText('报修很及时，师傅很专业', { exact: false }).waitFor();
    expect(JSON.stringify(await seriousA11yViolations(page, '.ant-modal'))).toBe('[]');
  });

  it('opens services from the home page cards as the service hall does (4.4), logs the click, and opens a guide from 常用服务', async () => {
    await loginAs(page, server.url, 'student01');
    const token = await storedToken(page);
    const list = await api<{
      records: Array<{
        serviceId: string;
        serviceName: string;
        openWay: string;
        accessWay: string;
        serviceUrl: string;
      }>;
    }>('/api/blade-platform/serverCenter/page', { size: 100 }, token);
    const byName = new Map(list.records.map((s) => [s.serviceName, s]));
    const visits = async (id: string) =>
      (await api<{ visitCount: number }>('/api/blade-platform/serverCenter/details', { serviceId: id }, token))
        .visitCount;
    const cards = page.locator('.wb-card');
    await cards.first().waitFor();
    // The services the cards show, by the way they open (each card fills in when its own data has answered).
    let names: string[] = [];
    const shown = (pred: (s: { openWay: string; accessWay: string }) => boolean) =>
      names.map((n) => byName.get(n)).find((s) => s && pred(s));
    const isNewTab = (s: { openWay: string; accessWay: string }) => s.openWay === '1003' && s.accessWay !== '5';
    await expect
      .poll(
        async () => {
          names = await cards.locator('a').evaluateAll((as) => as.map((a) => (a.textContent ?? '').trim()));
          return Boolean(shown(isNewTab));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const newTab = shown(isNewTab);
    const before = await visits(newTab!.serviceId);
    await cards.getByRole('link', { name: newTab!.serviceName, exact: true }).first().click();
    await expect.poll(opened).toHaveLength(1);
    expect((await opened())[0]).toMatchObject({ url: newTab!.serviceUrl, target: '_blank' });
    await expect.poll(() => visits(newTab!.serviceId)).toBe(before + 1);

    const comb = shown((s) => s.accessWay === '5');
    if (comb) {
      await cards.getByRole('link', { name: comb.serviceName, exact: true }).first().click();
      await expect.poll(opened).toHaveLength(2);
      expect(new URL((await opened())[1]!.url).searchParams.get('combStr')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }

    // 常用服务: 在线办理 of a service opens it the same way, and 办事指南 opens its guide in the drawer.
    const use = page.locator('.wb-card-commonUse');
    const guide = use.getByRole('button', { name: /^办事指南 / }).first();
    await guide.waitFor();
    const guideOf = ((await guide.getAttribute('aria-label')) ?? '').replace(/^办事指南 /, '');
    await guide.click();
    await page.getByRole('dialog', { name: new RegExp(guideOf) }).waitFor();
  });

  it('opens services by openWay: 1001 in the page, 1002 a popup sized for a 1366-wide window, 1003 a new tab; each logs a click', async () => {
    await loginAs(page, server.url, 'student01');
    const token = await storedToken(page);
    const list = await api<{
      records: Array<{
        serviceId: string;
        serviceName: string;
        openWay: string;
        accessWay: string;
        serviceUrl: string;
        visitCount: number;
      }>;
    }>('/api/blade-platform/serverCenter/page', { size: 100 }, token);
    const pick = (openWay: string) => list.records.find((s) => s.openWay === openWay && s.accessWay !== '5')!;
    const [inPage, popup, tab] = [pick('1001'), pick('1002'), pick('1003')];
    const comb = list.records.find((s) => s.accessWay === '5' && s.openWay === '1003')!;
    const visits = async (id: string) =>
      (await api<{ visitCount: number }>('/api/blade-platform/serverCenter/details', { serviceId: id }, token))
        .visitCount;

    const openFromHall = async (name: string) => {
      await page.goto(`${server.url}/home/serviceHall?keyword=${encodeURIComponent(name)}`);
      await card(name)
        .getByRole('button', { name: `打开 ${name}` })
        .click();
    };

    const popupBefore = await visits(popup.serviceId);
    await openFromHall(popup.serviceName);
    await expect.poll(opened).toHaveLength(1);
    const [p] = await opened();
    expect(p!.url).toBe(popup.serviceUrl);
    expect(p!.features).toMatch(/^width=860,height=538,/);
    await expect.poll(() => visits(popup.serviceId)).toBe(popupBefore + 1);

    await openFromHall(tab.serviceName);
    await expect.poll(opened).toHaveLength(1);
    expect((await opened())[0]).toMatchObject({ url: tab.serviceUrl, target: '_blank', features: '' });

    await openFromHall(comb.serviceName);
    await expect.poll(opened).toHaveLength(1);
    // accessWay '5': a one-time combStr, which the service redeems once to learn who opened it (7.3).
    const combUrl = new URL((await opened())[0]!.url);
    expect(`${combUrl.origin}${combUrl.pathname}`).toBe(comb.serviceUrl);
    const combStr = combUrl.searchParams.get('combStr')!;
    expect(combStr).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const redeem = () =>
      fetch(`${server.url}/api/blade-workbench/nobody/weixin/combLoginToMicroService`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ combStr, serviceId: comb.serviceId }),
      }).then((r) => r.json() as Promise<{ status: number; result: { account: string } | null }>);
    expect(await redeem()).toMatchObject({ status: 1000, result: { account: 'student01' } });
    expect((await redeem()).status).not.toBe(1000);

    const inPageBefore = await visits(inPage.serviceId);
    await openFromHall(inPage.serviceName);
    await page.waitForURL(/\/home\/serviceIframPage\?serviceId=/);
    await page.getByRole('heading', { level: 1, name: inPage.serviceName }).waitFor();
    expect(await page.locator('iframe.svc-frame').getAttribute('src')).toBe(inPage.serviceUrl);
    const remembered = await storedSession(page);
    expect(remembered).toMatchObject({ currentServiceId: inPage.serviceId, robotChatOff: true });
    expect(await visits(inPage.serviceId)).toBe(inPageBefore + 1);
    expect(await opened()).toEqual([]);
  });
});
