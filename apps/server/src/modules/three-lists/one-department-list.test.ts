import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { jobSettled } from '../transfer/transfer.jobs.ts';
import { multipart, xlsxOf } from '../transfer/transfer-test-files.ts';

const W = '/api/blade-workbench';
const O = '/api/online-service-platform';
const P = '/api/blade-platform';
const T = `${W}/transfer`;

type Node = { id: string; title: string; children: Node[] };
const flatten = (nodes: Node[]): { id: string; name: string }[] =>
  nodes.flatMap((n) => [{ id: n.id, name: n.title }, ...flatten(n.children)]);
const sorted = (list: { id: string; name: string }[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1));

/** Issue 16: one department list serves the catalogue, the three lists, the duty configuration and efficiency. */
describe.each(testDatabases)('one department list on %s (issue 16, ADR 0032)', (engine) => {
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const call = async (account: string | null, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: account ? bearer(tokens[account]!) : {},
      ...(payload ? { payload } : {}),
    });
    return { http: res.statusCode, ...res.json() };
  };
  const post = (account: string | null, url: string, payload: object = {}) => call(account, 'POST', url, payload);
  const catalogueService = async (name: string) =>
    (
      await t.db.db
        .selectFrom('svc_services')
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where('service_name', '=', name)
        .select('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-depts-'));
    t = await createTestApp(engine, { dataDir });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives the catalogue, the three lists, the duty configuration and efficiency the same departments', async () => {
    const catalogue = (await post('admin', `${P}/serviceDept/listByUser`)).result.map(
      (g: { id: string; name: string }) => ({ id: g.id, name: g.name }),
    );
    const threeLists = flatten(
      (await post(null, `${O}/nobody/threeInventory/getTree`, { tenantId: DEMO_TENANT_ID })).result,
    );
    const dutyConfig = flatten((await call('admin', 'GET', `${W}/getDeptTreePower`)).result);
    const efficiencyTree = (await post('admin', `${O}/efficiencyHomePage/deptTree`)).result;
    const efficiency = flatten(efficiencyTree);
    const importDict = (await post('admin', `${T}/dict/dept`)).result.map(
      (o: { dictKey: string; dictValue: string }) => ({
        id: o.dictKey,
        name: o.dictValue,
      }),
    );
    expect(catalogue).toHaveLength(17);
    for (const list of [threeLists, dutyConfig, efficiency, importDict])
      expect(sorted(list)).toEqual(sorted(catalogue));
    // Every department the demo uses anywhere is in it: the catalogue's 15, the three lists' 校办 and 考试中心.
    expect(catalogue.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['财务处', '校办', '考试中心', '信息化建设与管理中心', '后勤管理处', '学生工作处']),
    );
    // Parent departments where there are: 考试中心 under 教务处, in the three lists and in efficiency alike.
    for (const tree of [(await post('admin', `${O}/threeInventory/getTree`)).result, efficiencyTree])
      expect(tree.find((n: Node) => n.title === '教务处').children.map((c: Node) => c.title)).toEqual(['考试中心']);
  });

  it('lets 财务处 have duties in the three lists: shown, configured, imported — never 部门不存在', async () => {
    const finance = (await post('admin', `${P}/serviceDept/listByUser`)).result.find(
      (g: { name: string }) => g.name === '财务处',
    ).id;
    const empty = await post('student01', `${W}/ospDeptInfo/dutyAndService`, { deptId: finance });
    expect(empty).toMatchObject({ status: 1000, result: { dept: { deptName: '财务处', dutyNum: 0 }, duties: [] } });
    const saved = await post('admin', `${W}/ospDeptDutyListConfig/save`, {
      deptId: finance,
      dutyName: '财务报销管理',
      dutyType: '职责',
      dutyContent: '受理教职工的报销与借款。',
      serviceIds: [await catalogueService('网上报销')],
    });
    expect(saved.status).toBe(1000);
    expect(
      (await post('admin', `${W}/ospDeptInfo/update`, { id: finance, phone: '010-62750100', address: '行政楼 2 层' }))
        .status,
    ).toBe(1000);
    const detail = await post('student01', `${W}/ospDeptInfo/dutyAndService`, { deptId: finance });
    expect(detail.status).toBe(1000);
    expect(detail.result.dept).toMatchObject({ deptName: '财务处', phone: '010-62750100', dutyNum: 1 });
    expect(detail.result.duties).toMatchObject([
      { dutyName: '财务报销管理', deptName: '财务处', services: [{ serviceName: '网上报销' }] },
    ]);
    const tree = (await post('student01', `${O}/threeInventory/getTree`)).result;
    expect(tree.find((n: { title: string }) => n.title === '财务处')).toMatchObject({ id: finance, dutyNum: 1 });
    const page = await post(null, `${O}/nobody/threeInventory/page`, {
      tenantId: DEMO_TENANT_ID,
      deptId: finance,
      current: 1,
      size: 10,
    });
    expect(page.result.records.map((d: { dutyName: string }) => d.dutyName)).toEqual(['财务报销管理']);

    // The bulk import resolves 所属部门 against the one list.
    const body = multipart([
      {
        filename: 'duty.xlsx',
        content: await xlsxOf([
          ['所属部门', '职责名称', '职责类型', '职责内容'],
          ['财务处', '票据管理', '职责', '开具与查询财务票据。'],
        ]),
      },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: `${T}/deptDuty/upload`,
      headers: { ...bearer(tokens.admin!), ...body.headers },
      payload: body.payload,
    });
    const started = await post('admin', `${T}/deptDuty/import`, {
      fileKey: up.json().result.fileKey,
      headerLine: 1,
      ruleNum: 1,
      errorRegx: 'deptName,dutyName',
      matrixType: JSON.stringify([
        { excelField: '所属部门', dbField: 'deptName' },
        { excelField: '职责名称', dbField: 'dutyName' },
        { excelField: '职责类型', dbField: 'dutyType' },
        { excelField: '职责内容', dbField: 'dutyContent' },
      ]),
    });
    expect(started.status).toBe(1000);
    await jobSettled(started.result.redisKey);
    const progress = await post('admin', `${T}/progress`, { key: started.result.redisKey });
    expect(progress.result).toMatchObject({ finished: true, newInsertNum: 1, failNum: 0 });
    const after = await post('student01', `${W}/ospDeptInfo/dutyAndService`, { deptId: finance });
    expect(after.result.duties.map((d: { dutyName: string }) => d.dutyName).sort()).toEqual(
      ['票据管理', '财务报销管理'].sort(),
    );
  });

  it('refuses a duty linking a service that does not exist, with a clear message and nothing written', async () => {
    const jwc = (await post('admin', `${P}/serviceDept/listByUser`)).result.find(
      (g: { name: string }) => g.name === '教务处',
    ).id;
    const real = await catalogueService('成绩查询');
    const saved = await post('admin', `${W}/ospDeptDutyListConfig/save`, {
      deptId: jwc,
      dutyName: '不存在的服务',
      serviceIds: [real, 'no-such-service'],
    });
    expect(saved).toMatchObject({
      http: 400,
      status: 400,
      msg: TRANSFER_TEXTS.noService,
      msgDetail: 'no-such-service',
    });
    expect(
      await t.db.db.selectFrom('osp_duties').where('duty_name', '=', '不存在的服务').select('id').execute(),
    ).toEqual([]);

    // Changing a duty to a missing service is refused too, and the duty keeps its services.
    const ok = await post('admin', `${W}/ospDeptDutyListConfig/save`, {
      deptId: jwc,
      dutyName: '成绩服务',
      serviceIds: [real],
    });
    expect(ok.status).toBe(1000);
    const changed = await post('admin', `${W}/ospDeptDutyListConfig/update`, {
      id: ok.result.id,
      deptId: jwc,
      dutyName: '成绩服务',
      serviceIds: ['gone'],
    });
    expect(changed).toMatchObject({ status: 400, msg: TRANSFER_TEXTS.noService });
    const services = await post('admin', `${W}/ospDeptDutyListConfig/page`, { dutyName: '成绩服务' });
    expect(services.result.records[0].services).toEqual([{ serviceId: real, serviceName: '成绩查询' }]);
  });

  it('links every seeded duty only to catalogue services, which open as in the hall (details answer for each)', async () => {
    // The duty configuration lists every link (the three lists show each caller only the services they may open).
    const page = await post('admin', `${W}/ospDeptDutyListConfig/page`, { current: 1, size: 100 });
    const linked = page.result.records.flatMap((d: { services: { serviceId: string }[] }) => d.services);
    expect(linked.length).toBeGreaterThanOrEqual(9);
    for (const s of linked as { serviceId: string; serviceName: string }[]) {
      const details = await post('admin', `${P}/serverCenter/details`, { serviceId: s.serviceId });
      expect([s.serviceName, details.status]).toEqual([s.serviceName, 1000]);
      expect(details.result.serviceName).toBe(s.serviceName);
    }
  });
});
