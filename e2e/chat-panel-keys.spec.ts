import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, settled } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

/** A phone: 390 × 844, touch, a mobile viewport (issue 10). */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The chat panel in English: every tab on its one line, none behind Ant Design's "···" button. */
describe('chat panel: English tabs (real server, Debian Chromium)', () => {
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
});
