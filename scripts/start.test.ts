import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The launcher (scripts/start.mjs) tells an old Node what to do before any `.ts` file loads (issue 15). */
const root = new URL('..', import.meta.url).pathname;
const launcher = `${root}scripts/start.mjs`;
const run = (node: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(node, [launcher, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 20_000,
  });

const advice = (stderr: string) => {
  expect(stderr).toContain('the portal needs Node 24 or newer');
  expect(stderr).toContain('npm install');
  expect(stderr).toContain('allowScripts');
  expect(stderr).toContain('npm rebuild node --ignore-scripts=false');
  expect(stderr).toContain('nvm install && nvm use   (reads .nvmrc: 24)');
  expect(stderr).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
};

describe('scripts/start.mjs', () => {
  it('refuses an old Node with the way to Node 24, for every npm script it starts', () => {
    for (const script of ['start', 'dev', 'cluster', 'test', 'tenant']) {
      const r = run(process.execPath, [script], { PORTAL_NODE_VERSION: '20.19.2' });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('Node 20.19.2 is too old');
      advice(r.stderr);
    }
  });

  // Debian's own Node (20 on this machine) is what `npm start` finds when the node package's install script was skipped.
  const systemNode = '/usr/bin/node';
  const systemMajor = existsSync(systemNode)
    ? Number(spawnSync(systemNode, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim())
    : NaN;
  it.skipIf(!(systemMajor < 24))(
    'says so when run by a real old Node (the system one), instead of failing on a .ts file',
    () => {
      const r = run(systemNode, ['start']);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^Node \d+\.\d+\.\d+ is too old/);
      advice(r.stderr);
    },
  );

  it('names the scripts it knows when given another', () => {
    const r = run(process.execPath, ['deploy']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('one of: start, dev, cluster, test, tenant');
  });

  it('.nvmrc, engines and the allowed install script agree', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
    const nvmrc = readFileSync(`${root}.nvmrc`, 'utf8').trim();
    expect(pkg.engines.node).toBe(`>=${nvmrc}`);
    expect(pkg.dependencies.node).toMatch(new RegExp(`^\\^${nvmrc}\\.`));
    expect(pkg.allowScripts).toEqual({ node: true });
    // `exec`: npm's shell becomes the launcher, so a SIGTERM npm passes on reaches it (below).
    for (const s of ['start', 'dev', 'cluster', 'test', 'tenant'])
      expect(pkg.scripts[s]).toBe(`exec node scripts/start.mjs ${s}`);
  });

  it('stops the portal when npm is sent SIGTERM (a supervisor stopping `npm start`), not only on Ctrl-C', async () => {
    // Before, npm passed the signal to its shell (dash), which died and left the portal running under PID 1.
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-npm-sigterm-'));
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // a process group of its own, so that the test can clean up whatever is left, whatever happens
      detached: true,
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        npm.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /http:\/\/localhost:(\d+)/.exec(out);
          if (m) resolve(`http://127.0.0.1:${m[1]}`);
        });
        npm.on('exit', (code) => reject(new Error(`npm start ended (${code}) before its banner: ${out}`)));
      });
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const exited = new Promise<void>((resolve) => npm.on('exit', () => resolve()));
      npm.kill('SIGTERM');
      await exited;
      // The portal itself is gone: its port refuses (it drains and closes; no waiting beyond its own shutdown).
      await expect
        .poll(
          async () =>
            fetch(`${url}/api/health`).then(
              () => 'answering',
              () => 'refused',
            ),
          { timeout: 20_000 },
        )
        .toBe('refused');
    } finally {
      try {
        process.kill(-npm.pid!, 'SIGKILL');
      } catch {
        // the group is gone already
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
