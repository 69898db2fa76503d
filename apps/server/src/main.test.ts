import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL } from './test/test-app.ts';

const main = new URL('./main.ts', import.meta.url).pathname;
/** The environment of this test run without the settings a test gives itself. */
const { TOKEN_SECRET: _t, CLIENT_SECRET: _c, DATABASE_URL: _d, REDIS_URL: _r, ...baseEnv } = process.env;

/** Runs the server's entry point until it prints its URL (then stops it) or exits; returns what it printed and its exit code. */
function run(env: Record<string, string>, stopWhenRunning = true): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main], {
      env: { ...baseEnv, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (b: Buffer) => {
      output += b.toString();
      if (stopWhenRunning && /is running: http/.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('starting a node', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-main-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses cluster mode without the shared secrets, before touching the database, and says why', async () => {
    const { code, output } = await run({
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_PG_URL,
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(code).toBe(78);
    expect(output).toMatch(
      /Cluster mode \(REDIS_URL with a PostgreSQL DATABASE_URL\) needs TOKEN_SECRET and CLIENT_SECRET/,
    );
  });

  it('refuses a second process on the same SQLite file while the first runs', async () => {
    const first = spawn(process.execPath, [main], {
      env: { ...baseEnv, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = '';
        first.stdout!.on('data', (b: Buffer) => {
          out += b.toString();
          if (/is running: http/.test(out)) resolve();
        });
        first.once('exit', (code) => reject(new Error(`first node exited with ${code}: ${out}`)));
      });
      const second = await run({ DATA_DIR: dataDir });
      expect(second.code).toBe(78);
      expect(second.output).toMatch(/already used by another portal process \(pid \d+.*SQLite is single-node/);
    } finally {
      const exited = new Promise((r) => first.once('exit', r));
      first.kill('SIGTERM');
      await exited;
    }
    // The first one gave the file up when it stopped: the next start works.
    expect((await run({ DATA_DIR: dataDir })).output).toMatch(/is running: http/);
  });
});
