import { MESSAGES } from '@portal/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { demoDeptId, demoDutyId, resolveServiceId, seedTransfer } from '../../db/seed/transfer.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';

const W = '/api/blade-workbench';
const O = '/api/online-service-platform';
const P = '/api/blade-platform';
const OTHER = '100001';

describe.each(testDatabases)('three lists and department duty lists on %s', (engine) => {
  let t: TestApp;
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

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedOtherTenant(t.db.db, OTHER);
    await seedTransfer(t.db.db, OTHER);
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    tokens.other = (await t.login('student01', OTHER)).access_token;
  });
  afterAll(async () => t.close());

  it('shows the department tree with duty counts, to users and anonymously (getTree, deptTree)', async () => {
    const tree = await post('student01', `${O}/threeInventory/getTree`);
    expect(tree.status).toBe(1000);
    const jwc = tree.result.find((n: { title: string }) => n.title === '教务处');
    // 教务处's count holds 考试中心's duty, as its list does (2 of its own and 1 under it).
    expect(jwc).toMatchObject({ dutyNum: 3, children: [{ title: '考试中心', dutyNum: 1 }] });
    const listed = await post('student01', `${O}/threeInventory/page`, { deptId: jwc.id, size: 50 });
    expect(listed.result.total).toBe(jwc.dutyNum);
    const anonymous = await post(null, `${O}/nobody/threeInventory/getTree`, { tenantId: DEMO_TENANT_ID });
    expect(anonymous.result).toEqual(tree.result);
    for (const method of ['GET', 'POST'] as const)
      expect((await call('student01', method, `${W}/deptTree`)).result).toEqual(tree.result);
  });

  it('pages duties by department including sub-departments, and by keyword, with their services', async () => {
    const page = await post(null, `${O}/nobody/threeInventory/page`, {
      tenantId: DEMO_TENANT_ID,
      deptId: demoDeptId('jwc'),
      current: 1,
      size: 10,
    });
    expect(page.result.total).toBe(3);
    expect(page.result.records.map((d: { dutyName: string }) => d.dutyName)).toEqual([
      '本科教学运行管理',
      '学籍管理',
      '考试组织',
    ]);
    // A visitor is shown the services open to visitors; 学籍信息修改 is for logged-in students only.
    expect(page.result.records[1].services.map((s: { serviceName: string }) => s.serviceName)).toEqual(['成绩单打印']);
    const students = await post('student01', `${O}/threeInventory/page`, { deptId: demoDeptId('jwc'), size: 10 });
    expect(students.result.records[1].services.map((s: { serviceName: string }) => s.serviceName).sort()).toEqual(
      ['学籍信息修改', '成绩单打印'].sort(),
    );
    const search = await post('student01', `${O}/threeInventory/page`, { keyword: '助学' });
    expect(search.result.records.map((d: { dutyName: string }) => d.dutyName)).toEqual(['学生资助']);
    const duties = await post(null, `${O}/nobody/threeInventory/queryDuty`, {
      tenantId: DEMO_TENANT_ID,
      deptId: demoDeptId('xsc'),
    });
    expect(duties.result).toHaveLength(1);
    // Both are students' services, open to logged-in students and not to visitors.
    const services = await post('student01', `${O}/threeInventory/queryService`, { dutyId: demoDutyId('xsc-1') });
    expect(services.result.map((s: { serviceName: string }) => s.serviceName).sort()).toEqual(
      ['家庭经济困难学生认定', '奖学金申请'].sort(),
    );
    const anonymous = await post(null, `${O}/nobody/threeInventory/queryService`, {
      tenantId: DEMO_TENANT_ID,
      dutyId: demoDutyId('xsc-1'),
    });
    expect(anonymous.result).toEqual([]);
    const relation = await post(null, `${W}/nobody/baseService/getServiceDeptRelation`, { tenantId: DEMO_TENANT_ID });
    // Without login: the listed services open to visitors (补考重修报名 is for logged-in students).
    expect(relation.result).toContainEqual({
      serviceId: await resolveServiceId(t.db.db, DEMO_TENANT_ID, 'cjd'),
      serviceName: '成绩单打印',
      deptId: demoDeptId('jwc'),
      deptName: '教务处',
    });
    expect(relation.result.map((s: { serviceName: string }) => s.serviceName)).not.toContain('补考重修报名');
  });

  it('lists only the services the caller may open, by the service list rule (a staff-only service is not offered)', async () => {
    // 在职证明开具 (人事处's duty 人事证明) is a catalogue service for teachers and staff only: a student opening it
    // from the three lists was answered 403 by serverCenter/details.
    const staffOnly = await resolveServiceId(t.db.db, DEMO_TENANT_ID, 'rzzm');
    const names = (services: { serviceName: string }[]) => services.map((s) => s.serviceName);
    const dutyIdBody = { dutyId: demoDutyId('rsc-1') };
    const deptIdBody = { deptId: demoDeptId('rsc') };
    const anonymous = { tenantId: DEMO_TENANT_ID };

    expect((await post('student01', `${P}/serverCenter/details`, { serviceId: staffOnly })).status).toBe(403);
    expect(names((await post('teacher01', `${O}/threeInventory/queryService`, dutyIdBody)).result)).toEqual([
      '在职证明开具',
    ]);
    const teacherDuty = await post('teacher01', `${O}/threeInventory/queryDuty`, deptIdBody);
    expect(names(teacherDuty.result[0].services)).toEqual(['在职证明开具']);

    for (const [account, prefix, extra] of [
      ['student01', O, {}],
      [null, `${O}/nobody`, anonymous],
    ] as const) {
      expect(
        (await post(account, `${prefix}/threeInventory/queryService`, { ...dutyIdBody, ...extra })).result,
      ).toEqual([]);
      const duties = await post(account, `${prefix}/threeInventory/queryDuty`, { ...deptIdBody, ...extra });
      // The duty itself stays listed; only the service the caller may not open is left out.
      expect(duties.result.map((d: { dutyName: string; services: unknown[] }) => [d.dutyName, d.services])).toEqual([
        ['人事证明', []],
      ]);
      const page = await post(account, `${prefix}/threeInventory/page`, { ...deptIdBody, ...extra });
      expect(page.result.records.map((d: { services: unknown[] }) => d.services)).toEqual([[]]);
    }
    // The duty configuration's maintainers see a duty's every service (they save its whole list); others do not.
    const configPage = async (account: string) =>
      (await post(account, `${W}/ospDeptDutyListConfig/page`, deptIdBody)).result.records.map(
        (d: { services: { serviceName: string }[] }) => names(d.services),
      );
    expect(await configPage('teacher01')).toEqual([['在职证明开具']]);
    expect(await configPage('admin')).toEqual([['在职证明开具']]);
    expect(await configPage('student01')).toEqual([[]]);
    const relation = await post(null, `${W}/nobody/baseService/getServiceDeptRelation`, anonymous);
    expect(relation.result.map((s: { serviceId: string }) => s.serviceId)).not.toContain(staffOnly);

    // What is listed can be opened: every service the three lists give a student or a visitor, details answers.
    for (const [account, prefix, extra, details] of [
      ['student01', O, {}, `${P}/serverCenter/details`],
      [null, `${O}/nobody`, anonymous, `${P}/serverCenter/customDetails`],
    ] as const) {
      const all = await post(account, `${prefix}/threeInventory/page`, { size: 100, ...extra });
      const ids = all.result.records.flatMap((d: { services: { serviceId: string }[] }) =>
        d.services.map((s) => s.serviceId),
      );
      expect(ids.length).toBeGreaterThan(0);
      for (const serviceId of ids)
        expect((await post(account, details, { serviceId, ...extra })).status, serviceId).toBe(1000);
    }
  });

  it('refuses nobody calls without a tenant or with an unknown one, and logged-in calls without a token', async () => {
    expect((await post(null, `${O}/nobody/threeInventory/getTree`, {})).status).toBe(400);
    expect((await post(null, `${O}/nobody/threeInventory/getTree`, { tenantId: '999999' })).msg).toBe(
      MESSAGES.unknownTenant,
    );
    expect((await post(null, `${O}/threeInventory/getTree`, {})).status).toBe(401);
    expect((await post(null, `${W}/ospDeptDutyListConfig/page`, {})).status).toBe(401);
  });

  it('keeps tenants apart: another tenant sees its own lists and cannot name or touch ours', async () => {
    const theirs = await post('other', `${O}/threeInventory/page`, { size: 100 });
    expect(theirs.result.records.every((d: { id: string }) => d.id.startsWith(OTHER))).toBe(true);
    expect((await post('other', `${O}/threeInventory/page`, { tenantId: DEMO_TENANT_ID })).status).toBe(403);
    expect((await post('other', `${O}/threeInventory/queryService`, { dutyId: demoDutyId('xsc-1') })).status).toBe(404);
    expect((await post('other', `${W}/ospDeptInfo/dutyAndService`, { deptId: demoDeptId('jwc') })).status).toBe(404);
    expect((await post('other', `${W}/ospDeptDutyListConfig/remove`, { ids: demoDutyId('xsc-1') })).status).toBe(403);
  });

  it('gives each caller the department tree of their power (getDeptTreePower)', async () => {
    const admin = await call('admin', 'GET', `${W}/getDeptTreePower`);
    // The tenant's one department list (ADR 0032): the catalogue's 15 and 校办 at the top, 考试中心 under 教务处.
    const titles = admin.result.map((n: { title: string }) => n.title);
    expect(titles).toHaveLength(16);
    expect(titles.slice(0, 4)).toEqual(['教务处', '学生工作处', '研究生院', '人事处']);
    expect(titles).toEqual(expect.arrayContaining(['财务处', '信息化建设与管理中心', '校办']));
    expect(admin.result[0]).toMatchObject({ title: '教务处', children: [{ title: '考试中心' }] });
    const teacher = await call('teacher01', 'POST', `${W}/getDeptTreePower`);
    expect(teacher.result).toMatchObject([{ title: '教务处', children: [{ title: '考试中心' }] }]);
    expect(teacher.result).toHaveLength(1);
    expect((await call('student01', 'GET', `${W}/getDeptTreePower`)).result).toEqual([]);
  });

  it('lets a department maintainer add, change and delete duties of their departments only', async () => {
    const saved = await post('teacher01', `${W}/ospDeptDutyListConfig/save`, {
      deptId: demoDeptId('jwc-ks'),
      dutyName: '等级考试报名',
      dutyType: '职责',
      dutyContent: '组织全国大学英语等级考试报名。',
      serviceIds: [await resolveServiceId(t.db.db, DEMO_TENANT_ID, 'hk')],
    });
    expect(saved.status).toBe(1000);
    const id = saved.result.id;
    const detail = await post('teacher01', `${W}/ospDeptInfo/dutyAndService`, { deptId: demoDeptId('jwc-ks') });
    expect(detail.result.duties.find((d: { id: string }) => d.id === id)).toMatchObject({
      dutyName: '等级考试报名',
      services: [{ serviceName: '补考重修报名' }],
    });

    const updated = await post('teacher01', `${W}/ospDeptDutyListConfig/update`, {
      id,
      deptId: demoDeptId('jwc-ks'),
      dutyName: '等级考试组织',
      serviceIds: [],
    });
    expect(updated.status).toBe(1000);
    const page = await post('teacher01', `${W}/ospDeptDutyListConfig/page`, { dutyName: '等级考试' });
    expect(page.result.records).toMatchObject([{ id, dutyName: '等级考试组织', services: [] }]);

    // A department lists a duty once: the same name again, added or renamed to, is refused; saving a duty under its
    // own name, or the name in another department, is not.
    const again = { deptId: demoDeptId('jwc-ks'), dutyName: '等级考试组织', dutyType: '职责', serviceIds: [] };
    expect(await post('teacher01', `${W}/ospDeptDutyListConfig/save`, again)).toMatchObject({
      status: 409,
      msg: '该部门已有同名职责',
    });
    const second = await post('teacher01', `${W}/ospDeptDutyListConfig/save`, { ...again, dutyName: '四六级报名' });
    expect(second.status).toBe(1000);
    expect(
      await post('teacher01', `${W}/ospDeptDutyListConfig/update`, { ...again, id: second.result.id }),
    ).toMatchObject({ status: 409, msg: '该部门已有同名职责' });
    expect((await post('teacher01', `${W}/ospDeptDutyListConfig/update`, { ...again, id })).status).toBe(1000);
    expect(
      (await post('admin', `${W}/ospDeptDutyListConfig/save`, { ...again, deptId: demoDeptId('xsc') })).status,
    ).toBe(1000);
    expect((await post('teacher01', `${W}/ospDeptDutyListConfig/remove`, { ids: second.result.id })).status).toBe(1000);

    const outside = await post('teacher01', `${W}/ospDeptDutyListConfig/save`, {
      deptId: demoDeptId('xsc'),
      dutyName: '越权',
    });
    expect(outside.status).toBe(403);
    expect((await post('teacher01', `${W}/ospDeptDutyListConfig/remove`, { ids: demoDutyId('xsc-1') })).status).toBe(
      403,
    );
    expect(
      (await post('student01', `${W}/ospDeptDutyListConfig/save`, { deptId: demoDeptId('jwc'), dutyName: 'x' })).status,
    ).toBe(403);
    expect(
      (
        await post('teacher01', `${W}/ospDeptDutyListConfig/save`, {
          deptId: demoDeptId('jwc'),
          dutyName: 'x',
          serviceIds: ['nope'],
        })
      ).status,
    ).toBe(400);

    const removed = await post('teacher01', `${W}/ospDeptDutyListConfig/remove`, { ids: id });
    expect(removed.result).toEqual({ removed: 1 });
  });

  it('links a duty only to services of the catalogue, so every one can be opened (issue 16)', async () => {
    // Every seeded duty's services are services of the catalogue on the shelf.
    const linked = await t.db.db
      .selectFrom('osp_duty_services')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .select('service_id')
      .execute();
    expect(linked.length).toBeGreaterThan(0);
    const shelf = await t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('status', '=', 1)
      .where(
        'id',
        'in',
        linked.map((l) => l.service_id),
      )
      .select('id')
      .execute();
    expect(new Set(shelf.map((s) => s.id))).toEqual(new Set(linked.map((l) => l.service_id)));
    // A service only the three lists knew of, or none at all, is refused with nothing saved.
    await t.db.db
      .insertInto('osp_list_services')
      .values({
        id: 'osp-only-1',
        tenant_id: DEMO_TENANT_ID,
        service_name: '只在三清单里的服务',
        dept_id: demoDeptId('jwc'),
      })
      .execute();
    for (const serviceIds of [['osp-only-1'], ['no-such-service']]) {
      const r = await post('teacher01', `${W}/ospDeptDutyListConfig/save`, {
        deptId: demoDeptId('jwc-ks'),
        dutyName: '不存在的服务',
        serviceIds,
      });
      expect([r.http, r.status, r.msg, r.msgDetail]).toEqual([
        400,
        400,
        '关联的服务不存在或已下架，请重新选择',
        serviceIds[0],
      ]);
    }
    const page = await post('admin', `${W}/ospDeptInfo/queryServiceInfo`, { serviceName: '只在三清单', size: 100 });
    expect(page.result.records).toEqual([]);
    const duties = await t.db.db
      .selectFrom('osp_duties')
      .where('duty_name', '=', '不存在的服务')
      .select('id')
      .execute();
    expect(duties).toEqual([]);
  });

  it('lists departments, those without duties, services to link, and updates a department', async () => {
    const none = await post('admin', `${W}/ospDeptInfo/noSetDutyDept`);
    // Every department of the one list without a duty yet (the catalogue's too: 财务处 …).
    const noDuty = none.result.map((d: { deptName: string }) => d.deptName);
    expect(noDuty).toEqual(expect.arrayContaining(['校办', '财务处', '研究生院']));
    expect(noDuty).not.toContain('教务处');
    expect(noDuty).toHaveLength(17 - 5);
    expect((await post('teacher01', `${W}/ospDeptInfo/noSetDutyDept`)).result).toEqual([]);
    const depts = await post('admin', `${W}/ospDeptInfo/page`, { current: 1, size: 2 });
    expect(depts.result).toMatchObject({ total: 17, pages: 9 });
    const services = await post('admin', `${W}/ospDeptInfo/queryServiceInfo`, { serviceName: '开具', size: 100 });
    const names = services.result.records.map((s: { serviceName: string }) => s.serviceName);
    expect(names).toEqual(expect.arrayContaining(['收入证明开具', '在职证明开具']));
    expect(names.every((n: string) => n.includes('开具'))).toBe(true);
    // The picker lists staff-only and off-shelf services too: a student (no duty-list menu) is refused it.
    const refused = await post('student01', `${W}/ospDeptInfo/queryServiceInfo`, { serviceName: '开具', size: 100 });
    expect([refused.http, refused.status, refused.result]).toEqual([403, 403, null]);
    // A service of the catalogue and of the duty lists with one name is one service.
    const one = await post('admin', `${W}/ospDeptInfo/queryServiceInfo`, { serviceName: '成绩单打印' });
    expect(one.result.records).toEqual([
      expect.objectContaining({ serviceId: await resolveServiceId(t.db.db, DEMO_TENANT_ID, 'cjd') }),
    ]);
    expect((await post('admin', `${W}/ospDeptInfo/update`, { id: demoDeptId('xb'), phone: '010-1234' })).status).toBe(
      1000,
    );
    expect((await post('teacher01', `${W}/ospDeptInfo/update`, { id: demoDeptId('xb'), phone: '1' })).status).toBe(403);
    const after = await post('admin', `${W}/ospDeptInfo/page`, { deptName: '校办' });
    expect(after.result.records[0].phone).toBe('010-1234');
  });

  it('serves school info and the configuration; saving needs threeListsConfig; a required duty type is enforced', async () => {
    expect((await call(null, 'GET', `${W}/schoolInfo?tenantId=${DEMO_TENANT_ID}`)).result).toEqual({
      tenantId: DEMO_TENANT_ID,
      schoolName: '示例大学',
    });
    expect((await call('student01', 'GET', `${W}/isDutyTypeMust`)).result).toBe(false);
    // With the English of the title and introduction (ADR 0074), answered to a visitor beside the Chinese.
    const config = {
      pageTitle: '三清单公开',
      introduction: '职责公开',
      showServices: true,
      dutyTypeMust: true,
      pageTitleEn: 'Open three lists',
      introductionEn: 'Duties made public',
    };
    expect((await post('teacher01', `${O}/tripleList/saveConfig`, config)).status).toBe(403);
    expect((await post('admin', `${O}/tripleList/saveConfig`, config)).status).toBe(1000);
    expect(
      (await post(null, `${O}/nobody/preLogin/tripleList/getConfig`, { tenantId: DEMO_TENANT_ID })).result,
    ).toEqual(config);
    expect((await call('student01', 'GET', `${W}/isDutyTypeMust`)).result).toBe(true);
    const untyped = await post('admin', `${W}/ospDeptDutyListConfig/save`, {
      deptId: demoDeptId('xb'),
      dutyName: '无类型',
    });
    expect(untyped).toMatchObject({ status: 400, msg: '请选择职责类型' });
    // The other tenant's configuration is untouched.
    expect((await post(null, `${O}/nobody/preLogin/tripleList/getConfig`, { tenantId: OTHER })).result.pageTitle).toBe(
      '三清单',
    );
  });
});
