import { EFFICIENCY_TEXTS } from '@portal/contracts/efficiency';
import { MESSAGES } from '@portal/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServices } from '../../db/seed/catalogue.ts';
import { DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import {
  dayStart,
  DEMO_CLICKS,
  DEMO_PROCESS_COUNT,
  DEMO_PROCESS_TEMPLATES,
  demoEfficiency,
} from '../../db/seed/efficiency.ts';
import type { EffProcessNodeRow } from '../../db/tables/efficiency.ts';
import type { ProcessInput as EffProcessRow } from './efficiency.aggregates.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';
import { addDays, daysOf, isoWeek, rollUp } from './efficiency.service.ts';

const E = '/api/online-service-platform/efficiencyHomePage';
const OTHER = '100001';
const PATHS = [
  'overView',
  'efficiencyReportList',
  'processTrending',
  'serviceHeatRate',
  'topLikesBoard',
  'personalEfficiencyReport',
  'getReportConfig',
  'personalERDetail',
  'OAOverview',
  'timeoutProcess',
  'timeoutNode',
  'sceneTree',
  'reportTable',
  'existReport',
  'reportTableDrill',
  'deptTree',
  'saveReportConfig',
];
const REPORT_WIDE = [
  'overView',
  'efficiencyReportList',
  'processTrending',
  'serviceHeatRate',
  'topLikesBoard',
  'OAOverview',
  'timeoutProcess',
  'timeoutNode',
  'reportTable',
];
const [ADMIN, TEACHER, STUDENT] = DEMO_USERS;

/** What the report should count, worked out in plain JavaScript from the seed's own definition. */
function expected(processes: EffProcessRow[], nodes: EffProcessNodeRow[], now: string) {
  const late = (p: EffProcessRow) => (p.finished_at ? p.finished_at > p.due_at : p.due_at < now);
  const nodeLate = (n: EffProcessNodeRow) => (n.handled_at ? n.handled_at > n.due_at : n.due_at < now);
  return {
    started: processes.length,
    finished: processes.filter((p) => p.finished_at).length,
    overdue: processes.filter(late).length,
    nodeLate: nodes.filter((n) => processes.some((p) => p.id === n.process_id)).filter(nodeLate).length,
    handledBy: (userId: string) => nodes.filter((n) => n.handler_id === userId && n.handled_at).length,
    pendingOf: (userId: string) => nodes.filter((n) => n.handler_id === userId && !n.handled_at).length,
    appliedBy: (userId: string) => processes.filter((p) => p.applicant_id === userId).length,
  };
}

describe.each(testDatabases)('efficiency supervision on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = async (account: string | null, path: string, payload: object = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${E}/${path}`,
      headers: account ? bearer(tokens[account]!) : {},
      payload,
    });
    return { http: res.statusCode, ...res.json() };
  };
  // The reports' days are the tenant's (Asia/Shanghai by default, always UTC+8): today is Beijing's date.
  const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const all = { startDate: addDays(today, -70), endDate: today };
  const seeded = demoEfficiency(DEMO_TENANT_ID, dayStart(Date.now()));

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedOtherTenant(t.db.db, OTHER);
    // The other tenant's student may see its own reports, so isolation is tested with the power to look.
    await t.db.db
      .insertInto('role_menus')
      .values({ tenant_id: OTHER, role_id: `${OTHER}-student`, menu_name: 'effectivenessMonitoringConfig' })
      .execute();
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    tokens.other = (await t.login('student01', OTHER)).access_token;
  });
  afterAll(async () => t.close());

  it('refuses every call without a token', async () => {
    for (const path of PATHS) expect((await post(null, path, {})).http, path).toBe(401);
  });

  it('counts the seeded processes and services in the overview', async () => {
    const x = expected(seeded.processes, seeded.nodes, new Date().toISOString());
    const o = await post('admin', 'overView', all);
    expect(o.status).toBe(1000);
    expect(o.result).toMatchObject({
      range: all,
      started: DEMO_PROCESS_COUNT,
      finished: x.finished,
      running: DEMO_PROCESS_COUNT - x.finished,
      overdue: x.overdue,
    });
    expect(x.overdue).toBeGreaterThan(0);
    const services = demoServices();
    expect(o.result.serviceCount).toBe(services.length);
    expect(o.result.processServiceCount).toBe(services.filter((s) => s.businessType === 'PROCESS').length);
    expect(o.result.visitCount).toBe(services.reduce((s, v) => s + v.visitCount, 0));
    expect(o.result.onTimeRate).toBeGreaterThan(0);
    expect(o.result.onTimeRate).toBeLessThan(100);

    // No body: the last 30 days.
    const last30 = await post('admin', 'overView');
    const from = new Date(`${addDays(today, -29)}T00:00:00+08:00`).toISOString();
    expect(last30.result.range).toEqual({ startDate: addDays(today, -29), endDate: today });
    expect(last30.result.started).toBe(seeded.processes.filter((p) => p.started_at >= from).length);

    // One department: 财务处 runs every fifth process (报销审批).
    const depts = (await post('admin', 'deptTree')).result as { id: string; title: string; count: number }[];
    const finance = depts.find((d) => d.title === '财务处')!;
    expect(finance.count).toBe(services.filter((s) => s.dept === '财务处').length);
    expect((await post('admin', 'overView', { ...all, deptId: finance.id })).result.started).toBe(
      DEMO_PROCESS_COUNT / DEMO_PROCESS_TEMPLATES.length,
    );
  });

  it('draws the trend by day, week and month, summing to the overview', async () => {
    const day = await post('admin', 'processTrending', { ...all, granularity: 'day' });
    expect(day.result.points).toHaveLength(71);
    expect(day.result.points.reduce((s: number, p: { started: number }) => s + p.started, 0)).toBe(DEMO_PROCESS_COUNT);
    const week = await post('admin', 'processTrending', { ...all, granularity: 'week' });
    expect(week.result.points[0].period).toBe(isoWeek(all.startDate));
    expect(week.result.points.reduce((s: number, p: { overdue: number }) => s + p.overdue, 0)).toBe(
      expected(seeded.processes, seeded.nodes, new Date().toISOString()).overdue,
    );
    const month = await post('admin', 'processTrending', { ...all, granularity: 'month' });
    expect(month.result.points.map((p: { period: string }) => p.period)).toEqual([
      ...new Set(daysOf(all).map((d) => d.slice(0, 7))),
    ]);
    expect(month.result.points.reduce((s: number, p: { finished: number }) => s + p.finished, 0)).toBeLessThanOrEqual(
      DEMO_PROCESS_COUNT,
    );
    const list = await post('admin', 'efficiencyReportList', all);
    expect(list.result.reduce((s: number, m: { started: number }) => s + m.started, 0)).toBe(DEMO_PROCESS_COUNT);
  });

  it('ranks services by visits and by rating', async () => {
    const heat = await post('admin', 'serviceHeatRate', { ...all, limit: 5 });
    expect(heat.result).toHaveLength(5);
    expect(heat.result[0]).toMatchObject({ rank: 1, serviceName: '统一身份认证密码重置', visitCount: 12_345_678 });
    expect(heat.result[1].serviceName).toBe('成绩查询');
    const card = await post('admin', 'serviceHeatRate', { ...all, limit: 50 });
    const visits = card.result.map((h: { visitCount: number }) => h.visitCount);
    expect(visits).toEqual([...visits].sort((a, b) => b - a));
    const logistics = ((await post('admin', 'deptTree')).result as { id: string; title: string }[]).find(
      (d) => d.title === '后勤管理处',
    )!;
    const campusCard = await post('admin', 'serviceHeatRate', { ...all, deptId: logistics.id, limit: 50 });
    expect(campusCard.result.every((h: { deptName: string }) => h.deptName === '后勤管理处')).toBe(true);
    expect(campusCard.result.find((h: { serviceName: string }) => h.serviceName === '校园卡充值').clicks).toBe(
      DEMO_CLICKS['校园卡充值'],
    );
    const likes = await post('admin', 'topLikesBoard', all);
    expect(likes.result.slice(0, 2)).toMatchObject([
      { rank: 1, serviceName: '座位预约', average: 5, count: 3 },
      { rank: 2, serviceName: '网上报销', average: 4.8, count: 4 },
    ]);
  });

  it('lists late processes and late nodes', async () => {
    const x = expected(seeded.processes, seeded.nodes, new Date().toISOString());
    const page = await post('admin', 'timeoutProcess', { ...all, size: 5 });
    expect(page.result).toMatchObject({ total: x.overdue, size: 5, current: 1 });
    const hours = page.result.records.map((r: { overdueHours: number }) => r.overdueHours);
    expect(hours).toEqual([...hours].sort((a, b) => b - a));
    expect(hours.every((h: number) => h > 0)).toBe(true);
    const nodes = await post('admin', 'timeoutNode', { ...all, limit: 50 });
    expect(nodes.result.reduce((s: number, n: { overdue: number }) => s + n.overdue, 0)).toBe(x.nodeLate);
  });

  it('reports by department and drills into one', async () => {
    const table = await post('admin', 'reportTable', all);
    expect(table.result.total).toMatchObject({
      deptName: '合计',
      started: DEMO_PROCESS_COUNT,
      serviceCount: demoServices().length,
    });
    // One row per department of the one list (ADR 0032): the catalogue's 15, 校办 and 考试中心.
    expect(table.result.rows).toHaveLength(17);
    const finance = table.result.rows.find((r: { deptName: string }) => r.deptName === '财务处');
    expect(finance.started).toBe(18);
    const hr = table.result.rows.find((r: { deptName: string }) => r.deptName === '人事处');
    expect(hr.started).toBe(36); // 用印申请 and 教职工请假
    expect(table.result.rows.reduce((s: number, r: { started: number }) => s + r.started, 0)).toBe(DEMO_PROCESS_COUNT);

    const drill = await post('admin', 'reportTableDrill', { ...all, deptId: hr.deptId });
    expect(drill.result.deptName).toBe('人事处');
    expect(
      drill.result.processes.map((p: { processName: string; started: number }) => [p.processName, p.started]),
    ).toEqual([
      ['教职工请假', 18],
      ['用印申请', 18],
    ]);
    expect(drill.result.handlers.map((h: { handlerName: string }) => h.handlerName).sort()).toEqual(
      ['王主任', '系统管理员'].sort(),
    );
    const one = await post('admin', 'reportTable', { ...all, deptId: hr.deptId });
    expect(one.result.rows).toHaveLength(1);
  });

  it('gives everyone their own report: handled, pending and started by them', async () => {
    const x = expected(seeded.processes, seeded.nodes, new Date().toISOString());
    const mine = await post('teacher01', 'personalEfficiencyReport', all);
    expect(mine.result).toMatchObject({
      userName: TEACHER.user_name,
      handled: x.handledBy(TEACHER.id),
      pending: x.pendingOf(TEACHER.id),
      applied: x.appliedBy(TEACHER.id),
    });
    expect(mine.result.avgHours).toBeGreaterThan(0);
    const detail = await post('teacher01', 'personalERDetail', { ...all, size: 100 });
    expect(detail.result.total).toBe(x.handledBy(TEACHER.id) + x.pendingOf(TEACHER.id));
    const student = await post('student01', 'personalEfficiencyReport', all);
    expect(student.result).toMatchObject({
      handled: 0,
      pending: 0,
      applied: x.appliedBy(STUDENT.id),
      avgHours: null,
      onTimeRate: null,
    });
    expect(student.result.applied).toBeGreaterThan(0);
    expect((await post('admin', 'personalEfficiencyReport', all)).result.handled).toBe(x.handledBy(ADMIN.id));
  });

  it('keeps the report-wide views to administrators and holders of effectivenessMonitoringConfig', async () => {
    for (const account of ['teacher01', 'student01']) {
      for (const path of REPORT_WIDE)
        expect(await post(account, path, all), `${account} ${path}`).toMatchObject({
          http: 403,
          msg: EFFICIENCY_TEXTS.noReportPower,
        });
      expect((await post(account, 'reportTableDrill', { deptId: `${DEMO_TENANT_ID}-dept-01` })).http).toBe(403);
      expect((await post(account, 'existReport')).result).toEqual({
        canViewReport: false,
        canConfigure: false,
        hasData: true,
      });
    }
    expect((await post('admin', 'existReport')).result).toEqual({
      canViewReport: true,
      canConfigure: true,
      hasData: true,
    });
    // The one department list as a tree: 16 at the top, 考试中心 under 教务处.
    const tree = (await post('student01', 'deptTree')).result;
    expect(tree).toHaveLength(16);
    expect(tree.find((n: { title: string }) => n.title === '教务处').children).toMatchObject([{ title: '考试中心' }]);
    expect((await post('student01', 'sceneTree')).result.length).toBeGreaterThan(0);
  });

  it('keeps tenants apart', async () => {
    expect((await post('other', 'overView', { ...all, tenantId: DEMO_TENANT_ID })).http).toBe(403);
    const theirs = await post('other', 'overView', all);
    expect(theirs.result).toMatchObject({ started: 0, serviceCount: 0, visitCount: 0, onTimeRate: null });
    expect(await post('other', 'reportTableDrill', { ...all, deptId: `${DEMO_TENANT_ID}-dept-01` })).toMatchObject({
      http: 404,
      msg: EFFICIENCY_TEXTS.noDept,
    });
    expect(await post('other', 'overView', { sceneId: `${DEMO_TENANT_ID}-scene-01` })).toMatchObject({
      http: 404,
      msg: EFFICIENCY_TEXTS.noScene,
    });
    expect((await post('other', 'deptTree')).result).toEqual([]);
    expect((await post('other', 'timeoutProcess', all)).result.total).toBe(0);
    expect((await post('other', 'personalERDetail', all)).result.total).toBe(0);
    expect((await post('other', 'existReport')).result).toEqual({
      canViewReport: true,
      canConfigure: true,
      hasData: false,
    });
  });

  it('refuses bad dates, a reversed or too long range and bad options with clear messages', async () => {
    expect(await post('admin', 'overView', { startDate: '2026-02-30' })).toMatchObject({
      http: 400,
      status: 400,
      msg: EFFICIENCY_TEXTS.badDate,
    });
    expect(await post('admin', 'overView', { startDate: '2026/01/01' })).toMatchObject({
      http: 400,
      msg: EFFICIENCY_TEXTS.badDate,
    });
    expect(await post('admin', 'overView', { startDate: 20260101 })).toMatchObject({
      http: 400,
      msg: EFFICIENCY_TEXTS.badDate,
    });
    expect(await post('admin', 'overView', { startDate: '2026-03-02', endDate: '2026-03-01' })).toMatchObject({
      http: 400,
      msg: EFFICIENCY_TEXTS.startAfterEnd,
    });
    expect(await post('admin', 'processTrending', { startDate: '2024-01-01', endDate: '2026-01-01' })).toMatchObject({
      http: 400,
      msg: EFFICIENCY_TEXTS.rangeTooLong,
    });
    expect(await post('admin', 'processTrending', { granularity: 'year' })).toMatchObject({
      http: 400,
      msg: EFFICIENCY_TEXTS.badGranularity,
    });
    expect(await post('admin', 'serviceHeatRate', { limit: 0 })).toMatchObject({ http: 400, msg: MESSAGES.badRequest });
    expect(await post('admin', 'reportTableDrill', {})).toMatchObject({ http: 400 });
    expect(await post('admin', 'reportTableDrill', { deptId: 'nope' })).toMatchObject({
      http: 404,
      msg: EFFICIENCY_TEXTS.noDept,
    });
    expect(await post('admin', 'saveReportConfig', { blocks: { overview: 'yes' } })).toMatchObject({ http: 400 });
    // A range of exactly the limit is fine.
    expect((await post('admin', 'overView', { startDate: '2025-01-01', endDate: '2026-01-01' })).status).toBe(1000);
  });

  it('stores which blocks show per tenant; saving needs effectivenessMonitoringConfig', async () => {
    const initial = await post('student01', 'getReportConfig');
    expect(Object.values(initial.result.blocks).every(Boolean)).toBe(true);
    const blocks = { ...initial.result.blocks, likes: false, oa: false };
    expect(await post('teacher01', 'saveReportConfig', { blocks })).toMatchObject({ http: 403 });
    expect((await post('admin', 'saveReportConfig', { blocks })).status).toBe(1000);
    expect((await post('student01', 'getReportConfig')).result.blocks).toEqual(blocks);
    expect((await post('other', 'getReportConfig')).result.blocks.likes).toBe(true);
  });
});

describe('trend roll-up helpers', () => {
  it('names ISO weeks across a year end and fills empty periods with zeros', () => {
    expect(isoWeek('2026-01-01')).toBe('2026-W01');
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2025-12-29')).toBe('2026-W01');
    const points = rollUp(
      { startDate: '2026-11-01', endDate: '2026-11-03' },
      'day',
      new Map([['2026-11-02', { n: 2, late: 1 }]]),
      new Map([['2026-11-03', 1]]),
    );
    expect(points).toEqual([
      { period: '2026-11-01', started: 0, finished: 0, overdue: 0 },
      { period: '2026-11-02', started: 2, finished: 0, overdue: 1 },
      { period: '2026-11-03', started: 0, finished: 1, overdue: 0 },
    ]);
    expect(
      rollUp({ startDate: '2026-10-31', endDate: '2026-11-01' }, 'month', new Map(), new Map()).map((p) => p.period),
    ).toEqual(['2026-10', '2026-11']);
  });
});
