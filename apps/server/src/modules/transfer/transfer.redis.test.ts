import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { Redis } from 'ioredis';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { JOB_STALE_MS, jobSettled } from './transfer.jobs.ts';
import { redisProgress } from './transfer.progress.ts';
import { multipart, xlsxOf } from './transfer-test-files.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const T = '/api/blade-workbench/transfer';
const ADMIN = DEMO_USERS[0].id;

describe('import progress in Redis (REDIS_URL set)', () => {
  let t: TestApp;
  let dataDir: string;
  let redis: Redis;
  const tokens: Record<string, string> = {};
  const post = async (account: string, url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload })).json();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-transfer-redis-'));
    t = await createTestApp('sqlite', { dataDir, redisUrl: REDIS_URL });
    redis = new Redis(REDIS_URL);
    for (const account of ['admin', 'teacher01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await redis.quit();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps counters under a tenant-, user- and job-scoped key and reports them on polling', async () => {
    const file = await xlsxOf([
      ['所属部门', '职责名称'],
      ['教务处', 'Redis 导入一'],
      ['教务处', 'Redis 导入二'],
      ['无此部门', 'x'],
    ]);
    const body = multipart([{ filename: 'r.xlsx', content: file }]);
    const up = (
      await t.app.inject({
        method: 'POST',
        url: `${T}/deptDuty/upload`,
        headers: { ...bearer(tokens.admin!), ...body.headers },
        payload: body.payload,
      })
    ).json();
    const started = await post('admin', `${T}/deptDuty/import`, {
      fileKey: up.result.fileKey,
      headerLine: 1,
      ruleNum: 1,
      errorRegx: 'deptName,dutyName',
      matrixType: [
        { excelField: '所属部门', dbField: 'deptName' },
        { excelField: '职责名称', dbField: 'dutyName' },
      ],
    });
    const key = started.result.redisKey as string;
    await jobSettled(key);
    expect(await redis.hgetall(`portal:transfer:000000:${ADMIN}:${key}`)).toMatchObject({
      total: '3',
      finish: '3',
      inserted: '2',
      failed: '1',
    });
    expect((await post('admin', `${T}/progress`, { key })).result).toMatchObject({
      finished: true,
      totalNum: 3,
      newInsertNum: 2,
      failNum: 1,
    });
    expect((await post('teacher01', `${T}/progress`, { key })).status).toBe(404);
  });

  it('with several nodes, a starting node fails only jobs whose heartbeat stopped, not those another node runs', async () => {
    const job = (id: string, beatMsAgo: number) => {
      const at = new Date(Date.now() - beatMsAgo).toISOString();
      return {
        id,
        tenant_id: '000000',
        user_id: ADMIN,
        dataset: 'deptDuty',
        kind: 'import',
        status: 'running',
        total_num: 10,
        finish_num: 1,
        new_insert_num: 1,
        update_num: 0,
        jump_num: 0,
        fail_num: 0,
        error_msg: null,
        error_path: null,
        result_path: null,
        file_name: null,
        started_at: at,
        finished_at: null,
        heartbeat_at: at,
      };
    };
    await t.db.db
      .insertInto('transfer_jobs')
      .values([job('live-on-other-node', 1_000), job('dead-on-other-node', JOB_STALE_MS + 5_000)])
      .execute();
    const second = await buildApp({ config: t.config, db: t.db, logger: false, serveWeb: false });
    await second.ready();
    await second.close();
    const status = async (id: string) =>
      await t.db.db
        .selectFrom('transfer_jobs')
        .where('id', '=', id)
        .select(['status', 'error_msg'])
        .executeTakeFirstOrThrow();
    expect(await status('live-on-other-node')).toEqual({ status: 'running', error_msg: null });
    expect(await status('dead-on-other-node')).toEqual({ status: 'failed', error_msg: TRANSFER_TEXTS.jobInterrupted });
  });

  it('reads back what a running job saved, and nothing for another user', async () => {
    const mirror = redisProgress(REDIS_URL, `portal:transfer-test-${Date.now()}`);
    try {
      const c = { total: 10, finish: 4, inserted: 3, updated: 1, skipped: 0, failed: 0 };
      await mirror.save('000000', 'u1', 'job1', c);
      expect(await mirror.load('000000', 'u1', 'job1')).toEqual(c);
      expect(await mirror.load('000000', 'u2', 'job1')).toBeNull();
      expect(await mirror.load('100001', 'u1', 'job1')).toBeNull();
    } finally {
      await mirror.close();
    }
  });
});
