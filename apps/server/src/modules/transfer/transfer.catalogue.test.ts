import { TRANSFER_TEXTS } from '@portal/contracts/transfer';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/create-db.ts';
import { seedCatalogue } from '../../db/seed/catalogue.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { jobSettled } from './transfer.jobs.ts';
import { multipart, rowsOf, xlsOf, xlsxOf, type Grid } from './transfer-test-files.ts';

const T = '/api/blade-workbench/transfer';
const A = '000000';
const B = '100002';
const ALL_FIELDS =
  'serviceCode,serviceName,deptName,sceneName,typeName,businessType,processType,accessWay,openWay,serviceUrl,description,labelName,isPublic,status,sort,roles,shelfLabelName,serviceIcon,guide,visitCount';
const FIELD_LABELS = [
  '服务编码',
  '服务名称',
  '所属部门',
  '服务场景',
  '服务类型',
  '业务类型',
  '办理方式',
  '访问方式',
  '打开方式',
  '服务地址',
  '服务描述',
  '服务标签',
  '是否公开',
  '状态',
  '排序',
  '可见角色',
  '上架标签',
  '服务图标',
  '办事指南',
  '访问量',
];

/** A second school with its own administrator (holding serviceHallConfig) and its own catalogue. */
async function seedSecondSchool(db: Db) {
  const now = new Date().toISOString();
  await db
    .insertInto('tenants')
    .values({ tenant_id: B, tenant_name: '第二所大学', status: 1, created_at: now })
    .execute();
  await db
    .insertInto('roles')
    .values([
      { id: `${B}-admin`, tenant_id: B, role_name: '管理员', role_alias: 'administrator', role_type: 'admin', sort: 1 },
      { id: `${B}-student`, tenant_id: B, role_name: '学生', role_alias: 'student', role_type: 'student', sort: 2 },
    ])
    .execute();
  await db
    .insertInto('role_menus')
    .values({ tenant_id: B, role_id: `${B}-admin`, menu_name: 'serviceHallConfig' })
    .execute();
  const user = (id: string, account: string, role: string) => ({
    id,
    tenant_id: B,
    account,
    user_name: account,
    nick_name: account,
    role_id: role,
    is_demo: 1,
    status: 1,
    created_at: now,
  });
  const hash = await hashPassword(DEMO_PASSWORD);
  await db
    .insertInto('users')
    .values([{ ...user(`${B}-u1`, 'admin', `${B}-admin`), password_hash: hash }])
    .execute();
  await seedCatalogue(db, B);
  // An editor of tenant A: holds the serviceHallConfig menu but is not an administrator.
  await db
    .insertInto('roles')
    .values({ id: `${A}-editor`, tenant_id: A, role_name: '编辑', role_alias: 'editor', role_type: 'staff', sort: 9 })
    .execute();
  await db
    .insertInto('role_menus')
    .values({ tenant_id: A, role_id: `${A}-editor`, menu_name: 'serviceHallConfig' })
    .execute();
  await db
    .insertInto('users')
    .values({ ...user(`${A}-editor-1`, 'editor01', `${A}-editor`), tenant_id: A, password_hash: hash })
    .execute();
}

describe.each(testDatabases)('service catalogue import and export on %s', (engine) => {
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const post = async (account: string, url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...res.json() };
  };
  const upload = async (account: string, file: { filename: string; content: Buffer }) => {
    const body = multipart([file]);
    return (
      await t.app.inject({
        method: 'POST',
        url: `${T}/service/upload`,
        headers: { ...bearer(tokens[account]!), ...body.headers },
        payload: body.payload,
      })
    ).json();
  };
  const finish = async (account: string, key: string) => {
    await jobSettled(key);
    const p = await post(account, `${T}/progress`, { key });
    expect(p.status).toBe(1000);
    expect(p.result.finished).toBe(true);
    return p.result;
  };
  const exportAll = async (account: string, body: object = {}) => {
    const started = await post(account, `${T}/service/exportStart`, {
      dataRange: 1,
      fileName: '服务目录',
      exportField: ALL_FIELDS,
      ...body,
    });
    expect(started.status).toBe(1000);
    const done = await finish(account, started.result.redisKey);
    expect(done.status).toBe('finished');
    return { done, file: (await t.app.inject({ method: 'GET', url: done.result.url })).rawPayload };
  };
  /** Uploads and imports a file, matching every header cell that names a system field. */
  const importFile = async (
    account: string,
    file: { filename: string; content: Buffer },
    opts: { headerLine?: number; ruleNum: number; errorRegx: string },
  ) => {
    const up = await upload(account, file);
    expect(up.status).toBe(1000);
    const headerLine = opts.headerLine ?? 1;
    const match = await post(account, `${T}/service/matchField`, { fileKey: up.result.fileKey, headerLine });
    expect(match.status).toBe(1000);
    const started = await post(account, `${T}/service/import`, {
      fileKey: up.result.fileKey,
      headerLine,
      ruleNum: opts.ruleNum,
      errorRegx: opts.errorRegx,
      matrixType: match.result.matchFieldList,
    });
    expect(started.status).toBe(1000);
    return finish(account, started.result.redisKey);
  };
  const failedRows = async (account: string, errorKey: string) =>
    rowsOf(
      (
        await t.app.inject({
          method: 'POST',
          url: `${T}/errorDownload`,
          headers: bearer(tokens[account]!),
          payload: { errorKey },
        })
      ).rawPayload,
    );
  /** Every column of a tenant's services (without the update time) and their roles, by id. */
  const snapshot = async (tenantId: string) => {
    const rows = await t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', tenantId)
      .selectAll()
      .orderBy('id')
      .execute();
    const roles = await t.db.db
      .selectFrom('svc_service_roles')
      .where('tenant_id', '=', tenantId)
      .select(['service_id', 'role_id'])
      .execute();
    const guides = new Map(
      (
        await t.db.db
          .selectFrom('svc_guides')
          .where('tenant_id', '=', tenantId)
          .select(['service_id', 'content'])
          .execute()
      ).map((g) => [g.service_id, g.content]),
    );
    return rows.map(({ updated_at: _u, ...r }) => ({
      ...r,
      roles: roles
        .filter((x) => x.service_id === r.id)
        .map((x) => x.role_id)
        .sort(),
      guide: guides.get(r.id) ?? null,
    }));
  };
  const byName = async (tenantId: string, name: string) =>
    t.db.db
      .selectFrom('svc_services')
      .where('tenant_id', '=', tenantId)
      .where('service_name', '=', name)
      .selectAll()
      .execute();
  const rolesOf = async (serviceId: string) =>
    (await t.db.db.selectFrom('svc_service_roles').where('service_id', '=', serviceId).select('role_id').execute())
      .map((r) => r.role_id)
      .sort();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-catalogue-'));
    t = await createTestApp(engine, { dataDir });
    await seedSecondSchool(t.db.db);
    for (const account of ['admin', 'teacher01', 'student01', 'editor01'])
      tokens[account] = (await t.login(account)).access_token;
    tokens.adminB = (await t.login('admin', B)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists fields and counts each scope; only an administrator holding serviceHallConfig may', async () => {
    const total = (await snapshot(A)).length;
    expect(total).toBeGreaterThanOrEqual(120);
    const fields = await post('admin', `${T}/service/exportFields`);
    expect(fields.result.map((f: { field: string }) => f.field)).toEqual(FIELD_LABELS);
    expect(fields.result.filter((f: { required: boolean }) => f.required).map((f: { id: string }) => f.id)).toEqual([
      'serviceName',
      'deptName',
      'sceneName',
      'typeName',
      'businessType',
    ]);
    expect((await post('admin', `${T}/service/exportCount`, { dataRange: 1 })).result).toBe(total);
    const dept = await t.db.db
      .selectFrom('svc_depts')
      .where('tenant_id', '=', A)
      .where('name', '=', '教务处')
      .select('id')
      .executeTakeFirstOrThrow();
    const inDept = (await snapshot(A)).filter((s) => s.dept_id === dept.id).length;
    expect(
      (await post('admin', `${T}/service/exportCount`, { dataRange: 2, formInline: { deptId: dept.id } })).result,
    ).toBe(inDept);
    expect(
      (await post('admin', `${T}/service/exportCount`, { dataRange: 2, formInline: { serviceName: '成绩' } })).result,
    ).toBeGreaterThan(0);
    const two = (await snapshot(A)).slice(0, 2).map((s) => s.id);
    expect((await post('admin', `${T}/service/exportCount`, { dataRange: 3, choiceDataIds: two })).result).toBe(2);

    const page = await post('admin', `${T}/catalogue/services`, { current: 1, size: 5, deptId: dept.id });
    expect(page.result).toMatchObject({ total: inDept, current: 1, size: 5 });
    expect(page.result.records[0]).toMatchObject({ deptName: '教务处' });
    // The data page sends the codes, which the interface names in its language (the spreadsheet has the labels).
    for (const r of page.result.records as Array<{ businessType: string; status: number }>) {
      expect(['APPLICATION', 'PROCESS']).toContain(r.businessType);
      expect([0, 1]).toContain(r.status);
    }

    for (const account of ['teacher01', 'student01']) {
      expect((await post(account, `${T}/service/exportCount`, { dataRange: 1 })).http).toBe(403);
      expect((await post(account, `${T}/catalogue/services`, {})).http).toBe(403);
    }
    // The menu alone is not enough: the catalogue moves only in an administrator's hands.
    const editor = await post('editor01', `${T}/service/exportStart`, {
      dataRange: 1,
      fileName: '服务目录',
      exportField: 'serviceName',
    });
    expect(editor).toMatchObject({ http: 403, msg: TRANSFER_TEXTS.adminOnly });
    expect((await upload('editor01', { filename: 's.xlsx', content: await xlsxOf([['服务名称']]) })).status).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `${T}/service/template`, headers: bearer(tokens.editor01!) }))
        .statusCode,
    ).toBe(403);
  });

  it('serves a template without the export-only fields, and the catalogue dictionaries', async () => {
    const tpl = await t.app.inject({ method: 'GET', url: `${T}/service/template`, headers: bearer(tokens.admin!) });
    const rows = await rowsOf(tpl.rawPayload);
    expect(rows[0]).toEqual(
      FIELD_LABELS.slice(0, -1).map((f) =>
        ['服务名称', '所属部门', '服务场景', '服务类型', '业务类型'].includes(f) ? `*${f}` : f,
      ),
    );
    expect(rows[0]).not.toContain('访问量');
    // The 可选值 sheet lists each coded column's values, as the import accepts them.
    const values = await rowsOf(tpl.rawPayload, 1);
    const column = (label: string) => {
      const i = values[0]!.indexOf(label);
      return values
        .slice(1)
        .map((r) => r[i] ?? '')
        .filter(Boolean);
    };
    expect(values[0]).toEqual([
      '所属部门',
      '服务场景',
      '服务类型',
      '业务类型',
      '办理方式',
      '访问方式',
      '打开方式',
      '是否公开',
      '状态',
      '可见角色',
      '上架标签',
    ]);
    expect(column('业务类型')).toEqual(['办事服务', '应用服务']);
    expect(column('状态')).toEqual(['上架', '下架']);
    expect(column('可见角色')).toEqual(['管理员', '教师', '职工', '学生', '编辑']);
    expect(column('所属部门')).toContain('教务处');
    const dict = async (code: string) =>
      (await post('admin', `${T}/dict/${code}`)).result.map((o: { dictValue: string }) => o.dictValue);
    expect(await dict('businessType')).toEqual(['办事服务', '应用服务']);
    expect(await dict('serviceStatus')).toEqual(['上架', '下架']);
    expect(await dict('role')).toEqual(['管理员', '教师', '职工', '学生', '编辑']);
    expect(await dict('serviceDept')).toContain('教务处');
    expect((await post('admin', `${T}/dict/serviceScene`)).result.length).toBeGreaterThan(0);
    // Each tenant sees its own lists.
    expect((await post('adminB', `${T}/dict/role`)).result.map((o: { dictValue: string }) => o.dictValue)).toEqual([
      '管理员',
      '学生',
    ]);
  });

  it('exports every field with labels for coded columns, role names, and formulas neutralised', async () => {
    const [first] = await snapshot(A);
    await t.db.db
      .updateTable('svc_services')
      .set({ description: '=HYPERLINK("http://evil","x")' })
      .where('id', '=', first!.id)
      .execute();
    const { done, file } = await exportAll('admin');
    const rows = await rowsOf(file);
    expect(rows[0]).toEqual(FIELD_LABELS);
    expect(rows).toHaveLength(done.totalNum + 1);
    const row = rows.find((r) => r[0] === first!.id)!;
    expect(row[10]).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(['办事服务', '应用服务']).toContain(row[5]);
    expect(['线上办理', '线下办理']).toContain(row[6]);
    expect(['页面内打开', '弹窗打开', '新标签页打开']).toContain(row[8]);
    expect(['是', '否']).toContain(row[12]);
    expect(row[13]).toBe('上架');
    const withRoles = (await snapshot(A)).find((s) => s.roles.length)!;
    const names = rows
      .find((r) => r[0] === withRoles.id)![15]!
      .split('、')
      .sort();
    const roleNames = await t.db.db
      .selectFrom('roles')
      .where('id', 'in', withRoles.roles)
      .select('role_name')
      .execute();
    expect(names).toEqual(roleNames.map((r) => r.role_name).sort());
  });

  it('round-trips: the export imported back by service code (update rule) leaves every column as it was', async () => {
    const before = await snapshot(A);
    const { file } = await exportAll('admin');
    const result = await importFile(
      'admin',
      { filename: '服务目录.xlsx', content: file },
      { ruleNum: 2, errorRegx: 'serviceCode' },
    );
    expect(result).toMatchObject({
      status: 'finished',
      totalNum: before.length,
      updateNum: before.length,
      newInsertNum: 0,
      failNum: 0,
      errorKey: null,
    });
    expect(await snapshot(A)).toEqual(before);
  });

  it('imports new services from an xlsx with the header on row 3; bad rows are listed with their reasons', async () => {
    const header = [
      '*服务名称',
      '*所属部门',
      '*服务场景',
      '*业务类型',
      '办理方式',
      '服务地址',
      '可见角色',
      '状态',
      '排序',
      '服务描述',
      '*服务类型',
    ];
    const grid: Grid = [
      ['服务目录导入', null],
      ['带*为必填；可见角色用顿号分隔', null],
      header,
      [
        '导入测试服务甲',
        '教务处',
        '学习教学',
        '办事服务',
        '线下办理',
        'https://ehall.example.edu.cn/a',
        '学生、教师',
        '下架',
        7,
        '甲的描述',
        '学生服务',
      ],
      ['导入测试服务乙', '教务处', '生活服务', 'APPLICATION', '', '/apps/b', '', '', '', '', '公共服务'],
      ['导入测试服务丙', '不存在的部门', '生活服务', '办事服务', '', '', '', '', '', '', '公共服务'],
      ['导入测试服务丁', '教务处', '生活服务', '未知类型', '', '', '', '', '', '', '公共服务'],
      ['导入测试服务戊', '教务处', '生活服务', '办事服务', '', 'javascript:alert(1)', '', '', '', '', '公共服务'],
      ['导入测试服务己', '教务处', '生活服务', '办事服务', '', '', '校长', '', '', '', '公共服务'],
      ['', '教务处', '生活服务', '办事服务', '', '', '', '', '', '', '公共服务'],
      ['导入测试服务庚', '教务处', '不存在的场景', '办事服务', '', '', '', '', '', '', '公共服务'],
      ['导入测试服务甲', '教务处', '生活服务', '办事服务', '', '', '', '', '', '文件中重复的一行', '公共服务'],
    ];
    const search = async () =>
      (
        await post('admin', '/api/blade-platform/serverCenter/searchService', { keyword: '导入测试服务乙' })
      ).result.records.map((r: { serviceName: string }) => r.serviceName);
    expect(await search()).not.toContain('导入测试服务乙'); // builds the catalogue's search index
    const result = await importFile(
      'admin',
      { filename: '服务.xlsx', content: await xlsxOf(grid) },
      { headerLine: 3, ruleNum: 1, errorRegx: 'serviceName' },
    );
    expect(result).toMatchObject({
      status: 'finished',
      errorMsg: null,
      totalNum: 9,
      finishNum: 9,
      newInsertNum: 2,
      jumpNum: 1,
      updateNum: 0,
      failNum: 6,
    });
    const [a] = await byName(A, '导入测试服务甲');
    expect(a).toMatchObject({
      business_type: 'PROCESS',
      process_type: 'OFFLINE',
      service_url: 'https://ehall.example.edu.cn/a',
      status: 0,
      sort: 7,
      description: '甲的描述',
      visit_count: 0,
      open_way: '1003',
      access_way: '1',
    });
    const sceneOf = async (id: string) =>
      (await t.db.db.selectFrom('svc_scenes').where('id', '=', id).select('name').executeTakeFirstOrThrow()).name;
    expect(await sceneOf(a!.scene_id)).toBe('学习教学');
    expect(await rolesOf(a!.id)).toEqual([`${A}-student`, `${A}-teacher`]);
    const [b] = await byName(A, '导入测试服务乙');
    expect(b).toMatchObject({
      business_type: 'APPLICATION',
      process_type: 'ONLINE',
      service_url: '/apps/b',
      status: 1,
      is_public: 0,
    });
    expect(await rolesOf(b!.id)).toEqual([]);
    expect(await byName(A, '导入测试服务戊')).toEqual([]);

    const failed = await failedRows('admin', result.errorKey);
    expect(failed[0]).toEqual([...header, '失败原因', '原表行号']);
    expect(failed.slice(1).map((r) => [r[0], r[11]])).toEqual([
      ['导入测试服务丙', '所属部门：部门不存在'],
      ['导入测试服务丁', '业务类型：不是可选的值'],
      ['导入测试服务戊', TRANSFER_TEXTS.badServiceUrl],
      ['导入测试服务己', '可见角色不存在：校长'],
      ['', '必填字段为空：服务名称'],
      ['导入测试服务庚', '服务场景：不是可选的值'],
    ]);

    // The catalogue's search finds an imported service at once (its index is dropped after an import).
    expect(await search()).toContain('导入测试服务乙');
  });

  it('moves shelf labels, icons and guides: guides sanitised, unknown labels and unsafe icons refused, an empty guide cell removes the guide', async () => {
    const header = [
      '*服务名称',
      '*所属部门',
      '*服务场景',
      '*业务类型',
      '*服务类型',
      '上架标签',
      '服务图标',
      '办事指南',
    ];
    const grid: Grid = [
      header,
      [
        '导入图标服务',
        '教务处',
        '学习教学',
        '办事服务',
        '学生服务',
        '热门推荐',
        '/icons/a.png',
        '<p onclick="steal()">第一步：<b>在线申请</b><script>alert(1)</script></p>',
      ],
      ['导入坏标签服务', '教务处', '学习教学', '办事服务', '学生服务', '不存在的标签', '', ''],
      ['导入坏图标服务', '教务处', '学习教学', '办事服务', '学生服务', '', 'javascript:alert(1)', ''],
    ];
    const result = await importFile(
      'admin',
      { filename: '图标.xlsx', content: await xlsxOf(grid) },
      { ruleNum: 1, errorRegx: 'serviceName' },
    );
    expect(result).toMatchObject({ status: 'finished', totalNum: 3, newInsertNum: 1, failNum: 2 });
    expect((await failedRows('admin', result.errorKey)).slice(1).map((r) => r.at(-2))).toEqual([
      `上架标签：${TRANSFER_TEXTS.unknownDictValue}`,
      TRANSFER_TEXTS.badServiceIcon,
    ]);
    const [svc] = await byName(A, '导入图标服务');
    expect(svc).toMatchObject({ shelf_label_name: '热门推荐', service_icon: '/icons/a.png' });
    const guide = await t.db.db
      .selectFrom('svc_guides')
      .where('service_id', '=', svc!.id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(guide).toMatchObject({ tenant_id: A, content: '<p>第一步：<b>在线申请</b></p>', text: '第一步：在线申请' });
    // The guide pages serve it, and the export carries all three.
    expect(
      (await post('admin', '/api/blade-workbench/guide/clientGuideInfo', { serviceId: svc!.id })).result.content,
    ).toBe('<p>第一步：<b>在线申请</b></p>');
    const { file } = await exportAll('admin', { dataRange: 3, choiceDataIds: [svc!.id] });
    const rows = await rowsOf(file);
    expect(rows[1]!.slice(16, 19)).toEqual(['热门推荐', '/icons/a.png', '<p>第一步：<b>在线申请</b></p>']);
    expect(
      (await post('admin', `${T}/dict/shelfLabel`)).result.map((o: { dictValue: string }) => o.dictValue),
    ).toContain('热门推荐');

    // Updating by name with the guide column matched but empty removes the guide; the icon column left out stays.
    const cleared = await importFile(
      'admin',
      {
        filename: '清除.xlsx',
        content: await xlsxOf([
          ['服务名称', '所属部门', '服务场景', '业务类型', '服务类型', '办事指南'],
          ['导入图标服务', '教务处', '学习教学', '办事服务', '学生服务', ''],
        ]),
      },
      { ruleNum: 2, errorRegx: 'serviceName' },
    );
    expect(cleared).toMatchObject({ status: 'finished', updateNum: 1, failNum: 0 });
    expect(await t.db.db.selectFrom('svc_guides').where('service_id', '=', svc!.id).selectAll().execute()).toEqual([]);
    expect((await byName(A, '导入图标服务'))[0]).toMatchObject({
      service_icon: '/icons/a.png',
      shelf_label_name: '热门推荐',
    });
  });

  it('handles duplicates under each rule (xls, header on row 3): skip, update only the matched columns, fail', async () => {
    const [target] = await byName(A, '导入测试服务乙');
    const grid: Grid = [
      ['说明'],
      [],
      ['服务名称', '所属部门', '业务类型', '服务描述', '可见角色', '服务场景', '服务类型'],
      ['导入测试服务乙', '教务处', '办事服务', '更新后的描述', '学生', '生活服务', '公共服务'],
      ['导入测试服务辛', '教务处', '应用服务', '新服务', '', '生活服务', '公共服务'],
    ];
    const file = () => ({ filename: 'dup.xls', content: xlsOf(grid) });

    const skipped = await importFile('admin', file(), { headerLine: 3, ruleNum: 1, errorRegx: 'serviceName,deptName' });
    expect(skipped).toMatchObject({ totalNum: 2, jumpNum: 1, newInsertNum: 1, updateNum: 0, failNum: 0 });
    expect((await byName(A, '导入测试服务乙'))[0]).toEqual(target);

    const updated = await importFile('admin', file(), { headerLine: 3, ruleNum: 2, errorRegx: 'serviceName,deptName' });
    expect(updated).toMatchObject({ totalNum: 2, jumpNum: 0, newInsertNum: 0, updateNum: 2, failNum: 0 });
    const [after] = await byName(A, '导入测试服务乙');
    expect(after).toMatchObject({
      ...target,
      description: '更新后的描述',
      business_type: 'PROCESS',
      updated_at: after!.updated_at,
    });
    // Columns the file did not match (address, status, order) keep their values.
    expect(after).toMatchObject({ service_url: '/apps/b', status: 1, sort: 0 });
    expect(await rolesOf(target!.id)).toEqual([`${A}-student`]);

    const failing = await importFile('admin', file(), { headerLine: 3, ruleNum: 3, errorRegx: 'serviceName' });
    expect(failing).toMatchObject({ totalNum: 2, jumpNum: 0, newInsertNum: 0, updateNum: 0, failNum: 2 });
    expect((await failedRows('admin', failing.errorKey)).slice(1).map((r) => r[7])).toEqual([
      TRANSFER_TEXTS.duplicateRow,
      TRANSFER_TEXTS.duplicateRow,
    ]);
    expect(await byName(A, '导入测试服务辛')).toHaveLength(1);
  });

  it('refuses an import missing a required field, a check field that is not one, and an empty sheet', async () => {
    const up = await upload('admin', {
      filename: 'x.xlsx',
      content: await xlsxOf([
        ['服务名称', '访问量'],
        ['某服务', 3],
      ]),
    });
    const match = await post('admin', `${T}/service/matchField`, { fileKey: up.result.fileKey, headerLine: 1 });
    expect(match.result.matchFieldList).toEqual([{ excelField: '服务名称', dbField: 'serviceName' }]);
    expect(match.result.dbFieldList.map((f: { id: string }) => f.id)).not.toContain('visitCount');
    const start = (body: object) =>
      post('admin', `${T}/service/import`, {
        fileKey: up.result.fileKey,
        headerLine: 1,
        ruleNum: 1,
        errorRegx: 'serviceName',
        matrixType: match.result.matchFieldList,
        ...body,
      });
    expect((await start({})).msg).toBe(TRANSFER_TEXTS.matchRequired);
    const full = ['serviceName', 'deptName', 'sceneName', 'typeName', 'businessType'].map((dbField) => ({
      excelField: '服务名称',
      dbField,
    }));
    expect((await start({ matrixType: full, errorRegx: 'description' })).msg).toBe(TRANSFER_TEXTS.checkFieldsRequired);
    // An export-only field in the matching is ignored; the row then fails on its department.
    const started = await start({ matrixType: [...full, { excelField: '访问量', dbField: 'visitCount' }] });
    expect(started.status).toBe(1000);
    expect(await finish('admin', started.result.redisKey)).toMatchObject({ totalNum: 1, failNum: 1 });

    const headerOnly = await importFile(
      'admin',
      { filename: 'h.xlsx', content: await xlsxOf([['服务名称', '所属部门', '服务场景', '服务类型', '业务类型']]) },
      { ruleNum: 1, errorRegx: 'serviceName' },
    );
    expect(headerOnly).toMatchObject({ status: 'failed', errorMsg: TRANSFER_TEXTS.emptyFile });
  });

  it('keeps tenants apart: codes, keys and uploads of another school find nothing', async () => {
    const beforeA = await snapshot(A);
    const beforeB = await snapshot(B);
    const { done: doneA, file: fileA } = await exportAll('admin');

    // B's scope never reaches A's services, even by naming their codes.
    expect(
      (
        await post('adminB', `${T}/service/exportCount`, {
          dataRange: 3,
          choiceDataIds: beforeA.slice(0, 5).map((s) => s.id),
        })
      ).result,
    ).toBe(0);
    const { file: fileB } = await exportAll('adminB');
    const codesB = (await rowsOf(fileB)).slice(1).map((r) => r[0]);
    expect(codesB.sort()).toEqual(beforeB.map((s) => s.id).sort());

    // A's key, failed rows and upload are not B's.
    expect((await post('adminB', `${T}/progress`, { key: doneA.redisKey })).http).toBe(404);
    const upA = await upload('admin', { filename: 'a.xlsx', content: fileA });
    expect((await post('adminB', `${T}/service/matchField`, { fileKey: upA.result.fileKey, headerLine: 1 })).msg).toBe(
      TRANSFER_TEXTS.noUpload,
    );

    // A's file imported into B by code with the update rule: A's codes match nothing in B, so B gets new
    // services of its own and A's rows are untouched.
    const result = await importFile(
      'adminB',
      { filename: 'a.xlsx', content: fileA },
      { ruleNum: 2, errorRegx: 'serviceCode' },
    );
    expect(result).toMatchObject({
      totalNum: beforeA.length,
      newInsertNum: beforeA.length - result.failNum,
      updateNum: 0,
    });
    // Rows naming A's roles that B does not have (teachers, staff) are refused, not linked to A's roles.
    const failed = await failedRows('adminB', result.errorKey);
    expect(failed.slice(1).every((r) => r.at(-2)!.startsWith('可见角色不存在'))).toBe(true);
    expect(await snapshot(A)).toEqual(beforeA);
    const afterB = await snapshot(B);
    expect(afterB).toHaveLength(beforeB.length + result.newInsertNum);
    const aIds = new Set(beforeA.map((s) => s.id));
    expect(afterB.filter((s) => aIds.has(s.id))).toEqual([]);
    expect(afterB.flatMap((s) => s.roles).every((r) => r.startsWith(`${B}-`))).toBe(true);
  });
});
