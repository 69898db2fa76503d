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
const report = join(out, 'vitest.json');
rmSync(report, { force: true });

const extra = process.argv.slice(2);
const res = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...extra],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
);

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const json = JSON.parse(readFileSync(report, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number };
  passed = json.numPassedTests;
  failed = json.numFailedTests + json.numFailedTestSuites;
  skipped = json.numPendingTests + json.numTodoTests;
} catch {
  failed = Math.max(failed, 1);
}
const code = res.status === 0 && failed === 0 && passed > 0 ? 0 : 1;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(code);
