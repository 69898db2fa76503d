/**
 * `WEB_BENCH_BEFORE_DIST=/path/to/an/older/apps/web/dist node bench/home-render.bench.ts`: the logged-in home page
 * (`/home/homePage`, student01) measured in Chromium itself, without Lighthouse's noise on top (issue 10, ADR 0054).
 * Two servers of this code, one serving apps/web/dist and one the older build (`WEB_DIST`); LOADS loads of each
 * (default 8), alternating, each a first visit (HTTP cache, service worker and its caches emptied) in a 412×823 phone
 * viewport at CPU_RATE× CPU throttling (default 4, Lighthouse's mobile preset). Per load, from navigation until every card has painted
 * and the page has been quiet for a second: React commits (counted by a stand-in of React's devtools hook, which
 * production React calls on each commit), long tasks (the browser's `longtask` entries: their count, the largest, and
 * the sum of their time past 50 ms — what Lighthouse's TBT sums, here over the whole load), the card calls made, and
 * when the last card painted. Prints medians with the range. Without WEB_BENCH_BEFORE_DIST (`npm run bench`) it
 * measures apps/web/dist alone.
 */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startServer } from '../e2e/support/server.ts';
import { median } from './support.ts';

const LOADS = Number(process.env.LOADS ?? 8);
/** DevTools CPU throttling (default 4, the mobile preset's factor). */
const CPU_RATE = Number(process.env.CPU_RATE ?? 4);
const BEFORE_DIST = process.env.WEB_BENCH_BEFORE_DIST;

type Load = {
  commits: number;
  longTasks: number;
  blocking: number;
  largest: number;
  cardCalls: number;
  cardsAt: number;
};

/** Installed before the page's scripts: a devtools hook that counts commits, and a long-task observer. */
const PROBE = `
  window.__probe = { commits: 0, tasks: [] };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot() { window.__probe.commits++; },
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__probe.tasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Every card of the page painted: cards shown, none with a skeleton, the page no longer busy. */
const PAINTED = () =>
  document.querySelectorAll('.wb-card[data-card-type]').length > 0 &&
  document.querySelectorAll('.wb-card-skeleton, .wb-home[aria-busy="true"]').length === 0;

async function loggedIn(browser: Browser, base: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel(/账号|Account/).fill('student01');
  await page.getByLabel(/^密码$|^Password$/).fill('Demo@12345');
  await page.getByRole('button', { name: /登\s*录|Log in/ }).click();
  await page.waitForURL(/\/home\//);
  // Every card painted once, so the measured loads do not include the server's first answers.
  await page.goto(`${base}/home/homePage`);
  await page.waitForFunction(PAINTED, undefined, { timeout: 60_000, polling: 100 });
  await page.close();
  await context.addInitScript(PROBE);
  return context;
}

async function load(context: BrowserContext, url: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  let cardCalls = 0;
  page.on('request', (r) => {
    if (/\/cardcolumnconfig\/getConfigs?$/.test(new URL(r.url()).pathname)) cardCalls++;
  });
  await page.goto(url);
  await page.waitForFunction(PAINTED, undefined, { timeout: 60_000, polling: 50 });
  const cardsAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1000);
  const probe = (await page.evaluate('window.__probe')) as { commits: number; tasks: number[] };
  await cdp.detach();
  await page.close();
  return {
    commits: probe.commits,
    longTasks: probe.tasks.length,
    blocking: probe.tasks.reduce((s, d) => s + Math.max(0, d - 50), 0),
    largest: Math.max(0, ...probe.tasks),
    cardCalls,
    cardsAt,
  };
}

const now = await startServer();
const older = BEFORE_DIST ? await startServer({ WEB_DIST: BEFORE_DIST }) : null;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
const runs: Record<'after' | 'before', Load[]> = { after: [], before: [] };
try {
  const contexts = { after: await loggedIn(browser, now.url), before: older && (await loggedIn(browser, older.url)) };
  for (let i = 0; i < LOADS; i++) {
    // Alternating, each side first in turn.
    for (const side of i % 2 ? (['before', 'after'] as const) : (['after', 'before'] as const)) {
      const context = contexts[side];
      if (!context) continue;
      const r = await load(context, `${(side === 'after' ? now : older)!.url}/home/homePage`);
      runs[side].push(r);
      console.log(side, JSON.stringify(r));
    }
  }
} finally {
  await browser.close();
  await older?.stop();
  await now.stop();
}
const fmt = (xs: number[]) =>
  `${Math.round(median(xs))} (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))})`;
console.log(
  `\n/home/homePage, student01, 412×823, ${CPU_RATE}× CPU throttle, ${LOADS} alternating loads each; median (range)`,
);
console.log(
  '| build | React commits | long tasks | time past 50 ms (sum) | largest task ms | card calls | all cards painted ms |',
);
console.log('|---|---|---|---|---|---|---|');
for (const side of ['before', 'after'] as const) {
  const r = runs[side];
  if (!r.length) continue;
  console.log(
    `| ${side} | ${fmt(r.map((x) => x.commits))} | ${fmt(r.map((x) => x.longTasks))} | ${fmt(r.map((x) => x.blocking))} | ${fmt(r.map((x) => x.largest))} | ${fmt(r.map((x) => x.cardCalls))} | ${fmt(r.map((x) => x.cardsAt))} |`,
  );
}
