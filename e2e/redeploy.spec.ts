import { existsSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginAs } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

const assets = new URL('../apps/web/dist/assets', import.meta.url).pathname;

/**
 * A page left open across a redeploy (section 9: a code part that does not arrive shows a message with a retry): the
 * new build's chunks have new names and the old ones are gone, so the old page's next route asks for a file that now
 * answers 404. No service worker (a first visit, or a browser without one): with it, the old build's chunks come from
 * its cache until the tab reloads into the new one (ADR 0027).
 */
describe('a code part that 404s after a redeploy', () => {
  const journey = useJourney({ serviceWorkers: 'block' });

  it('shows the message inside the shell, not a white page, and 重新加载 reloads the page rather than asking again', async () => {
    const { page, server } = journey;
    await loginAs(page, server.url, 'student01');
    const chunk = readdirSync(assets).find((f) => /^three-lists-page-[\w-]+\.js$/.test(f));
    expect(chunk).toBeDefined();
    // The file and its precompressed copies (the server sends those to a browser that takes them).
    const files = readdirSync(assets)
      .filter((f) => f === chunk || f.startsWith(`${chunk}.`))
      .map((f) => join(assets, f));
    const gone = () => files.forEach((f) => renameSync(f, `${f}.gone`));
    const back = () => files.forEach((f) => existsSync(`${f}.gone`) && renameSync(`${f}.gone`, f));
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith(`/assets/${chunk}`)) statuses.push(r.status());
    });
    // The redeploy: the file the open page knows is gone.
    gone();
    try {
      await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '三清单' }).click();
      await page.getByText('页面加载失败：网络不稳定或系统已更新。').waitFor();
      expect(statuses).toContain(404);
      // Inside the shell: its header and navigation are still there, so the page is not white.
      expect(await page.getByRole('navigation', { name: '主导航' }).isVisible()).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/home/threelists');
      // The new build is in place (here: the file is back under the name the reloaded index.html names).
      back();
      await page.getByRole('button', { name: '重新加载' }).click();
      await page.waitForFunction(() => !(window as unknown as { beforeReload?: boolean }).beforeReload);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByText('页面加载失败').count()).toBe(0);
      expect(statuses.at(-1)).toBe(200);
    } finally {
      back();
    }
  });
});
