/**
 * `npm test`: the whole suite — contracts and server (SQLite and PostgreSQL), web units (jsdom) and
 * end-to-end journeys in Debian's Chromium — then one closing line "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
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
const phases: string[][] = extra.length ? [extra] : [['--project', 'server', '--project', 'web'], ['--project', 'e2e']];

let passed = 0;
let failed = 0;
let skipped = 0;
let allExited = true;
phases.forEach((args, i) => {
  const report = join(out, `vitest-${i + 1}.json`);
  rmSync(report, { force: true });
  const res = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
    { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
  );
  if (res.status !== 0) allExited = false;
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
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
