import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createDb } from './db/create-db.ts';
import { testConfig } from './test/test-app.ts';

const cli = new URL('./tenant-cli.ts', import.meta.url).pathname;
const launcher = new URL('../../../scripts/start.mjs', import.meta.url).pathname;
/** The environment of this test run without the settings a test gives itself. */
const {
  TOKEN_SECRET: _t,
  CLIENT_SECRET: _c,
  DATABASE_URL: _d,
  REDIS_URL: _r,
  PORTAL_ADMIN_PASSWORD: _p,
  ...baseEnv
} = process.env;

const PASSWORD = 'Cli#Secret-2026';

/** Runs the command (stdin not a terminal) as an operator would on a production install; its exit code and output. */
function run(
  args: string[],
  env: Record<string, string>,
  via: 'cli' | 'npm' = 'cli',
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, via === 'cli' ? [cli, ...args] : [launcher, 'tenant', ...args], {
      env: {
        ...baseEnv,
        NODE_ENV: 'production',
        TOKEN_SECRET: 'cli-test-token-secret-0123456789abcdefgh',
        CLIENT_SECRET: 'cli-test-client-secret',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run tenant (the operator’s command, spawned)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-tenant-cli-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the tenant and its administrator from PORTAL_ADMIN_PASSWORD, who then logs in to the production server', async () => {
    const env = { DATA_DIR: dataDir, PORTAL_ADMIN_PASSWORD: PASSWORD };
    const create = [
      'create',
      '--tenant',
      '100001',
      '--name',
      '某某大学',
      '--admin',
      'admin',
      '--admin-name',
      '系统管理员',
    ];
    const made = await run(create, env);
    expect(made.output).toContain('Tenant 100001 (某某大学) created, with administrator admin.');
    // What makes `/` and `/login` the school's: the server's DEFAULT_TENANT.
    expect(made.output).toContain('Set DEFAULT_TENANT=100001 in the portal');
    expect(made.code).toBe(0);
    expect(made.output).not.toContain(PASSWORD);
    // It migrated the fresh database, and gave the SQLite file back.
    expect(existsSync(join(dataDir, 'portal.db'))).toBe(true);
    expect(existsSync(join(dataDir, 'portal.db.owner'))).toBe(false);

    // Again: refused, exit 1, nothing changed.
    const again = await run([...create.slice(0, 4), '某某大学二', '--admin', 'root'], env);
    expect(again.code).toBe(1);
    expect(again.output).toContain('Tenant 100001 already exists: nothing was changed');
    // A weak password: the rule's message, and the password is not repeated.
    const weak = await run(['create', '--tenant', '100002', '--name', '乙大学', '--admin', 'admin'], {
      ...env,
      PORTAL_ADMIN_PASSWORD: 'weakpass',
    });
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('密码须为8至20位，且同时包含字母、数字和特殊字符');
    expect(weak.output).not.toContain('weakpass');

    // `list` through the npm script's launcher (scripts/start.mjs → scripts/tenant.ts).
    const list = await run(['list'], { DATA_DIR: dataDir }, 'npm');
    expect(list.code).toBe(0);
    expect(list.output).toMatch(/^100001 {2}某某大学\n {4}admin {2}系统管理员\n$/m);
    expect(list.output).not.toContain('100002');

    // The server, configured for production on the same file, lets the administrator in.
    const db = createDb({ engine: 'sqlite', filename: join(dataDir, 'portal.db') });
    const app = await buildApp({
      config: testConfig({ env: 'production', demo: false, seed: false, dataDir }),
      db,
      logger: false,
      serveWeb: false,
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        payload: { grant_type: 'password', tenantId: '100001', username: 'admin', password: PASSWORD },
      });
      expect(res.json()).toMatchObject({ status: 1000, result: { tenant_id: '100001', account: 'admin' } });
    } finally {
      await app.close();
      await db.close();
    }

    // reset-password: the new password works, the old one no longer does.
    const reset = await run(['reset-password', '--tenant', '100001', '--account', 'admin'], {
      ...env,
      PORTAL_ADMIN_PASSWORD: 'Reset#Secret-9',
    });
    expect(reset.code).toBe(0);
    expect(reset.output).toContain('New password set for admin (系统管理员, 管理员) of tenant 100001.');
    expect(reset.output).not.toContain('Reset#Secret-9');
    const db2 = createDb({ engine: 'sqlite', filename: join(dataDir, 'portal.db') });
    const app2 = await buildApp({
      config: testConfig({ env: 'production', demo: false, seed: false, dataDir }),
      db: db2,
      logger: false,
      serveWeb: false,
    });
    try {
      const as = async (password: string) =>
        (
          await app2.inject({
            method: 'POST',
            url: '/api/blade-auth/oauth/token',
            payload: { grant_type: 'password', tenantId: '100001', username: 'admin', password },
          })
        ).json().status;
      expect(await as('Reset#Secret-9')).toBe(1000);
      expect(await as(PASSWORD)).not.toBe(1000);
    } finally {
      await app2.close();
      await db2.close();
    }
  });

  it('disables and enables an account and the tenant, and keeps the last administrator unless forced', async () => {
    const env = { DATA_DIR: dataDir };
    const account = ['--tenant', '100001', '--account', 'admin'];
    const last = await run(['deactivate', ...account], env);
    expect(last.code).toBe(1);
    expect(last.output).toContain('admin is the last enabled administrator of tenant 100001');
    expect(last.output).toContain('add --force');

    const forced = await run(['deactivate', ...account, '--force'], env);
    expect(forced.output).toContain('admin (系统管理员, 管理员) of tenant 100001 is disabled: it cannot log in.');
    // The login of the test before, after its reset.
    expect(forced.output).toContain('Sessions ended: 1.');
    expect(forced.code).toBe(0);
    expect((await run(['list'], env)).output).toMatch(/^ {4}admin {2}系统管理员 {2}\(disabled\)$/m);
    const enabled = await run(['activate', ...account], env);
    expect(enabled.code).toBe(0);
    expect(enabled.output).toContain(
      'admin (系统管理员, 管理员) of tenant 100001 is enabled: it logs in with its password.',
    );

    const tenant = await run(['deactivate-tenant', '--tenant', '100001'], env);
    expect(tenant.code).toBe(0);
    expect(tenant.output).toContain('Tenant 100001 (某某大学) is disabled: its users cannot log in; its data is kept.');
    expect((await run(['list'], env)).output).toMatch(/^100001 {2}某某大学 {2}\(disabled\)$/m);
    expect((await run(['activate-tenant', '--tenant', '100001'], env)).output).toContain(
      'Tenant 100001 (某某大学) is enabled: its users can log in.',
    );
    expect((await run(['list'], env)).output).toMatch(/^100001 {2}某某大学\n {4}admin {2}系统管理员\n$/m);

    // Wrong usage: exit 2, nothing changed.
    const noAccount = await run(['deactivate', '--tenant', '100001'], env);
    expect(noAccount.code).toBe(2);
    expect(noAccount.output).toContain('Missing --account.');
    const forceTenant = await run(['deactivate-tenant', '--tenant', '100001', '--force'], env);
    expect(forceTenant.code).toBe(2);
    expect(forceTenant.output).toContain('deactivate-tenant takes no --force.');
    const unknown = await run(['disable', '--tenant', '100001'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain(
      'Unknown command "disable"; one of: create, reset-password, deactivate, activate, deactivate-tenant, activate-tenant, list.',
    );
    expect(unknown.output).toContain("The tenant's last enabled administrator is refused");
  });

  it('never takes the password from the command line, and without one and no terminal says how to give it', async () => {
    const onArgv = await run(
      ['create', '--tenant', '100003', '--name', '丙大学', '--admin', 'admin', `--password=${PASSWORD}`],
      { DATA_DIR: dataDir },
    );
    expect(onArgv.code).toBe(2);
    expect(onArgv.output).toContain('The password is never taken from the command line');
    expect(onArgv.output).not.toContain(PASSWORD);

    const none = await run(['create', '--tenant', '100003', '--name', '丙大学', '--admin', 'admin'], {
      DATA_DIR: dataDir,
    });
    expect(none.code).toBe(2);
    expect(none.output).toContain('No password: set PORTAL_ADMIN_PASSWORD in the environment');

    const usage = await run(['create', '--tenant', '100003'], { DATA_DIR: dataDir });
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Missing --name, --admin.');
  });

  it('stays out of a SQLite file the running portal holds, and says to stop it first', async () => {
    // The server claims the file at start-up (sqlite-owner.ts); a live process on this host holds it here.
    const owner = join(dataDir, 'portal.db.owner');
    writeFileSync(owner, JSON.stringify({ pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
    try {
      const r = await run(['create', '--tenant', '100004', '--name', '丁大学', '--admin', 'admin'], {
        DATA_DIR: dataDir,
        PORTAL_ADMIN_PASSWORD: PASSWORD,
      });
      expect(r.code).toBe(78);
      expect(r.output).toContain(`is in use by a running portal process (pid ${process.pid}`);
      expect(r.output).toContain('stop the portal, run this command, then start the portal again');
      expect(existsSync(owner)).toBe(true);
    } finally {
      await rm(owner, { force: true });
    }
    const list = await run(['list'], { DATA_DIR: dataDir });
    expect(list.output).not.toContain('100004');
  });
});
