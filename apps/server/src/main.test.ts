import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL } from './test/test-app.ts';

const main = new URL('./main.ts', import.meta.url).pathname;
/** The environment of this test run without the settings a test gives itself. */
const { TOKEN_SECRET: _t, CLIENT_SECRET: _c, DATABASE_URL: _d, REDIS_URL: _r, ...baseEnv } = process.env;

/** A node's environment in these tests. No demo data: they are about starting, and seeding is most of a start's work. */
const NODE_ENV = {
  ...baseEnv,
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  PORTAL_SEED: 'false',
};

/** Runs the server's entry point until it prints its URL (then stops it) or exits; returns what it printed and its exit code. */
function run(
  env: Record<string, string>,
  stopWhenRunning = true,
): Promise<{ code: number | null; output: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main], {
      env: { ...NODE_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    let stopping = false;
    child.stdout.on('data', (b: Buffer) => void (stdout += b.toString()));
    const onData = (b: Buffer) => {
      output += b.toString();
      // Once: a log line written after the banner (pino's writes may come later than console.log's) would otherwise
      // send a second SIGTERM, which ends the process before its shutdown exits 0.
      if (stopWhenRunning && !stopping && /is running: http/.test(output)) {
        stopping = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => resolve({ code, output, stdout }));
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

  it('refuses an invalid setting with exit code 78, naming it (CHAT_UPLOAD_QUOTA_MB)', async () => {
    const { code, output } = await run({ DATA_DIR: dataDir, CHAT_UPLOAD_QUOTA_MB: '0' });
    expect(code).toBe(78);
    expect(output).toMatch(/CHAT_UPLOAD_QUOTA_MB: a whole number of megabytes \(MB\), from 1 to 1048576/);
  });

  it('refuses a second process on the same SQLite file while the first runs', async () => {
    const first = spawn(process.execPath, [main], {
      env: { ...NODE_ENV, DATA_DIR: dataDir },
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

  const SECRETS = { TOKEN_SECRET: 'x'.repeat(40), CLIENT_SECRET: 'y'.repeat(20) };
  /** No stack trace in what an operator reads for a known fault. */
  const noStack = (output: string) => expect(output).not.toMatch(/^\s+at /m);

  it('creates a DATA_DIR that is not there, private to its user, and warns when WEB_DIST holds no web app', async () => {
    // With both secrets given nothing is generated, so nothing else creates the folder before the database needs it.
    const fresh = join(dataDir, 'fresh', 'data');
    const { code, output } = await run({
      DATA_DIR: fresh,
      ...SECRETS,
      WEB_DIST: join(dataDir, 'no-build'),
    });
    expect(output).toMatch(/is running: http/);
    expect(code).toBe(0);
    expect(output).toMatch(/holds no index\.html: the API answers, but no page is served/);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
    expect(statSync(join(fresh, 'portal.db')).mode & 0o077).toBe(0);
  });

  it('says which database it cannot reach or open, without a stack trace or the password, and how it exits', async () => {
    const unreachable = await run({ DATABASE_URL: 'postgres://postgres:s3cret@127.0.0.1:1/nodb', DATA_DIR: dataDir });
    expect(unreachable.code).toBe(69);
    expect(unreachable.output).toMatch(/Cannot reach the database 127\.0\.0\.1:1\/nodb/);
    const missing = await run({
      DATABASE_URL: `${TEST_PG_URL.replace(/\/[^/]*$/, '')}/portal_no_such_db`,
      DATA_DIR: dataDir,
    });
    expect(missing.code).toBe(78);
    expect(missing.output).toMatch(
      /Cannot open the database .*portal_no_such_db: database "portal_no_such_db" does not exist/,
    );
    const scheme = await run({ DATABASE_URL: '/var/lib/portal/x.db', DATA_DIR: dataDir });
    expect(scheme.code).toBe(78);
    expect(scheme.output).toMatch(/DATABASE_URL: postgres:\/\/… for PostgreSQL, or sqlite:/);
    for (const r of [unreachable, missing, scheme]) {
      noStack(r.output);
      expect(r.output).not.toContain('s3cret');
    }
  });

  it('refuses a database migrated by a newer version, saying so', async () => {
    const dir = join(dataDir, 'newer');
    expect((await run({ DATA_DIR: dir })).output).toMatch(/is running: http/);
    const file = new DatabaseSync(join(dir, 'portal.db'));
    file.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('2099-01-01T00-00_future', '2099');
    file.close();
    const { code, output } = await run({ DATA_DIR: dir });
    expect(code).toBe(78);
    expect(output).toMatch(/was migrated by a newer version of the portal \(its migration 2099-01-01T00-00_future/);
    noStack(output);
  });

  it('writes only JSON lines on a standard output that is not a terminal, the line saying where it runs included', async () => {
    // A supervisor's log collector parses each line; the banner for people was plain text among pino's lines.
    const { code, stdout } = await run({ DATA_DIR: join(dataDir, 'json-lines'), DEFAULT_TENANT: '100001' });
    expect(code).toBe(0);
    const lines = stdout.split('\n').filter((l) => l.trim());
    const parsed = lines.map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${l}`);
      }
    });
    const running = parsed.find((l) =>
      /^Campus Service Portal is running: http:\/\/localhost:\d+\/$/.test(String(l.msg)),
    );
    expect(running).toMatchObject({
      level: 30,
      url: expect.stringMatching(/^http:\/\/localhost:\d+\/$/),
      database: { engine: 'sqlite' },
      defaultTenant: '100001',
    });
  });

  it('says once, and starts all the same, when the tenant addresses without ?tenantId= open on is not there', async () => {
    const dir = join(dataDir, 'default-tenant');
    const once = (output: string, text: string) => expect(output.split(text).length - 1).toBe(1);
    const missing = await run({ DATA_DIR: dir, DEFAULT_TENANT: '100001' });
    expect(missing.output).toMatch(/is running: http/);
    expect(missing.output).toContain('"defaultTenant":"100001"');
    once(missing.output, 'DEFAULT_TENANT 100001 is not a tenant of this database');
    expect(missing.output).toContain('npm run tenant -- create --tenant 100001');
    // Unset (empty): the demo tenant, which a database without the demo data does not have.
    const unset = await run({ DATA_DIR: dir, DEFAULT_TENANT: '' });
    expect(unset.output).toMatch(/is running: http/);
    once(unset.output, 'The demo tenant 000000, which /, /login and every address without ?tenantId= open on,');
    expect(unset.output).toContain("is not a tenant of this database: set DEFAULT_TENANT to the school's tenant");
    // (A tenant that is there, or disabled: modules/tenants/tenants.test.ts.)
  });

  it('says that its port is taken, and reads an empty variable as unset', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    try {
      const { code, output } = await run({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: '' });
      expect(code).toBe(78);
      expect(output).toContain(`Port ${port} on 127.0.0.1 is already in use by another process`);
      noStack(output);
    } finally {
      taken.close();
    }
  });
});
