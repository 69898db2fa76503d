import { IDENTITY_MESSAGES } from '@portal/contracts/identity';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { MODEL_LOGIN, submitProvider } from './identity.test-support.ts';
import {
  LDAP_PEOPLE,
  LDAP_PEOPLE_BASE,
  LDAP_SERVICE_DN,
  LDAP_SERVICE_PASSWORD,
  LDAP_SUFFIX,
  startSlapd,
  type TestSlapd,
} from './slapd-test-server.ts';

const LDAP_LOGIN = '/api/blade-auth/nobody/identity/ldap/login';

/** LDAP search-then-bind against Debian's slapd, started by the test with its own configuration and an LDIF. */
describe.each(testDatabases)('signing in with LDAP on %s', (engine) => {
  let slapd: TestSlapd;
  let t: TestApp;
  let adminToken: string;
  let silent: Server;
  const sockets: Socket[] = [];

  const configure = (url: string, extra: Record<string, unknown> = {}) =>
    submitProvider(t, adminToken, {
      type: 'ldap',
      name: '校园目录',
      localLogin: false,
      settings: {
        url,
        bindDn: LDAP_SERVICE_DN,
        searchBase: LDAP_PEOPLE_BASE,
        filter: '(&(objectClass=inetOrgPerson)(uid={{username}}))',
        groupAttribute: 'memberOf',
        groupSearchBase: `ou=groups,${LDAP_SUFFIX}`,
        timeoutMs: 2000,
        ...extra,
      },
      secret: LDAP_SERVICE_PASSWORD,
      mapping: { account: 'uid', name: 'cn', department: 'ou', role: '' },
      roleMapping: [
        { value: `cn=teachers,ou=groups,${LDAP_SUFFIX}`, roleAlias: 'teacher' },
        { value: 'students', roleAlias: 'student' },
      ],
      defaultRoleAlias: 'staff',
    });

  beforeAll(async () => {
    slapd = await startSlapd();
    t = await createTestApp(engine);
    adminToken = (await t.login('admin')).access_token;
    // A directory that takes the connection and never answers (for the time limit).
    silent = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    await configure(slapd.url);
  }, 30_000);
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent?.close(r));
    await t?.close();
    await slapd?.stop();
  });

  const ldapLogin = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: LDAP_LOGIN, payload: { tenantId: DEMO_TENANT_ID, username, password } });
  const userInfo = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/blade-user/user/getUserInfo', headers: bearer(token) })).json()
      .result;

  it('tells the login page the tenant signs in with its directory', async () => {
    const mode = (
      await t.app.inject({ method: 'POST', url: MODEL_LOGIN, payload: { tenantId: DEMO_TENANT_ID } })
    ).json().result;
    expect(mode).toMatchObject({ localLogin: false, provider: { type: 'ldap', name: '校园目录' } });
  });

  it('a good bind opens a portal session; the account is provisioned with name, department and the group’s role', async () => {
    const wang = LDAP_PEOPLE[0]!;
    const res = await ldapLogin(wang.uid, wang.password);
    expect(res.json(), res.body).toMatchObject({
      status: 1000,
      result: { account: 'wang.wu', user_name: '王五', tenant_id: DEMO_TENANT_ID },
    });
    const info = await userInfo(res.json().result.access_token);
    expect(info).toMatchObject({ account: 'wang.wu', user_name: '王五', roleType: 'student' });
    const link = await t.db.db
      .selectFrom('identity_links')
      .where('user_id', '=', info.user_id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ type: 'ldap', subject: `uid=wang.wu,${LDAP_PEOPLE_BASE}`, department: '物理学院' });
  });

  it('maps groups to roles: a group DN, a group name, and the default role without a group', async () => {
    const zhao = LDAP_PEOPLE[1]!;
    const sun = LDAP_PEOPLE[2]!;
    const teacher = (await ldapLogin(zhao.uid, zhao.password)).json();
    expect((await userInfo(teacher.result.access_token)).roleType).toBe('teacher');
    const staff = (await ldapLogin(sun.uid, sun.password)).json();
    expect((await userInfo(staff.result.access_token)).roleType).toBe('staff');
  });

  it('refuses a wrong password and an unknown account alike, and opens no session', async () => {
    const before = (await t.db.db.selectFrom('sessions').select('id').execute()).length;
    for (const [u, p] of [
      ['wang.wu', 'wrong-password'],
      ['nobody.here', 'whatever'],
      ['*', 'whatever'],
      ['wang.wu)(uid=*', 'Wang#2026'],
    ] as const) {
      const res = await ldapLogin(u, p);
      expect(res.statusCode, `${u}: ${res.body}`).toBe(400);
      expect(res.json().msg).toBe(IDENTITY_MESSAGES.badCredentials[0]);
    }
    expect((await t.db.db.selectFrom('sessions').select('id').execute()).length).toBe(before);
  });

  it('limits failed directory logins like the password login: the sixth wrong password is 429, not another try', async () => {
    const ip = '10.9.8.7';
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: LDAP_LOGIN,
        remoteAddress: ip,
        payload: { tenantId: DEMO_TENANT_ID, username: 'sun.qi', password },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(400);
    const locked = await attempt(LDAP_PEOPLE[2]!.password);
    expect(locked.statusCode).toBe(429);
    await t.db.db.deleteFrom('login_throttle').execute();
  });

  it('answers bad input with 400', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: LDAP_LOGIN,
          payload: { tenantId: DEMO_TENANT_ID, username: 'wang.wu', password: '' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: LDAP_LOGIN,
          payload: { tenantId: DEMO_TENANT_ID, username: 'x'.repeat(65), password: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: LDAP_LOGIN, payload: { username: 'wang.wu', password: 'x' } }))
        .statusCode,
    ).toBe(400);
  });

  it('with the directory down: a clear message, and no fallback to the portal’s own password', async () => {
    const port = slapd.port;
    await configure(`ldap://127.0.0.1:${(silent.address() as { port: number }).port}`, { timeoutMs: 600 });
    try {
      const started = Date.now();
      const hung = await ldapLogin('wang.wu', 'Wang#2026');
      expect(hung.statusCode).toBe(502);
      expect(hung.json()).toMatchObject({
        status: 502,
        msg: IDENTITY_MESSAGES.providerUnreachable[0],
        msgDetail: IDENTITY_MESSAGES.providerUnreachable[1],
      });
      expect(Date.now() - started).toBeLessThan(5000);

      await configure(`ldap://127.0.0.1:1`);
      const down = await ldapLogin('student01', DEMO_PASSWORD);
      expect(down.statusCode).toBe(502);
      expect(down.json().msg).toBe(IDENTITY_MESSAGES.providerUnreachable[0]);
      // A provisioned directory account has no password of the portal's own to fall back on.
      const local = await t.app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        payload: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: 'wang.wu', password: 'Wang#2026' },
      });
      expect(local.json().status).not.toBe(1000);
    } finally {
      await configure(`ldap://127.0.0.1:${port}`);
    }
    expect((await ldapLogin('wang.wu', 'Wang#2026')).json().status).toBe(1000);
  });

  it('keeps the bind password sealed in the database', async () => {
    const row = await t.db.db
      .selectFrom('identity_providers')
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1\./);
    expect(row.secret_sealed).not.toContain(LDAP_SERVICE_PASSWORD);
    expect(row.settings).not.toContain(LDAP_SERVICE_PASSWORD);
  });
});
