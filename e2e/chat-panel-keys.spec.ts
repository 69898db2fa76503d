import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, settled } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

/** A phone: 390 × 844, touch, a mobile viewport (issue 10). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The chat panel in English: every tab on its one line, none behind Ant Design's "···" button; the image viewer's keys. */
describe('chat panel: English tabs and the image viewer’s Escape (real server, Debian Chromium)', () => {
  const journey = useJourney();

  /** The tabs of the panel's list, and whether each lies inside the tab bar (not clipped into the overflow). */
  const tabBar = (page: Page) =>
    page.locator('.chat-sidebar-tabs > .ant-tabs-nav').evaluate((nav) => {
      const wrap = nav.querySelector('.ant-tabs-nav-wrap')!.getBoundingClientRect();
      const more = nav.querySelector<HTMLElement>('.ant-tabs-nav-more');
      return {
        tabs: [...nav.querySelectorAll('.ant-tabs-tab')].map((tab) => {
          const r = tab.getBoundingClientRect();
          return { name: tab.textContent, inside: r.left >= wrap.left - 0.5 && r.right <= wrap.right + 0.5 };
        }),
        moreShown: more ? getComputedStyle(more).visibility !== 'hidden' && more.offsetWidth > 0 : false,
        moreName: more ? (more.textContent ?? '').trim() : null,
      };
    });

  for (const [device, options] of [
    ['a desktop window', {}],
    ['a 390×844 phone', PHONE],
  ] as const) {
    it(`shows every tab, Search included, on ${device} in English`, async () => {
      const context = await journey.newContext(options);
      const page = await context.newPage();
      await loginAs(page, journey.server.url, 'student01');
      await page.evaluate(() => localStorage.setItem('portal.language', 'en-US'));
      await page.reload();
      await page.getByRole('button', { name: /^Chat/ }).click();
      const panel = page.getByRole('dialog', { name: 'Instant messaging' });
      await panel.waitFor({ state: 'visible' });
      await settled(page);
      await panel.getByRole('tab', { name: 'Search' }).waitFor();
      const bar = await tabBar(page);
      expect(bar.tabs.map((t) => [t.name?.replace(/\d.*$/, ''), t.inside])).toEqual([
        ['Chats', true],
        ['Accounts', true],
        ['Search', true],
      ]);
      expect(bar.moreShown).toBe(false);
      // Should it ever show, the overflow button has a name.
      expect(bar.moreName).toBe('More tabs');
      // The Search tab is a tab of the list that the keyboard reaches (Chats → Accounts → Search).
      await panel.getByRole('tab', { name: 'Chats' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await panel.getByRole('tab', { name: 'Search', selected: true }).waitFor();
      await context.close();
    });
  }

  it('starts a conversation from the keyboard (发起会话): the focus goes to its message box, and the first message is sent', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.getByRole('button', { name: /^即时通讯/ }).click();
    const panel = page.getByRole('dialog', { name: '即时通讯' });
    await panel.waitFor({ state: 'visible' });
    await settled(page);
    await panel.getByRole('combobox', { name: '搜索姓名或账号' }).focus();
    await page.keyboard.type('teacher');
    await page.locator('.ant-select-item-option').filter({ hasText: '李老师（teacher01）' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const view = panel.getByRole('region', { name: '与 李老师 的消息' });
    const box = view.getByRole('textbox', { name: '消息内容' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('李老师您好，想预约周五答疑');
    await page.keyboard.press('Enter');
    await view.locator('li.chat-message.own').filter({ hasText: '李老师您好，想预约周五答疑' }).waitFor();
    // Back in the list by keyboard: Enter on a conversation gives its message box the focus too.
    await panel.getByRole('button', { name: /^文件传输助手/ }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        panel
          .getByRole('region', { name: '与 文件传输助手 的消息' })
          .getByRole('textbox', { name: '消息内容' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
  });

  it('closes the image viewer with one press of Escape after zooming', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    await page.getByRole('button', { name: /^即时通讯/ }).click();
    const panel = page.getByRole('dialog', { name: '即时通讯' });
    await panel.waitFor({ state: 'visible' });
    await panel.getByRole('button', { name: /^文件传输助手/ }).click();
    // A 1×1 PNG, sent to oneself.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await panel.getByTestId('chat-image-input').setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: png });
    await panel.getByRole('button', { name: '图片预览 截图.png' }).click();
    const viewer = page.getByRole('dialog', { name: '图片预览' });
    await viewer.getByRole('img', { name: '截图.png' }).waitFor();
    // Zoom as a person does: the pointer on the button (its tooltip shows), a click.
    await viewer.getByRole('button', { name: '放大' }).hover();
    await page.getByRole('tooltip', { name: '放大' }).waitFor();
    await viewer.getByRole('button', { name: '放大' }).click();
    await viewer.getByText('120%').waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden', timeout: 5_000 });
    // The chat panel under it stays open: the one press closed the viewer only.
    await expect(panel.isVisible()).resolves.toBe(true);
  });
});
