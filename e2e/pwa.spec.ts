import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginAs } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { storedSession, storedToken } from './support/session.ts';

const dist = new URL('../apps/web/dist', import.meta.url).pathname;

/**
 * Waits until the service worker has installed (precached the build) and is active, then reloads so it controls the
 * page (the first visit runs without it: clientsClaim is off, a page keeps one build's worker throughout).
 */
async function workerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 30_000 });
}

/** The logged-in user's id, from the stored (encrypted) session. */
async function studentId(page: Page): Promise<string> {
  const id = (await storedSession(page))?.user?.user_id;
  if (!id) throw new Error('no user in the stored session');
  return id;
}

/** Issue 18: the portal installs to a phone's home screen and works offline (real server, Debian Chromium). */
describe('installable and offline portal (real server, Debian Chromium)', () => {
  const journey = useJourney();
  let server: RunningServer;
  let page: Page;
  beforeEach(() => {
    ({ server, page } = journey);
  });

  it("meets the install criteria: the tenant's manifest and a service worker with no installability error", async () => {
    await page.goto(`${server.url}/login`);
    await page.getByLabel(/账号/).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest?tenantId=000000');
    await workerReady(page);
    const cdp = await journey.context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data)).toMatchObject({ name: '示例大学网上办事服务大厅', display: 'standalone' });
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // Playwright's contexts are incognito windows, where Chromium never offers to install: that one is the browser's.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);

    // Logged in, the manifest is there as soon as the page has loaded, not only once the encrypted session is read
    // (Chromium looked at load and found none).
    await loginAs(page, server.url, 'student01');
    await page.getByRole('heading', { name: '待我处理' }).waitFor();
    await page.reload({ waitUntil: 'load' });
    const loggedIn = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(loggedIn.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);

    // The worker script and the manifest are revalidated on every use; the hashed chunks are kept for a year.
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const m = await fetch(`${server.url}/manifest.webmanifest?tenantId=000000`);
    expect(m.headers.get('cache-control')).toBe('no-cache');
    expect(m.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    // The CSP lets the worker and the manifest load from the portal itself.
    const csp = (await fetch(`${server.url}/login`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/default-src 'self'/);
  });

  it('offers "new version, reload" to an open tab when a new build is served, and reloads into it', async () => {
    // A server of its own on a copy of the build, so the "release" changes only this copy.
    const copy = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    cpSync(dist, copy, { recursive: true });
    const own = await startServer({ WEB_DIST: copy });
    try {
      await loginAs(page, own.url, 'student01');
      await workerReady(page);
      await page.getByRole('button', { name: /用户菜单/ }).waitFor();
      expect(await page.getByRole('alertdialog', { name: '新版本可用' }).count()).toBe(0);

      // The next release: a new worker script (its precache list changes with every build).
      appendFileSync(join(copy, 'sw.js'), '\n// next build\n');
      rmSync(join(copy, 'sw.js.br'), { force: true });
      rmSync(join(copy, 'sw.js.gz'), { force: true });
      // The open tab looks for it (it does so every few minutes and whenever it is shown again).
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())!.update();
      });
      const prompt = page.getByRole('alertdialog', { name: '新版本可用' });
      await prompt.waitFor({ timeout: 30_000 });
      // The tab still runs its own build until the user chooses.
      await expect(page.getByRole('button', { name: /用户菜单/ }).isVisible()).resolves.toBe(true);

      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: /刷\s*新/ }).click();
      await reloaded;
      await page.getByRole('button', { name: /用户菜单/ }).waitFor();
      await workerReady(page);
      const state = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: !!reg?.waiting, active: !!reg?.active };
      });
      expect(state).toEqual({ waiting: false, active: true });
      expect(await page.getByRole('alertdialog', { name: '新版本可用' }).count()).toBe(0);
    } finally {
      await own.stop();
      rmSync(copy, { recursive: true, force: true });
    }
  });

  /** The user's offline copy as stored (encrypted) in IndexedDB portal-offline, or null. */
  const offlineCopy = (p: Page, userId: string) =>
    p.evaluate(
      (name) =>
        new Promise<string | null>((resolve) => {
          const open = indexedDB.open('portal-offline');
          open.onerror = () => resolve(null);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('values')) return resolve(null);
            const get = db.transaction('values', 'readonly').objectStore('values').get(name);
            get.onsuccess = () => resolve(typeof get.result === 'string' ? get.result : null);
            get.onerror = () => resolve(null);
          };
        }),
      `portal.offline.000000.${userId}`,
    );

  /**
   * Waits until the user's answers on screen have been saved for offline use: the copy exists, is sealed, and did not
   * change for longer than the 1 s the cache waits before saving.
   */
  async function offlineCopySaved(p: Page, userId: string): Promise<void> {
    let last: string | null = null;
    for (let i = 0; i < 30; i++) {
      await new Promise((r) => setTimeout(r, 1500));
      const now = await offlineCopy(p, userId);
      if (now?.startsWith('v1.') && now === last) return;
      last = now;
    }
    throw new Error('the offline copy was not saved');
  }

  it('after one online visit, renders the home page, its notices, the favourites and the three lists from the cache with the offline mark and time', async () => {
    await loginAs(page, server.url, 'student01');
    await page.getByRole('heading', { name: '待我处理' }).waitFor();
    // A favourite to find offline (the seed gives student01 none).
    const favourite = await page.evaluate(
      async (token) => {
        const post = async (path: string, body: object) =>
          (await (
            await fetch(`/api/blade-platform/serverCenter/${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify(body),
            })
          ).json()) as { result: { records: Array<{ serviceId: string; serviceName: string }> } };
        const first = (await post('page', { current: 1, size: 1 })).result.records[0]!;
        await post('collect', { serviceId: first.serviceId });
        return first.serviceName;
      },
      await storedToken(page),
    );
    const notices = page.locator('.wb-card').filter({ has: page.getByRole('heading', { name: '重要公告' }) });
    const notice = (await notices.locator('.wb-list .wb-list-title').first().textContent())!.trim();
    expect(notice).not.toBe('');
    await offlineCopySaved(page, await studentId(page));
    await page.goto(`${server.url}/home/PersonalCenter`);
    await page.getByRole('region', { name: '我的收藏' }).getByText(favourite).waitFor();
    await offlineCopySaved(page, await studentId(page));
    await page.goto(`${server.url}/home/threelists`);
    await page.getByRole('heading', { name: '三清单', level: 1 }).waitFor();
    await workerReady(page);
    await page.getByRole('navigation', { name: '部门' }).getByText('考试中心（1）').click();
    await page.getByRole('article', { name: '考试组织' }).waitFor();
    await offlineCopySaved(page, await studentId(page));

    expect(await page.getByTestId('offline-banner').count()).toBe(0);
    await journey.context.setOffline(true);
    // The open page says so at once; a page opened offline comes from the cache.
    await page.getByTestId('offline-banner').waitFor();
    await page.goto(`${server.url}/home/homePage`);
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(
      /离线.*当前处于离线状态，显示的是 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 更新的内容/,
    );
    await page.getByRole('heading', { name: '待我处理' }).waitFor();
    await page.getByRole('button', { name: /用户菜单/ }).waitFor();
    await notices.scrollIntoViewIfNeeded();
    await notices.locator('.wb-list').getByText(notice).first().waitFor();
    await page.goto(`${server.url}/home/PersonalCenter`);
    await page.getByRole('region', { name: '我的收藏' }).getByText(favourite).waitFor();
    await page.getByTestId('offline-banner').waitFor();

    await page.goto(`${server.url}/home/threelists`);
    await page.getByRole('navigation', { name: '部门' }).getByText('考试中心（1）').click();
    const duty = page.getByRole('article', { name: '考试组织' });
    await duty.waitFor();
    expect(await duty.textContent()).toContain('补考重修报名');
    await page.getByTestId('offline-banner').waitFor();

    // Back online, the mark goes.
    await journey.context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
  });

  it('logout clears the offline copy: offline afterwards, nothing of the previous user shows', async () => {
    await loginAs(page, server.url, 'student01');
    await page.getByRole('heading', { name: '待我处理' }).waitFor();
    await workerReady(page);
    const id = await studentId(page);
    await offlineCopySaved(page, id);

    await page.getByRole('button', { name: /用户菜单/ }).click();
    await page.getByRole('menuitem', { name: /退出登录/ }).click();
    await page.getByText('您已安全退出').waitFor();
    // The saved answers and the user's key are gone.
    await expect.poll(() => offlineCopy(page, id), { timeout: 10_000 }).toBeNull();

    await journey.context.setOffline(true);
    await page.goto(`${server.url}/home/homePage`);
    await page.waitForURL(/\/login/);
    await page.getByLabel(/账号/).waitFor();
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(/待我处理|张同学|student01/);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('offline')))).toEqual([]);
    await journey.context.setOffline(false);
  });

  it('chat: a conversation opens offline from the records; messages written offline go out once, in order, when back, also after the tab was closed', async () => {
    const openPanel = async (p: Page) => {
      await p.getByRole('button', { name: /^即时通讯/ }).click();
      const panel = p.getByRole('dialog', { name: '即时通讯' });
      await panel.waitFor({ state: 'visible' });
      return panel;
    };
    const conversation = (p: Page, name: string) => p.getByRole('log', { name: `与 ${name} 的消息` });
    const send = async (p: Page, text: string) => {
      const panel = p.getByRole('dialog', { name: '即时通讯' });
      await panel.getByRole('textbox', { name: '消息内容' }).fill(text);
      await panel.getByRole('button', { name: /发\s*送$/ }).click();
    };

    await loginAs(page, server.url, 'student01');
    await workerReady(page);
    let panel = await openPanel(page);
    await panel.getByRole('combobox', { name: '搜索姓名或账号' }).click();
    await page.keyboard.type('teacher01');
    await page.locator('.ant-select-item-option:visible').filter({ hasText: '李老师' }).click();
    await conversation(page, '李老师').waitFor();
    await send(page, '在线：老师好');
    await conversation(page, '李老师')
      .locator('li.chat-message.own')
      .filter({ hasText: '在线：老师好' })
      .getByText(/已发送|已送达/)
      .waitFor();

    // Offline in the same tab: the message waits, visibly, and goes once when the network is back.
    await journey.context.setOffline(true);
    await send(page, '离线一：明天交作业');
    const first = conversation(page, '李老师').locator('li.chat-message.own').filter({ hasText: '离线一' });
    await first.getByText('发送中').waitFor();
    await journey.context.setOffline(false);
    await first.getByText(/已发送|已送达/).waitFor({ timeout: 20_000 });

    // Offline again, a message written, and the tab closed before the network comes back.
    await journey.context.setOffline(true);
    await send(page, '离线二：关掉页面前写的');
    await conversation(page, '李老师')
      .locator('li.chat-message.own')
      .filter({ hasText: '离线二' })
      .getByText('发送中')
      .waitFor();
    await page.close();

    // Reopened while still offline: the conversation comes from the records, the message still waiting.
    const reopened = await journey.context.newPage();
    await reopened.goto(`${server.url}/home/homePage`);
    await reopened.getByTestId('offline-banner').waitFor();
    panel = await openPanel(reopened);
    await panel
      .getByRole('button', { name: /^李老师/ })
      .first()
      .click();
    const waiting = conversation(reopened, '李老师').locator('li.chat-message.own').filter({ hasText: '离线二' });
    await waiting.getByText('发送中').waitFor();
    await conversation(reopened, '李老师').getByText('离线一：明天交作业').waitFor();
    // Back online: it goes by itself.
    await journey.context.setOffline(false);
    await waiting.getByText(/已发送|已送达/).waitFor({ timeout: 30_000 });

    // The teacher has each message once, in order.
    const teacherContext = await journey.newContext();
    try {
      const teacher = await teacherContext.newPage();
      await loginAs(teacher, server.url, 'teacher01');
      const teacherPanel = await openPanel(teacher);
      await teacherPanel
        .getByRole('button', { name: /^张同学/ })
        .first()
        .click();
      const log = conversation(teacher, '张同学');
      await log.getByText('离线二：关掉页面前写的').waitFor();
      const texts = await log.locator('li.chat-message').allTextContents();
      const mine = texts
        .filter((t) => /在线：老师好|离线一|离线二/.test(t))
        .map((t) => /在线：老师好|离线一|离线二/.exec(t)![0]);
      expect(mine).toEqual(['在线：老师好', '离线一', '离线二']);
    } finally {
      await teacherContext.close();
    }
  });
});
