import { REFRESH_COOKIE, REFRESH_COOKIE_HEADER, REFRESH_COOKIE_PATH } from '@portal/contracts/auth';
import { REFRESH_TOKEN_TTL_SECONDS } from '@portal/contracts/constants';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../db/seed/demo.ts';
import { bearer, createPeerTestApp, createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';

const TOKEN_URL = '/api/blade-auth/oauth/token';
const USER_INFO = '/api/blade-user/user/getUserInfo';
const LOGOUT = '/api/blade-workbench/auth/loginOut';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** The refresh cookie a Set-Cookie of the answer gives: its value and attributes. */
function refreshCookie(res: LightMyRequestResponse) {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!raw) return null;
  const [pair, ...attrs] = raw.split(';').map((s) => s.trim());
  return { value: pair!.slice(REFRESH_COOKIE.length + 1), attrs: attrs.map((a) => a.toLowerCase()) };
}

describe.each(testDatabases)('the refresh token as an HttpOnly cookie (ADR 0027) on %s', (engine) => {
  let t: TestApp;
  let peer: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
    peer = await createPeerTestApp(t);
  });
  afterAll(async () => {
    await peer?.close();
    await t?.close();
  });

  const login = (app = t, cookie = true) =>
    app.app.inject({
      method: 'POST',
      url: TOKEN_URL,
      headers: { ...form, ...(cookie ? { [REFRESH_COOKIE_HEADER]: '1' } : {}) },
      payload: new URLSearchParams({
        grant_type: 'password',
        tenantId: DEMO_TENANT_ID,
        username: 'student01',
        password: DEMO_PASSWORD,
      }).toString(),
    });
  const refresh = (app: TestApp, cookieValue: string | null, fields: Record<string, string> = {}) =>
    app.app.inject({
      method: 'POST',
      url: `${TOKEN_URL}?tenantId=${DEMO_TENANT_ID}&grant_type=refresh_token&scope=all`,
      headers: {
        ...form,
        [REFRESH_COOKIE_HEADER]: '1',
        'tenant-id': DEMO_TENANT_ID,
        ...(cookieValue ? { cookie: `other=1; ${REFRESH_COOKIE}=${cookieValue}` } : {}),
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('sets the cookie HttpOnly, SameSite=Strict, scoped to the refresh call, and leaves the body without it', async () => {
    const res = await login();
    expect(res.json().status).toBe(1000);
    expect(res.json().result.refresh_token).toBe('');
    expect(res.json().result.access_token).toMatch(/\S{20,}/);
    const c = refreshCookie(res)!;
    expect(c.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(c.attrs).toEqual(
      expect.arrayContaining([
        'httponly',
        'samesite=strict',
        `path=${REFRESH_COOKIE_PATH}`,
        `max-age=${REFRESH_TOKEN_TTL_SECONDS}`,
      ]),
    );
    expect(c.attrs).not.toContain('secure'); // plain http here; over HTTPS it is Secure
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps the BladeX answer for a client that does not ask for the cookie', async () => {
    const res = await login(t, false);
    expect(res.json().result.refresh_token).toMatch(/\S{20,}/);
    expect(refreshCookie(res)).toBeNull();
  });

  it('refreshes with the cookie alone, rotating it; the spent cookie is refused after the grace window', async () => {
    const first = refreshCookie(await login())!.value;
    const res = await refresh(t, first);
    expect(res.json().status).toBe(1000);
    expect(res.json().result.refresh_token).toBe('');
    const second = refreshCookie(res)!.value;
    expect(second).not.toBe(first);
    const info = await t.app.inject({ method: 'GET', url: USER_INFO, headers: bearer(res.json().result.access_token) });
    expect(info.json().status).toBe(1000);
    // The rotated cookie refreshes again.
    const again = await refresh(t, second);
    expect(again.json().status).toBe(1000);
  });

  it('is taken by any node of a cluster (another app on the same database)', async () => {
    const cookie = refreshCookie(await login(t))!.value;
    const res = await refresh(peer, cookie);
    expect(res.json().status).toBe(1000);
    const info = await t.app.inject({ method: 'GET', url: USER_INFO, headers: bearer(res.json().result.access_token) });
    expect(info.json().status).toBe(1000);
  });

  it('answers 401 in the envelope, never a 500, with neither a cookie nor a token, or a malformed cookie', async () => {
    for (const cookie of [null, 'not a token!', 'x'.repeat(300)]) {
      const res = await refresh(t, cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, msg: expect.stringContaining('刷新令牌') });
    }
  });

  it('logout ends the session and the cookie', async () => {
    const res = await login();
    const cookie = refreshCookie(res)!.value;
    const out = await t.app.inject({ method: 'GET', url: LOGOUT, headers: bearer(res.json().result.access_token) });
    expect(out.json().status).toBe(1000);
    const cleared = refreshCookie(out)!;
    expect(cleared.value).toBe('');
    expect(cleared.attrs).toEqual(expect.arrayContaining(['max-age=0', `path=${REFRESH_COOKIE_PATH}`]));
    expect((await refresh(t, cookie)).statusCode).toBe(401);
  });
});
