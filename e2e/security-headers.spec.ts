import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginAs } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import type { RunningServer } from './support/server.ts';

/** A page of another origin (127.0.0.1 on another port) that frames whatever `?src=` names. */
async function startForeignSite(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html><body><h1>foreign</h1><iframe id="victim" src="${src.replace(/"/g, '&quot;')}" width="800" height="600"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Whether a frame shows the portal's login form (false for the browser's blocked-frame error page). */
async function showsLogin(frame: Frame): Promise<boolean> {
  try {
    await frame.getByRole('button', { name: /登\s*录/ }).waitFor({ state: 'visible', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

/** Collects every CSP violation the pages report (across navigations), and the browser's console lines about CSP. */
async function recordViolations(page: Page): Promise<{ events: string[]; console: string[] }> {
  const events: string[] = [];
  const consoleLines: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate)/i.test(m.text()))
      consoleLines.push(m.text());
  });
  await page.exposeFunction('__reportCspViolation', (line: string) => events.push(line));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (l: string) => void }).__reportCspViolation;
    document.addEventListener('securitypolicyviolation', (e) =>
      report(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return { events, console: consoleLines };
}

describe('browser security headers (real server, Debian Chromium)', () => {
  const journey = useJourney();
  let server: RunningServer;
  let page: Page;
  let foreign: { url: string; server: Server };
  beforeAll(async () => {
    foreign = await startForeignSite();
  });
  afterAll(async () => {
    await new Promise((r) => foreign?.server.close(r));
  });
  beforeEach(() => {
    ({ server, page } = journey);
  });

  it('a page of another origin cannot frame /login; the portal itself can', async () => {
    await page.goto(`${foreign.url}/?src=${encodeURIComponent(`${server.url}/login`)}`);
    await page.locator('#victim').waitFor({ state: 'attached' });
    const victim = await (await page.locator('#victim').elementHandle())!.contentFrame();
    expect(victim).not.toBeNull();
    expect(await showsLogin(victim!)).toBe(false);

    // The same check passes where framing is allowed (so the test can tell the two apart): the portal frames itself.
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => {
      const f = document.createElement('iframe');
      f.id = 'self-frame';
      f.src = '/login';
      f.width = '800';
      f.height = '600';
      document.body.appendChild(f);
    });
    const own = await (await page.locator('#self-frame').elementHandle())!.contentFrame();
    expect(await showsLogin(own!)).toBe(true);
  });

  it('loads and logs in under the Content-Security-Policy with no violation', async () => {
    const violations = await recordViolations(page);
    const document = await page.goto(`${server.url}/login`);
    const policy = document!.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(document!.headers()['x-frame-options']).toBe('SAMEORIGIN');
    expect(document!.headers()['x-content-type-options']).toBe('nosniff');

    await loginAs(page, server.url, 'student01');
    await page.getByRole('heading', { name: '待我处理' }).waitFor({ state: 'visible' });
    // The service hall (icons, lazily loaded parts) under the same policy.
    await page.goto(`${server.url}/home/serviceHall`);
    await page.getByRole('navigation', { name: '主导航' }).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');

    expect(violations.events).toEqual([]);
    expect(violations.console).toEqual([]);
  });
});
