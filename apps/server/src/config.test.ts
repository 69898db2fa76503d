import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { dbOptionsFromConfig } from './db/create-db.ts';

const TOKEN_SECRET = 'a'.repeat(40);
const CLIENT_SECRET = 'b'.repeat(20);

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-config-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses to start in production without TOKEN_SECRET and CLIENT_SECRET', () => {
    const load = (env: Record<string, string>) => () =>
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, ...env });
    expect(load({})).toThrow(ConfigError);
    expect(load({})).toThrow(/TOKEN_SECRET.*CLIENT_SECRET/);
    expect(load({ TOKEN_SECRET })).toThrow(/CLIENT_SECRET/);
    expect(load({ CLIENT_SECRET })).toThrow(/TOKEN_SECRET/);
  });

  it('refuses cluster mode (REDIS_URL with PostgreSQL) without shared secrets, and picks the database file store in it', () => {
    const cluster = {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1/test',
      REDIS_URL: 'redis://127.0.0.1:6379',
    };
    expect(() => loadConfig(cluster)).toThrow(/Cluster mode.*TOKEN_SECRET and CLIENT_SECRET/);
    expect(() => loadConfig({ ...cluster, TOKEN_SECRET })).toThrow(/needs CLIENT_SECRET in the environment/);
    const config = loadConfig({ ...cluster, TOKEN_SECRET, CLIENT_SECRET, NODE_ID: 'node-a' });
    expect(config).toMatchObject({ cluster: true, fileStore: 'database', nodeId: 'node-a', tokenSecret: TOKEN_SECRET });
    // Nothing was generated on this node's disk.
    return expect(stat(join(dataDir, 'secrets.json'))).rejects.toThrow();
  });

  it('stays single-node on SQLite even with REDIS_URL, with local files and a unique node id', () => {
    const a = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:6379' });
    const b = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(a).toMatchObject({ cluster: false, fileStore: 'local' });
    expect(a.nodeId).not.toBe(b.nodeId);
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, FILE_STORE: 'database' }).fileStore).toBe(
      'database',
    );
    expect(() => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, NODE_ID: 'a b' })).toThrow(ConfigError);
  });

  it('starts in production with both secrets, demo mode and seeding off, and writes no secrets file', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, TOKEN_SECRET, CLIENT_SECRET });
    expect(config).toMatchObject({
      env: 'production',
      tokenSecret: TOKEN_SECRET,
      clientSecret: CLIENT_SECRET,
      demo: false,
      seed: false,
      port: 8080,
    });
    await expect(stat(join(dataDir, 'secrets.json'))).rejects.toThrow();
  });

  it('generates the secrets into DATA_DIR/secrets.json in development and reuses them on the next start', async () => {
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(first.dataDir).toBe(dataDir);
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.clientSecret.length).toBeGreaterThanOrEqual(16);
    expect(first.tokenSecret).not.toBe(first.clientSecret);

    const file = join(dataDir, 'secrets.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      tokenSecret: first.tokenSecret,
      clientSecret: first.clientSecret,
    });
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o077).toBe(0);

    const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(second.tokenSecret).toBe(first.tokenSecret);
    expect(second.clientSecret).toBe(first.clientSecret);
    // Demo mode and seeding are on by default outside production.
    expect(second).toMatchObject({ demo: true, seed: true });
  });

  it('lets an explicit secret win over the generated one', () => {
    loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, TOKEN_SECRET });
    expect(config.tokenSecret).toBe(TOKEN_SECRET);
    expect(config.clientSecret).not.toBe(CLIENT_SECRET);
  });

  it('creates DATA_DIR when it does not exist yet', async () => {
    const nested = join(dataDir, 'a', 'b');
    loadConfig({ NODE_ENV: 'development', DATA_DIR: nested });
    expect((await stat(join(nested, 'secrets.json'))).isFile()).toBe(true);
  });

  it('honours PORT, DATABASE_URL, REDIS_URL and the demo switches', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: '9090',
      DATABASE_URL: 'postgres://u@db/portal',
      REDIS_URL: 'redis://cache:6379',
      PORTAL_DEMO: 'false',
      TOKEN_SECRET,
      CLIENT_SECRET,
    });
    expect(config).toMatchObject({
      port: 9090,
      databaseUrl: 'postgres://u@db/portal',
      redisUrl: 'redis://cache:6379',
      demo: false,
      seed: false,
    });
    expect(loadConfig({ NODE_ENV: 'production', TOKEN_SECRET, CLIENT_SECRET, PORTAL_DEMO: '1' })).toMatchObject({
      demo: true,
      seed: true,
    });
  });

  it('rejects invalid values with a ConfigError naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: '70000' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'short', CLIENT_SECRET })).toThrow(/TOKEN_SECRET/);
  });

  it('takes RATE_LIMITS as kind=calls pairs, and refuses an unknown kind or a limit under 1, naming the kinds', () => {
    const load = (RATE_LIMITS?: string) => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, RATE_LIMITS });
    expect(load(' upload=120, signIn = 2000 ').rateLimits).toEqual({ upload: 120, signIn: 2000 });
    for (const unset of [undefined, '', ' ']) expect(load(unset).rateLimits).toBeUndefined();
    for (const bad of ['uploads=10', 'upload=0', 'upload', 'upload=-1', 'upload=ten', 'constructor=5', '__proto__=5']) {
      expect(() => load(bad), bad).toThrow(ConfigError);
      expect(() => load(bad), bad).toThrow(/RATE_LIMITS: kind=calls a minute .*kinds: upload, job, notice/);
    }
  });

  it('takes CHAT_UPLOAD_QUOTA_MB as whole megabytes, 500 when left out or empty, and refuses anything else', () => {
    const load = (CHAT_UPLOAD_QUOTA_MB?: string) =>
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, CHAT_UPLOAD_QUOTA_MB });
    expect(load('2048').chatUploadQuotaBytes).toBe(2048 * 1024 * 1024);
    expect(load(' 1 ').chatUploadQuotaBytes).toBe(1024 * 1024);
    for (const unset of [undefined, '', '  ']) expect(load(unset).chatUploadQuotaBytes).toBe(500 * 1024 * 1024);
    for (const bad of ['0', '-5', '1.5', '500MB', 'lots', '1048577']) {
      expect(() => load(bad), bad).toThrow(ConfigError);
      expect(() => load(bad), bad).toThrow(/CHAT_UPLOAD_QUOTA_MB: /);
    }
    expect(() => load('0')).toThrow(/CHAT_UPLOAD_QUOTA_MB: a whole number of megabytes \(MB\), from 1 to 1048576/);
  });

  it('takes DEFAULT_TENANT as a tenant id, the demo tenant when it is left out or empty, and refuses a malformed one', () => {
    const load = (DEFAULT_TENANT?: string) =>
      loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, DEFAULT_TENANT });
    expect(load('100001').defaultTenant).toBe('100001');
    expect(load(' school_2-b ').defaultTenant).toBe('school_2-b');
    // Unset, empty or blank (DEFAULT_TENANT= in a unit file): the demo tenant, as before the setting.
    for (const unset of [undefined, '', '   ']) expect(load(unset).defaultTenant).toBe('000000');
    // In production too: it is the address's default, not demo data.
    expect(loadConfig({ NODE_ENV: 'production', TOKEN_SECRET, CLIENT_SECRET }).defaultTenant).toBe('000000');
    for (const bad of ['100 001', '1000010000001', '../100001', '100001;', '租户']) {
      expect(() => load(bad)).toThrow(ConfigError);
      expect(() => load(bad)).toThrow(
        /DEFAULT_TENANT: a tenant id as `npm run tenant -- create --tenant` takes it: 1 to 12 letters, digits, _ or -/,
      );
    }
  });
});

describe('dbOptionsFromConfig', () => {
  it('selects PostgreSQL for a postgres:// or postgresql:// DATABASE_URL', () => {
    expect(dbOptionsFromConfig({ databaseUrl: 'postgres://postgres@127.0.0.1:5432/test', dataDir: '/data' })).toEqual({
      engine: 'postgres',
      url: 'postgres://postgres@127.0.0.1:5432/test',
    });
    expect(dbOptionsFromConfig({ databaseUrl: 'postgresql://u:p@db/portal', dataDir: '/data' })).toMatchObject({
      engine: 'postgres',
    });
  });

  it('uses SQLite under DATA_DIR by default, or the file a sqlite: URL names', () => {
    expect(dbOptionsFromConfig({ databaseUrl: undefined, dataDir: '/data' })).toEqual({
      engine: 'sqlite',
      filename: join('/data', 'portal.db'),
    });
    expect(dbOptionsFromConfig({ databaseUrl: 'sqlite:/var/portal.db', dataDir: '/data' })).toEqual({
      engine: 'sqlite',
      filename: '/var/portal.db',
    });
  });

  it('refuses an unknown scheme', () => {
    expect(() => dbOptionsFromConfig({ databaseUrl: 'mysql://root@db/portal', dataDir: '/data' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => dbOptionsFromConfig({ databaseUrl: 'portal.db', dataDir: '/data' })).toThrow(/DATABASE_URL/);
  });
});
