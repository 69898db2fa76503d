/**
 * `npm test`: the whole suite — contracts and server (SQLite and PostgreSQL), web units (jsdom), end-to-end
 * journeys in Debian's Chromium on one node, then again through a two-node cluster behind nginx — then one
 * closing line "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfStale } from './web-build.ts';

const root = new URL('..', import.meta.url).pathname;
buildWebIfStale();
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });
const extra = process.argv.slice(2);
/**
 * The unit projects (server on both engines, web in jsdom) first, then the browser journeys on their own: the
 * journeys drive real Chromium against a real server, and sharing two cores with the server suite's own
 * spawned servers (the crash test imports 40,000 rows) made their timing a matter of luck. Arguments given to
 * `npm test -- …` run as one vitest call, as before.
 */
/**
 * Then the journeys once more through a cluster (two nodes on a fresh PostgreSQL database and Redis behind nginx,
 * E2E_CLUSTER, e2e/support/server.ts): every journey but the phone layouts and the offline ones (which no node changes) and the cluster
 * tests themselves, which start their own.
 */
// The installable/offline journeys (issue 18) start servers of their own on a copy of the build and cut the
// browser's network: nothing in them depends on the number of nodes, and a second cluster per test is only cost.
const CLUSTER_SKIPS = ['e2e/mobile.spec.ts', 'e2e/cluster.spec.ts', 'e2e/pwa.spec.ts'];
const clusterJourneys = readdirSync(join(root, 'e2e'))
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => `e2e/${f}`)
  .filter((f) => !CLUSTER_SKIPS.includes(f))
  .sort();
type Phase = { args: string[]; env?: Record<string, string> };
const phases: Phase[] = extra.length
  ? [{ args: extra }]
  : [
      { args: ['--project', 'server', '--project', 'web'] },
      { args: ['--project', 'e2e'] },
      { args: ['--project', 'e2e', ...clusterJourneys], env: { E2E_CLUSTER: '2' } },
    ];

let passed = 0;
let failed = 0;
let skipped = 0;
let allExited = true;

/**
 * First the static checks (issue 15): types of the three packages, lint (typescript-eslint, the rules of hooks and the
 * module boundaries of eslint.config.js) and formatting (Prettier). A failure fails `npm test`; the suites still run.
 */
const bin = (name: string) => join(root, 'node_modules', name);
const CHECKS: Array<[string, string[]]> = [
  ['types', [bin('typescript/bin/tsc'), '-p', 'packages/contracts']],
  ['types', [bin('typescript/bin/tsc'), '-p', 'apps/server']],
  ['types', [bin('typescript/bin/tsc'), '-p', 'apps/web']],
  ['lint', [bin('eslint/bin/eslint.js'), '--max-warnings', '0', '.']],
  ['format', [bin('prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.']],
];
if (!extra.length) {
  for (const [name, args] of CHECKS) {
    const res = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (res.status === 0) passed += 1;
    else {
      failed += 1;
      console.log(`\n${name} check failed: ${args.slice(1).join(' ')}\n`);
    }
  }
  console.log(`Static checks: ${failed ? `${failed} failed` : 'types, lint and format pass'}\n`);
}
phases.forEach(({ args, env }, i) => {
  if (env?.E2E_CLUSTER)
    console.log(`\nThe journeys again, through nginx in front of ${env.E2E_CLUSTER} nodes on PostgreSQL and Redis:\n`);
  const report = join(out, `vitest-${i + 1}.json`);
  rmSync(report, { force: true });
  const res = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...env } },
  );
  if (res.status !== 0) allExited = false;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      numFailedTestSuites: number;
    };
    passed += json.numPassedTests;
    failed += json.numFailedTests + json.numFailedTestSuites;
    skipped += json.numPendingTests + json.numTodoTests;
  } catch {
    failed = Math.max(failed, 1);
  }
});
const code = allExited && failed === 0 && passed > 0 ? 0 : 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(code);
