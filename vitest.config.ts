import { defineConfig } from 'vitest/config';

/** One runner for the whole repo: server and contracts (node), web (jsdom), e2e (real Chromium). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'apps/server/src/**/*.test.ts',
            'packages/contracts/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll waits for a page to show what its server answered. Vitest's default of 1 s is a page load on
          // a quiet machine; CI's two cores run a cluster beside Chromium. 5 s is Playwright's own default for the
          // same kind of wait (a poll that states its own time-out, as the cluster's propagation checks do, keeps it).
          expect: { poll: { timeout: 5_000 } },
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
