import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, seriousA11yViolations, settled } from './support/browser.ts';
import { useJourney, type Journey } from './support/journey.ts';

/** A phone: 390 × 844, touch, a mobile viewport (issue 10). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Nothing on the page is wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide on a ${width}px screen`).toBeLessThanOrEqual(width);
}

/** Whether Ant Design's own style sheet (imported into the `antd` cascade layer, ADR 0037) is in the page. */
const antDesignSheet = (page: Page) =>
  page.evaluate(() =>
    [...document.styleSheets].some((sheet) =>
      [...sheet.cssRules].some((r) => r instanceof CSSLayerBlockRule && r.name === 'antd'),
    ),
  );

/** How many rules of the page's style sheets style Ant Design's components. */
const antDesignRules = (page: Page) =>
  page.evaluate(
    () =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].map((r) => r.cssText).filter((text) => text.includes('.ant-')),
      ).length,
  );

/**
 * The controls of the page under 24 × 24 px (WCAG 2.2 target size), but links inside running text (2.5.8's inline
 * exception). A text box or select inside an Ant Design wrapper is the wrapper's size: a click anywhere on it focuses
 * the field.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, [role="button"], input, select')) {
      const style = getComputedStyle(el);
      // A radio or checkbox drawn by its label (the input is kept for the keyboard, 1 × 1 px) is the label's.
      if (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox')) continue;
      if (style.visibility === 'hidden') continue;
      const wrapper =
        el.tagName === 'INPUT'
          ? el.closest('.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-number')
          : null;
      const box = (wrapper ?? el).getBoundingClientRect();
      if (!box.width || !box.height) continue;
      const sentence = el.parentElement?.textContent?.trim() ?? '';
      if (
        el.tagName === 'A' &&
        style.display === 'inline' &&
        sentence.length > (el.textContent?.trim().length ?? 0) + 5
      )
        continue;
      if (box.width < 24 || box.height < 24)
        small.push(
          `${el.className} ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20)}: ${Math.round(box.width)} × ${Math.round(box.height)}`,
        );
    }
    return small;
  });

/** Waits until the page has painted its data (no skeleton left) and animations are over. */
async function loaded(page: Page) {
  // The route's part has arrived (its heading is there) and its data too (no skeleton left), and the app has taken over
  // the first screen the server painted (ADR 0061: its controls wait until then).
  await page.waitForFunction(
    () =>
      !!document.querySelector('h1') &&
      !document.querySelector('.ant-skeleton, .plain-skeleton, .svc-stat-skeleton, [aria-busy="true"]') &&
      !document.querySelector('#root[data-first-screen]'),
    undefined,
    { timeout: 20_000 },
  );
  await settled(page);
}

/**
 * The page's layout shifts while it loads (CLS of the load, issue 10), with every API answer held back 700 ms so the
 * page paints before its data arrives, as on a slow phone network.
 */
async function loadShift(
  page: Page,
  url: string,
  ready = loaded,
  delayOf: (url: string) => number = () => 700,
): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route('**/api/**', async (route) => {
    await new Promise((r) => setTimeout(r, delayOf(route.request().url())));
    await route.continue();
  });
  await page.goto(url);
  await ready(page);
  await page.unroute('**/api/**');
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/** `/` and `/login` move at most 0.02 (layout shift) while their data arrives. */
async function expectStillWhileLoading(journey: Journey) {
  const { page, server } = journey;
  expect(await loadShift(page, `${server.url}/`)).toBeLessThanOrEqual(0.02);
  const login = await journey.context.newPage();
  // Ready when the tenant's details have come: the demo accounts are named under the form.
  const demoHint = async (p: Page) => {
    await p.getByText('演示账号', { exact: false }).waitFor();
    await settled(p);
  };
  expect(await loadShift(login, `${server.url}/login`, demoHint)).toBeLessThanOrEqual(0.02);
}

/**
 * The texts of the page's table cells that are broken a character or two per line (fewer than three characters a line
 * on average, over two lines or more), and how many cell texts were looked at.
 */
async function squeezedCellTexts(
  page: Page,
  within = '.ant-table-wrapper th, .ant-table-wrapper td',
): Promise<{ squeezed: string[]; looked: number }> {
  return page.evaluate((within) => {
    const squeezed: string[] = [];
    let looked = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const cell = node.parentElement?.closest(within);
      const text = node.textContent?.replace(/\s+/g, '') ?? '';
      if (!cell || cell.closest('[aria-hidden="true"]') || [...text].length < 2) continue;
      looked++;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      if (lines >= 2 && [...text].length / lines < 3) squeezed.push(`${text} (${lines} lines)`);
    }
    return { squeezed, looked };
  }, within);
}

/** The administrator's pages with tables, and the student pages with one (issue 10: tables scroll inside their card). */
const TABLE_PAGES = [
  '/home/userFrameConfig/homePageConfig',
  '/home/userFrameConfig/serviceHallConfig',
  '/home/userFrameConfig/addNavigation',
  '/home/cardBusinessConfig',
  '/home/deptResponsibilityListConfig',
  '/home/managementGuideConfig',
  '/home/noticeManageConfig',
  '/home/robotKnowledgeConfig',
  '/home/userDeptConfig',
  '/home/effectivenessSupervision',
  '/home/PersonalCenter',
];

const MAIN_PAGES = ['/home/homePage', '/home/serviceHall', '/home/threelists', '/home/PersonalCenter'];

describe('on a phone (390 × 844, touch)', () => {
  const journey = useJourney(PHONE);

  it('the landing page and /login do not move while their data arrives (layout shift ≤ 0.02)', () =>
    expectStillWhileLoading(journey));

  it('a visitor reads the landing page without sideways scrolling, with a menu drawer and a language switch, and it is axe-clean', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/`);
    await loaded(page);
    await expectNoSidewaysScroll(page, 390);
    // No '0' before the figures arrive: the statistics show real numbers once painted.
    const figures = await page.locator('.svc-landing-stats .svc-stat-value').allTextContents();
    expect(figures.length).toBe(5);
    expect(figures.every((f) => /^[1-9][\d,]*$/.test(f.trim()))).toBe(true);
    expect(JSON.stringify(await seriousA11yViolations(page), null, 1)).toBe('[]');

    // The menu drawer: a modal dialog that Escape closes, giving the focus back to its button.
    const menuButton = page.getByRole('button', { name: '打开导航菜单' });
    await menuButton.tap();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: '全部服务' }).waitFor();
    expect(JSON.stringify(await seriousA11yViolations(page), null, 1)).toBe('[]');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await menuButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await menuButton.tap();
    await drawer.getByRole('link', { name: '全部服务' }).tap();
    await page.waitForURL(/\/allServices/);
    await loaded(page);
    await expectNoSidewaysScroll(page, 390);

    await page.goto(`${server.url}/login`);
    await expectNoSidewaysScroll(page, 390);
    expect(JSON.stringify(await seriousA11yViolations(page), null, 1)).toBe('[]');
  });

  it('student01 logs in, navigates through the drawer, finds, collects and rates a service, and every main page fits the screen and is axe-clean', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await loaded(page);
    // The unread-notice prompt is a slim bar at the bottom, not a card over the page (issue 16).
    const prompt = page.getByRole('complementary', { name: '未读重要通知' });
    await prompt.waitFor();
    expect((await prompt.boundingBox())!.height).toBeLessThanOrEqual(80);
    // The top navigation and the user menu are in a drawer: one main landmark, nothing off screen.
    expect(await page.getByRole('main').count()).toBe(1);
    await page.getByRole('button', { name: '打开导航菜单' }).tap();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '服务大厅' }).tap();
    await page.waitForURL(/\/home\/serviceHall/);
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await page
      .getByRole('searchbox', { name: /搜索服务/ })
      .or(page.getByLabel(/搜索服务/))
      .first()
      .fill('宿舍报修');
    await page
      .getByRole('button', { name: /搜\s*索/ })
      .first()
      .tap();
    await page.getByRole('button', { name: '收藏 宿舍报修' }).tap();
    await page.getByRole('button', { name: '取消收藏 宿舍报修' }).first().waitFor();
    await page.getByRole('button', { name: '评价 宿舍报修' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('办理便捷').tap();
    // One unbroken word as long as a comment may be (issue 10's outsider: it pushed the personal center sideways).
    await dialog.getByLabel('评价内容').fill(`手机上也能评价${'a'.repeat(480)}`);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: /提\s*交/ }).tap();
    await page.getByText('评价成功，感谢您的反馈').waitFor();

    for (const path of MAIN_PAGES) {
      await page.goto(`${server.url}${path}`);
      await loaded(page);
      await expectNoSidewaysScroll(page, 390);
      expect(await page.getByRole('main').count(), path).toBe(1);
      expect(JSON.stringify(await seriousA11yViolations(page), null, 1), path).toBe('[]');
    }

    // The user menu in the drawer: the personal center, then logout.
    await page.getByRole('button', { name: '打开导航菜单' }).tap();
    await page
      .getByRole('dialog')
      .getByRole('menuitem', { name: /个人中心/ })
      .tap();
    await page.waitForURL(/\/home\/PersonalCenter/);
  });

  it('an administrator reads every table on a phone and a tablet: it scrolls inside its card, and no header or name is broken a character or two per line', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'admin');
    for (const width of [390, 1024]) {
      await page.setViewportSize({ width, height: 844 });
      for (const path of TABLE_PAGES) {
        await page.goto(`${server.url}${path}`);
        await loaded(page);
        await page.locator('.ant-table-tbody > tr.ant-table-row').first().waitFor();
        await expectNoSidewaysScroll(page, width);
        const { squeezed, looked } = await squeezedCellTexts(page);
        expect(looked, `${path} at ${width} px`).toBeGreaterThan(5);
        expect(squeezed, `${path} at ${width} px`).toEqual([]);
        // A table that scrolls sideways is a Tab stop named by its title (axe: scrollable-region-focusable), and
        // the hidden row Ant Design measures its columns with holds no Tab stop (aria-hidden-focus).
        if (width === 390) {
          const found = (await seriousA11yViolations(page)).filter((v) =>
            ['scrollable-region-focusable', 'aria-hidden-focus'].includes(v.id),
          );
          expect(JSON.stringify(found, null, 1), path).toBe('[]');
        }
      }
    }
    // The efficiency page on a phone is axe-clean, and the keyboard scrolls a table sideways: Tab reaches its
    // region, the arrow key moves it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/home/effectivenessSupervision`);
    await loaded(page);
    await page.locator('.ant-table-tbody > tr.ant-table-row').first().waitFor();
    expect(JSON.stringify(await seriousA11yViolations(page), null, 1)).toBe('[]');
    const region = page.getByRole('region', { name: '部门效能报表' }).and(page.locator('[data-scroll-region]'));
    await region.waitFor();
    await region.focus();
    expect(await region.evaluate((el) => el.scrollLeft)).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  it('a service opened in the page fits the phone: its name and details keep their words, in Chinese and English', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    for (const [language, open] of [
      ['zh-CN', '在线办理 研讨间预约'],
      ['en-US', 'Online handling 研讨间预约'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('portal.language', l), language);
      await page.goto(`${server.url}/home/serviceHall?keyword=${encodeURIComponent('研讨间预约')}`);
      await page.getByRole('button', { name: open }).first().tap();
      await page.waitForURL(/\/home\/serviceIframPage\?serviceId=/);
      await page.getByRole('heading', { level: 1, name: '研讨间预约' }).waitFor();
      const { squeezed, looked } = await squeezedCellTexts(page, '.svc-frame-head, .svc-frame-desc');
      expect(looked, language).toBeGreaterThan(4);
      expect(squeezed, language).toEqual([]);
      await expectNoSidewaysScroll(page, 390);
    }
    await page.evaluate(() => localStorage.setItem('portal.language', 'zh-CN'));
  });

  it('the filters of the service hall and both centers keep a gap after their labels in English ("Department"), and the Chinese layout as it was', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    /** Per filter: the label's text's left and right and the first chip's left, in px. */
    const filters = () =>
      page.locator('.svc-filter').evaluateAll((rows) =>
        rows.map((row) => {
          const label = row.querySelector('.svc-filter-label')!;
          const range = document.createRange();
          range.selectNodeContents(label);
          const text = range.getBoundingClientRect();
          const chip = row.querySelector('.ant-radio-button-wrapper')!.getBoundingClientRect();
          return { label: label.textContent, left: text.left, right: text.right, chip: chip.left };
        }),
      );
    for (const language of ['zh-CN', 'en-US']) {
      await page.evaluate((l) => localStorage.setItem('portal.language', l), language);
      for (const path of ['/home/serviceHall', '/home/processServiceCenter', '/home/applicationServiceCenter']) {
        await page.goto(`${server.url}${path}`);
        await loaded(page);
        const where = `${language} ${path}`;
        await expect
          .poll(() => page.locator('.svc-filter .ant-radio-button-wrapper').count(), where)
          .toBeGreaterThan(2);
        const rows = await filters();
        expect(rows.length, where).toBeGreaterThanOrEqual(2);
        for (const row of rows) expect(row.chip - row.right, `${where}: after ${row.label}`).toBeGreaterThanOrEqual(4);
        // The chips of every filter start at one place: 64 px of label and 12 px of gap in Chinese, as before.
        expect(new Set(rows.map((r) => Math.round(r.chip))).size, where).toBe(1);
        if (language === 'zh-CN') for (const row of rows) expect(row.chip - row.left, where).toBeCloseTo(76, 0);
      }
    }
    await page.evaluate(() => localStorage.setItem('portal.language', 'zh-CN'));
  });

  it('scrolled to the bottom, the footer stands above the unread-notice prompt, not under it', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/threelists`);
    const prompt = page.locator('aside.notice-prompt');
    await prompt.waitFor();
    await page.locator('footer.portal-footer').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect
      .poll(() =>
        page.evaluate(() => {
          const footer = document.querySelector('footer.portal-footer')!.getBoundingClientRect();
          const over = document.querySelector('aside.notice-prompt')!.getBoundingClientRect();
          window.scrollTo(0, document.documentElement.scrollHeight);
          return footer.bottom <= over.top + 0.5;
        }),
      )
      .toBe(true);
  });

  it('the chat panel fills the phone screen: pick a conversation, send a message, go back to the list', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.getByRole('button', { name: /^即时通讯/ }).tap();
    const panel = page.getByRole('dialog', { name: '即时通讯' });
    await panel.waitFor({ state: 'visible' });
    await settled(page);
    const box = await panel.boundingBox();
    expect(Math.round(box!.width)).toBe(390);
    await panel.getByRole('button', { name: /^文件传输助手/ }).tap();
    await panel.getByRole('textbox', { name: '消息内容' }).fill('手机发的消息');
    await panel.getByRole('button', { name: /发\s*送$/ }).tap();
    await panel.locator('li.chat-message.own').filter({ hasText: '手机发的消息' }).waitFor();
    await expectNoSidewaysScroll(page, 390);
    // The conversation's header, in English (the longest labels): the name on one line, every action inside the
    // screen, nothing scrolls sideways (王/同/学 a character a line, 删除会话 past the edge).
    await page.evaluate(() => localStorage.setItem('portal.language', 'en-US'));
    await page.reload();
    await page.getByRole('button', { name: /^Chat/ }).tap();
    const enPanel = page.getByRole('dialog', { name: 'Instant messaging' });
    await enPanel.getByRole('button', { name: /^File transfer helper/ }).tap();
    await enPanel.locator('li.chat-message.own').filter({ hasText: '手机发的消息' }).waitFor();
    const header = await enPanel.locator('.chat-view-header').evaluate((h) => {
      const name = h.querySelector('h2')!;
      const lineHeight = parseFloat(getComputedStyle(name).lineHeight) || 24;
      let scroller: HTMLElement | null = h.parentElement;
      const sideways: string[] = [];
      for (; scroller; scroller = scroller.parentElement)
        if (scroller.scrollWidth > scroller.clientWidth + 1 && getComputedStyle(scroller).overflowX !== 'hidden')
          sideways.push(scroller.className);
      return {
        nameLines: Math.round(name.getBoundingClientRect().height / lineHeight),
        outside: [...h.querySelectorAll('button')]
          .filter((b) => b.getBoundingClientRect().right > innerWidth + 0.5)
          .map((b) => b.textContent),
        sideways,
      };
    });
    expect(header).toEqual({ nameLines: 1, outside: [], sideways: [] });
    await page.evaluate(() => localStorage.setItem('portal.language', 'zh-CN'));
    await page.reload();
    await page.getByRole('button', { name: /^即时通讯/ }).tap();
    await panel.getByRole('button', { name: /^文件传输助手/ }).tap();
    await panel.getByRole('button', { name: '返回会话列表' }).tap();
    await panel.getByRole('navigation', { name: '会话列表' }).waitFor();
    // 发起会话: the person picked opens their conversation (on a phone it was only marked in the list).
    await panel.getByRole('combobox', { name: '搜索姓名或账号' }).tap();
    await page.keyboard.type('student02');
    await page.locator('.ant-select-item-option').filter({ hasText: '王同学' }).tap();
    await panel.getByRole('region', { name: /王同学/ }).waitFor();
    await panel.getByRole('button', { name: '返回会话列表' }).tap();
    await panel.getByRole('navigation', { name: '会话列表' }).waitFor();
  });

  it('the school calendar keeps every date whole (no break at its hyphens) and its teaching weeks fit the card, in English and Chinese', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    for (const language of ['en-US', 'zh-CN']) {
      await page.evaluate((l) => localStorage.setItem('portal.language', l), language);
      await page.goto(`${server.url}/home/PersonalCenter`);
      await loaded(page);
      const weeks = page.locator('.pc-calendar [role="group"]');
      await weeks.locator('.ant-table-tbody > tr.ant-table-row').first().waitFor();
      const found = await page.locator('.pc-calendar').evaluate((card) => {
        const broken: string[] = [];
        let dates = 0;
        const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const m of node.textContent!.matchAll(/\d{4}-\d{2}-\d{2}/g)) {
            dates++;
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) broken.push(m[0]);
          }
        }
        const box = card.querySelector<HTMLElement>('[role="group"]')!;
        return { broken, dates, sideways: box.scrollWidth - box.clientWidth };
      });
      expect(found.dates, language).toBeGreaterThan(20);
      expect(found.broken, language).toEqual([]);
      expect(found.sideways, language).toBeLessThanOrEqual(0);
      await expectNoSidewaysScroll(page, 390);
    }
  });

  it('a group created on the phone opens at once; its header shows the whole name and its members keep their names on one line (English)', async () => {
    const { page, server } = journey;
    const name = 'Exchange students and buddies, autumn semester';
    await loginAs(page, server.url, 'student01');
    await page.evaluate(() => localStorage.setItem('portal.language', 'en-US'));
    await page.reload();
    await page.getByRole('button', { name: /^Chat/ }).tap();
    const panel = page.getByRole('dialog', { name: 'Instant messaging' });
    await panel.getByRole('button', { name: 'New group' }).tap();
    const create = page.getByRole('dialog', { name: 'New group chat' });
    await create.getByLabel('Group name').fill(name);
    for (const [account, person] of [
      ['student02', '王同学'],
      ['teacher01', '李老师'],
    ]) {
      await create.getByLabel('Members').tap();
      await page.keyboard.type(account!);
      await page.locator('.ant-select-item-option:visible').filter({ hasText: person! }).tap();
    }
    await create.getByLabel('Group name').tap();
    await create.getByRole('button', { name: 'Create' }).tap();
    // The new group's conversation, not the list (the list stayed, with the group at its bottom).
    const view = panel.getByRole('region', { name: `Messages with ${name}` });
    await view.waitFor();
    await settled(page);
    const header = await view.locator('header').evaluate((h) => {
      const title = h.querySelector('h2')!;
      return {
        text: title.textContent,
        title: title.title,
        cut: title.scrollWidth > title.clientWidth + 1 || title.scrollHeight > title.clientHeight + 1,
        outside: [...h.querySelectorAll('button')]
          .filter((b) => b.getBoundingClientRect().right > innerWidth + 0.5)
          .map((b) => b.textContent),
      };
    });
    expect(header).toEqual({ text: name, title: name, cut: false, outside: [] });
    await expectNoSidewaysScroll(page, 390);

    await view.getByRole('button', { name: 'Members' }).tap();
    const members = page.getByRole('dialog', { name: `Members of ${name}` });
    const list = members.getByRole('list', { name: 'Members' });
    await list.getByText('李老师', { exact: false }).waitFor();
    await settled(page);
    // Each member's name (the first text of its row) on one line: 李老师 (李/明) broke beside the buttons.
    const names = await list.getByRole('listitem').evaluateAll((rows) =>
      rows.map((row) => {
        const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
        const node = walker.nextNode()!;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        return `${node.textContent!.trim()}: ${lines.size} line(s)`;
      }),
    );
    expect(names.length).toBe(3);
    for (const n of names) expect(n).toMatch(/: 1 line\(s\)$/);
    await page.evaluate(() => localStorage.setItem('portal.language', 'zh-CN'));
  });

  it('更多新闻, 全部专题 and a service card’s name are targets of 24 × 24 px at least (WCAG 2.2 target size)', async () => {
    const { page, server } = journey;
    /** The sizes under 24 × 24 px of the targets `locator` finds (at least `least` of them), each scrolled to. */
    const tooSmall = async (locator: Locator, least: number) => {
      await locator.first().waitFor();
      const count = await locator.count();
      expect(count).toBeGreaterThanOrEqual(least);
      const small: string[] = [];
      for (let i = 0; i < count; i++) {
        // A home card off screen is not laid out (content-visibility: auto) until it comes near the screen.
        await locator.nth(i).scrollIntoViewIfNeeded();
        const box = (await locator.nth(i).boundingBox())!;
        if (box.width < 24 || box.height < 24)
          small.push(`${await locator.nth(i).textContent()}: ${box.width} × ${box.height}`);
      }
      return small;
    };
    await page.goto(`${server.url}/`);
    await loaded(page);
    expect(await tooSmall(page.getByRole('button', { name: /^打开 / }), 4)).toEqual([]);
    await loginAs(page, server.url, 'student01');
    await loaded(page);
    expect(await tooSmall(page.getByRole('button', { name: '全部专题' }), 1)).toEqual([]);
    expect(await tooSmall(page.getByRole('link', { name: /^更多(新闻|公告)$/ }), 2)).toEqual([]);
  });

  it('every control of `/` and the home page is a target of 24 × 24 px at least, but links inside running text', async () => {
    const { page, server } = journey;
    // Hot words, ranking names, footer links, news and notice titles, 在线办理, recommended services, the notice
    // prompt's title and arrows were 15–22 px tall or 20 px wide.
    const tooSmall = () => smallTargets(page);
    // Every card laid out, not only those near the screen (content-visibility: auto).
    const layOutAll = () => page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
    await page.goto(`${server.url}/`);
    await loaded(page);
    await layOutAll();
    expect(await tooSmall()).toEqual([]);
    await loginAs(page, server.url, 'student01');
    await loaded(page);
    await page.getByRole('heading', { name: '待我处理' }).waitFor();
    await page.locator('.notice-prompt').waitFor();
    await layOutAll();
    expect(await tooSmall()).toEqual([]);
  });

  it('every control of the service hall, the three lists and the personal center is a target of 24 × 24 px too', async () => {
    const { page, server } = journey;
    // The read-receipt switch was 22 px tall, 去服务大厅 in the favourites card's header 16 px, a favourite's name in the
    // hall 20 px and a recently used service's name 18 px.
    await loginAs(page, server.url, 'student01');
    for (const [path, ready] of [
      ['/home/serviceHall', page.getByRole('button', { name: /^打开 / }).first()],
      ['/home/threelists', page.getByRole('searchbox').first()],
      ['/home/PersonalCenter', page.getByRole('switch').first()],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await loaded(page);
      await ready.waitFor();
      await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
      expect(await smallTargets(page), path).toEqual([]);
    }
  });

  it('a route whose code part does not arrive shows a clear message with a retry, inside the shell', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.route(/\/assets\/three-lists-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: '打开导航菜单' }).tap();
    await page.getByRole('dialog').getByRole('link', { name: '三清单' }).tap();
    await page.getByText('页面加载失败：网络不稳定或系统已更新。').waitFor();
    await page.unroute(/\/assets\/three-lists-page-[^/]+\.js$/);
    await page.getByRole('button', { name: '重新加载' }).tap();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText('页面加载失败').count()).toBe(0);
  });

  it('a page whose code part is slow keeps the page before it on screen, under a progress bar, until it arrives', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.getByRole('heading', { name: '待我处理' }).waitFor();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const part = /\/assets\/three-lists-page-[^/]+\.js$/;
    await page.route(part, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: '打开导航菜单' }).tap();
    await page.getByRole('dialog').getByRole('link', { name: '三清单' }).tap();
    // The navigation is a transition (ADR 0059): the home page stays, and a bar says the next page is coming.
    await page.getByRole('progressbar', { name: '加载中…' }).waitFor();
    expect(await page.getByRole('heading', { name: '待我处理' }).count()).toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0); // the drawer closed on the tap
    release();
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/home/threelists');
    expect(await page.getByRole('heading', { name: '待我处理' }).count()).toBe(0);
    await page.unroute(part);
  });

  it('/ is painted by the server: readable with no script, its controls waiting; the app then takes over the same page (ADR 0061)', async () => {
    const { page, server } = journey;
    // With no script at all: the title, the figures, the services and the links are there.
    const noScript = await journey.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(`${server.url}/`);
    await bare.getByRole('heading', { level: 1, name: '示例大学网上办事服务大厅' }).waitFor();
    const figures = await bare.locator('.svc-landing-stats .svc-stat-value').allTextContents();
    expect(figures.length).toBe(5);
    expect(figures.every((f) => /^[1-9][\d,]*$/.test(f.trim()))).toBe(true);
    expect(await bare.locator('article.svc-card').count()).toBeGreaterThan(0);
    expect(await bare.getByRole('heading', { name: '新上线服务' }).count()).toBe(1);
    // Its buttons and fields wait for the script (disabled), drawn as they will be.
    expect(await bare.getByRole('searchbox', { name: '搜索服务' }).first().isDisabled()).toBe(true);
    expect(await bare.getByRole('button', { name: '登录' }).isDisabled()).toBe(true);
    expect(await bare.locator('#root [disabled]:not([data-until-script])').count()).toBe(0);
    // Its links are links (the navigation's, in the drawer on a phone).
    expect(await bare.locator('a[href="/allServices"]').count()).toBeGreaterThan(0);
    await noScript.close();

    // With the script, held back until the first screen has been marked: the app attaches to those very elements
    // (hydrated, not made again), lets its controls go, and logs no error (a hydration that did not match would).
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/`, { waitUntil: 'domcontentloaded' });
    const title = page.getByRole('heading', { level: 1, name: '示例大学网上办事服务大厅' });
    await title.waitFor();
    await title.evaluate((h) => ((h as HTMLElement & { painted?: boolean }).painted = true));
    expect(await page.locator('[data-until-script]').count()).toBeGreaterThan(0);
    release();
    await loaded(page);
    expect(await title.evaluate((h) => (h as HTMLElement & { painted?: boolean }).painted)).toBe(true);
    expect(await page.locator('[data-until-script], #root [disabled]').count()).toBe(0);
    await page.getByRole('button', { name: '登录' }).tap();
    await page.waitForURL(/\/login$/);
    expect(errors).toEqual([]);
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
  });

  it('/login is painted by the server too: its form waits for the script, which takes over the same page with the account field focused (ADR 0061)', async () => {
    const { page, server } = journey;
    const noScript = await journey.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(`${server.url}/login`);
    await bare.getByRole('heading', { level: 1, name: '示例大学 网上办事服务大厅' }).waitFor();
    expect(await bare.getByLabel('账号').isDisabled()).toBe(true);
    expect(await bare.getByRole('button', { name: '登录' }).isDisabled()).toBe(true);
    // The demo accounts' hint (the page's largest paint) is there before any script.
    await bare.getByText('演示账号', { exact: false }).waitFor();
    await noScript.close();

    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/login?redirect=%2Fhome%2FserviceHall`, { waitUntil: 'domcontentloaded' });
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    await title.evaluate((h) => ((h as HTMLElement & { painted?: boolean }).painted = true));
    release();
    await page.waitForFunction(() => !document.querySelector('#root[data-first-screen]'));
    expect(await title.evaluate((h) => (h as HTMLElement & { painted?: boolean }).painted)).toBe(true);
    expect(await page.getByLabel('账号').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByLabel('账号').fill('student01');
    await page.getByLabel('密码', { exact: true }).fill('Demo@12345');
    await page.getByRole('button', { name: '登录' }).tap();
    await page.waitForURL(/\/home\/serviceHall$/);
    expect(errors).toEqual([]);
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
  });

  it('a double tap on 登录 after a two-line error is one login: the button stays under the finger and /login stays (not 返回门户首页)', async () => {
    const { page, server } = journey;
    // A wrong password said at length (two lines on this phone); the next answer is held back until both taps are in.
    const long = '账号或密码错误。连续失败 5 次后该账号将被锁定 15 分钟，请核对后重试';
    let calls = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/blade-auth\/oauth\/token$/, async (route) => {
      if (++calls === 1) {
        const answer = await route.fetch();
        await route.fulfill({ response: answer, json: { ...(await answer.json()), msg: long } });
        return;
      }
      await held;
      await route.continue();
    });
    // The page's clock, moved on past section 9's 800 ms guard below rather than waited for.
    await page.clock.install();
    await page.goto(`${server.url}/login`);
    await page.waitForFunction(() => !document.querySelector('#root[data-first-screen]'));
    await page.getByLabel('账号').fill('student01');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    const submit = page.getByRole('button', { name: '登录' });
    await submit.tap();
    const alert = page.getByRole('alert').filter({ hasText: long });
    await alert.waitFor();
    const lines = await alert.evaluate((el) => {
      const text = el.lastElementChild!;
      return Math.round(text.getBoundingClientRect().height / parseFloat(getComputedStyle(text).lineHeight));
    });
    expect(lines).toBe(2);
    await page.clock.fastForward(1000);

    // The double tap, where the button is.
    const before = (await submit.boundingBox())!;
    const [x, y] = [before.x + before.width / 2, before.y + before.height / 2];
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(x, y);
    await expect.poll(() => calls).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await submit.boundingBox())!.y).toBe(before.y);
    release();
    await page.getByRole('alert').filter({ hasText: '账号或密码错误' }).filter({ hasNotText: long }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(calls).toBe(2);
    await page.unroute(/\/api\/blade-auth\/oauth\/token$/);
  });

  it('/ paints with no Ant Design; its tabs, groups and language switch work by touch and keyboard, and a guide opens in an Ant Design island', async () => {
    const { page, server } = journey;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/`);
    await loaded(page);
    expect(requested.filter((p) => /antd-(root|theme)/.test(p))).toEqual([]);
    expect(await antDesignSheet(page)).toBe(false);
    // Tabs: the arrow keys move between them and show their panel.
    const tabs = page.getByRole('tablist', { name: '全部服务' });
    await tabs.getByRole('tab', { name: '按场景' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.getByRole('tab', { name: '按部门' }).getAttribute('aria-selected')).toBe('true');
    const groups = page.getByRole('radiogroup', { name: '按部门' });
    await groups.waitFor();
    // A department's group: tapping another shows its services.
    const second = groups.getByRole('radio').nth(1);
    const deptName = ((await second.evaluate((r) => r.parentElement!.textContent)) ?? '').replace(/ \(\d+\)$/, '');
    await second.tap({ force: true });
    await expect
      .poll(() => page.locator('.plain-tabs-panel article.svc-card .svc-card-dept').first().textContent())
      .toBe(deptName);
    // The language switch: a menu whose items the arrow keys reach; English is kept.
    await page.getByRole('button', { name: '语言' }).tap();
    await page.getByRole('menuitem', { name: 'English' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Popular' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.getByRole('button', { name: 'Language' }).tap();
    await page.getByRole('menuitem', { name: '简体中文' }).tap();
    await page.getByRole('heading', { name: '热门服务' }).waitFor();
    expect(await antDesignSheet(page)).toBe(false);
    // A guide: the drawer (Ant Design) arrives in an island with its styles, and closes.
    await page.locator('article.svc-card').getByRole('button', { name: '办事指南' }).first().tap();
    const guide = page.getByRole('dialog');
    await guide.waitFor();
    expect(requested.some((p) => /antd-theme/.test(p))).toBe(true);
    expect(await antDesignSheet(page)).toBe(true);
    await expectNoSidewaysScroll(page, 390);
    await page.keyboard.press('Escape');
    await guide.waitFor({ state: 'hidden' });
  });

  it('/login and the home page paint with no Ant Design, and when the shell does not arrive a plain message offers a retry', async () => {
    const { page, server } = journey;
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: '登录' }).waitFor();
    // Neither the layout's script nor its style sheet, and no Ant Design rule in any sheet of the page.
    expect(loaded.filter((p) => p.includes('antd-root'))).toEqual([]);
    expect(await antDesignRules(page)).toBe(0);
    await expectNoSidewaysScroll(page, 390);
    expect(JSON.stringify(await seriousA11yViolations(page), null, 1)).toBe('[]');
    // An empty form names what is missing, under each field.
    await page.getByLabel('账号').fill('');
    await page.getByRole('button', { name: '登录' }).tap();
    await page.getByText('请输入账号').waitFor();
    await page.getByText('请输入密码').waitFor();

    // The shell of /home does not arrive: the first script's own error page, not a white one.
    await page.route(/\/assets\/shell-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByLabel('账号').fill('student01');
    await page.getByLabel('密码', { exact: true }).fill('Demo@12345');
    await page.getByRole('button', { name: '登录' }).tap();
    await page.getByText('页面加载失败：网络不稳定或系统已更新。').waitFor();
    await page.unroute(/\/assets\/shell-[^/]+\.js$/);
    const cardsAnswer = page.waitForResponse((r) => r.url().includes('/cardcolumnconfig/getConfigs'));
    await page.getByRole('button', { name: '重新加载' }).tap();
    await page.getByRole('button', { name: '打开导航菜单' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/homePage');
    // The cards' answer comes sealed and deflated inside the seal (ADR 0060): a few KB, not the 50 KB of its
    // sealed JSON, which HTTP compression cannot shrink.
    const answer = await cardsAnswer;
    expect(answer.request().headers()['portal-transport-deflate']).toBe('1');
    expect((await answer.body()).length).toBeLessThan(15_000);
    // Card icons load as they come near the screen (issue 10): the last one once scrolled to.
    const lastIcon = page.locator('img.wb-icon').last();
    expect(await lastIcon.getAttribute('loading')).toBe('lazy');
    await lastIcon.scrollIntoViewIfNeeded();
    await expect
      .poll(() => lastIcon.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    // The shell and the home page are plain too (ADR 0048): no Ant Design layout, theme or sheet (the portal's own
    // sheets keep a few rules for Ant Design's components on other pages), and no Ant Design component.
    await page.getByRole('heading', { name: '待我处理' }).waitFor();
    expect(loaded.filter((p) => p.includes('antd-root') || p.includes('antd-theme'))).toEqual([]);
    expect(await page.locator('[class^="ant-"], [class*=" ant-"]').count()).toBe(0);

    // Each page's parts come in a few scripts beside the first one, which its document names: a phone on HTTP/1.1
    // loads six at a time, a round trip each (ADR 0056: the home page named 29, `/` 10). `/` with its first screen
    // painted names them on the loader that asks for them once that screen has painted (ADR 0061), and a logged-in
    // page on the one that asks for them once its watermark has painted (ADR 0076).
    const preloaded = async (path: string) => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const loader = /<script defer src="\/(?:first-screen|home)-boot\.js" data-scripts="([^"]+)">/.exec(html);
      return new Set([
        ...[...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
        ...(loader ? loader[1]!.split(' ').slice(1) : []),
      ]);
    };
    const [home, landing, login] = await Promise.all(['/home/homePage', '/', '/login'].map(preloaded));
    const first = [...login].filter((f) => landing.has(f) && home.has(f));
    const beyondFirst = (doc: Set<string>) => [...doc].filter((f) => !first.includes(f));
    expect(first.length).toBeGreaterThan(0);
    expect(beyondFirst(home).length).toBeLessThanOrEqual(6);
    expect(beyondFirst(landing).length).toBeLessThanOrEqual(3);
    expect(beyondFirst(login).length).toBeLessThanOrEqual(3);
  });
});

describe('on a laptop and wider screens', () => {
  const journey = useJourney({ viewport: { width: 1366, height: 768 } });

  it('the landing page and /login do not move while their data arrives (layout shift ≤ 0.02)', () =>
    expectStillWhileLoading(journey));

  it('in a 1350 × 940 window (Lighthouse’s desktop) / moves nothing when its first screen arrives late and the ranking lists are in the first screen', async () => {
    const page = await journey.context.newPage();
    await page.setViewportSize({ width: 1350, height: 940 });
    // `/`'s page carries its first screen (ADR 0053); without it (a service worker's page, a stale server), the page
    // makes the one call: here held back, so every section arrives in one frame after the skeletons.
    await page.route(`${journey.server.url}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script type="application\/json"[^<]*<\/script>/, '');
      await route.fulfill({ response, body: html });
    });
    const shift = await loadShift(page, `${journey.server.url}/`, loaded, (u) =>
      u.includes('nobody/index/index') ? 1_500 : 300,
    );
    // Stricter than the 0.02: the school's name and the groups arriving moved the navigation links and the
    // ranking lists by 0.008–0.033 here (0.039 under Lighthouse) until the groups block kept its skeleton's height and
    // the navigation's box its start corner (ADR 0051).
    expect(shift).toBeLessThanOrEqual(0.005);
    await page.close();
  });

  it('in a 1350 × 940 window the home page moves nothing on a first visit while its cards arrive', async () => {
    const { context, server } = journey;
    const login = await context.newPage();
    await loginAs(login, server.url, 'student01');
    await login.close();
    // A first visit: none of the answers the home page after the login saved for offline use (IndexedDB).
    const blank = await context.newPage();
    await blank.goto(`${server.url}/manifest.webmanifest`);
    await blank.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase('portal-offline');
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    );
    await blank.close();
    const page = await context.newPage();
    await page.setViewportSize({ width: 1350, height: 940 });
    // The cards' one call answers after the rest of the page, as it did under Lighthouse, where the cards grew from
    // their skeletons' height to their lists' and pushed the second row down: 0.055 (issue 10).
    const shift = await loadShift(page, `${server.url}/home/homePage`, loaded, (u) =>
      u.includes('cardcolumnconfig/getConfigs') ? 600 : 300,
    );
    expect(shift).toBeLessThanOrEqual(0.02);
    await page.close();
  });

  it('the personal center and the efficiency page move at most 0.02 while their answers arrive, on a laptop and on a phone', async () => {
    const { context, server } = journey;
    const login = await context.newPage();
    await loginAs(login, server.url, 'student01');
    await login.close();
    // Every part of the page waits for its own answer: the school calendar last (it pushed three cards out of the
    // window, 0.13), the password rule, the school's logo and the figures in between (0.02–0.06 each, issue 10).
    const delayOf = (u: string) =>
      u.includes('getSchoolCalendar')
        ? 1200
        : /changePasswordInfo|GuiseLogoInfo|personalEfficiencyReport|personalReport|getSessionValidTime/i.test(u)
          ? 800
          : 300;
    const settledNetwork = async (p: Page) => {
      await loaded(p);
      await p.waitForLoadState('networkidle');
      await settled(p);
    };
    for (const viewport of [
      { width: 1350, height: 940 },
      { width: 390, height: 844 },
    ])
      for (const path of ['/home/PersonalCenter', '/home/effectivenessSupervision']) {
        const page = await context.newPage();
        await page.setViewportSize(viewport);
        const shift = await loadShift(page, `${server.url}${path}`, settledNetwork, delayOf);
        expect(shift, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(0.02);
        await page.close();
      }
  });

  it('the main pages are axe-clean at 1366 × 768, with one main landmark and a skip link', async () => {
    const { page, server } = journey;
    for (const path of ['/', '/login']) {
      await page.goto(`${server.url}${path}`);
      await loaded(page);
      expect(JSON.stringify(await seriousA11yViolations(page), null, 1), path).toBe('[]');
    }
    await loginAs(page, server.url, 'student01');
    for (const path of MAIN_PAGES) {
      await page.goto(`${server.url}${path}`);
      await loaded(page);
      expect(await page.getByRole('main').count(), path).toBe(1);
      expect(JSON.stringify(await seriousA11yViolations(page), null, 1), path).toBe('[]');
    }
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('跳到主要内容');
    // The pages a user lands on by mistake, in the shell and outside it: one main landmark, axe-clean (the way back
    // was blue on blue), and one link back, not a button inside a link.
    for (const path of ['/home/noPower', '/no-such-page']) {
      await page.goto(`${server.url}${path}`);
      await loaded(page);
      expect(await page.getByRole('main').count(), path).toBe(1);
      expect(JSON.stringify(await seriousA11yViolations(page), null, 1), path).toBe('[]');
      const back = page.getByRole('link', { name: '返回首页' });
      expect(await back.locator('button').count(), path).toBe(0);
      // axe leaves a text the colour of its background to review, so the colours are checked here.
      const [color, background] = await back.evaluate((a) => [
        getComputedStyle(a).color,
        getComputedStyle(a).backgroundColor,
      ]);
      expect(color, path).toBe('rgb(255, 255, 255)');
      expect(background, path).not.toBe(color);
    }
  });

  it('the header’s buttons show a focus ring that stands out from the header (chat, language, user menu)', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/homePage`);
    await loaded(page);
    const rings = new Map<string, { outline: string; header: string }>();
    await page.locator('body').focus();
    for (let i = 0; i < 40 && rings.size < 3; i++) {
      await page.keyboard.press('Tab');
      const seen = await page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        if (!a?.closest('.portal-header-tools')) return null;
        const style = getComputedStyle(a);
        return {
          name: a.getAttribute('aria-label') ?? a.textContent ?? '',
          outline: `${style.outlineStyle} ${style.outlineColor}`,
          header: getComputedStyle(a.closest('.portal-header')!).backgroundColor,
        };
      });
      if (seen) rings.set(seen.name, seen);
    }
    expect(rings.size).toBeGreaterThanOrEqual(3);
    for (const [name, { outline, header }] of rings) {
      expect(outline, name).toMatch(/^solid /);
      expect(outline, name).not.toContain(header);
    }
  });

  it('a notice read from the unread-notice prompt takes one off the chat badge at once', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/homePage`);
    const badge = page.locator('.portal-header-tools').getByRole('button', { name: /^即时通讯 \d+ 条未读$/ });
    const count = async () => Number(/(\d+) 条未读/.exec((await badge.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await expect.poll(count).toBeGreaterThan(0);
    const before = await count();
    // A portal notice opens in this tab (ADR 0073); back on the home page, the badge has one fewer.
    await page
      .locator('aside.notice-prompt')
      .getByRole('button', { name: /^查\s*看$/ })
      .click();
    await page.waitForURL(/\/generalDetailsTow\?/);
    await page.goBack();
    await expect.poll(count).toBe(before - 1);
  });

  it('the unread-notice prompt hides nothing at 1366 × 768: keyboard focus stays clear of it, and 收起提醒 folds it into a badge for the session', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/home/effectivenessSupervision`);
    await loaded(page);
    const prompt = page.getByRole('complementary', { name: '未读重要通知' });
    await prompt.getByRole('heading', { name: '未读重要通知' }).waitFor();
    await page.locator('.ant-pagination').first().waitFor();
    // Every stop of the page's content, reached by Tab, is in sight: not under the prompt (the tables' pagers were).
    const hidden = new Set<string>();
    await page.locator('main h1').first().click();
    for (let i = 0; i < 150; i++) {
      await page.keyboard.press('Tab');
      const under = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const box = document.querySelector('aside.notice-prompt');
        if (!el || !box || box.contains(el) || !el.closest('main')) return null;
        const a = el.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        const overlaps = a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom;
        return overlaps ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 20)}` : null;
      });
      if (under) hidden.add(under);
    }
    expect([...hidden]).toEqual([]);
    // 收起提醒: a badge at the corner that still reminds, for the session (a reload keeps it), and opens it again.
    await prompt.getByRole('button', { name: '收起提醒' }).click();
    const badge = prompt.getByRole('button', { name: /^未读重要通知 \d+ 条，展开$/ });
    await expect.poll(() => badge.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await prompt.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(48);
    expect(box.width).toBeLessThanOrEqual(240);
    await page.reload();
    await loaded(page);
    await badge.waitFor();
    expect(await prompt.getByRole('heading', { name: '未读重要通知' }).count()).toBe(0);
    await badge.click();
    await prompt.getByRole('heading', { name: '未读重要通知' }).waitFor();
    expect(JSON.stringify(await seriousA11yViolations(page, '.notice-prompt'))).toBe('[]');
  });

  it('常用服务 keeps every service name on at most two lines at 1366, 1440 and 1920 px', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    for (const width of [1366, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/home/homePage`);
      await loaded(page);
      const names = page.locator('.wb-use-name');
      await expect.poll(() => names.count()).toBeGreaterThan(0);
      const lines = await names.evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent)
          .map((el) => {
            const lineHeight =
              parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5715;
            return { name: el.textContent, lines: Math.round(el.getBoundingClientRect().height / lineHeight) };
          }),
      );
      expect(lines.length).toBeGreaterThan(0);
      expect(
        lines.filter((l) => l.lines > 2),
        `at ${width}px`,
      ).toEqual([]);
    }
  });

  it('待办列表 keeps each arrival date and each title on one line at 1366 × 768, in Chinese and English; a cut title is whole in its title', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'teacher01');
    for (const language of ['zh-CN', 'en-US']) {
      await page.evaluate((l) => localStorage.setItem('portal.language', l), language);
      await page.goto(`${server.url}/home/homePage`);
      await loaded(page);
      const rows = page.locator('.wb-table tbody tr');
      await expect.poll(() => rows.count(), language).toBeGreaterThan(2);
      const cells = await rows.evaluateAll((trs) =>
        trs.flatMap((tr) =>
          [...tr.querySelectorAll('td')].map((td) => {
            const range = document.createRange();
            range.selectNodeContents(td);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            return {
              text: td.textContent ?? '',
              title: td.getAttribute('title'),
              lines: tops.size,
            };
          }),
        ),
      );
      const dates = cells.filter((c) => /^\d{4}-\d{2}-\d{2}$/.test(c.text));
      const titles = cells.filter((c) => c.title !== null);
      expect(dates.length, language).toBeGreaterThan(2);
      expect(
        cells.filter((c) => c.lines !== 1),
        `${language}: cells over more than one line`,
      ).toEqual([]);
      expect(titles.length, language).toBe(dates.length);
      expect(
        titles.filter((c) => c.title !== c.text),
        language,
      ).toEqual([]);
    }
  });

  it('in English the service cards keep their heat and rating on one line each, on `/`, /allServices and the service hall; /allServices has the school’s name and a language switch', async () => {
    const { page, server } = journey;
    const stats = async (where: string) => {
      const cards = page.locator('article.svc-card');
      await expect.poll(() => cards.count(), where).toBeGreaterThan(0);
      return page.locator('.svc-heat, .svc-rating').evaluateAll((els) =>
        els
          .filter((el) => (el as HTMLElement).offsetParent)
          .map((el) => {
            const lineHeight =
              parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5715;
            return { text: el.textContent, lines: Math.round(el.getBoundingClientRect().height / lineHeight) };
          }),
      );
    };
    // In Chinese first, whatever language the journey's earlier pages left.
    await page.goto(`${server.url}/allServices`);
    await page.evaluate(() => localStorage.setItem('portal.language', 'zh-CN'));
    await page.context().addCookies([{ name: 'portal-lang', value: 'zh-CN', url: server.url }]);
    await page.reload();
    const header = page.getByRole('banner');
    await header.getByText('示例大学网上办事服务大厅').waitFor();
    await header.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await header.getByRole('button', { name: 'Log in' }).waitFor();
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 768 });
      const looked = await stats(`/allServices at ${width} px`);
      expect(looked.length).toBeGreaterThan(3);
      expect(
        looked.filter((l) => l.lines > 1),
        `/allServices at ${width} px`,
      ).toEqual([]);
      await expectNoSidewaysScroll(page, width);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${server.url}/`);
    await page.getByRole('tab', { name: 'By department' }).click();
    expect(
      (await stats('/')).filter((l) => l.lines > 1),
      '/',
    ).toEqual([]);
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/serviceHall`);
    expect(
      (await stats('/home/serviceHall')).filter((l) => l.lines > 1),
      'the service hall',
    ).toEqual([]);
  });

  it('a keyboard user who closes a guide or a rating dialog with Escape is back on the button that opened it', async () => {
    const { page, server } = journey;
    const focused = () =>
      page.evaluate(() => {
        const a = document.activeElement as HTMLElement | null;
        return a && a !== document.body
          ? `${a.closest('article')?.getAttribute('aria-label')}: ${a.textContent}`
          : 'body';
      });
    const openAndClose = async (name: string | RegExp, where: string) => {
      const button = page.locator('article.svc-card').first().getByRole('button', { name });
      await button.focus();
      const opener = await focused();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor();
      await settled(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(focused, `${name} on ${where}`).toBe(opener);
    };
    await page.goto(`${server.url}/`);
    await loaded(page);
    await openAndClose(/^办事指南 /, '/');
    await openAndClose(/^办事指南 /, '/');
    await loginAs(page, server.url, 'student01');
    await page.goto(`${server.url}/home/serviceHall`);
    await page.locator('article.svc-card').first().waitFor();
    await openAndClose(/^办事指南 /, 'the service hall');
    await openAndClose(/^评价 /, 'the service hall');
  });

  it('gives a user who chose English `/` without the Chinese first screen, and the English page', async () => {
    const { page, server } = journey;
    await page.goto(`${server.url}/`);
    await loaded(page);
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // The server is told (a cookie), so the page comes with the boot mark, not a page that changes language.
    const html = await (await page.request.get(`${server.url}/`)).text();
    expect(html).not.toContain('data-first-screen');
    expect(html).toContain('class="boot"');
    await page.reload();
    // The configured title in its English (ADR 0074).
    await page.getByRole('heading', { level: 1, name: 'Demo University Online Service Hall' }).waitFor();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
  });

  it('keeps English after a reload (html lang too), and prints the footer copyright once', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    const footer = (await page.locator('footer').textContent()) ?? '';
    expect(footer.match(/©/g)?.length ?? 0).toBe(1);
  });

  it('the watermark covers a 2560 × 1600 screen to its corners', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.setViewportSize({ width: 2560, height: 1600 });
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('[data-testid="watermark"] > div')].map((c) =>
        c.getBoundingClientRect(),
      );
      return (
        cells.some((r) => r.right >= innerWidth - 1 && r.left < innerWidth) &&
        cells.some((r) => r.bottom >= innerHeight - 1 && r.top < innerHeight)
      );
    });
  });
});
