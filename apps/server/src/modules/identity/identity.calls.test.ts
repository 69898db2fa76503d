import { IDENTITY_MESSAGES } from '@portal/contracts/identity';
import { MESSAGES } from '@portal/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import {
  GET_ADDRESS,
  MODEL_LOGIN,
  MP_LIST,
  OTHER_PASSWORD,
  OTHER_TENANT,
  PROVIDER_DETAIL,
  expectEnvelope,
  loginOther,
  seedOtherTenant,
  submitProvider,
} from './identity.test-support.ts';

/** The three calls of 7.3 that were left (ADR 0022): auth/auth/modelLogin, auth/getAddress, serviceItem/getMpList. */
describe.each(testDatabases)('7.3 login mode, sign-in address and public accounts on %s', (engine) => {
  let t: TestApp;
  let student: string;
  let otherAdmin: string;
  let otherStudent: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: 'https://portal.example.edu' });
    await seedOtherTenant(t);
    student = (await t.login('student01')).access_token;
    otherAdmin = await loginOther(t, 'admin');
    otherStudent = await loginOther(t, 's1');
  });
  afterAll(async () => {
    await t?.close();
  });
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

  describe('POST auth/auth/modelLogin', () => {
    it('tells the login page of a tenant without a provider to show the password form', async () => {
      const res = await post(MODEL_LOGIN, { tenantId: DEMO_TENANT_ID });
      expect(res.json()).toMatchObject({
        status: 1000,
        result: {
          tenantId: DEMO_TENANT_ID,
          localLogin: true,
          provider: null,
          eduSystemManageIdentityAuth: { status: expect.any(Number), isSelfCas: expect.any(Number) },
        },
      });
    });

    it('takes the tenant from the query or the Tenant-Id header too, and needs no token', async () => {
      expect(
        (await t.app.inject({ method: 'POST', url: `${MODEL_LOGIN}?tenantId=${DEMO_TENANT_ID}` })).json(),
      ).toMatchObject({ status: 1000 });
      expect((await post(MODEL_LOGIN, {}, { 'tenant-id': DEMO_TENANT_ID })).json()).toMatchObject({
        status: 1000,
        result: { tenantId: DEMO_TENANT_ID },
      });
    });

    it('refuses a missing, malformed or unknown tenant with 400, never 500', async () => {
      const none = await post(MODEL_LOGIN, {});
      expectEnvelope(none, 400);
      expect(none.json().msg).toBe(MESSAGES.missingTenant);
      for (const tenantId of ['999999', '\u0000', 'x'.repeat(40), "1' or '1'='1"])
        expectEnvelope(await post(MODEL_LOGIN, { tenantId }), 400);
      expectEnvelope(
        await t.app.inject({
          method: 'POST',
          url: MODEL_LOGIN,
          headers: { 'content-type': 'application/json' },
          payload: '{"tenantId":',
        }),
        400,
      );
      expectEnvelope(await post(MODEL_LOGIN, { tenantId: 42 } as object), 400);
    });

    it("shows the school's sign-in once the tenant has a provider, and only that tenant's", async () => {
      await submitProvider(t, otherAdmin, {
        type: 'oidc',
        name: '三校统一身份认证',
        localLogin: false,
        settings: { issuer: 'https://idp.example.edu', clientId: 'portal' },
        secret: 's3cret-value',
      });
      const other = (await post(MODEL_LOGIN, { tenantId: OTHER_TENANT })).json();
      expect(other).toMatchObject({
        status: 1000,
        result: {
          tenantId: OTHER_TENANT,
          localLogin: false,
          provider: { type: 'oidc', name: '三校统一身份认证' },
          eduSystemManageIdentityAuth: { status: 1 },
        },
      });
      expect(JSON.stringify(other)).not.toContain('s3cret-value');
      expect((await post(MODEL_LOGIN, { tenantId: DEMO_TENANT_ID })).json().result.provider).toBeNull();
    });
  });

  describe('POST auth/getAddress', () => {
    it("sends a tenant without a provider to the portal's own login page, with the return path", async () => {
      const res = (await post(GET_ADDRESS, { tenantId: DEMO_TENANT_ID, redirect: '/home/homePage?x=1' })).json();
      expect(res).toMatchObject({ status: 1000, result: { type: 'local', logoutUrl: null } });
      const url = new URL(res.result.loginUrl);
      expect(url.origin).toBe('https://portal.example.edu');
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('redirect')).toBe('/home/homePage?x=1');
    });

    it("sends a tenant with a provider to the portal's start address (PUBLIC_URL), which goes on to the provider", async () => {
      const res = (await post(GET_ADDRESS, { tenantId: OTHER_TENANT, redirect: '/home/homePage' })).json();
      expect(res).toMatchObject({ status: 1000, result: { type: 'oidc' } });
      const url = new URL(res.result.loginUrl);
      expect(`${url.origin}${url.pathname}`).toBe('https://portal.example.edu/api/blade-auth/nobody/identity/start');
      expect(Object.fromEntries(url.searchParams)).toEqual({ tenantId: OTHER_TENANT, redirect: '/home/homePage' });
    });

    it('refuses every return address that leaves the portal (open redirect) with 400', async () => {
      for (const redirect of [
        'https://evil.example',
        '//evil.example/x',
        '/\\evil.example',
        '\\\\evil',
        'javascript:alert(1)',
        '/%2F%2Fevil.example',
        '/a\r\nSet-Cookie: x=1',
        ' /home',
        'home',
        '/x'.repeat(300),
      ]) {
        const res = await post(GET_ADDRESS, { tenantId: DEMO_TENANT_ID, redirect });
        expectEnvelope(res, 400);
        expect(res.json().msg, redirect).toBe(IDENTITY_MESSAGES.badReturnPath[0]);
      }
    });

    it("with a token, scopes to the token's tenant and refuses another tenant's id with 403", async () => {
      const mine = (await post(GET_ADDRESS, {}, bearer(otherStudent))).json();
      expect(mine).toMatchObject({ status: 1000, result: { type: 'oidc' } });
      expectEnvelope(await post(GET_ADDRESS, { tenantId: DEMO_TENANT_ID }, bearer(otherStudent)), 403);
      expectEnvelope(await post(GET_ADDRESS, {}, bearer('not-a-token')), 401);
    });

    it('answers a bad body with 400', async () => {
      expectEnvelope(await post(GET_ADDRESS, { tenantId: DEMO_TENANT_ID, redirect: 7 } as object), 400);
      expectEnvelope(await post(GET_ADDRESS, {}), 400);
    });
  });

  describe('POST serviceItem/getMpList', () => {
    it("lists the public accounts of the caller's tenant only", async () => {
      const demo = (await post(MP_LIST, {}, bearer(student))).json();
      expect(demo.status).toBe(1000);
      expect(demo.result.length).toBeGreaterThan(0);
      expect(demo.result.every((a: { id: string }) => a.id.startsWith(`${DEMO_TENANT_ID}-`))).toBe(true);
      expect(demo.result[0]).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        mpType: expect.any(Number),
        avatar: expect.any(String),
        intro: expect.any(String),
      });
      const other = (await post(MP_LIST, undefined, bearer(otherStudent))).json();
      expect(other.result).toEqual([
        { id: `${OTHER_TENANT}-mp-1`, name: '三校教务处', mpType: 1, avatar: '', intro: '' },
      ]);
    });

    it('filters by mpType and name, and a wildcard in the name widens nothing', async () => {
      const all = (await post(MP_LIST, {}, bearer(student))).json().result as Array<{ name: string; mpType: number }>;
      const first = all[0]!;
      const byName = (await post(MP_LIST, { keyword: first.name.slice(0, 2) }, bearer(student))).json()
        .result as Array<{ name: string }>;
      expect(byName.length).toBeGreaterThan(0);
      expect(byName.every((a) => a.name.includes(first.name.slice(0, 2)))).toBe(true);
      expect((await post(MP_LIST, { keyword: '%' }, bearer(student))).json().result).toHaveLength(all.length);
      expect((await post(MP_LIST, { keyword: '不存在的公众号' }, bearer(student))).json().result).toEqual([]);
      expect((await post(MP_LIST, { mpType: 998 }, bearer(student))).json().result).toEqual([]);
      expect((await post(MP_LIST, { mpType: first.mpType }, bearer(student))).json().result.length).toBeGreaterThan(0);
    });

    it('needs a token (401), refuses another tenant (403) and bad input (400)', async () => {
      expectEnvelope(await post(MP_LIST, { tenantId: DEMO_TENANT_ID }), 401);
      expectEnvelope(await post(MP_LIST, { tenantId: DEMO_TENANT_ID }, bearer(otherStudent)), 403);
      expectEnvelope(await post(MP_LIST, { mpType: 'abc' }, bearer(student)), 400);
      expectEnvelope(await post(MP_LIST, { keyword: 'x'.repeat(65) }, bearer(student)), 400);
      expectEnvelope(
        await t.app.inject({
          method: 'POST',
          url: MP_LIST,
          headers: { ...bearer(student), 'content-type': 'application/json' },
          payload: '[1,2',
        }),
        400,
      );
    });
  });

  describe('switching the password login off', () => {
    it('refuses the password login of an ordinary account and keeps it for the administrator (break-glass)', async () => {
      const s1 = await t.app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        payload: { grant_type: 'password', tenantId: OTHER_TENANT, username: 's1', password: OTHER_PASSWORD },
      });
      expectEnvelope(s1, 403);
      expect(s1.json().msg).toBe(IDENTITY_MESSAGES.localLoginOff[0]);
      await loginOther(t, 'admin');
      // The demo tenant has no provider: its password login is unchanged.
      await t.login('student01');
    });

    it("never returns the provider's secret, and keeps it when the page saves without one", async () => {
      const detail = (await post(PROVIDER_DETAIL, {}, bearer(otherAdmin))).json();
      expect(detail).toMatchObject({
        status: 1000,
        result: {
          configured: true,
          type: 'oidc',
          hasSecret: true,
          redirectUri: `https://portal.example.edu/api/blade-auth/nobody/identity/oidc/callback/${OTHER_TENANT}`,
          backchannelLogoutUri: `https://portal.example.edu/api/blade-auth/nobody/identity/oidc/backchannel-logout/${OTHER_TENANT}`,
        },
      });
      expect(JSON.stringify(detail)).not.toContain('s3cret-value');
      const row = await t.db.db
        .selectFrom('identity_providers')
        .where('tenant_id', '=', OTHER_TENANT)
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row.secret_sealed).not.toContain('s3cret-value');
      expect(row.settings).not.toContain('s3cret-value');
      await submitProvider(t, otherAdmin, {
        type: 'oidc',
        name: '三校统一身份认证',
        localLogin: true,
        settings: { issuer: 'https://idp.example.edu', clientId: 'portal' },
      });
      const again = await t.db.db
        .selectFrom('identity_providers')
        .where('tenant_id', '=', OTHER_TENANT)
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(again.secret_sealed).toBe(row.secret_sealed);
      expect((await post(MODEL_LOGIN, { tenantId: OTHER_TENANT })).json().result.localLogin).toBe(true);
    });

    it('lets only holders of the configuration menu read or change the provider', async () => {
      expectEnvelope(await post(PROVIDER_DETAIL, {}, bearer(otherStudent)), 403);
      expectEnvelope(await post(PROVIDER_DETAIL, {}, bearer(student)), 403);
      expectEnvelope(await post(PROVIDER_DETAIL, {}), 401);
      const bad = await post(
        `${PROVIDER_DETAIL.replace('detail', 'submit')}`,
        { type: 'oidc', name: 'x', settings: { issuer: 'ftp://x', clientId: 'c' } },
        bearer(otherAdmin),
      );
      expectEnvelope(bad, 400);
      const badRole = await post(
        `${PROVIDER_DETAIL.replace('detail', 'submit')}`,
        {
          type: 'oidc',
          name: 'x',
          defaultRoleAlias: 'nobody',
          settings: { issuer: 'https://x.example', clientId: 'c' },
        },
        bearer(otherAdmin),
      );
      expectEnvelope(badRole, 400);
    });
  });
});
