import { LOGIN_FAILURES_PER_ACCOUNT } from '@portal/contracts/constants';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DbHandle } from '../../db/create-db.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { verifyPassword } from '../../platform/crypto.ts';
import { bearer, createTestDb, testConfig, testDatabases } from '../../test/test-app.ts';
import { DEFAULT_PASSWORD_RULE } from '../auth/auth.tenant-setup.ts';
import { createTenant, listTenants, resetPassword, TenantSetupError } from './tenants.service.ts';

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
});
