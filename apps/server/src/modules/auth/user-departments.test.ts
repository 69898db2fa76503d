import { AUDIT_PATHS, type AuditEntry } from '@portal/contracts/audit';
import { MESSAGES } from '@portal/contracts/errors';
import { USER_DEPT_MESSAGES, USER_DEPT_PATHS, type UserDeptItem } from '@portal/contracts/user-departments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeptIdOf } from '../../db/seed/catalogue.ts';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { DEMO_PUBLIC_ACCOUNTS } from '../../db/seed/messaging.ts';
import { addTenantWithAdmin, bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { departments } from '../services/departments.ts';
import { directory } from './auth.directory.ts';

const OTHER = '100035';
const U = '/api/blade-user';
const O = '/api/online-service-platform';
const P = '/api/blade-platform';
const byAccount = (account: string) => DEMO_USERS.find((u) => u.account === account)!.id;
const STUDENT02 = byAccount('student02');

/** Users' departments set by hand (issue 14, ADR 0035): menu userDeptConfig, tenant-scoped, audited. */
describe.each(testDatabases)("users' departments set by hand (%s)", (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let otherDept: string;
  const call = async (who: string, url: string, payload: unknown = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[who]!), payload: payload as object });
    return {
      http: res.statusCode,
      ...(res.json() as { status: number; msg: string; msgDetail?: string; result: any }),
    };
  };
  const page = async (body: object = {}, who = 'admin') => call(who, `${U}${USER_DEPT_PATHS.page}`, body);
  const submit = async (userId: string, deptIds: string[], who = 'admin') =>
    call(who, `${U}${USER_DEPT_PATHS.submit}`, { userId, deptIds });
  const deptsOf = async (account: string) =>
    ((await page({ keyword: account, size: 100 })).result.records as UserDeptItem[]).find((r) => r.account === account)!
      .departments;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await addTenantWithAdmin(t.db.db, OTHER);
    otherDept = await departments(t.db.db).create(OTHER, '他校教务处');
    for (const a of ['admin', 'teacher01', 'student01']) tokens[a] = (await t.login(a)).access_token;
    tokens.other = (await t.login('admin', OTHER)).access_token;
  });
  afterAll(async () => t?.close());

  it("lists the tenant's users paged with their departments, by name or account and by department", async () => {
    const all = await page({ current: 1, size: 2 });
    expect(all).toMatchObject({ http: 200, status: 1000, result: { total: DEMO_USERS.length, size: 2, current: 1 } });
    expect(all.result.pages).toBe(Math.ceil(DEMO_USERS.length / 2));
    expect(all.result.records).toHaveLength(2);
    const second = await page({ current: 2, size: 2 });
    const accounts = [...all.result.records, ...second.result.records].map((r: UserDeptItem) => r.account);
    expect(new Set(accounts).size).toBe(Math.min(4, DEMO_USERS.length));

    // The demo seed places teacher01 in 教务处 (as the school's sign-in would: source identity).
    expect(await deptsOf('teacher01')).toEqual([{ id: demoDeptIdOf('教务处'), name: '教务处', source: 'identity' }]);
    const byName = await page({ keyword: '同学' });
    expect(byName.result.records.map((r: UserDeptItem) => r.account).sort()).toEqual(['student01', 'student02']);
    const byAccountPart = await page({ keyword: 'STUDENT0' });
    expect(byAccountPart.result.total).toBe(2);
    // A wildcard typed is a character, not a pattern.
    expect((await page({ keyword: '%' })).result.total).toBe(0);
    const inJwc = await page({ deptId: demoDeptIdOf('教务处') });
    expect(inJwc.result.records.map((r: UserDeptItem) => r.account)).toEqual(['teacher01']);

    // Another tenant's administrator sees only their own users.
    const other = await page({}, 'other');
    expect(other.result.records.map((r: UserDeptItem) => r.userName)).toEqual(['他校管理员']);
    const options = await call('admin', `${U}${USER_DEPT_PATHS.options}`);
    const ids = (options.result.depts as Array<{ id: string; parentId: string }>).map((d) => d.id);
    expect(ids).toContain(demoDeptIdOf('考试中心'));
    expect(ids).not.toContain(otherDept);
    expect(options.result.depts.find((d: { id: string }) => d.id === demoDeptIdOf('考试中心')).parentId).toBe(
      demoDeptIdOf('教务处'),
    );
  });

  it('sets a user’s departments (several), a notice to one of them reaches the user; recorded and revertible; an empty list clears', async () => {
    const set = await submit(STUDENT02, [demoDeptIdOf('财务处'), demoDeptIdOf('考试中心'), demoDeptIdOf('财务处')]);
    expect(set).toMatchObject({ http: 200, status: 1000, result: { userId: STUDENT02, account: 'student02' } });
    expect(set.result.departments.map((d: { name: string }) => d.name).sort()).toEqual(['考试中心', '财务处'].sort());
    expect(set.result.departments.every((d: { source: string }) => d.source === 'admin')).toBe(true);
    expect((await page({ deptId: demoDeptIdOf('财务处') })).result.records.map((r: UserDeptItem) => r.account)).toEqual(
      ['student02'],
    );
    // 教务处 lists the members of 考试中心 under it too: those a notice to 教务处 reaches.
    expect(
      (await page({ deptId: demoDeptIdOf('教务处') })).result.records.map((r: UserDeptItem) => r.account).sort(),
    ).toEqual(['student02', 'teacher01']);
    expect(
      (await page({ deptId: demoDeptIdOf('考试中心') })).result.records.map((r: UserDeptItem) => r.account),
    ).toEqual(['student02']);

    // A notice to 财务处 reaches student02 and nobody else.
    const notice = await call('admin', `${P}/app/msg/manage/publish`, {
      mpId: DEMO_PUBLIC_ACCOUNTS[0].id,
      title: '财务处报销须知',
      deptIds: [demoDeptIdOf('财务处')],
    });
    expect(notice).toMatchObject({ status: 1000, result: { recipients: 1 } });

    // Recorded in the configuration audit log, with before and after; the revert puts the empty list back.
    const log = await call('admin', `${O}${AUDIT_PATHS.list}`, { entityKind: 'userDepartments', size: 10 });
    const entry = (log.result.records as AuditEntry[]).find((e) => e.entityId === STUDENT02)!;
    expect(entry).toMatchObject({ action: 'update', userName: '系统管理员', canRevert: true });
    expect(entry.summary).toContain('student02');
    expect(entry.before).toEqual({ departments: [] });
    expect((entry.after as { departments: unknown[] }).departments).toHaveLength(2);
    const reverted = await call('admin', `${O}${AUDIT_PATHS.revert}`, { id: entry.id });
    expect(reverted.status).toBe(1000);
    expect(await deptsOf('student02')).toEqual([]);

    await submit(STUDENT02, [demoDeptIdOf('财务处')]);
    expect(await deptsOf('student02')).toHaveLength(1);
    const cleared = await submit(STUDENT02, []);
    expect(cleared).toMatchObject({ status: 1000, result: { departments: [] } });
    expect(await deptsOf('student02')).toEqual([]);
  });

  it('a sign-in that sends departments replaces only those a sign-in placed: hand-set ones stay', async () => {
    const teacher = byAccount('teacher01');
    await submit(teacher, [demoDeptIdOf('教务处'), demoDeptIdOf('图书馆')]);
    // 教务处 came from the sign-in and stays so; 图书馆 is the administrator's.
    expect(await deptsOf('teacher01')).toEqual(
      expect.arrayContaining([
        { id: demoDeptIdOf('教务处'), name: '教务处', source: 'identity' },
        { id: demoDeptIdOf('图书馆'), name: '图书馆', source: 'admin' },
      ]),
    );
    await directory.setUserDepartments(t.db.db, '000000', teacher, [demoDeptIdOf('人事处')], 'identity');
    const after = await deptsOf('teacher01');
    expect(after.map((d) => `${d.name}:${d.source}`).sort()).toEqual(['人事处:identity', '图书馆:admin'].sort());
    // The administrator removes the sign-in's department too: it is gone until a sign-in sends it again.
    await submit(teacher, [demoDeptIdOf('图书馆')]);
    expect((await deptsOf('teacher01')).map((d) => d.name)).toEqual(['图书馆']);
    await submit(teacher, [demoDeptIdOf('教务处')]);
  });

  it("refuses another tenant's user (404) and department (400), unknown ids, bad bodies, and a student (403)", async () => {
    const foreignUser = await submit(STUDENT02, [], 'other');
    expect(foreignUser).toMatchObject({ http: 404, msg: USER_DEPT_MESSAGES.noSuchUser });
    expect((await submit('no-such-user', [])).http).toBe(404);
    const foreignDept = await submit(STUDENT02, [demoDeptIdOf('财务处'), otherDept]);
    expect(foreignDept).toMatchObject({ http: 400, msg: USER_DEPT_MESSAGES.noSuchDept, msgDetail: otherDept });
    expect(await deptsOf('student02')).toEqual([]);
    for (const bad of [
      { userId: '', deptIds: [] },
      { userId: STUDENT02 },
      { userId: STUDENT02, deptIds: 'x' },
      { userId: STUDENT02, deptIds: [''] },
      { userId: STUDENT02, deptIds: Array.from({ length: 51 }, (_, i) => `d${i}`) },
    ]) {
      const res = await call('admin', `${U}${USER_DEPT_PATHS.submit}`, bad);
      expect(res.http, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await page({ size: 1000 })).http).toBe(400);
    expect((await page({ current: 0 })).http).toBe(400);

    for (const who of ['student01', 'teacher01']) {
      for (const [path, body] of [
        [USER_DEPT_PATHS.page, {}],
        [USER_DEPT_PATHS.options, {}],
        [USER_DEPT_PATHS.submit, { userId: STUDENT02, deptIds: [demoDeptIdOf('财务处')] }],
      ] as const) {
        const res = await call(who, `${U}${path}`, body);
        expect(res).toMatchObject({ http: 403, msg: MESSAGES.forbidden });
      }
    }
    expect(await deptsOf('student02')).toEqual([]);
    const anonymous = await t.app.inject({ method: 'POST', url: `${U}${USER_DEPT_PATHS.page}`, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
