import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/** Debian's Chromium, headless, with the flags this machine needs (no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

/** Runs axe-core on the page (or only inside `include`, a CSS selector) and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol, which the portal's Content-Security-Policy (no inline scripts)
  // does not apply to, unlike a <script> tag added to the page.
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  const violations = await page.evaluate(async (include) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    // The watermark is decorative (aria-hidden, faint on purpose), not content.
    const context = { ...(include ? { include: [[include]] } : {}), exclude: [['[data-testid="watermark"]']] };
    const result = await axe.run(context as unknown as Document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, include);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Logs in through the login page as a demo account and waits for the home page. */
export async function loginAs(page: Page, baseUrl: string, account: string, password = 'Demo@12345'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/账号|Account/).fill(account);
  await page.getByLabel(/^密码$|^Password$/).fill(password);
  await page.getByRole('button', { name: /登\s*录|Log in/ }).click();
  await page.waitForURL(/\/home\//);
  // The shell is settled once the user's info is in: the user menu carries their name. A click before that
  // can land on a shell that is about to re-render, as no person clicks.
  // On a phone the user menu is in the navigation drawer, whose button the shell shows once the user is in.
  await page
    .getByRole('button', { name: /\S\s+(用户菜单|User menu)$|^(打开导航菜单|Open the navigation menu)$/ })
    .first()
    .waitFor({ state: 'visible' });
}

/** Waits (up to 5 s) until no finite animation runs: a dialog or menu has finished opening, as a person sees it. */
export async function settled(page: Page): Promise<void> {
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
}
