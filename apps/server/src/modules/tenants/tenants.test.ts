import { LOGIN_FAILURES_PER_ACCOUNT } from '@portal/contracts/constants';
import { MESSAGES } from '@portal/contracts/errors';
import { IDENTITY_MESSAGES } from '@portal/contracts/identity-messages';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DbHandle } from '../../db/create-db.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { hashPassword, newId, verifyPassword } from '../../platform/crypto.ts';
import { bearer, createTestDb, testConfig, testDatabases } from '../../test/test-app.ts';
import { DEFAULT_PASSWORD_RULE } from '../auth/auth.tenant-setup.ts';
import {
  activateAccount,
  activateTenant,
  createTenant,
  deactivateAccount,
  deactivateTenant,
  defaultTenantWarning,
  listTenants,
  resetPassword,
  TenantSetupError,
} from './tenants.service.ts';

const TENANT = '100001';
const NAME = '某某大学';
const PASSWORD = 'Xy7#campus-2026';
const O = '/api/online-service-platform';
const P = '/api/blade-platform';
const W = '/api/blade-workbench';

/**
 * What an administrator's first visit calls: the shell and home page, then the first list of each configuration
 * page. Each must answer 1000 for a tenant with no demo content (a missing password rule answered 404, a missing
 * robot configuration 404 on every page that shows the assistant).
 */
const FIRST_VISIT: ReadonlyArray<readonly ['GET' | 'POST', string]> = [
  ['GET', '/api/blade-user/user/getUserInfo'],
  ['POST', `${W}/auth/auth/init`],
  ['POST', `${O}/homePage/getTopMenu`],
  ['POST', `${O}/homePage/quickNavigation`],
  ['POST', `${O}/homePage/getBusinessConfigMenu`],
  ['POST', `${O}/homePage/getFooterInfo`],
  ['POST', `${O}/homePage/getHoliday`],
  ['POST', `${O}/homePage/getServiceSpecialList`],
  ['POST', `${O}/homePage/getIsShowMsg`],
  ['POST', `${O}/indexcardconfig/list`],
  ['POST', `${O}/themeSetUp/detail`],
  ['POST', `${P}/platformapplyguiselogo/detail`],
  ['GET', `${P}/aiquestion/greet`],
  ['GET', `${P}/questionbasicconfig/baseInfo`],
  ['POST', `${W}/eduSystemManagePwdConfig/getPasswordReg`],
  ['POST', `${P}/serverCenter/page`],
  ['POST', `${P}/serviceScene/listByUser`],
  ['POST', `${P}/app/service/mpMsgListByUser`],
  ['POST', '/api/chat/lastChatList'],
  // configuration pages
  ['POST', `${O}/indextypeconfig/list`],
  ['POST', `${O}/indexnavigationconfig/list`],
  ['POST', `${O}/cardbusinessconfig/list`],
  ['POST', `${O}/indexfooterinfo/detail`],
  ['POST', `${O}/indexholidayconfig/list`],
  ['POST', `${O}/indexservicespecialconfig/list`],
  ['POST', `${O}/efficiencyHomePage/getReportConfig`],
  ['POST', `${O}/auditlog/list`],
  ['POST', `${W}/eduSystemManagePwdConfig/detail`],
  ['POST', `${W}/identity/provider/detail`],
  ['POST', `${W}/ospDeptDutyListConfig/page`],
  ['POST', `${W}/news/manage/page`],
  ['POST', `${P}/app/msg/manage/page`],
  ['POST', `${P}/aiquestion/knowledge/page`],
  ['POST', `${P}/scSemester/getSchoolCalendar`],
  ['POST', '/api/blade-user/userDept/page'],
];

/**
 * The operator's tenant command (modules/tenants): a production install, where the demo accounts are refused, gets
 * the school's tenant and a first administrator who can log in and configure everything, with no demo content.
 */
describe.each(testDatabases)('a tenant made by the operator (%s)', (engine) => {
  let db: DbHandle;
  /** Production-like: demo mode off, nothing seeded on start. */
  let app: FastifyInstance;
  /** The same database in demo mode, for the demo tenant's administrator. */
  let demoApp: FastifyInstance;

  const login = async (a: FastifyInstance, tenantId: string, username: string, password: string) => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      payload: { grant_type: 'password', tenantId, username, password },
    });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const token = async (a: FastifyInstance, tenantId: string, username: string, password: string) => {
    const r = await login(a, tenantId, username, password);
    if (r.status !== 1000) throw new Error(`login ${tenantId}/${username}: ${r.status} ${r.msg}`);
    return r.result.access_token as string;
  };
  const refresh = async (a: FastifyInstance, tenantId: string, refreshToken: string) => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      payload: { grant_type: 'refresh_token', tenantId, refresh_token: refreshToken },
    });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const call = async (a: FastifyInstance, tok: string, method: 'GET' | 'POST', url: string, payload: object = {}) => {
    const res = await a.inject({
      method,
      url,
      headers: bearer(tok),
      ...(method === 'POST' ? { payload: { current: 1, size: 50, ...payload } } : {}),
    });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };

  beforeAll(async () => {
    // The demo tenant is there too (seeded), so that isolation can be checked both ways.
    db = await createTestDb(engine);
    app = await buildApp({
      config: testConfig({ env: 'production', demo: false, seed: false, loginAddressDelayMaxMs: 0 }),
      db,
      logger: false,
      serveWeb: false,
    });
    demoApp = await buildApp({
      config: testConfig({ loginAddressDelayMaxMs: 0 }),
      db,
      logger: false,
      serveWeb: false,
    });
    await Promise.all([app.ready(), demoApp.ready()]);
  });
  afterAll(async () => {
    await app?.close();
    await demoApp?.close();
    await db?.close();
  });

  it('makes the tenant and its administrator, who logs in and whose home page and configuration lists answer 1000', async () => {
    // Before: the production install has no way in (the demo admin is refused, the tenant does not exist).
    expect(await login(app, TENANT, 'admin', PASSWORD)).toMatchObject({ http: 400, msg: '租户不存在' });
    expect((await login(app, DEMO_TENANT_ID, 'admin', DEMO_PASSWORD)).http).toBe(403);

    const made = await createTenant(db.db, {
      tenantId: TENANT,
      tenantName: NAME,
      adminAccount: 'admin',
      adminName: '系统管理员',
      password: PASSWORD,
    });
    expect(made).toMatchObject({ tenantId: TENANT, tenantName: NAME, adminAccount: 'admin' });

    const user = await db.db.selectFrom('users').where('tenant_id', '=', TENANT).selectAll().execute();
    expect(user).toHaveLength(1);
    expect(user[0]).toMatchObject({ account: 'admin', user_name: '系统管理员', is_demo: 0, status: 1 });
    expect(user[0]!.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, user[0]!.password_hash)).toBe(true);

    const tok = await token(app, TENANT, 'admin', PASSWORD);
    const failed: string[] = [];
    for (const [method, url] of FIRST_VISIT) {
      const r = await call(app, tok, method, url);
      if (r.http !== 200 || r.status !== 1000) failed.push(`${method} ${url}: ${r.http} ${r.status} ${r.msg}`);
    }
    expect(failed).toEqual([]);

    const info = await call(app, tok, 'GET', '/api/blade-user/user/getUserInfo');
    expect(info.result).toMatchObject({ tenant_id: TENANT, tenant_name: NAME, roleType: 'admin' });
    const menus = await call(app, tok, 'POST', `${O}/homePage/getBusinessConfigMenu`);
    expect(menus.result.map((m: { name: string }) => m.name).sort()).toEqual(
      CONFIGURATION_MENUS.map((m) => m.name).sort(),
    );
    // The built-in navigation (which no call can add) and one empty home tab.
    const nav = await call(app, tok, 'POST', `${O}/indexnavigationconfig/list`);
    expect(nav.result.map((n: { navigationType: string }) => n.navigationType)).toEqual([
      'SERVICE_HALL',
      'FLOW_SERVICE_CENTER',
      'APPLY_SERVICE_CENTER',
    ]);
    const tabs = await call(app, tok, 'POST', `${O}/indextypeconfig/list`);
    expect(tabs.result).toMatchObject([{ typeName: '工作台', isDefault: true, cardConfigs: [] }]);
    expect((await call(app, tok, 'POST', `${O}/homePage/getFooterInfo`)).result.copyright).toBe(`© ${NAME} 版权所有`);
    expect((await call(app, tok, 'POST', `${W}/eduSystemManagePwdConfig/getPasswordReg`)).result).toEqual({
      regex: DEFAULT_PASSWORD_RULE.regex,
      message: DEFAULT_PASSWORD_RULE.message,
    });
    // The roles the identity provider's mapping names.
    const roles = await db.db.selectFrom('roles').where('tenant_id', '=', TENANT).select('role_alias').execute();
    expect(roles.map((r) => r.role_alias).sort()).toEqual(['administrator', 'staff', 'student', 'teacher']);

    // No demo content: no services, news, notices, cards or to-dos.
    expect((await call(app, tok, 'POST', `${P}/serverCenter/page`)).result.total).toBe(0);
    expect((await call(app, tok, 'POST', `${W}/news/manage/page`)).result.total).toBe(0);
    expect((await call(app, tok, 'POST', `${O}/cardbusinessconfig/list`)).result).toEqual([]);
    for (const table of ['svc_services', 'wb_cards', 'wb_todos', 'wb_news', 'notices'] as const) {
      const n = await db.db.selectFrom(table).where('tenant_id', '=', TENANT).select('tenant_id').execute();
      expect(n, table).toHaveLength(0);
    }
  });

  it('refuses to make a tenant that exists, and leaves it as it was', async () => {
    const before = await db.db.selectFrom('users').where('tenant_id', '=', TENANT).selectAll().execute();
    await expect(
      createTenant(db.db, {
        tenantId: TENANT,
        tenantName: '另一个名字',
        adminAccount: 'root',
        adminName: '别人',
        password: 'Other#pass99',
      }),
    ).rejects.toThrow(/Tenant 100001 already exists: nothing was changed/);
    expect(
      (await db.db.selectFrom('tenants').where('tenant_id', '=', TENANT).select('tenant_name').executeTakeFirst())
        ?.tenant_name,
    ).toBe(NAME);
    expect(await db.db.selectFrom('users').where('tenant_id', '=', TENANT).selectAll().execute()).toEqual(before);
    expect((await login(app, TENANT, 'admin', PASSWORD)).status).toBe(1000);
    // Nor is the demo tenant's id taken, seeded or not (a later PORTAL_SEED would add the demo accounts to it).
    await expect(
      createTenant(db.db, {
        tenantId: DEMO_TENANT_ID,
        tenantName: 'x',
        adminAccount: 'a',
        adminName: 'a',
        password: PASSWORD,
      }),
    ).rejects.toThrow(/demo tenant/);
  });

  it("refuses a password the tenant's rule does not take, with the rule's message, and makes nothing", async () => {
    for (const weak of ['short1!', 'onlyletters-and-symbols', 'NoSymbol123', 'x'.repeat(30) + '1!'])
      await expect(
        createTenant(db.db, {
          tenantId: '100002',
          tenantName: '乙大学',
          adminAccount: 'admin',
          adminName: '管理员',
          password: weak,
        }),
      ).rejects.toThrow(
        new TenantSetupError(
          `The password does not follow the password rule of tenant 100002: ${DEFAULT_PASSWORD_RULE.message}`,
        ),
      );
    expect(await db.db.selectFrom('tenants').where('tenant_id', '=', '100002').selectAll().execute()).toEqual([]);
    expect(await db.db.selectFrom('roles').where('tenant_id', '=', '100002').selectAll().execute()).toEqual([]);
    // Input the login could not take is refused too.
    await expect(
      createTenant(db.db, {
        tenantId: '100 002',
        tenantName: '乙',
        adminAccount: 'admin',
        adminName: 'a',
        password: PASSWORD,
      }),
    ).rejects.toThrow(/tenantId: 租户编号格式不正确/);
    await expect(
      createTenant(db.db, {
        tenantId: '100002',
        tenantName: '乙',
        adminAccount: 'ad min',
        adminName: 'a',
        password: PASSWORD,
      }),
    ).rejects.toThrow(/adminAccount: an account has no spaces/);
  });

  it('resets a password: the new one logs in, the old one and its sessions stop working, the lockout is lifted', async () => {
    const old = await token(app, TENANT, 'admin', PASSWORD);
    expect((await call(app, old, 'GET', '/api/blade-user/user/getUserInfo')).status).toBe(1000);
    // The operator was locked out: wrong passwords used up the account's attempts.
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) await login(app, TENANT, 'admin', 'wrong');
    expect((await login(app, TENANT, 'admin', PASSWORD)).http).toBe(429);

    // The tenant's rule applies, with its message; nothing changes then.
    await expect(resetPassword(db.db, { tenantId: TENANT, account: 'admin', password: 'weak' })).rejects.toThrow(
      DEFAULT_PASSWORD_RULE.message,
    );
    await expect(resetPassword(db.db, { tenantId: TENANT, account: 'nobody', password: 'N3w#secret' })).rejects.toThrow(
      'Tenant 100001 has no account nobody.',
    );
    await expect(
      resetPassword(db.db, { tenantId: '999999', account: 'admin', password: 'N3w#secret' }),
    ).rejects.toThrow('Tenant 999999 does not exist.');
    // The demo accounts keep their documented password.
    await expect(
      resetPassword(db.db, { tenantId: DEMO_TENANT_ID, account: 'admin', password: 'N3w#secret' }),
    ).rejects.toThrow(/demo account/);

    const open = await db.db
      .selectFrom('sessions')
      .where('tenant_id', '=', TENANT)
      .where('revoked_at', 'is', null)
      .select('id')
      .execute();
    expect(open.length).toBeGreaterThan(0);
    const r = await resetPassword(db.db, { tenantId: TENANT, account: 'admin', password: 'N3w#secret' });
    expect(r).toMatchObject({ account: 'admin', active: true, sessionsEnded: open.length });
    expect((await call(app, old, 'GET', '/api/blade-user/user/getUserInfo')).http).toBe(401);
    expect(await login(app, TENANT, 'admin', PASSWORD)).toMatchObject({ http: 400, msg: '账号或密码错误' });
    const fresh = await token(app, TENANT, 'admin', 'N3w#secret');
    expect((await call(app, fresh, 'GET', '/api/blade-user/user/getUserInfo')).result.account).toBe('admin');
  });

  it("keeps the tenant's data in it: the demo administrator sees none of it, and it sees none of the demo's", async () => {
    const mine = await token(app, TENANT, 'admin', 'N3w#secret');
    const demo = await token(demoApp, DEMO_TENANT_ID, 'admin', DEMO_PASSWORD);
    const ids = async (a: FastifyInstance, tok: string, url: string, payload: object = {}) => {
      const r = await call(a, tok, 'POST', url, payload);
      expect(r.status, url).toBe(1000);
      const list = Array.isArray(r.result) ? r.result : r.result.records;
      // a user's row names it userId
      return (list as Array<{ id?: string; userId?: string }>).map((x) => (x.id ?? x.userId)!);
    };
    const ownTabs = await ids(app, mine, `${O}/indextypeconfig/list`);
    const ownNav = await ids(app, mine, `${O}/indexnavigationconfig/list`);
    const [ownUser] = await db.db.selectFrom('users').where('tenant_id', '=', TENANT).select('id').execute();
    const demoTabs = await ids(demoApp, demo, `${O}/indextypeconfig/list`);
    const demoNav = await ids(demoApp, demo, `${O}/indexnavigationconfig/list`);
    expect(demoTabs.length).toBeGreaterThan(0);
    expect(demoTabs.filter((id) => ownTabs.includes(id))).toEqual([]);
    expect(demoNav.filter((id) => ownNav.includes(id))).toEqual([]);
    const demoUsers = await ids(demoApp, demo, '/api/blade-user/userDept/page', { keyword: 'admin' });
    expect(demoUsers).toHaveLength(1);
    expect(demoUsers).not.toContain(ownUser!.id);
    // Naming the other tenant is refused, not answered with its data, either way.
    for (const url of [
      `${O}/indextypeconfig/list`,
      `${O}/indexnavigationconfig/list`,
      '/api/blade-user/userDept/page',
    ]) {
      expect((await call(demoApp, demo, 'POST', url, { tenantId: TENANT })).http, url).toBe(403);
      expect((await call(app, mine, 'POST', url, { tenantId: DEMO_TENANT_ID })).http, url).toBe(403);
    }
    // Nor can the demo administrator act on the new tenant's administrator.
    const unlock = await call(demoApp, demo, 'POST', '/api/blade-user/user/unlock', { userIds: ownUser!.id });
    expect(unlock.http).toBe(404);
    // The new tenant sees none of the demo's services, news or users.
    expect((await call(app, mine, 'POST', `${P}/serverCenter/page`)).result.total).toBe(0);
    expect((await call(demoApp, demo, 'POST', `${P}/serverCenter/page`)).result.total).toBeGreaterThan(0);
    expect(await ids(app, mine, '/api/blade-user/userDept/page')).toEqual([ownUser!.id]);
  });

  it('tells the operator when the tenant addresses without ?tenantId= open on (DEFAULT_TENANT) is missing or disabled', async () => {
    // Made by the first test: there and enabled, as the demo tenant is.
    expect(await defaultTenantWarning(db.db, TENANT)).toBeNull();
    expect(await defaultTenantWarning(db.db, DEMO_TENANT_ID)).toBeNull();
    expect(await defaultTenantWarning(db.db, '100009')).toBe(
      'DEFAULT_TENANT 100009 is not a tenant of this database: /, /login and every address without ?tenantId= open on ' +
        'it and find nothing. Create it (npm run tenant -- create --tenant 100009 …) or set DEFAULT_TENANT to a ' +
        'tenant npm run tenant -- list shows.',
    );
    await db.db.updateTable('tenants').set({ status: 0 }).where('tenant_id', '=', TENANT).execute();
    try {
      expect(await defaultTenantWarning(db.db, TENANT)).toMatch(
        /^DEFAULT_TENANT 100001 is disabled: .* Set DEFAULT_TENANT to an enabled tenant/,
      );
    } finally {
      await db.db.updateTable('tenants').set({ status: 1 }).where('tenant_id', '=', TENANT).execute();
    }
  });

  it('lists the tenants and their administrators', async () => {
    const all = await listTenants(db.db);
    expect(all.find((t) => t.tenantId === TENANT)).toEqual({
      tenantId: TENANT,
      tenantName: NAME,
      status: 1,
      administrators: [{ account: 'admin', name: '系统管理员', status: 1, isDemo: false }],
    });
    expect(all.find((t) => t.tenantId === DEMO_TENANT_ID)?.administrators).toEqual([
      { account: 'admin', name: '系统管理员', status: 1, isDemo: true },
    ]);
  });

  describe('disabling and enabling', () => {
    const ADMIN_PASSWORD = 'N3w#secret';
    const TEACHER_PASSWORD = 'Teach#2026-x';
    const openSessions = async (userId?: string) => {
      let q = db.db
        .selectFrom('sessions')
        .where('tenant_id', '=', TENANT)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date().toISOString());
      if (userId) q = q.where('user_id', '=', userId);
      return (await q.select('id').execute()).length;
    };
    let teacherId: string;

    beforeAll(async () => {
      // A second account of the tenant, as its identity provider or an administrator would have made it.
      teacherId = newId();
      await db.db
        .insertInto('users')
        .values({
          id: teacherId,
          tenant_id: TENANT,
          account: 't01',
          user_name: '李老师',
          nick_name: '李老师',
          password_hash: await hashPassword(TEACHER_PASSWORD),
          role_id: `${TENANT}-teacher`,
          is_demo: 0,
          status: 1,
          created_at: new Date().toISOString(),
        })
        .execute();
    });

    it('disables an account at once: its sessions and refresh tokens end, and its login says it is disabled', async () => {
      const first = await login(app, TENANT, 't01', TEACHER_PASSWORD);
      const second = await login(app, TENANT, 't01', TEACHER_PASSWORD);
      const admin = await token(app, TENANT, 'admin', ADMIN_PASSWORD);
      expect(await openSessions(teacherId)).toBe(2);

      const r = await deactivateAccount(db.db, { tenantId: TENANT, account: 't01' });
      expect(r).toEqual({ account: 't01', userName: '李老师', roleName: '教师', wasActive: true, sessionsEnded: 2 });
      expect(await openSessions(teacherId)).toBe(0);
      for (const s of [first, second]) {
        const info = await call(app, s.result.access_token, 'GET', '/api/blade-user/user/getUserInfo');
        expect(info).toMatchObject({ http: 401, msg: MESSAGES.unauthorized });
        expect(await refresh(app, TENANT, s.result.refresh_token)).toMatchObject({
          http: 401,
          msg: MESSAGES.invalidRefreshToken,
        });
      }
      // The right password learns that the account is disabled (as the identity provider's sign-in says); a wrong
      // one learns nothing more than before.
      expect(await login(app, TENANT, 't01', TEACHER_PASSWORD)).toMatchObject({
        http: 403,
        msg: IDENTITY_MESSAGES.accountDisabled[0],
      });
      expect(await login(app, TENANT, 't01', 'Wrong#pass1')).toMatchObject({ http: 400, msg: '账号或密码错误' });
      // Nobody else was signed out.
      expect((await call(app, admin, 'GET', '/api/blade-user/user/getUserInfo')).status).toBe(1000);
      expect((await listTenants(db.db)).find((t) => t.tenantId === TENANT)?.administrators).toEqual([
        { account: 'admin', name: '系统管理员', status: 1, isDemo: false },
      ]);

      // Again: nothing left to end.
      expect(await deactivateAccount(db.db, { tenantId: TENANT, account: 't01' })).toMatchObject({
        wasActive: false,
        sessionsEnded: 0,
      });
      // Enabled again, with its password as it was.
      expect(await activateAccount(db.db, { tenantId: TENANT, account: 't01' })).toMatchObject({
        account: 't01',
        wasActive: false,
      });
      expect((await login(app, TENANT, 't01', TEACHER_PASSWORD)).status).toBe(1000);
      expect(await activateAccount(db.db, { tenantId: TENANT, account: 't01' })).toMatchObject({ wasActive: true });
    });

    it("refuses the tenant's last enabled administrator unless forced, and says what to do instead", async () => {
      const admin = await token(app, TENANT, 'admin', ADMIN_PASSWORD);
      await expect(deactivateAccount(db.db, { tenantId: TENANT, account: 'admin' })).rejects.toThrow(
        new TenantSetupError(
          'admin is the last enabled administrator of tenant 100001: without it nobody can configure the tenant. ' +
            'If its password is known to someone else, reset-password gives it a new one and ends its sessions; ' +
            'to disable it anyway, add --force (activate enables it again). Nothing was changed.',
        ),
      );
      expect((await call(app, admin, 'GET', '/api/blade-user/user/getUserInfo')).status).toBe(1000);

      // A second administrator: then the first may go without --force.
      await db.db
        .updateTable('users')
        .set({ role_id: `${TENANT}-admin` })
        .where('id', '=', teacherId)
        .execute();
      const { id: adminId } = await db.db
        .selectFrom('users')
        .where('tenant_id', '=', TENANT)
        .where('account', '=', 'admin')
        .select('id')
        .executeTakeFirstOrThrow();
      const open = await openSessions(adminId);
      expect(open).toBeGreaterThan(0);
      expect(await deactivateAccount(db.db, { tenantId: TENANT, account: 'admin' })).toMatchObject({
        wasActive: true,
        sessionsEnded: open,
      });
      expect((await call(app, admin, 'GET', '/api/blade-user/user/getUserInfo')).http).toBe(401);
      // ...but not the second, now the last enabled one.
      await expect(deactivateAccount(db.db, { tenantId: TENANT, account: 't01' })).rejects.toThrow(
        /t01 is the last enabled administrator of tenant 100001/,
      );
      await db.db
        .updateTable('users')
        .set({ role_id: `${TENANT}-teacher` })
        .where('id', '=', teacherId)
        .execute();
      await activateAccount(db.db, { tenantId: TENANT, account: 'admin' });

      // Forced: the last administrator is disabled, and `activate` gives it back.
      const again = await token(app, TENANT, 'admin', ADMIN_PASSWORD);
      expect(await deactivateAccount(db.db, { tenantId: TENANT, account: 'admin', force: true })).toMatchObject({
        wasActive: true,
        sessionsEnded: 1,
      });
      expect((await call(app, again, 'GET', '/api/blade-user/user/getUserInfo')).http).toBe(401);
      expect((await login(app, TENANT, 'admin', ADMIN_PASSWORD)).http).toBe(403);
      await activateAccount(db.db, { tenantId: TENANT, account: 'admin' });
      expect((await login(app, TENANT, 'admin', ADMIN_PASSWORD)).status).toBe(1000);
    });

    it('names an unknown tenant or account, and refuses the demo accounts as reset-password does', async () => {
      for (const change of [deactivateAccount, activateAccount]) {
        await expect(change(db.db, { tenantId: '999999', account: 'admin' })).rejects.toThrow(
          new TenantSetupError('Tenant 999999 does not exist.'),
        );
        await expect(change(db.db, { tenantId: TENANT, account: 'nobody' })).rejects.toThrow(
          new TenantSetupError('Tenant 100001 has no account nobody.'),
        );
        await expect(change(db.db, { tenantId: DEMO_TENANT_ID, account: 'teacher01' })).rejects.toThrow(
          /^teacher01 is a demo account: it logs in only in demo mode, .* Nothing was changed\.$/,
        );
      }
      for (const change of [deactivateTenant, activateTenant])
        await expect(change(db.db, { tenantId: '999999' })).rejects.toThrow(
          new TenantSetupError('Tenant 999999 does not exist.'),
        );
      // The demo account is as it was, and logs in in demo mode.
      expect((await login(demoApp, DEMO_TENANT_ID, 'teacher01', DEMO_PASSWORD)).status).toBe(1000);
    });

    it('disables a whole tenant: its sign-in says so, its sessions end, its tokens and sign-ins are refused', async () => {
      const admin = await login(app, TENANT, 'admin', ADMIN_PASSWORD);
      const teacher = await login(app, TENANT, 't01', TEACHER_PASSWORD);
      const demo = await token(demoApp, DEMO_TENANT_ID, 'admin', DEMO_PASSWORD);
      const open = await openSessions();
      expect(open).toBeGreaterThanOrEqual(2);
      const r = await deactivateTenant(db.db, { tenantId: TENANT });
      expect(r).toEqual({ tenantId: TENANT, tenantName: NAME, wasActive: true, sessionsEnded: open });
      expect(await openSessions()).toBe(0);
      expect((await listTenants(db.db)).find((t) => t.tenantId === TENANT)?.status).toBe(0);

      const disabled = { http: 403, msg: MESSAGES.tenantDisabled };
      expect(await login(app, TENANT, 'admin', ADMIN_PASSWORD)).toMatchObject(disabled);
      expect(await login(app, TENANT, 't01', TEACHER_PASSWORD)).toMatchObject(disabled);
      // The login page's own calls say it too, not 租户不存在.
      const page = await app.inject({
        method: 'POST',
        url: `${W}/auth/auth/modelLogin`,
        payload: { tenantId: TENANT },
      });
      expect(page.json()).toMatchObject({ status: 403, msg: MESSAGES.tenantDisabled });
      // So do its uploaded images, whose address names the tenant in the path (they kept opening).
      const image = `/api/online-service-platform/nobody/common/image/${TENANT}/0f8e2f5c-logo.png`;
      expect((await app.inject({ method: 'GET', url: image })).json()).toMatchObject({
        status: 403,
        msg: MESSAGES.tenantDisabled,
      });
      for (const s of [admin, teacher]) {
        expect((await call(app, s.result.access_token, 'GET', '/api/blade-user/user/getUserInfo')).http).toBe(401);
        expect(await refresh(app, TENANT, s.result.refresh_token)).toMatchObject(disabled);
      }
      // The other tenant is untouched.
      expect((await call(demoApp, demo, 'GET', '/api/blade-user/user/getUserInfo')).status).toBe(1000);

      expect(await deactivateTenant(db.db, { tenantId: TENANT })).toMatchObject({ wasActive: false, sessionsEnded: 0 });
      expect(await activateTenant(db.db, { tenantId: TENANT })).toMatchObject({ tenantName: NAME, wasActive: false });
      expect((await login(app, TENANT, 'admin', ADMIN_PASSWORD)).status).toBe(1000);
      expect((await app.inject({ method: 'GET', url: image })).statusCode).toBe(404);
    });

    it("refuses a disabled tenant's sessions even when they were not ended with it (its status set by hand)", async () => {
      const s = await login(app, TENANT, 't01', TEACHER_PASSWORD);
      await db.db.updateTable('tenants').set({ status: 0 }).where('tenant_id', '=', TENANT).execute();
      try {
        expect((await call(app, s.result.access_token, 'GET', '/api/blade-user/user/getUserInfo')).http).toBe(401);
        // Refreshed without naming the tenant (a token login), the session's own tenant is looked at.
        const res = await app.inject({
          method: 'POST',
          url: '/api/blade-auth/oauth/token',
          payload: { grant_type: 'refresh_token', refresh_token: s.result.refresh_token },
        });
        expect(res.json()).toMatchObject({ status: 401, msg: MESSAGES.invalidRefreshToken });
      } finally {
        await db.db.updateTable('tenants').set({ status: 1 }).where('tenant_id', '=', TENANT).execute();
      }
    });
  });
});
