import { DEFAULT_TIME_ZONE, EFFICIENCY_TEXTS } from '@portal/contracts/efficiency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';
import { dayInZone } from './efficiency.aggregates.ts';

const E = '/api/online-service-platform/efficiencyHomePage';
const OTHER = '500011';
/** Days no seeded process falls on, so every figure below is the ingested ones'. */
const DAYS = { startDate: '2020-05-10', endDate: '2020-05-12' };
const MONTHS = { startDate: '2020-05-01', endDate: '2020-06-30' };

/**
 * Issue 15: the reports count days in the tenant's time zone (default Asia/Shanghai), not UTC — a process finished
 * at 07:00 Beijing time counts for that Beijing day.
 */
describe.each(testDatabases)("report days in the tenant's time zone on %s", (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = async (account: string, path: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `${E}/${path}`, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const process = (externalId: string, startedAt: string, finishedAt: string | null) => ({
    externalId,
    processName: '请假审批',
    title: `请假申请 ${externalId}`,
    deptName: '学生工作处',
    applicantId: 'u-1',
    applicantName: '张同学',
    startedAt,
    dueAt: '2020-07-01T00:00:00Z',
    ...(finishedAt ? { finishedAt } : {}),
    nodes: [
      {
        nodeName: '辅导员审批',
        handlerId: 'u-2',
        handlerName: '王老师',
        arrivedAt: startedAt,
        dueAt: '2020-07-01T00:00:00Z',
        handledAt: finishedAt,
      },
    ],
  });
  const trend = async (account = 'admin') =>
    (
      (await post(account, 'processTrending', { ...DAYS, granularity: 'day' })).result.points as {
        period: string;
        started: number;
        finished: number;
      }[]
    ).map((p) => [p.period, p.started, p.finished]);
  const months = async (account = 'admin') =>
    ((await post(account, 'efficiencyReportList', MONTHS)).result as { month: string; started: number }[]).map((m) => [
      m.month,
      m.started,
    ]);

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedOtherTenant(t.db.db, OTHER);
    await t.db.db
      .insertInto('role_menus')
      .values({ tenant_id: OTHER, role_id: `${OTHER}-student`, menu_name: 'effectivenessMonitoringConfig' })
      .execute();
    tokens.admin = (await t.login('admin')).access_token;
    tokens.other = (await t.login('student01', OTHER)).access_token;
    const processes = [
      process('a', '2020-05-10T23:00:00Z', '2020-05-10T23:30:00Z'), // Beijing 05-11 07:00, finished 07:30
      process('b', '2020-05-11T15:59:00Z', '2020-05-11T16:00:00Z'), // Beijing 05-11 23:59, finished 05-12 00:00
      process('c', '2020-05-31T17:00:00Z', null), //                   Beijing 06-01 01:00
      process('e', '2020-05-10T18:14:00Z', null), //                   Kathmandu (+05:45) 05-10 23:59
      process('f', '2020-05-10T18:15:00Z', null), //                   Kathmandu 05-11 00:00
    ];
    // The other school has a department of the same name, so the same feed goes to both.
    await t.db.db
      .insertInto('svc_depts')
      .values({ id: `${OTHER}-dept-xg`, tenant_id: OTHER, name: '学生工作处', icon: '', sort: 1 })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    for (const account of ['admin', 'other'])
      expect((await post(account, 'ingestProcesses', { processes })).status).toBe(1000);
  });
  afterAll(async () => t.close());

  it('counts by Beijing days by default: 07:00 Beijing time is that Beijing day, not the UTC day before', async () => {
    expect((await post('admin', 'getReportConfig')).result.timeZone).toBe(DEFAULT_TIME_ZONE);
    expect(await trend()).toEqual([
      ['2020-05-10', 0, 0],
      ['2020-05-11', 4, 1],
      ['2020-05-12', 0, 1],
    ]);
    // One Beijing day's overview holds exactly the processes started on it (both finished ones finished since).
    expect((await post('admin', 'overView', { startDate: '2020-05-11', endDate: '2020-05-11' })).result).toMatchObject({
      started: 4,
      finished: 2,
    });
    expect((await post('admin', 'overView', { startDate: '2020-05-10', endDate: '2020-05-10' })).result.started).toBe(
      0,
    );
    // 01:00 Beijing on 1 June is June's.
    expect(await months()).toEqual([
      ['2020-05', 4],
      ['2020-06', 1],
    ]);
  });

  it("follows the tenant's configured time zone, quarter-hour offsets included, and only that tenant's", async () => {
    const blocks = (await post('admin', 'getReportConfig')).result.blocks;
    expect((await post('admin', 'saveReportConfig', { blocks, timeZone: 'UTC' })).status).toBe(1000);
    expect(await trend()).toEqual([
      ['2020-05-10', 3, 1],
      ['2020-05-11', 1, 1],
      ['2020-05-12', 0, 0],
    ]);
    expect(await months()).toEqual([['2020-05', 5]]);

    expect((await post('admin', 'saveReportConfig', { blocks, timeZone: 'Asia/Kathmandu' })).status).toBe(1000);
    expect(await trend()).toEqual([
      ['2020-05-10', 1, 0],
      ['2020-05-11', 3, 2],
      ['2020-05-12', 0, 0],
    ]);

    // Saving the blocks alone keeps the time zone; the other tenant still counts Beijing days.
    expect((await post('admin', 'saveReportConfig', { blocks: { ...blocks, oa: false } })).status).toBe(1000);
    expect((await post('admin', 'getReportConfig')).result).toMatchObject({
      timeZone: 'Asia/Kathmandu',
      blocks: { oa: false },
    });
    // The zone is the tenant's, not only the reports': every user of the tenant gets it with their user info.
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/blade-user/user/getUserInfo',
      headers: bearer(tokens.admin!),
    });
    expect(info.json().result.timeZone).toBe('Asia/Kathmandu');
    const detail = await t.app.inject({
      method: 'GET',
      url: '/api/blade-workbench/nobody/tenant/detail?tenantId=000000',
    });
    expect(detail.json().result.timeZone).toBe('Asia/Kathmandu');
    expect(await trend('other')).toEqual([
      ['2020-05-10', 0, 0],
      ['2020-05-11', 4, 1],
      ['2020-05-12', 0, 1],
    ]);
  });

  it('refuses a time zone that does not exist', async () => {
    const blocks = (await post('admin', 'getReportConfig')).result.blocks;
    expect(await post('admin', 'saveReportConfig', { blocks, timeZone: 'Mars/Olympus_Mons' })).toMatchObject({
      http: 400,
      msg: EFFICIENCY_TEXTS.badTimeZone,
    });
    expect(await post('admin', 'saveReportConfig', { blocks, timeZone: '' })).toMatchObject({ http: 400 });
  });
});

describe('local days', () => {
  it('follow daylight-saving changes and quarter-hour offsets: each instant falls on its own day', () => {
    const berlin = dayInZone('Europe/Berlin');
    expect(
      ['2026-03-28T22:59:00Z', '2026-03-28T23:00:00Z', '2026-03-29T21:59:00Z', '2026-03-29T22:00:00Z'].map(berlin),
    ).toEqual(['2026-03-28', '2026-03-29', '2026-03-29', '2026-03-30']);
    // Autumn: the day of 25 hours starts at 22:00 UTC and ends at 23:00 UTC.
    expect(
      ['2026-10-24T21:59:59Z', '2026-10-24T22:00:00Z', '2026-10-25T22:59:59Z', '2026-10-25T23:00:00Z'].map(berlin),
    ).toEqual(['2026-10-24', '2026-10-25', '2026-10-25', '2026-10-26']);
    const kathmandu = dayInZone('Asia/Kathmandu');
    expect(['2020-05-10T18:14:59Z', '2020-05-10T18:15:00Z'].map(kathmandu)).toEqual(['2020-05-10', '2020-05-11']);
    expect(dayInZone('Asia/Shanghai')('2020-05-10T23:00:00Z')).toBe('2020-05-11');
  });
});
