import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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
    for (const s of ['start', 'dev', 'cluster', 'test']) expect(pkg.scripts[s]).toBe(`node scripts/start.mjs ${s}`);
  });
});
