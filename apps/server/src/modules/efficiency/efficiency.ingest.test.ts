import { EFFICIENCY_TEXTS } from '@portal/contracts/efficiency';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';
import { ingestedProcessId } from './efficiency.ingest.ts';

const E = '/api/online-service-platform/efficiencyHomePage';
const OTHER = '500009';
/** A month no seeded process falls in, so every figure below is the ingested ones'. */
const MARCH = { startDate: '2020-03-01', endDate: '2020-03-31' };

describe.each(testDatabases)('ingesting processes from a workflow engine on %s', (engine) => {
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
  const leave = (externalId: string, extra: object = {}) => ({
    externalId,
    processName: '请假审批',
    title: `张同学的请假申请 ${externalId}`,
    deptName: '学生工作处',
    sceneName: '生活服务',
    applicantId: 'u-1',
    applicantName: '张同学',
    startedAt: '2020-03-02T01:00:00Z',
    dueAt: '2020-03-04T01:00:00+00:00',
    nodes: [
      {
        nodeName: '辅导员审批',
        handlerId: 'u-2',
        handlerName: '王老师',
        arrivedAt: '2020-03-02T01:00:00Z',
        dueAt: '2020-03-03T01:00:00Z',
        handledAt: '2020-03-02T09:30:00+08:00',
      },
    ],
    ...extra,
  });
  const count = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('eff_processes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedOtherTenant(t.db.db, OTHER);
    await t.db.db
      .insertInto('role_menus')
      .values({ tenant_id: OTHER, role_id: `${OTHER}-student`, menu_name: 'effectivenessMonitoringConfig' })
      .execute();
    for (const account of ['admin', 'student01']) tokens[account] = (await t.login(account)).access_token;
    tokens.other = (await t.login('student01', OTHER)).access_token;
  });
  afterAll(async () => t.close());

  it('stores process instances with their steps, and the reports count them; sending one again updates it', async () => {
    const first = await post('admin', 'ingestProcesses', {
      processes: [leave('wf-1'), leave('wf-2', { finishedAt: '2020-03-06T01:00:00Z' })],
    });
    expect(first).toMatchObject({ status: 1000, result: { received: 2, inserted: 2, updated: 0 } });
    let o = (await post('admin', 'overView', MARCH)).result;
    expect(o).toMatchObject({ started: 2, finished: 1, running: 1, overdue: 2, onTimeRate: 0, avgHours: 96 });
    const node = await t.db.db
      .selectFrom('eff_process_nodes')
      .where('process_id', '=', ingestedProcessId(DEMO_TENANT_ID, 'wf-1'))
      .selectAll()
      .executeTakeFirstOrThrow();
    // Times are stored in UTC whatever offset the engine wrote.
    expect(node).toMatchObject({ node_name: '辅导员审批', handled_at: '2020-03-02T01:30:00.000Z', sort: 1 });

    // wf-1 is finished in time now; sending it again replaces it (no second copy).
    const again = await post('admin', 'ingestProcesses', {
      processes: [leave('wf-1', { finishedAt: '2020-03-03T01:00:00Z' })],
    });
    expect(again.result).toEqual({ received: 1, inserted: 0, updated: 1 });
    o = (await post('admin', 'overView', MARCH)).result;
    expect(o).toMatchObject({ started: 2, finished: 2, running: 0, overdue: 1, onTimeRate: 50 });
    const drill = (await post('admin', 'reportTable', MARCH)).result;
    expect(JSON.stringify(drill)).toContain('学生工作处');
  });

  it('stores a batch whole or not at all, and names the refused instance', async () => {
    const before = await count();
    for (const [processes, msg] of [
      [[leave('wf-3'), leave('wf-4', { deptName: '不存在的部门' })], `第2条（wf-4）：${EFFICIENCY_TEXTS.noDept}`],
      [[leave('wf-3'), leave('wf-3')], EFFICIENCY_TEXTS.duplicateExternalId],
      [[leave('wf-3', { sceneName: '不存在的场景' })], `第1条（wf-3）：${EFFICIENCY_TEXTS.noScene}`],
      [[leave('wf-3', { serviceId: 'no-such-service' })], `第1条（wf-3）：${EFFICIENCY_TEXTS.noService}`],
      [[leave('wf-3', { finishedAt: '2020-03-01T00:00:00Z' })], EFFICIENCY_TEXTS.finishedBeforeStart],
      [[leave('wf-3', { startedAt: '2020-03-02' })], EFFICIENCY_TEXTS.badTime],
      [[leave('wf-3', { deptName: undefined })], EFFICIENCY_TEXTS.deptRequired],
      [[leave('wf 3')], '流程编号只能由1到64个字母、数字和 . _ : - 组成'],
      [[], '请至少提交一个流程'],
    ] as const) {
      const res = await post('admin', 'ingestProcesses', { processes });
      expect(res.http, msg).toBe(400);
      expect(res.msg).toBe(msg);
    }
    expect(await count()).toBe(before);
  });

  it('takes calls only from holders of the efficiency menu, and keeps tenants apart', async () => {
    expect((await post('student01', 'ingestProcesses', { processes: [leave('wf-9')] })).http).toBe(403);
    expect((await post(null, 'ingestProcesses', { processes: [leave('wf-9')] })).http).toBe(401);
    // The other school names a department of this one by id: not theirs.
    const ours = await t.db.db
      .selectFrom('svc_depts')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select('id')
      .executeTakeFirstOrThrow();
    const theirDept = await t.db.db
      .selectFrom('svc_depts')
      .where('tenant_id', '=', OTHER)
      .select(['id', 'name'])
      .executeTakeFirst();
    expect(
      (await post('other', 'ingestProcesses', { processes: [leave('wf-1', { deptName: undefined, deptId: ours.id })] }))
        .http,
    ).toBe(400);
    if (theirDept) {
      // The same external id in another school is another process: this school's wf-1 stays as it was.
      const res = await post('other', 'ingestProcesses', {
        processes: [leave('wf-1', { deptName: undefined, deptId: theirDept.id })],
      });
      expect(res.result).toEqual({ received: 1, inserted: 1, updated: 0 });
      expect((await post('admin', 'overView', MARCH)).result).toMatchObject({ started: 2, finished: 2 });
      expect((await post('other', 'overView', MARCH)).result).toMatchObject({ started: 1 });
    }
  });
});
