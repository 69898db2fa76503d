import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/** Debian's Chromium, headless, with the flags this machine needs (no background networking). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

/** Runs axe-core on the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // The watermark is decorative (aria-hidden, faint on purpose), not content.
    const result = await axe.run({ exclude: [['[data-testid="watermark"]']] } as unknown as Document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Logs in through the login page as a demo account and waits for the home page. */
export async function loginAs(page: Page, baseUrl: string, account: string, password = 'Demo@12345'): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/账号|Account/).fill(account);
  await page.getByLabel(/^密码$|^Password$/).fill(password);
  await page.getByRole('button', { name: /登\s*录|Log in/ }).click();
  await page.waitForURL(/\/home\//);
}
