/**
 * `node bench/web.bench.ts`: Lighthouse (the npm package, Debian's Chromium, no network) on the portal's `/`, `/login`
 * and a logged-in `/home/homePage`, with the mobile and the desktop preset, each beside a plain React page of 30 list
 * items built by Vite and served in the same run. Runs alternate portal and baseline; ROUNDS rounds (default 3);
 * medians. Prints the performance and best-practices scores, LCP, Speed Index, TBT, CLS and the JavaScript the page loaded (gzip
 * bytes), and the ratios to the baseline.
 *
 * Lighthouse 12 dropped its PWA category, so the installable-app checks that category made are done here through
 * Chromium itself (issue 18): Chromium's own installability errors (`Page.getInstallabilityErrors`), the manifest's
 * name, icons, maskable icon, theme colour and display, a service worker controlling the page, the start URL
 * rendering with the network cut, and the viewport, theme-color and apple-touch-icon tags. The baseline page gets the
 * same checks.
 *
 * The HTTP cache, the service worker and its caches are emptied before every run (a first visit); a logged-in page
 * keeps its session in a profile of its own, so Lighthouse is told not to reset storage and the bench clears the rest.
 *
 * `ROUNDS=1 WEB_BENCH_PAGES=/,/login WEB_BENCH_PRESETS=mobile LH_DUMP=/tmp/lh node bench/web.bench.ts` runs a part of
 * it and keeps each Lighthouse report. A path of WEB_BENCH_PAGES beyond the three is measured too (under /home as
 * student01, elsewhere as a visitor), with the same baseline.
 *
 * `WEB_BENCH_BEFORE_DIST=/path/to/an/older/apps/web/dist` also serves that build (by a second server of this code,
 * `WEB_DIST`) and measures each page on it in the same rounds: a change of the web app beside the build before it, in
 * one run (a row "… before" per page).
 * `WEB_BENCH_COMPARE=http://127.0.0.1:8098[,http://…]` also measures the same paths on other portals already running
 * there (the code before a change, built and started from its own checkout), in the same rounds; their rows are
 * marked "compare" and the port. The portals measured go in an order that turns with the round. Each row also gives
 * the page's HTML as the server sends it (gzip bytes), and each round's score/LCP ms/TBT ms/JS KB.
 *
 * "JS loaded" is what the page's own document fetched as scripts. The service worker's scripts, fetched for the worker
 * when the page registers it and never run by the page, are given beside it ("worker N KB") in the rounds where the
 * registration fell inside Lighthouse's trace.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { build } from 'vite';
import { startServer } from '../e2e/support/server.ts';
import { median } from './support.ts';

// The web app's own Vite React plugin (a dependency of apps/web, not of the root).
const { default: react } = (await import(
  pathToFileURL(createRequire(new URL('../apps/web/package.json', import.meta.url)).resolve('@vitejs/plugin-react'))
    .href
)) as typeof import('@vitejs/plugin-react');

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
type Preset = 'mobile' | 'desktop';
type Figures = {
  score: number;
  bestPractices: number;
  lcp: number;
  /** Speed Index: how soon the screen as a whole is drawn (a page's LCP can be one large element; ADR 0076). */
  speedIndex: number;
  tbt: number;
  cls: number;
  /** The scripts the page ran (its own document's requests), gzip bytes. */
  jsGzip: number;
  /**
   * The service worker's own scripts (sw.js and the Workbox runtime it imports), gzip bytes: fetched by the browser for
   * the worker once the page registers it, never run by the page, and listed only in the rounds where the registration
   * fell inside Lighthouse's trace.
   */
  workerJsGzip: number;
  htmlGzip: number;
};

/** Builds bench/web-baseline with Vite into a temp folder and serves it like the portal (precompressed, cached). */
async function startBaseline(): Promise<{ url: string; stop: () => Promise<void> }> {
  const out = mkdtempSync(join(tmpdir(), 'portal-web-baseline-'));
  await build({
    root: new URL('./web-baseline', import.meta.url).pathname,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: out, emptyOutDir: true },
  });
  const app = Fastify();
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyStatic, {
    root: out,
    setHeaders: (reply: unknown, path: string) =>
      (reply as { header: (k: string, v: string) => void }).header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, stop: async () => (await app.close(), rmSync(out, { recursive: true, force: true })) };
}

/** Gzip bytes (default level) of the scripts a run loaded, each fetched again. */
async function jsGzipBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const u of urls) {
    const res = await fetch(u);
    total += gzipSync(Buffer.from(await res.arrayBuffer())).byteLength;
  }
  return total;
}

/** A Chromium with a debugging port and its own profile; `login` logs a demo account in first. */
async function openBrowser(
  base: string,
  login?: string,
): Promise<{ context: BrowserContext; port: number; close: () => Promise<void> }> {
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = mkdtempSync(join(tmpdir(), 'portal-lh-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROME_ARGS, `--remote-debugging-port=${port}`],
  });
  if (login) {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel(/账号|Account/).fill(login);
    await page.getByLabel(/^密码$|^Password$/).fill('Demo@12345');
    await page.getByRole('button', { name: /登\s*录|Log in/ }).click();
    await page.waitForURL(/\/home\//);
    // The session is written (encrypted) a moment after the login: closing the page at once could lose it, and every
    // run of this browser would then measure /login. The page is loaded again to show the session was kept.
    await page.getByRole('heading', { name: /待我处理|To do/ }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: /待我处理|To do/ }).waitFor();
    // As a login on a new device: none of the answers the page keeps for offline use (deleted once the page closes).
    await page.evaluate(() => void indexedDB.deleteDatabase('portal-offline'));
    await page.close();
  }
  return {
    context,
    port,
    close: async () => (await context.close(), rmSync(profile, { recursive: true, force: true })),
  };
}

async function measure(
  browser: { context: BrowserContext; port: number },
  url: string,
  preset: Preset,
): Promise<Figures | null> {
  const cdp = await browser.context.newCDPSession(browser.context.pages()[0] ?? (await browser.context.newPage()));
  await cdp.send('Network.clearBrowserCache');
  // A first visit: no service worker and none of its caches (the session in local storage and IndexedDB stays).
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(url).origin,
    storageTypes: 'service_workers,cache_storage',
  });
  await cdp.detach();
  const result = await lighthouse(
    url,
    {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'best-practices'],
      disableStorageReset: true,
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result!.lhr;
  // A page that sent Lighthouse elsewhere (a lost session: /login) is not the page asked for.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}, not the page asked for`);
  // A run Lighthouse could not finish (its figures are zeros) is said, and left out of the medians (a "failed" round).
  if (lhr.runtimeError) {
    console.warn(`Lighthouse failed on ${url} (${preset}): ${lhr.runtimeError.code}`);
    return null;
  }
  if (process.env.LH_DUMP)
    writeFileSync(
      // The port tells the portal's report from the baseline page's at the same path.
      join(process.env.LH_DUMP, `${preset}-${new URL(url).port}${new URL(url).pathname.replace(/\W+/g, '_')}.json`),
      JSON.stringify(lhr),
    );
  const items =
    (
      lhr.audits['network-requests']?.details as
        { items?: Array<{ url: string; resourceType?: string; sessionTargetType?: string }> } | undefined
    )?.items ?? [];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  const ofWorker = (i: { sessionTargetType?: string }) => i.sessionTargetType === 'worker';
  return {
    score: lhr.categories.performance!.score ?? 0,
    bestPractices: lhr.categories['best-practices']!.score ?? 0,
    lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? 0,
    speedIndex: lhr.audits['speed-index']!.numericValue ?? 0,
    tbt: lhr.audits['total-blocking-time']!.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']!.numericValue ?? 0,
    jsGzip: await jsGzipBytes(scripts.filter((i) => !ofWorker(i)).map((i) => i.url)),
    workerJsGzip: await jsGzipBytes(scripts.filter(ofWorker).map((i) => i.url)),
    htmlGzip: gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).byteLength,
  };
}

const medianOf = (all: Array<Figures | null>): Figures => {
  const runs = all.filter((r) => r !== null);
  return {
    score: median(runs.map((r) => r.score)),
    bestPractices: median(runs.map((r) => r.bestPractices)),
    lcp: median(runs.map((r) => r.lcp)),
    speedIndex: median(runs.map((r) => r.speedIndex)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    jsGzip: median(runs.map((r) => r.jsGzip)),
    workerJsGzip: median(runs.map((r) => r.workerJsGzip)),
    htmlGzip: median(runs.map((r) => r.htmlGzip)),
  };
};

type Manifest = {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  icons?: Array<{ sizes?: string; purpose?: string }>;
};

/**
 * The checks of Lighthouse 11's PWA category, made through Chromium on a fresh page of `browser`: each is a name and
 * whether it held. The service worker gets one reload to take control, as a second visit would.
 */
async function pwaChecks(browser: { context: BrowserContext }, url: string): Promise<Array<[string, boolean]>> {
  const page = await browser.context.newPage();
  try {
    await page.goto(url, { waitUntil: 'load' });
    const hasWorker = await page.evaluate(() =>
      'serviceWorker' in navigator
        ? Promise.race([
            navigator.serviceWorker.ready.then(() => true),
            new Promise<boolean>((r) => setTimeout(() => r(false), 10_000)),
          ])
        : false,
    );
    if (hasWorker) await page.reload({ waitUntil: 'load' });
    const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
    const cdp = await browser.context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const app = await cdp.send('Page.getAppManifest');
    await cdp.detach();
    let manifest: Manifest = {};
    try {
      manifest = JSON.parse(app.data ?? '{}') as Manifest;
    } catch {
      manifest = {};
    }
    const icons = manifest.icons ?? [];
    const head = await page.evaluate(() => ({
      viewport: Boolean(document.querySelector('meta[name="viewport"][content*="width=device-width"]')),
      themeColor: Boolean(document.querySelector('meta[name="theme-color"]')),
      appleTouchIcon: Boolean(document.querySelector('link[rel="apple-touch-icon"]')),
    }));
    let offline = false;
    if (manifest.start_url) {
      const start = new URL(manifest.start_url, app.url || url).href;
      await browser.context.setOffline(true);
      try {
        const res = await page.goto(start, { waitUntil: 'load', timeout: 15_000 });
        offline =
          res?.status() === 200 &&
          (await page
            .locator('#root > *')
            .first()
            .waitFor({ timeout: 10_000 })
            .then(() => true)
            .catch(() => false));
      } catch {
        offline = false;
      } finally {
        await browser.context.setOffline(false);
      }
    }
    return [
      ['Chromium finds it installable', Boolean(app.url) && installabilityErrors.length === 0],
      ['manifest has name and short_name', Boolean(manifest.name && manifest.short_name)],
      ['manifest display standalone', manifest.display === 'standalone' || manifest.display === 'fullscreen'],
      ['manifest theme colour', Boolean(manifest.theme_color)],
      ['icon of 512 px', icons.some((i) => (i.sizes ?? '').split(' ').includes('512x512'))],
      ['maskable icon', icons.some((i) => (i.purpose ?? '').includes('maskable'))],
      ['service worker controls the page', controlled],
      ['start URL renders offline', offline],
      ['viewport for device width', head.viewport],
      ['theme-color meta', head.themeColor],
      ['apple-touch-icon', head.appleTouchIcon],
    ];
  } finally {
    await page.close();
  }
}

const portal = await startServer();
const baseline = await startBaseline();
const anonymous = await openBrowser(portal.url);
const student = await openBrowser(portal.url, 'student01');
const BEFORE_DIST = process.env.WEB_BENCH_BEFORE_DIST;
const older = BEFORE_DIST ? await startServer({ WEB_DIST: BEFORE_DIST }) : null;
const olderAnonymous = older ? await openBrowser(older.url) : null;
const olderStudent = older ? await openBrowser(older.url, 'student01') : null;
// Lighthouse opens its tab in the default context of the browser behind the port; the baseline page needs no session.
const ONLY_PAGES = process.env.WEB_BENCH_PAGES?.split(',');
const pages: Array<{ name: string; browser: typeof anonymous; path: string; login?: string }> = [
  { name: '/', browser: anonymous, path: '/' },
  { name: '/login', browser: anonymous, path: '/login' },
  { name: '/home/homePage (student01)', browser: student, path: '/home/homePage', login: 'student01' },
].filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.path));
// Any other path named in WEB_BENCH_PAGES is measured too: under /home as student01, elsewhere as a visitor.
for (const path of ONLY_PAGES ?? [])
  if (!pages.some((p) => p.path === path))
    pages.push(
      path.startsWith('/home/')
        ? { name: `${path} (student01)`, browser: student, path, login: 'student01' }
        : { name: path, browser: anonymous, path },
    );
// Another running portal measured beside this one (WEB_BENCH_COMPARE), with browsers of its own.
const COMPARE = (process.env.WEB_BENCH_COMPARE ?? '')
  .split(',')
  .map((u) => u.trim().replace(/\/+$/, ''))
  .filter(Boolean);
const compareBrowsers = new Map<string, typeof anonymous>();
for (const url of COMPARE)
  for (const login of new Set(pages.map((p) => p.login)))
    compareBrowsers.set(`${url}|${login}`, await openBrowser(url, login));
const PRESETS = (process.env.WEB_BENCH_PRESETS ?? 'mobile,desktop')
  .split(',')
  .filter((p): p is Preset => p === 'mobile' || p === 'desktop');
const rows: string[] = [];
const pwaRows: string[] = [];
try {
  for (const preset of PRESETS) {
    for (const p of pages) {
      const olderBrowser = p.browser === student ? olderStudent : olderAnonymous;
      const portals = [
        { name: p.name, browser: p.browser, url: portal.url, runs: [] as Array<Figures | null> },
        ...(older && olderBrowser
          ? [{ name: `${p.name} before`, browser: olderBrowser, url: older.url, runs: [] as Array<Figures | null> }]
          : []),
        ...COMPARE.map((url) => ({
          name: `${p.name} compare :${new URL(url).port}`,
          browser: compareBrowsers.get(`${url}|${p.login}`)!,
          url,
          runs: [] as Array<Figures | null>,
        })),
      ];
      const base: Array<Figures | null> = [];
      for (let round = 0; round < ROUNDS; round++) {
        // Which portal goes first turns with the round.
        for (let i = 0; i < portals.length; i++) {
          const q = portals[(i + round) % portals.length]!;
          q.runs.push(await measure(q.browser, q.url + p.path, preset));
        }
        base.push(await measure(anonymous, `${baseline.url}/`, preset));
      }
      const b = medianOf(base);
      for (const { name, runs } of portals) {
        const m = medianOf(runs);
        const each = runs
          .map((r) =>
            r
              ? `${r.score.toFixed(2)}/${Math.round(r.lcp)}/${Math.round(r.tbt)}/${(r.jsGzip / 1024).toFixed(0)}`
              : 'failed',
          )
          .join(' ');
        const row = `| ${preset} | ${name} | ${m.score.toFixed(2)} (${b.score.toFixed(2)}) | ${m.bestPractices.toFixed(2)} (${b.bestPractices.toFixed(2)}) | ${Math.round(m.lcp)} / ${Math.round(b.lcp)} = ${(m.lcp / b.lcp).toFixed(2)}× | ${Math.round(m.speedIndex)} / ${Math.round(b.speedIndex)} = ${(m.speedIndex / b.speedIndex).toFixed(2)}× | ${Math.round(m.tbt)} / ${Math.round(b.tbt)} = ${b.tbt ? `${(m.tbt / b.tbt).toFixed(2)}×` : 'n/a'} | ${m.cls.toFixed(3)} (${b.cls.toFixed(3)}) | ${(m.jsGzip / 1024).toFixed(0)} KB (${(b.jsGzip / 1024).toFixed(0)} KB)${m.workerJsGzip ? `, worker ${(m.workerJsGzip / 1024).toFixed(0)} KB` : ''} | ${(m.htmlGzip / 1024).toFixed(1)} KB | ${each} |`;
        rows.push(row);
        console.log(row);
      }
    }
  }
  const baseChecks = await pwaChecks(anonymous, `${baseline.url}/`);
  for (const p of pages) {
    const checks = await pwaChecks(p.browser, portal.url + p.path);
    const held = checks.filter(([, ok]) => ok).length;
    const failed = checks.filter(([, ok]) => !ok).map(([name]) => name);
    const row = `| ${p.name} | ${held} of ${checks.length} | ${baseChecks.filter(([, ok]) => ok).length} of ${baseChecks.length} | ${failed.join('; ') || '—'} |`;
    pwaRows.push(row);
    console.log(row);
  }
} finally {
  await anonymous.close();
  await student.close();
  await olderAnonymous?.close();
  await olderStudent?.close();
  await older?.stop();
  for (const b of compareBrowsers.values()) await b.close();
  await baseline.stop();
  await portal.stop();
}
console.log(
  `\nLighthouse ${ROUNDS} rounds, medians; baseline = a plain React page of 30 items in the same run, in brackets`,
);
console.log(
  '| preset | page | performance score (baseline) | best practices (baseline) | LCP ms portal / baseline | Speed Index ms portal / baseline | TBT ms portal / baseline | CLS (baseline) | JS loaded, gzip (baseline) | HTML, gzip | each round: score/LCP ms/TBT ms/JS KB |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
console.log("\nInstallable app (the checks of Lighthouse 11's PWA category, through Chromium)");
console.log('| page | checks held | baseline | failed |');
console.log('|---|---|---|---|');
for (const r of pwaRows) console.log(r);
