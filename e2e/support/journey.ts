import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type Prepare, type RunningServer } from './server.ts';

/** What a journey file works with: one real server and one Chromium per file, a fresh context and page per test. */
export type Journey = {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Another context (a second user, a visitor) with the file's options, overridable. */
  newContext(extra?: BrowserContextOptions): Promise<BrowserContext>;
};

/**
 * Registers the hooks of a journey file inside its `describe` and returns the journey, filled in as the hooks
 * run. Contexts default to a 1440×900 zh-CN window that asks for reduced motion (the portal then has no
 * animations, so a click never lands on a dialog still opening). The server may be given settings of its own and
 * what its database holds besides the demo tenant (startServer).
 */
export function useJourney(
  contextOptions: BrowserContextOptions = {},
  server: { env?: Record<string, string>; prepare?: Prepare } = {},
): Journey {
  const options: BrowserContextOptions = {
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    ...contextOptions,
  };
  const j = {
    newContext: (extra: BrowserContextOptions = {}) => j.browser.newContext({ ...options, ...extra }),
  } as Journey;
  beforeAll(async () => {
    [j.server, j.browser] = await Promise.all([startServer(server.env, server.prepare), launchBrowser()]);
  });
  afterAll(async () => {
    await j.browser?.close();
    await j.server?.stop();
  });
  beforeEach(async () => {
    j.context = await j.newContext();
    j.page = await j.context.newPage();
  });
  afterEach(async () => {
    await j.context?.close();
  });
  return j;
}
