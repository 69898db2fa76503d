import {
  ACCESS_TOKEN_TTL_SECONDS,
  LOGIN_ADDRESS_FREE_FAILURES,
  LOGIN_ADDRESS_MAX_WAIT_MS,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FAILURES_PER_ACCOUNT,
  REFRESH_REUSE_GRACE_SECONDS,
  SESSION_IDLE_SECONDS,
} from '@portal/contracts/constants';
import { MESSAGES, MESSAGES_EN_US } from '@portal/contracts/errors';
import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_ROLES, DEMO_TENANT_ID, DEMO_TENANT_NAME, DEMO_USERS } from '../../db/seed/demo.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { accountKey, addressDelayMs, addressKey } from './login-throttle.ts';

const TOKEN_URL = '/api/blade-auth/oauth/token';
const USER_INFO = '/api/blade-user/user/getUserInfo';
const WB = '/api/blade-workbench';
const INIT = `${WB}/auth/auth/init`;
const TOKEN_LOGIN = `${WB}/auth/tokenLogin`;
const LOGOUT = `${WB}/auth/loginOut`;
const CAS = `${WB}/nobody/cas`;
const PWD_REG = `${WB}/eduSystemManagePwdConfig/getPasswordReg`;
const PWD_DETAIL = `${WB}/eduSystemManagePwdConfig/detail`;
const ROLES = `${WB}/baseService/getRoleList`;
const TENANT_DETAIL = `${WB}/nobody/tenant/detail`;

const ADMIN = DEMO_USERS.find((u) => u.account === 'admin')!;

/** The second tenant of the isolation tests, created directly in the database. */
const OTHER_TENANT = '200002';
const OTHER_PASSWORD = 'Other#2026pw';

type Tokens = { access_token: string; refresh_token: string; user_id: string };

/** Every answer is the envelope, and an error never carries a stack trace. */
function expectEnvelope(body: Record<string, unknown>, status: number) {
  expect(body).toMatchObject({ status, msg: expect.any(String), msgDetail: expect.any(String) });
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(ts|js):\d+/);
}

/** Helpers bound to one test app. Each failure-heavy test uses an address of its own (the per-address limit). */
function client(get: () => TestApp) {
  const inject = (opts: InjectOptions) => get().app.inject(opts);

  const formLogin = (fields: Record<string, string>, remoteAddress = '127.0.0.1') =>
    inject({
      method: 'POST',
      url: TOKEN_URL,
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  const login = (username: string, password: string, { tenantId = DEMO_TENANT_ID, ip = '127.0.0.1' } = {}) =>
    formLogin({ grant_type: 'password', tenantId, username, password }, ip);

  const refresh = (refreshToken: string, tenantId = DEMO_TENANT_ID) =>
    inject({
      method: 'POST',
      url: TOKEN_URL,
      query: { tenantId, refresh_token: refreshToken, grant_type: 'refresh_token', scope: 'all' },
      headers: { 'tenant-id': tenantId },
    });

  const userInfo = (token: string) => inject({ method: 'GET', url: USER_INFO, headers: bearer(token) });

  const sessionRow = (token: string) =>
    get()
      .db.db.selectFrom('sessions')
      .where('access_token_hash', '=', get().app.deps.hashToken(token))
      .selectAll()
      .executeTakeFirstOrThrow();

  const initSession = async (token: string) => {
    const res = await inject({ method: 'POST', url: INIT, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json().result as { session: { casTicket: string; tgt: string; expireTime: number; outLogTip: string } };
  };

  const cas = (name: string, casTicket: string, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url: `${CAS}/${name}`, payload: { casTicket }, headers });

  return { inject, formLogin, login, refresh, userInfo, sessionRow, initSession, cas };
}

const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});
const past = (seconds = 60) => new Date(Date.now() - seconds * 1000).toISOString();

describe.each(testDatabases)('authentication and sessions on %s', (engine) => {
  let t: TestApp;
  const c = client(() => t);

  beforeAll(async () => {
    t = await createTestApp(engine);
    const now = new Date().toISOString();
    await t.db.db
      .insertInto('tenants')
      .values({ tenant_id: OTHER_TENANT, tenant_name: '第二大学', status: 1, created_at: now })
      .execute();
    await t.db.db
      .insertInto('roles')
      .values([
        {
          id: `${OTHER_TENANT}-admin`,
          tenant_id: OTHER_TENANT,
          role_name: '二校管理员',
          role_alias: 'administrator',
          role_type: 'admin',
          sort: 1,
        },
        {
          id: `${OTHER_TENANT}-student`,
          tenant_id: OTHER_TENANT,
          role_name: '二校学生',
          role_alias: 'student',
          role_type: 'student',
          sort: 2,
        },
      ])
      .execute();
    await t.db.db
      .insertInto('users')
      .values({
        id: `${OTHER_TENANT}-u1`,
        tenant_id: OTHER_TENANT,
        account: 'admin',
        user_name: '二校管理员',
        nick_name: '赵老师',
        password_hash: await hashPassword(OTHER_PASSWORD),
        role_id: `${OTHER_TENANT}-admin`,
        is_demo: 0,
        status: 1,
        created_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('password login (oauth/token, grant_type=password)', () => {
    it('logs in with form fields and answers with the BladeX token fields', async () => {
      const res = await c.login('admin', DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe(1000);
      expect(body.result).toMatchObject({
        access_token: expect.stringMatching(/^\S{32,}$/),
        refresh_token: expect.stringMatching(/^\S{32,}$/),
        user_id: ADMIN.id,
        user_name: ADMIN.user_name,
        account: 'admin',
        nick_name: ADMIN.nick_name,
        tenant_id: DEMO_TENANT_ID,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      });
      expect(body.result.access_token).not.toBe(body.result.refresh_token);
      expect((await c.userInfo(body.result.access_token)).json().result.account).toBe('admin');
    });

    it('refuses a password in the query string (every access log keeps the address), and takes the other fields there', async () => {
      const res = await c.inject({
        method: 'POST',
        url: TOKEN_URL,
        query: {
          grant_type: 'password',
          tenantId: DEMO_TENANT_ID,
          username: 'teacher01',
          password: DEMO_PASSWORD,
          scope: 'all',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: MESSAGES.passwordInQuery, result: null });
      // An empty password there too: the field's presence is the fault.
      const empty = await c.inject({ method: 'POST', url: `${TOKEN_URL}?password=`, payload: {} });
      expect(empty.statusCode).toBe(400);
      const ok = await c.inject({
        method: 'POST',
        url: TOKEN_URL,
        query: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: 'teacher01', scope: 'all' },
        payload: { password: DEMO_PASSWORD },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().result).toMatchObject({ account: 'teacher01', tenant_id: DEMO_TENANT_ID });
      expect((await c.userInfo(ok.json().result.access_token)).statusCode).toBe(200);
    });

    it('gives each login its own tokens', async () => {
      const a = (await c.login('student01', DEMO_PASSWORD)).json().result;
      const b = (await c.login('student01', DEMO_PASSWORD)).json().result;
      expect(a.access_token).not.toBe(b.access_token);
      expect(a.refresh_token).not.toBe(b.refresh_token);
    });

    it('refuses a wrong password and an unknown account with the same message', async () => {
      const wrong = await c.login('admin', 'Wrong@12345', { ip: '10.0.1.1' });
      expect(wrong.statusCode).toBe(400);
      expectEnvelope(wrong.json(), 400);
      expect(wrong.json()).toMatchObject({ msg: MESSAGES.badCredentials, result: null });

      const unknown = await c.login('nosuchuser', DEMO_PASSWORD, { ip: '10.0.1.1' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().msg).toBe(MESSAGES.badCredentials);
      expect(unknown.body).not.toContain('nosuchuser');
    });

    it("refuses another tenant's password for the same account name", async () => {
      const res = await c.login('admin', OTHER_PASSWORD, { ip: '10.0.1.2' });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(MESSAGES.badCredentials);
    });

    it('refuses an unknown tenant and a missing tenantId', async () => {
      const unknown = await c.login('admin', DEMO_PASSWORD, { tenantId: '999999' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().msg).toBe(MESSAGES.unknownTenant);

      const missing = await c.formLogin({ grant_type: 'password', username: 'admin', password: DEMO_PASSWORD });
      expect(missing.statusCode).toBe(400);
      expectEnvelope(missing.json(), 400);
      expect(missing.json().msg).toBe(MESSAGES.missingTenant);

      const blank = await c.login('admin', DEMO_PASSWORD, { tenantId: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().msg).toBe(MESSAGES.missingTenant);
    });

    it('refuses an unknown or missing grant_type', async () => {
      for (const grant of ['client_credentials', '']) {
        const res = await c.formLogin({
          grant_type: grant,
          tenantId: DEMO_TENANT_ID,
          username: 'admin',
          password: DEMO_PASSWORD,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(MESSAGES.unknownGrantType);
      }
      const none = await c.formLogin({ tenantId: DEMO_TENANT_ID, username: 'admin', password: DEMO_PASSWORD });
      expect(none.statusCode).toBe(400);
      expect(none.json().msg).toBe(MESSAGES.unknownGrantType);
    });

    it('answers bad input with a 4xx envelope, never a 500', async () => {
      const json = (payload: unknown) => ({
        method: 'POST' as const,
        url: TOKEN_URL,
        remoteAddress: '10.0.1.3',
        payload: payload as object,
      });
      const cases: InjectOptions[] = [
        json({ grant_type: 'password', tenantId: DEMO_TENANT_ID, username: ['admin'], password: DEMO_PASSWORD }),
        json({ grant_type: 'password', tenantId: DEMO_TENANT_ID, username: 'admin', password: { $gt: '' } }),
        json({ grant_type: 'password', tenantId: DEMO_TENANT_ID, username: 'admin', password: 'x'.repeat(10_000) }),
        json({ grant_type: 'password', tenantId: DEMO_TENANT_ID, username: '', password: '' }),
        json({ grant_type: 'password', tenantId: "000000' OR '1'='1", username: 'admin', password: DEMO_PASSWORD }),
        json({ grant_type: 'password', tenantId: 123456, username: 'admin', password: DEMO_PASSWORD }),
        json({ grant_type: ['password'], tenantId: DEMO_TENANT_ID }),
        json({ grant_type: 'refresh_token' }),
        json({ grant_type: 'refresh_token', refresh_token: 'x'.repeat(5000) }),
        json([1, 2, 3]),
        {
          method: 'POST',
          url: `${TOKEN_URL}?grant_type=password&tenantId=000000&tenantId=000001&username=admin&password=x`,
        },
        {
          method: 'POST',
          url: `${TOKEN_URL}?grant_type=password&tenantId=000000&username=admin&username=teacher01&password=x`,
        },
        { method: 'POST', url: TOKEN_URL, headers: { 'content-type': 'application/json' }, payload: '{"grant_type":' },
        { method: 'POST', url: TOKEN_URL, headers: { 'content-type': 'text/plain' }, payload: 'grant_type=password' },
        { method: 'POST', url: TOKEN_URL, headers: { 'content-type': 'application/json' }, payload: 'null' },
      ];
      for (const opts of cases) {
        const res = await c.inject(opts);
        expect(res.statusCode, JSON.stringify(opts)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, JSON.stringify(opts)).toBeLessThan(500);
        expectEnvelope(res.json(), res.statusCode);
      }
    });
  });

  describe('refresh (oauth/token, grant_type=refresh_token)', () => {
    it(`gives new tokens that work, and the old access token stops working ${REFRESH_REUSE_GRACE_SECONDS} s later`, async () => {
      const first = (await c.login('teacher01', DEMO_PASSWORD)).json().result as Tokens;
      const res = await c.refresh(first.refresh_token);
      expect(res.statusCode).toBe(200);
      const next = res.json().result as Tokens;
      expect(res.json().result).toMatchObject({
        account: 'teacher01',
        tenant_id: DEMO_TENANT_ID,
        expires_in: ACCESS_TOKEN_TTL_SECONDS,
      });
      expect(next.access_token).not.toBe(first.access_token);
      expect(next.refresh_token).not.toBe(first.refresh_token);

      expect((await c.userInfo(next.access_token)).statusCode).toBe(200);
      // Another tab's call sent with the old token while this one refreshed is still answered (issue 11)...
      expect((await c.userInfo(first.access_token)).statusCode).toBe(200);
      // ...until the grace has passed.
      await t.app.deps.db
        .updateTable('sessions')
        .set({ previous_access_until: new Date(Date.now() - 1000).toISOString() })
        .where('access_token_hash', '=', t.app.deps.hashToken(next.access_token))
        .execute();
      expect((await c.userInfo(first.access_token)).statusCode).toBe(401);
      expect((await c.userInfo(next.access_token)).statusCode).toBe(200);

      // The new refresh token can be used in its turn; then only the token it replaced is in its grace.
      const again = await c.refresh(next.refresh_token);
      expect(again.statusCode).toBe(200);
      expect((await c.userInfo(again.json().result.access_token)).statusCode).toBe(200);
      expect((await c.userInfo(next.access_token)).statusCode).toBe(200);
      expect((await c.userInfo(first.access_token)).statusCode).toBe(401);
    });

    it('ends the old access token with the session: a logout leaves no grace', async () => {
      const first = (await c.login('teacher01', DEMO_PASSWORD)).json().result as Tokens;
      const next = (await c.refresh(first.refresh_token)).json().result as Tokens;
      await t.app.deps.db
        .updateTable('sessions')
        .set({ revoked_at: new Date().toISOString() })
        .where('access_token_hash', '=', t.app.deps.hashToken(next.access_token))
        .execute();
      expect((await c.userInfo(first.access_token)).statusCode).toBe(401);
      expect((await c.userInfo(next.access_token)).statusCode).toBe(401);
    });

    it(`answers a spent refresh token presented again within ${REFRESH_REUSE_GRACE_SECONDS} s with the same new pair`, async () => {
      const first = (await c.login('student01', DEMO_PASSWORD)).json().result as Tokens;
      const next = (await c.refresh(first.refresh_token)).json().result as Tokens;
      // A second tab (or a retry after a lost response) presents the token the first one has just rotated.
      const again = await c.refresh(first.refresh_token);
      expect(again.statusCode).toBe(200);
      expect(again.json().result).toMatchObject({ access_token: next.access_token, refresh_token: next.refresh_token });
      expect((await c.userInfo(next.access_token)).statusCode).toBe(200);
      // The session goes on: the new refresh token rotates as usual.
      const third = await c.refresh(next.refresh_token);
      expect(third.statusCode).toBe(200);
      expect((await c.userInfo(third.json().result.access_token)).statusCode).toBe(200);
      // Once the pair it was rotated into has been rotated in its turn, the old token is no longer in grace.
      expect((await c.refresh(first.refresh_token)).statusCode).toBe(401);
      expect((await c.userInfo(third.json().result.access_token)).statusCode).toBe(401);
    });

    it('gives two parallel refreshes with the same token one pair, and the session stays', async () => {
      const first = (await c.login('teacher01', DEMO_PASSWORD)).json().result as Tokens;
      const answers = await Promise.all([
        c.refresh(first.refresh_token),
        c.refresh(first.refresh_token),
        c.refresh(first.refresh_token),
      ]);
      for (const a of answers) expect(a.statusCode).toBe(200);
      const pairs = new Set(answers.map((a) => `${a.json().result.access_token} ${a.json().result.refresh_token}`));
      expect(pairs.size).toBe(1);
      expect((await c.userInfo(answers[0]!.json().result.access_token)).statusCode).toBe(200);
    });

    it(`ends the whole session when a spent refresh token is presented again after ${REFRESH_REUSE_GRACE_SECONDS} s`, async () => {
      const first = (await c.login('student01', DEMO_PASSWORD)).json().result as Tokens;
      const next = (await c.refresh(first.refresh_token)).json().result as Tokens;
      expect((await c.userInfo(next.access_token)).statusCode).toBe(200);
      // The rotation happened longer ago than the grace window.
      await t.db.db
        .updateTable('refresh_tokens')
        .set({ used_at: past(REFRESH_REUSE_GRACE_SECONDS + 1) })
        .where('token_hash', '=', t.app.deps.hashToken(first.refresh_token))
        .execute();

      const reuse = await c.refresh(first.refresh_token);
      expect(reuse.statusCode).toBe(401);
      expectEnvelope(reuse.json(), 401);
      expect(reuse.json().msg).toBe(MESSAGES.invalidRefreshToken);

      // The thief and the owner both lose the session: the newest tokens no longer work.
      expect((await c.userInfo(next.access_token)).statusCode).toBe(401);
      expect((await c.refresh(next.refresh_token)).statusCode).toBe(401);
    });

    it('takes the refresh token in the form body with the other fields in the query (the web client keeps it out of the URL)', async () => {
      const first = (await c.login('admin', DEMO_PASSWORD)).json().result as Tokens;
      const res = await c.inject({
        method: 'POST',
        url: TOKEN_URL,
        query: { tenantId: DEMO_TENANT_ID, grant_type: 'refresh_token', scope: 'all' },
        headers: { 'tenant-id': DEMO_TENANT_ID, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ refresh_token: first.refresh_token }).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect((await c.userInfo(res.json().result.access_token)).statusCode).toBe(200);
    });

    it('refuses an unknown refresh token', async () => {
      const res = await c.refresh('not-a-real-refresh-token');
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe(MESSAGES.invalidRefreshToken);
    });

    it('refuses a refresh token presented for another tenant (Tenant-Id) with 403', async () => {
      const tokens = (await c.login('admin', DEMO_PASSWORD)).json().result as Tokens;
      const res = await c.refresh(tokens.refresh_token, OTHER_TENANT);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(MESSAGES.wrongTenant);

      const headerOnly = await c.inject({
        method: 'POST',
        url: TOKEN_URL,
        query: { refresh_token: tokens.refresh_token, grant_type: 'refresh_token', scope: 'all' },
        headers: { 'tenant-id': OTHER_TENANT },
      });
      expect(headerOnly.statusCode).toBe(403);

      // The refused attempts did not spend the token: its owner still refreshes.
      expect((await c.refresh(tokens.refresh_token)).statusCode).toBe(200);
    });
  });

  describe('token checks', () => {
    it('refuses an expired access token with 401', async () => {
      const tokens = (await c.login('student01', DEMO_PASSWORD)).json().result as Tokens;
      expect((await c.userInfo(tokens.access_token)).statusCode).toBe(200);
      const row = await c.sessionRow(tokens.access_token);
      await t.db.db.updateTable('sessions').set({ access_expires_at: past() }).where('id', '=', row.id).execute();
      const res = await c.userInfo(tokens.access_token);
      expect(res.statusCode).toBe(401);
      expectEnvelope(res.json(), 401);
      expect(res.json().msg).toBe(MESSAGES.unauthorized);

      // The refresh token still renews the session.
      const renewed = await c.refresh(tokens.refresh_token);
      expect(renewed.statusCode).toBe(200);
      expect((await c.userInfo(renewed.json().result.access_token)).statusCode).toBe(200);
    });

    it('refuses the tokens of an expired CAS session with 401, refresh included', async () => {
      const tokens = (await c.login('student01', DEMO_PASSWORD)).json().result as Tokens;
      const row = await c.sessionRow(tokens.access_token);
      await t.db.db.updateTable('sessions').set({ expires_at: past() }).where('id', '=', row.id).execute();
      expect((await c.userInfo(tokens.access_token)).statusCode).toBe(401);
      expect((await c.refresh(tokens.refresh_token)).statusCode).toBe(401);
    });

    it('refuses a made-up token and a malformed Authorization header with 401', async () => {
      for (const headers of [
        bearer('made-up-token'),
        { authorization: 'Bearer' },
        { authorization: 'Basic abc' },
        { 'blade-auth': 'bearer ' },
      ]) {
        const res = await c.inject({ method: 'GET', url: USER_INFO, headers });
        expect(res.statusCode).toBe(401);
        expectEnvelope(res.json(), 401);
      }
    });
  });

  describe('getUserInfo', () => {
    it('gives the administrator every configuration menu, with its path', async () => {
      const { access_token } = await t.login('admin');
      const res = await c.userInfo(access_token);
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatchObject({
        user_id: ADMIN.id,
        account: 'admin',
        user_name: ADMIN.user_name,
        nick_name: ADMIN.nick_name,
        tenant_id: DEMO_TENANT_ID,
        tenant_name: DEMO_TENANT_NAME,
        roleId: '000000-admin',
        roleType: 'admin',
      });
      expect(res.json().result.configurationMenu).toEqual(CONFIGURATION_MENUS.map((m) => ({ ...m })));
    });

    it('gives student01 no configuration menu and teacher01 only deptResponsibilityListConfig', async () => {
      const student = (await c.userInfo((await t.login('student01')).access_token)).json().result;
      expect(student).toMatchObject({ account: 'student01', roleType: 'student', configurationMenu: [] });

      const teacher = (await c.userInfo((await t.login('teacher01')).access_token)).json().result;
      expect(teacher.configurationMenu).toEqual([
        { name: 'deptResponsibilityListConfig', path: '/home/deptResponsibilityListConfig', title: expect.any(String) },
      ]);
    });

    it('accepts Authorization: Bearer and Blade-Auth: bearer', async () => {
      const { access_token } = await t.login('teacher01');
      const viaBearer = await c.inject({
        method: 'GET',
        url: USER_INFO,
        headers: { authorization: `Bearer ${access_token}` },
      });
      const viaBlade = await c.inject({
        method: 'GET',
        url: USER_INFO,
        headers: { 'blade-auth': `bearer ${access_token}` },
      });
      expect(viaBearer.json().result.account).toBe('teacher01');
      expect(viaBlade.statusCode).toBe(200);
      expect(viaBlade.json().result.account).toBe('teacher01');
    });

    it('answers 401 in the envelope without a token', async () => {
      const res = await c.inject({ method: 'GET', url: USER_INFO });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: MESSAGES.unauthorized, msgDetail: '', result: null });
    });
  });

  describe('tenant isolation', () => {
    let other: Tokens;
    beforeAll(async () => {
      const res = await c.login('admin', OTHER_PASSWORD, { tenantId: OTHER_TENANT });
      expect(res.statusCode).toBe(200);
      other = res.json().result;
    });

    it('logs a user of the second tenant into that tenant only', async () => {
      const info = (await c.userInfo(other.access_token)).json().result;
      expect(info).toMatchObject({
        tenant_id: OTHER_TENANT,
        tenant_name: '第二大学',
        account: 'admin',
        user_name: '二校管理员',
        roleId: `${OTHER_TENANT}-admin`,
      });
      expect(info.user_id).not.toBe(ADMIN.id);
      // No role menus were granted in the second tenant, even though its role type is 'admin'.
      expect(info.configurationMenu).toEqual([]);
    });

    it('refuses tenantId=000000 in the query, the body or the Tenant-Id header with 403', async () => {
      const cases: InjectOptions[] = [
        { method: 'GET', url: `${USER_INFO}?tenantId=${DEMO_TENANT_ID}`, headers: bearer(other.access_token) },
        { method: 'GET', url: `${ROLES}?tenantId=${DEMO_TENANT_ID}`, headers: bearer(other.access_token) },
        { method: 'POST', url: PWD_REG, headers: bearer(other.access_token), payload: { tenantId: DEMO_TENANT_ID } },
        { method: 'POST', url: PWD_DETAIL, headers: bearer(other.access_token), payload: { tenantId: DEMO_TENANT_ID } },
        { method: 'POST', url: INIT, headers: { ...bearer(other.access_token), 'tenant-id': DEMO_TENANT_ID } },
        { method: 'GET', url: ROLES, headers: { ...bearer(other.access_token), 'tenant-id': DEMO_TENANT_ID } },
      ];
      for (const opts of cases) {
        const res = await c.inject(opts);
        expect(res.statusCode, `${opts.method} ${opts.url}`).toBe(403);
        expectEnvelope(res.json(), 403);
        expect(res.json().msg).toBe(MESSAGES.wrongTenant);
        expect(res.body).not.toContain(DEMO_TENANT_NAME);
      }
    });

    it("lists only the caller's tenant roles", async () => {
      const mine = await c.inject({ method: 'GET', url: ROLES, headers: bearer(other.access_token) });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().result.map((r: { roleName: string }) => r.roleName)).toEqual(['二校管理员', '二校学生']);

      const demo = await c.inject({
        method: 'GET',
        url: ROLES,
        headers: bearer((await t.login('student01')).access_token),
      });
      expect(demo.json().result.map((r: { id: string }) => r.id)).toEqual(DEMO_ROLES.map((r) => r.id));
    });

    it("never shows tenant 000000's data to a token of the second tenant", async () => {
      // The second tenant has no password rule: it must not fall back to the demo tenant's.
      const reg = await c.inject({ method: 'POST', url: PWD_REG, headers: bearer(other.access_token) });
      expect(reg.statusCode).toBe(404);
      expect(reg.json().result).toBeNull();
      // Nor a login config.
      const init = await c.inject({ method: 'POST', url: INIT, headers: bearer(other.access_token) });
      expect(init.statusCode).toBe(404);
      expect(init.json().msg).toBe(MESSAGES.loginConfigFailed);
      // A demo-tenant token used with the second tenant's id is refused the same way.
      const demoToken = (await t.login('admin')).access_token;
      const cross = await c.inject({
        method: 'GET',
        url: `${ROLES}?tenantId=${OTHER_TENANT}`,
        headers: bearer(demoToken),
      });
      expect(cross.statusCode).toBe(403);
    });

    it("refreshes the second tenant's tokens only under its own Tenant-Id", async () => {
      const fresh = (await c.login('admin', OTHER_PASSWORD, { tenantId: OTHER_TENANT })).json().result as Tokens;
      expect((await c.refresh(fresh.refresh_token, DEMO_TENANT_ID)).statusCode).toBe(403);
      const ok = await c.refresh(fresh.refresh_token, OTHER_TENANT);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().result.tenant_id).toBe(OTHER_TENANT);
    });
  });

  describe('logout (auth/loginOut)', () => {
    it('ends the session: the access and refresh tokens stop working (access-token header)', async () => {
      const tokens = (await c.login('teacher01', DEMO_PASSWORD)).json().result as Tokens;
      const res = await c.inject({ method: 'GET', url: LOGOUT, headers: { 'access-token': tokens.access_token } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 1000, result: null });
      expect((await c.userInfo(tokens.access_token)).statusCode).toBe(401);
      expect((await c.refresh(tokens.refresh_token)).statusCode).toBe(401);
    });

    it('ends the session named by Authorization: Bearer, and leaves other sessions alone', async () => {
      const mine = (await c.login('teacher01', DEMO_PASSWORD)).json().result as Tokens;
      const other = (await c.login('teacher01', DEMO_PASSWORD)).json().result as Tokens;
      expect((await c.inject({ method: 'GET', url: LOGOUT, headers: bearer(mine.access_token) })).statusCode).toBe(200);
      expect((await c.userInfo(mine.access_token)).statusCode).toBe(401);
      expect((await c.userInfo(other.access_token)).statusCode).toBe(200);
    });

    it('answers an anonymous or repeated logout calmly', async () => {
      expect((await c.inject({ method: 'GET', url: LOGOUT })).json().status).toBe(1000);
      expect((await c.inject({ method: 'GET', url: LOGOUT, headers: bearer('unknown-token') })).json().status).toBe(
        1000,
      );
    });
  });

  describe('auth/auth/init and auth/tokenLogin', () => {
    it('returns the login config and the session data', async () => {
      const { access_token } = await t.login('student01');
      const res = await c.inject({ method: 'POST', url: INIT, headers: bearer(access_token) });
      expect(res.statusCode).toBe(200);
      const { eduSystemManageIdentityAuth, session } = res.json().result;
      expect(eduSystemManageIdentityAuth).toEqual({ status: 1, isSelfCas: 1 });
      expect(session).toMatchObject({
        casTicket: expect.stringMatching(/^ST-/),
        tgt: expect.stringMatching(/^TGT-/),
        outLogTip: expect.stringContaining(DEMO_TENANT_NAME),
      });
      const left = (session.expireTime - Date.now()) / 1000;
      expect(left).toBeGreaterThan(SESSION_IDLE_SECONDS - 60);
      expect(left).toBeLessThanOrEqual(SESSION_IDLE_SECONDS + 1);
      expect((await c.inject({ method: 'POST', url: INIT })).statusCode).toBe(401);
    });

    it('logs in with the access-token header', async () => {
      const tokens = (await c.login('teacher01', DEMO_PASSWORD)).json().result as Tokens;
      const res = await c.inject({
        method: 'POST',
        url: TOKEN_LOGIN,
        headers: { 'access-token': tokens.access_token, 'refresh-token': tokens.refresh_token },
      });
      expect(res.statusCode).toBe(200);
      const { user, token, session } = res.json().result;
      expect(user).toMatchObject({
        account: 'teacher01',
        configurationMenu: [expect.objectContaining({ name: 'deptResponsibilityListConfig' })],
      });
      expect(token).toMatchObject({ access_token: tokens.access_token, account: 'teacher01' });
      expect(session.casTicket).toMatch(/^ST-/);
    });

    it('renews with the refresh-token header when the access token has expired', async () => {
      const tokens = (await c.login('teacher01', DEMO_PASSWORD)).json().result as Tokens;
      const row = await c.sessionRow(tokens.access_token);
      await t.db.db.updateTable('sessions').set({ access_expires_at: past() }).where('id', '=', row.id).execute();

      const res = await c.inject({
        method: 'POST',
        url: TOKEN_LOGIN,
        headers: { 'access-token': tokens.access_token, 'refresh-token': tokens.refresh_token },
      });
      expect(res.statusCode).toBe(200);
      const { token } = res.json().result;
      expect(token.access_token).not.toBe(tokens.access_token);
      expect(token.refresh_token).not.toBe(tokens.refresh_token);
      expect((await c.userInfo(token.access_token)).json().result.account).toBe('teacher01');
      expect((await c.userInfo(tokens.access_token)).statusCode).toBe(401);
    });

    it('refuses with 401 without a usable token', async () => {
      const none = await c.inject({ method: 'POST', url: TOKEN_LOGIN });
      expect(none.statusCode).toBe(401);
      expect(none.json().msg).toBe(MESSAGES.sessionError);

      const tokens = (await c.login('teacher01', DEMO_PASSWORD)).json().result as Tokens;
      const row = await c.sessionRow(tokens.access_token);
      await t.db.db.updateTable('sessions').set({ access_expires_at: past() }).where('id', '=', row.id).execute();
      const expiredOnly = await c.inject({
        method: 'POST',
        url: TOKEN_LOGIN,
        headers: { 'access-token': tokens.access_token },
      });
      expect(expiredOnly.statusCode).toBe(401);
      const bogus = await c.inject({
        method: 'POST',
        url: TOKEN_LOGIN,
        headers: { 'access-token': 'nope', 'refresh-token': 'nope' },
      });
      expect(bogus.statusCode).toBe(401);
    });
  });

  describe('session valid time (nobody/cas/*)', () => {
    it('reads, extends and removes the session of a CAS ticket', async () => {
      const tokens = (await c.login('student01', DEMO_PASSWORD)).json().result as Tokens;
      const { session } = await c.initSession(tokens.access_token);

      const read = await c.cas('getSessionValidTime', session.casTicket);
      expect(read.statusCode).toBe(200);
      expect(read.json().result.casTicket).toBe(session.casTicket);
      expect(read.json().result.validTime).toBeGreaterThan(SESSION_IDLE_SECONDS - 60);
      expect(read.json().result.validTime).toBeLessThanOrEqual(SESSION_IDLE_SECONDS);

      // With 100 s left, an update brings the session back to the full idle lifetime.
      const row = await c.sessionRow(tokens.access_token);
      await t.db.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() + 100_000).toISOString() })
        .where('id', '=', row.id)
        .execute();
      const short = (await c.cas('getSessionValidTime', session.casTicket)).json().result;
      expect(short.validTime).toBeLessThanOrEqual(100);
      expect(short.validTime).toBeGreaterThan(90);
      const extended = (await c.cas('updateSessionValidTime', session.casTicket)).json().result;
      expect(extended.validTime).toBeGreaterThan(SESSION_IDLE_SECONDS - 60);
      expect(extended.expireTime).toBeGreaterThan(short.expireTime);
      expect((await c.cas('getSessionValidTime', session.casTicket)).json().result.validTime).toBeGreaterThan(
        SESSION_IDLE_SECONDS - 60,
      );

      // Removal needs the client's basic auth.
      for (const headers of [
        {},
        basic('portal', 'wrong-secret-000000000'),
        basic('other', t.config.clientSecret),
        { authorization: 'Basic !!!' },
        bearer(tokens.access_token),
      ]) {
        const refused = await c.cas('removeSessionValidTime', session.casTicket, headers);
        expect(refused.statusCode).toBe(401);
        expect(refused.json().msg).toBe(MESSAGES.invalidClient);
      }
      expect((await c.userInfo(tokens.access_token)).statusCode).toBe(200);

      const removed = await c.cas(
        'removeSessionValidTime',
        session.casTicket,
        basic('portal', 'test-client-secret-0123'),
      );
      expect(removed.statusCode).toBe(200);
      expect(removed.json().result.validTime).toBe(0);

      expect((await c.userInfo(tokens.access_token)).statusCode).toBe(401);
      expect((await c.refresh(tokens.refresh_token)).statusCode).toBe(401);
      expect((await c.cas('getSessionValidTime', session.casTicket)).json().result.validTime).toBe(0);
      // An ended session cannot be brought back.
      expect((await c.cas('updateSessionValidTime', session.casTicket)).json().result.validTime).toBe(0);
      expect((await c.userInfo(tokens.access_token)).statusCode).toBe(401);
    });

    it('answers 0 for an unknown or expired ticket, and 400 without one', async () => {
      expect((await c.cas('getSessionValidTime', 'ST-unknown')).json().result.validTime).toBe(0);
      expect((await c.cas('updateSessionValidTime', 'ST-unknown')).json().result.validTime).toBe(0);

      const tokens = (await c.login('student01', DEMO_PASSWORD)).json().result as Tokens;
      const row = await c.sessionRow(tokens.access_token);
      await t.db.db
        .updateTable('sessions')
        .set({ expires_at: past(5) })
        .where('id', '=', row.id)
        .execute();
      expect((await c.cas('getSessionValidTime', row.cas_ticket)).json().result.validTime).toBe(0);
      expect((await c.cas('updateSessionValidTime', row.cas_ticket)).json().result.validTime).toBe(0);
      expect((await c.userInfo(tokens.access_token)).statusCode).toBe(401);

      const missing = await c.inject({ method: 'POST', url: `${CAS}/getSessionValidTime`, payload: {} });
      expect(missing.statusCode).toBe(400);
      expectEnvelope(missing.json(), 400);
    });
  });

  describe('password rule, roles and tenant detail', () => {
    it('returns the seeded password rule (getPasswordReg and detail) to a logged-in user', async () => {
      const { access_token } = await t.login('student01');
      const reg = await c.inject({ method: 'POST', url: PWD_REG, headers: bearer(access_token) });
      expect(reg.statusCode).toBe(200);
      const { regex, message } = reg.json().result;
      expect(message).toBe('密码须为8至20位，且同时包含字母、数字和特殊字符');
      expect(new RegExp(regex).test(DEMO_PASSWORD)).toBe(true);
      expect(new RegExp(regex).test('abcdefgh')).toBe(false);

      const detail = await c.inject({ method: 'POST', url: PWD_DETAIL, headers: bearer(access_token) });
      expect(detail.json().result).toEqual({
        regex,
        message,
        minLength: 8,
        maxLength: 20,
        requireLetter: true,
        requireDigit: true,
        requireSymbol: true,
        expireDays: 180,
      });
    });

    it('needs a token for the password rule, even with a tenantId', async () => {
      for (const url of [PWD_REG, PWD_DETAIL]) {
        expect((await c.inject({ method: 'POST', url })).statusCode).toBe(401);
        expect((await c.inject({ method: 'POST', url, payload: { tenantId: DEMO_TENANT_ID } })).statusCode).toBe(401);
      }
    });

    it('lists the roles with a token, or anonymously with a tenantId', async () => {
      const expected = DEMO_ROLES.map((r) => ({
        id: r.id,
        roleName: r.role_name,
        roleAlias: r.role_alias,
        roleType: r.role_type,
      }));
      const withToken = await c.inject({
        method: 'GET',
        url: ROLES,
        headers: bearer((await t.login('teacher01')).access_token),
      });
      expect(withToken.json().result).toEqual(expected);

      const anonymous = await c.inject({ method: 'GET', url: `${ROLES}?tenantId=${DEMO_TENANT_ID}` });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json().result).toEqual(expected);

      const noTenant = await c.inject({ method: 'GET', url: ROLES });
      expect(noTenant.statusCode).toBe(400);
      expect(noTenant.json().msg).toBe(MESSAGES.missingTenant);

      const unknown = await c.inject({ method: 'GET', url: `${ROLES}?tenantId=999999` });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().msg).toBe(MESSAGES.unknownTenant);

      expect((await c.inject({ method: 'GET', url: ROLES, headers: bearer('expired-or-unknown') })).statusCode).toBe(
        401,
      );
    });

    it('shows the login page what it needs of a tenant (nobody/tenant/detail)', async () => {
      const res = await c.inject({ method: 'GET', url: `${TENANT_DETAIL}?tenantId=${DEMO_TENANT_ID}` });
      expect(res.json().result).toEqual({
        tenantId: DEMO_TENANT_ID,
        tenantName: DEMO_TENANT_NAME,
        demo: true,
        timeZone: 'Asia/Shanghai',
      });
      expect((await c.inject({ method: 'GET', url: `${TENANT_DETAIL}?tenantId=999999` })).statusCode).toBe(400);
      expect((await c.inject({ method: 'GET', url: TENANT_DETAIL })).statusCode).toBe(400);
    });

    it("hints at the demo accounts only on a tenant that has them: a school's tenant beside the demo one does not", async () => {
      // A school's tenant as `npm run tenant -- create` makes it: no demo accounts.
      await t.db.db
        .insertInto('tenants')
        .values({ tenant_id: '100071', tenant_name: '某某大学', status: 1, created_at: new Date().toISOString() })
        .execute();
      const res = await c.inject({ method: 'GET', url: `${TENANT_DETAIL}?tenantId=100071` });
      expect(res.json().result).toMatchObject({ tenantId: '100071', tenantName: '某某大学', demo: false });
    });
  });
});

describe.each(testDatabases)('absolute session lifetime on %s', (engine) => {
  let t: TestApp;
  const c = client(() => t);
  const HOUR = 3600;

  beforeAll(async () => {
    // Defaults: activity extends a session at most 12 h after login; refresh tokens at most 30 days.
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Logs in and moves the session's start back in time, its idle expiry still ahead. */
  const agedSession = async (account: string, ageSeconds: number, leftSeconds = 100) => {
    const tokens = (await c.login(account, DEMO_PASSWORD)).json().result as Tokens;
    const row = await c.sessionRow(tokens.access_token);
    await t.db.db
      .updateTable('sessions')
      .set({ created_at: past(ageSeconds), expires_at: new Date(Date.now() + leftSeconds * 1000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    return { tokens, row };
  };

  it('neither extends nor refreshes a session 114 days old, and its tokens stop working', async () => {
    const { tokens, row } = await agedSession('student01', 114 * 24 * HOUR, 1200);
    const extended = await c.cas('updateSessionValidTime', row.cas_ticket);
    expect(extended.statusCode).toBe(200);
    expect(extended.json().result.validTime).toBe(0);
    const stored = await t.db.db
      .selectFrom('sessions')
      .where('id', '=', row.id)
      .select('expires_at')
      .executeTakeFirstOrThrow();
    expect(Date.parse(stored.expires_at)).toBeLessThan(Date.now() + 1200 * 1000 + 1000);
    expect((await c.cas('getSessionValidTime', row.cas_ticket)).json().result.validTime).toBe(0);
    expect((await c.userInfo(tokens.access_token)).statusCode).toBe(401);
    const refreshed = await c.refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().msg).toBe(MESSAGES.invalidRefreshToken);
  });

  it('extends a session by activity only up to 12 h after login', async () => {
    const { tokens, row } = await agedSession('teacher01', 11.9 * HOUR, 100);
    const extended = (await c.cas('updateSessionValidTime', row.cas_ticket)).json().result;
    // 0.1 h (360 s) were left of the 12 h; the idle lifetime (1800 s) would go past that.
    expect(extended.validTime).toBeGreaterThan(100);
    expect(extended.validTime).toBeLessThanOrEqual(0.1 * HOUR);
    expect(extended.validTime).toBeLessThan(SESSION_IDLE_SECONDS);
    expect((await c.userInfo(tokens.access_token)).statusCode).toBe(200);
    // A session 1 h old gets the full idle lifetime as before.
    const young = await agedSession('admin', HOUR, 100);
    expect((await c.cas('updateSessionValidTime', young.row.cas_ticket)).json().result.validTime).toBeGreaterThan(
      SESSION_IDLE_SECONDS - 60,
    );
    expect((await c.refresh(young.tokens.refresh_token)).statusCode).toBe(200);
  });
});

describe.each(testDatabases)('refresh family lifetime on %s', (engine) => {
  let t: TestApp;
  const c = client(() => t);
  const DAY = 24 * 3600;

  beforeAll(async () => {
    // A deployment that lets sessions run longer than a month: the refresh family still ends at 30 days.
    t = await createTestApp(engine, { sessionMaxSeconds: 60 * DAY, refreshMaxSeconds: 30 * DAY });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to refresh a session older than the refresh limit, and caps new refresh tokens at it', async () => {
    const tokens = (await c.login('student01', DEMO_PASSWORD)).json().result as Tokens;
    const row = await c.sessionRow(tokens.access_token);
    await t.db.db
      .updateTable('sessions')
      .set({ created_at: past(29 * DAY) })
      .where('id', '=', row.id)
      .execute();
    const next = await c.refresh(tokens.refresh_token);
    expect(next.statusCode).toBe(200);
    const stored = await t.db.db
      .selectFrom('refresh_tokens')
      .where('token_hash', '=', t.app.deps.hashToken(next.json().result.refresh_token))
      .select('expires_at')
      .executeTakeFirstOrThrow();
    expect(Date.parse(stored.expires_at)).toBeLessThanOrEqual(Date.now() + DAY * 1000 + 1000);

    await t.db.db
      .updateTable('sessions')
      .set({ created_at: past(31 * DAY) })
      .where('id', '=', row.id)
      .execute();
    const refused = await c.refresh(next.json().result.refresh_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toBe(MESSAGES.invalidRefreshToken);
  });
});

describe.each(testDatabases)('login rate limits on %s', (engine) => {
  let t: TestApp;
  const c = client(() => t);
  const UNLOCK = '/api/blade-user/user/unlock';
  const TEACHER = DEMO_USERS.find((u) => u.account === 'teacher01')!;
  const STUDENT = DEMO_USERS.find((u) => u.account === 'student01')!;

  beforeAll(async () => {
    // A short maximum spacing keeps the suite quick; the spacing rule is the same.
    t = await createTestApp(engine, { loginAddressDelayMaxMs: 20 });
    // A second administrator, whom the lock tests leave alone.
    await t.db.db
      .insertInto('users')
      .values({
        id: 'rate-admin-2',
        tenant_id: DEMO_TENANT_ID,
        account: 'admin2',
        user_name: '值班管理员',
        nick_name: '周老师',
        password_hash: await hashPassword(DEMO_PASSWORD),
        role_id: '000000-admin',
        is_demo: 1,
        status: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const throttleRow = (key: string) =>
    t.db.db.selectFrom('login_throttle').where('key', '=', key).selectAll().executeTakeFirst();
  const unlock = (token: string, userIds: string) =>
    c.inject({ method: 'POST', url: UNLOCK, headers: bearer(token), payload: { userIds } });

  it('slows an address down after 20 typos instead of locking every account behind it', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 20; i++) {
      const res = await c.login(`guess${i % 10}`, `Wrong@${i}`, { ip });
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    // The address is slowed: its failures set a spacing between its attempts, doubling past the free failures.
    const row = await throttleRow(addressKey(ip));
    expect(Number(row?.attempts)).toBe(20);
    expect(addressDelayMs(20, t.config.loginAddressDelayMaxMs)).toBeGreaterThan(0);
    expect(Number(row?.next_at_ms)).toBeGreaterThan(0);
    // Every other account behind the address (a campus NAT) still logs in.
    for (const account of ['admin', 'teacher01', 'student01']) {
      const res = await c.login(account, DEMO_PASSWORD, { ip });
      expect(res.statusCode, account).toBe(200);
    }
  });

  it(`locks an account after ${LOGIN_FAILURES_PER_ACCOUNT} failures, even for the right password`, async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      const res = await c.login('admin', `Wrong@${i}`, { ip: `10.1.0.${i + 1}` });
      expect(res.statusCode).toBe(400);
    }
    const locked = await c.login('admin', DEMO_PASSWORD, { ip: '10.1.0.99' });
    expect(locked.statusCode).toBe(429);
    expectEnvelope(locked.json(), 429);
    expect(locked.json()).toMatchObject({
      msg: MESSAGES.accountLocked,
      msgDetail: MESSAGES_EN_US.accountLocked,
      result: null,
    });
    expect(locked.body).not.toContain('access_token');

    // Other accounts from the same address are not affected.
    expect((await c.login('student01', DEMO_PASSWORD, { ip: '10.1.0.1' })).statusCode).toBe(200);
    // Changing the case of the account name does not get round the lock.
    expect((await c.login('ADMIN', DEMO_PASSWORD, { ip: '10.1.0.98' })).statusCode).toBe(429);
  });

  it(`checks exactly ${LOGIN_FAILURES_PER_ACCOUNT} of 40 parallel wrong passwords for one account`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => c.login('teacher01', `Wrong@${i}`, { ip: '10.5.0.1' })),
    );
    const checked = answers.filter((a) => a.statusCode === 400);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(checked.length).toBe(LOGIN_FAILURES_PER_ACCOUNT);
    expect(refused.length).toBe(40 - LOGIN_FAILURES_PER_ACCOUNT);
    for (const a of checked) expect(a.json().msg).toBe(MESSAGES.badCredentials);
    for (const a of refused) expect(a.json().msg).toBe(MESSAGES.accountLocked);
    // Locked now for the right password too.
    expect((await c.login('teacher01', DEMO_PASSWORD, { ip: '10.5.0.2' })).statusCode).toBe(429);
  });

  it('spaces failing addresses out exponentially, up to the maximum', () => {
    const delays = Array.from({ length: 25 }, (_, f) => addressDelayMs(f, 2000));
    expect(delays.slice(0, LOGIN_ADDRESS_FREE_FAILURES + 1).every((d) => d === 0)).toBe(true);
    expect(delays[LOGIN_ADDRESS_FREE_FAILURES + 1]).toBeGreaterThan(0);
    expect(delays[LOGIN_ADDRESS_FREE_FAILURES + 2]).toBe(2 * delays[LOGIN_ADDRESS_FREE_FAILURES + 1]!);
    expect(delays[LOGIN_ADDRESS_FREE_FAILURES + 3]).toBe(4 * delays[LOGIN_ADDRESS_FREE_FAILURES + 1]!);
    expect(Math.max(...delays)).toBe(2000);
  });

  it('refuses an attempt from an address whose queue is full, without making the queue longer', async () => {
    const ip = '10.6.0.1';
    const far = Date.now() + LOGIN_ADDRESS_MAX_WAIT_MS + 60_000;
    await t.db.db
      .insertInto('login_throttle')
      .values({ key: addressKey(ip), attempts: 30, window_started_ms: Date.now(), next_at_ms: far })
      .execute();
    const res = await c.login('student01', DEMO_PASSWORD, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ msg: MESSAGES.loginBusy, msgDetail: MESSAGES_EN_US.loginBusy });
    expect(Number((await throttleRow(addressKey(ip)))?.next_at_ms)).toBe(far);
  });

  it('unlocks a locked account after the stated 15 minutes', async () => {
    const key = accountKey(DEMO_TENANT_ID, 'student01');
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      await c.login('student01', `Wrong@${i}`, { ip: `10.7.0.${i + 1}` });
    expect((await c.login('student01', DEMO_PASSWORD, { ip: '10.7.0.50' })).statusCode).toBe(429);
    // 14 minutes after the failure that locked it, it is still locked.
    await t.db.db
      .updateTable('login_throttle')
      .set({ window_started_ms: Date.now() - 14 * 60_000 })
      .where('key', '=', key)
      .execute();
    expect((await c.login('student01', DEMO_PASSWORD, { ip: '10.7.0.51' })).statusCode).toBe(429);
    await t.db.db
      .updateTable('login_throttle')
      .set({ window_started_ms: Date.now() - LOGIN_FAILURE_WINDOW_SECONDS * 1000 - 1000 })
      .where('key', '=', key)
      .execute();
    expect((await c.login('student01', DEMO_PASSWORD, { ip: '10.7.0.52' })).statusCode).toBe(200);
  });

  it('lets an administrator unlock a locked account of their tenant; a student cannot', async () => {
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++)
      await c.login('teacher01', `Wrong@${i}`, { ip: `10.8.0.${i + 1}` });
    expect((await c.login('teacher01', DEMO_PASSWORD, { ip: '10.8.0.50' })).statusCode).toBe(429);

    const student = (await c.login('student01', DEMO_PASSWORD, { ip: '10.8.1.1' })).json().result as Tokens;
    const refused = await unlock(student.access_token, TEACHER.id);
    expect(refused.statusCode).toBe(403);
    expectEnvelope(refused.json(), 403);
    expect(refused.json().msg).toBe(MESSAGES.forbidden);
    expect((await c.login('teacher01', DEMO_PASSWORD, { ip: '10.8.0.51' })).statusCode).toBe(429);
    expect((await c.inject({ method: 'POST', url: UNLOCK, payload: { userIds: TEACHER.id } })).statusCode).toBe(401);

    const admin = (await c.login('admin2', DEMO_PASSWORD, { ip: '10.8.1.2' })).json().result as Tokens;
    // Ids of no user of the tenant, and bad input, are refused with a 4xx.
    expect((await unlock(admin.access_token, 'no-such-user')).statusCode).toBe(404);
    // One unknown id among known ones refuses the whole call (it unlocked the known ones and dropped the other).
    const mixed = await unlock(admin.access_token, `${TEACHER.id},no-such-user`);
    expect([mixed.statusCode, mixed.json().msg]).toEqual([404, MESSAGES.notFound]);
    expect((await c.login('teacher01', DEMO_PASSWORD, { ip: '10.8.0.53' })).statusCode).toBe(429);
    expect(
      (await c.inject({ method: 'POST', url: UNLOCK, headers: bearer(admin.access_token), payload: { userIds: '' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await c.inject({ method: 'POST', url: UNLOCK, headers: bearer(admin.access_token), payload: { userIds: 5 } }))
        .statusCode,
    ).toBe(400);
    const done = await unlock(admin.access_token, `${TEACHER.id}, ${STUDENT.id}`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      status: 1000,
      result: { unlocked: expect.arrayContaining([TEACHER.id, STUDENT.id]) },
    });
    expect((await c.login('teacher01', DEMO_PASSWORD, { ip: '10.8.0.52' })).statusCode).toBe(200);
  });

  it("clears the account's failures after a successful login", async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT - 1; i++)
      expect((await c.login('student01', `Wrong@${i}`, { ip })).statusCode).toBe(400);
    expect((await c.login('student01', DEMO_PASSWORD, { ip })).statusCode).toBe(200);
    // Without the reset these would add up to more than the limit.
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT - 1; i++)
      expect((await c.login('student01', `Wrong@${i}`, { ip: '10.3.0.2' })).statusCode).toBe(400);
    expect((await c.login('student01', DEMO_PASSWORD, { ip: '10.3.0.3' })).statusCode).toBe(200);
  });
});

describe.each(testDatabases)('demo mode off on %s', (engine) => {
  let t: TestApp;
  const c = client(() => t);

  beforeAll(async () => {
    t = await createTestApp(engine, { demo: false });
    await t.db.db
      .insertInto('users')
      .values({
        id: 'real-user-1',
        tenant_id: DEMO_TENANT_ID,
        account: 'realteacher',
        user_name: '真实教师',
        nick_name: '王老师',
        password_hash: await hashPassword(OTHER_PASSWORD),
        role_id: '000000-teacher',
        is_demo: 0,
        status: 1,
        created_at: new Date().toISOString(),
      })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the demo accounts with 403', async () => {
    for (const account of ['admin', 'teacher01', 'student01']) {
      const res = await c.login(account, DEMO_PASSWORD);
      expect(res.statusCode).toBe(403);
      expectEnvelope(res.json(), 403);
      expect(res.json()).toMatchObject({ msg: MESSAGES.demoDisabled, result: null });
    }
    // A wrong password still says only that the credentials are wrong.
    expect((await c.login('admin', 'Wrong@12345', { ip: '10.4.0.1' })).json().msg).toBe(MESSAGES.badCredentials);
    const detail = await c.inject({ method: 'GET', url: `${TENANT_DETAIL}?tenantId=${DEMO_TENANT_ID}` });
    expect(detail.json().result.demo).toBe(false);
  });

  it('still logs in an account that is not a demo account', async () => {
    const res = await c.login('realteacher', OTHER_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect((await c.userInfo(res.json().result.access_token)).json().result.nick_name).toBe('王老师');
  });
});
