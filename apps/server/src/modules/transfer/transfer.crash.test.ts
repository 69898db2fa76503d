import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, type DbHandle, type Engine } from '../../db/create-db.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seed } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { bearer, TEST_PG_URL, testConfig, testDatabases } from '../../test/test-app.ts';
import { sheetWriter } from './spreadsheet.ts';
import { JOB_STALE_MS, jobSettled } from './transfer.jobs.ts';
import { IMPORT_COMMIT_ROWS } from './transfer.service.ts';

/**
 * A crash in the middle of an import, for real: the server runs as its own process (apps/server/src/main.ts),
 * is killed with SIGKILL while the import is applying rows, and a new server is started on the same database.
 * The job must then read as failed (not running forever), and every row must be there whole or not at all.
 */

const SERVER_MAIN = new URL('../../main.ts', import.meta.url).pathname;
const T = '/api/blade-workbench/transfer';
const ROWS = 40_000;
/** Rows an import commits together: a crash leaves whole groups of them. */
const BATCH = IMPORT_COMMIT_ROWS;
const PREFIX = '崩溃测试职责';

/** A migrated, seeded database the child process and the test both open: a SQLite file or a PostgreSQL schema. */
async function sharedDatabase(engine: Engine, dataDir: string) {
  if (engine === 'sqlite') {
    const filename = join(dataDir, 'portal.db');
    const open = () => createDb({ engine: 'sqlite', filename });
    const h = open();
    await migrateToLatest(h.db);
    await seed(h.db);
    await h.close();
    return { url: `sqlite:${filename}`, open, drop: async () => undefined };
  }
  const schema = `t_crash_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const open = () => createDb({ engine: 'postgres', url: TEST_PG_URL, schema, max: 4 });
  const h = open();
  await migrateToLatest(h.db);
  await seed(h.db);
  await h.close();
  return {
    url: `${TEST_PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    open,
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/** Starts the real server as a child process; resolves with its base URL. */
async function startServer(
  dataDir: string,
  databaseUrl: string,
  redisUrl: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      // Cluster mode (PostgreSQL with Redis) takes the secrets from the environment only; files go to the database.
      TOKEN_SECRET: testConfig().tokenSecret,
      CLIENT_SECRET: testConfig().clientSecret,
      PORTAL_DEMO: 'true',
      PORTAL_SEED: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /running: http:\/\/localhost:(\d+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { child, url };
}

async function dutyFile(path: string) {
  const out = sheetWriter(path, '职责');
  out.addRow(['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务']);
  for (let i = 0; i < ROWS; i++)
    out.addRow([
      '教务处',
      `${PREFIX}${String(i).padStart(6, '0')}`,
      '职责',
      `第${i}行的职责内容，用来确认崩溃时没有写了一半的行。`,
      i % 1000,
      '成绩单打印',
    ]);
  await out.close();
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Each engine, with the job's progress in the database only, and with REDIS_URL (counters mirrored in Redis). */
const setups = testDatabases.flatMap((engine) => [
  { engine, redisUrl: '', label: `${engine}` },
  { engine, redisUrl: REDIS_URL, label: `${engine} with Redis` },
]);

describe.each(setups)('an import interrupted by a crash on $label', ({ engine, redisUrl }) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  it('leaves whole batches only, and the restarted server reports the job failed', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-crash-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const shared = await sharedDatabase(engine, dataDir);
    cleanups.push(shared.drop);
    const file = join(dataDir, 'duties.xlsx');
    await dutyFile(file);

    // 1. The first server: log in, upload, start the import.
    const { child, url } = await startServer(dataDir, shared.url, redisUrl);
    cleanups.push(async () => child.exitCode === null && child.kill('SIGKILL'));
    const call = async (path: string, body: unknown, token?: string) => {
      const res = await fetch(url + path, {
        method: 'POST',
        headers: {
          ...(token ? bearer(token) : {}),
          ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
      return res.json() as Promise<{ status: number; msg: string; result: any }>;
    };
    const login = await call('/api/blade-auth/oauth/token', {
      grant_type: 'password',
      tenantId: '000000',
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    const token = login.result.access_token as string;
    const form = new FormData();
    form.append('file', new Blob([await readFile(file)]), 'duties.xlsx');
    const up = await call(`${T}/deptDuty/upload`, form, token);
    expect(up.status).toBe(1000);
    const matrixType = ['deptName', 'dutyName', 'dutyType', 'dutyContent', 'sort', 'services'].map((dbField, i) => ({
      excelField: ['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务'][i]!,
      dbField,
    }));
    const started = await call(
      `${T}/deptDuty/import`,
      { fileKey: up.result.fileKey, headerLine: 1, ruleNum: 1, errorRegx: 'deptName,dutyName', matrixType },
      token,
    );
    expect(started.status).toBe(1000);
    const key = started.result.redisKey as string;

    // 2. Kill it (no shutdown of any kind) once a few batches are in, well before the end. Between looks the server
    // is stopped (SIGSTOP): it imports only in windows of about 10 ms, so however slow this process is to look (a
    // busy machine), the server cannot run on to the end between the look that sees the batches and the kill.
    const h: DbHandle = shared.open();
    cleanups.push(() => h.close());
    const committed = async () =>
      Number(
        (
          await h.db
            .selectFrom('osp_duties')
            .where('tenant_id', '=', '000000')
            .where('duty_name', 'like', `${PREFIX}%`)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let seen = 0;
    for (let i = 0; i < 6000 && seen < 3 * BATCH; i++) {
      child.kill('SIGCONT');
      await new Promise((r) => setTimeout(r, 10));
      child.kill('SIGSTOP');
      seen = await committed();
    }
    expect(seen).toBeGreaterThanOrEqual(3 * BATCH);
    expect(seen).toBeLessThan(ROWS);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;

    // 3. The database as the crash left it: the job still says running, and the rows are whole batches.
    const jobRow = await h.db
      .selectFrom('transfer_jobs')
      .where('id', '=', key)
      .select(['status'])
      .executeTakeFirstOrThrow();
    expect(jobRow.status).toBe('running');
    const duties = await h.db
      .selectFrom('osp_duties')
      .where('tenant_id', '=', '000000')
      .where('duty_name', 'like', `${PREFIX}%`)
      .select(['id', 'duty_name'])
      .orderBy('duty_name')
      .execute();
    const n = duties.length;
    expect(n).toBeGreaterThanOrEqual(3 * BATCH);
    expect(n).toBeLessThan(ROWS);
    expect(n % BATCH).toBe(0);
    // The rows in are exactly the first n of the file, each with its link to its service: no half row.
    expect(duties[0]!.duty_name).toBe(`${PREFIX}000000`);
    expect(duties[n - 1]!.duty_name).toBe(`${PREFIX}${String(n - 1).padStart(6, '0')}`);
    const links = await h.db
      .selectFrom('osp_duty_services as l')
      .innerJoin('osp_duties as d', 'd.id', 'l.duty_id')
      .where('d.duty_name', 'like', `${PREFIX}%`)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.count<number>(sql`distinct l.duty_id`).as('duties')])
      .executeTakeFirstOrThrow();
    expect(Number(links.n)).toBe(n);
    expect(Number(links.duties)).toBe(n);

    // 4. A new server on the same database reports the job failed (at once when it is the only node; with Redis,
    // where other nodes may run jobs, once the heartbeat is older than JOB_STALE_MS, here moved into the past),
    // with the counts of exactly the rows the committed batches wrote, and new jobs can start.
    if (redisUrl)
      await h.db
        .updateTable('transfer_jobs')
        .set({ heartbeat_at: new Date(Date.now() - JOB_STALE_MS - 1_000).toISOString() })
        .where('id', '=', key)
        .execute();
    const app = await buildApp({
      config: testConfig({ dataDir, ...(redisUrl ? { redisUrl } : {}) }),
      db: h,
      logger: false,
      serveWeb: false,
    });
    cleanups.push(() => app.close()); // closed before the database (cleanups run in reverse)
    await app.ready();
    const login2 = await app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      payload: { grant_type: 'password', tenantId: '000000', username: 'admin', password: DEMO_PASSWORD },
    });
    const token2 = login2.json().result.access_token as string;
    const progress = (
      await app.inject({ method: 'POST', url: `${T}/progress`, headers: bearer(token2), payload: { key } })
    ).json();
    expect(progress.result).toMatchObject({
      finished: true,
      status: 'failed',
      // The rows it committed are kept, and the answer says so: partly done, to be imported again with 跳过 (it
      // said 任务因服务重启而中断，请重新执行 under an 导入失败 title, and a re-run with 记为失败 failed every kept row).
      outcome: 'partial',
      errorMsg: TRANSFER_TEXTS.importInterruptedKept,
    });
    expect(progress.result).toMatchObject({ totalNum: ROWS, finishNum: n, newInsertNum: n, updateNum: 0, failNum: 0 });
    expect(progress.result.finishRate).toBe(Math.round((n / ROWS) * 10_000) / 100);
    const again = (
      await app.inject({
        method: 'POST',
        url: `${T}/deptDuty/exportStart`,
        headers: bearer(token2),
        payload: { dataRange: 1, fileName: 'after_crash', exportField: 'dutyName' },
      })
    ).json();
    expect(again.status).toBe(1000);
    await jobSettled(again.result.redisKey);
  });
});
