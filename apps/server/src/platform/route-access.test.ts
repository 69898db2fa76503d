import { MESSAGES } from '@portal/contracts/errors';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';
import { accessDeclared, registerAuth } from './auth.ts';

/** A concrete URL of a route pattern (path parameters filled in). */
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x').replace(/\*$/, 'x');

describe('every route declares who may call it', () => {
  it('refuses nothing on a route that declares its access, and flags one that does not', async () => {
    const app = Fastify();
    registerAuth(app);
    app.get('/api/x/declared', { config: { access: 'user' } }, async () => 'ok');
    app.get('/api/x/menu', { config: { menu: 'homePageConfig' } }, async () => 'ok');
    app.get('/api/x/nobody/public', async () => 'ok');
    app.get('/api/x/forgotten', async () => 'ok');
    await app.ready();
    const flagged = app.accessDeclarations.filter((d) => !accessDeclared(d)).map((d) => `${d.method} ${d.url}`);
    expect(flagged).toEqual(['GET /api/x/forgotten', 'HEAD /api/x/forgotten']);
    // A menu route cannot also be public.
    expect(() =>
      app.get('/api/x/both', { config: { access: 'public', menu: 'homePageConfig' } }, async () => 'ok'),
    ).toThrow(/menu/);
    await app.close();
  });
});

describe.each(testDatabases)('route access declarations and the configuration-menu hook (%s)', (engine) => {
  let t: TestApp;
  let student: string;
  let teacher: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    student = (await t.login('student01')).access_token;
    teacher = (await t.login('teacher01')).access_token;
    admin = (await t.login('admin')).access_token;
  });
  afterAll(async () => t?.close());

  const apiRoutes = () => t.app.accessDeclarations.filter((d) => d.url.startsWith('/api/'));
  const menuRoutes = () => apiRoutes().filter((d) => d.menu !== null && d.method !== 'HEAD');

  it('has an access declaration (public, user, optional or a menu) on every registered /api route', () => {
    expect(apiRoutes().length).toBeGreaterThan(200);
    const undeclared = apiRoutes()
      .filter((d) => !accessDeclared(d))
      .map((d) => `${d.method} ${d.url}`);
    expect(undeclared).toEqual([]);
    // The configuration calls carry their menu in the route, not in the handler.
    expect(menuRoutes().length).toBeGreaterThanOrEqual(65);
  });

  it('refuses every menu route to a user without the menu, before the body is validated', async () => {
    for (const route of menuRoutes()) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(student),
        ...(route.method === 'GET' ? {} : { payload: { unexpected: ['not', 'valid'] } }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ msg: MESSAGES.forbidden });
    }
  });

  it('refuses every route for administrators to anyone else before the body is validated (403 with its message)', async () => {
    const adminRoutes = apiRoutes().filter((d) => d.admin !== null && d.method !== 'HEAD');
    expect(adminRoutes.map((d) => d.url)).toEqual(
      expect.arrayContaining([
        '/api/blade-user/user/unlock',
        '/api/blade-platform/serverCenter/pageRoles',
        '/api/blade-platform/app/msg/send',
      ]),
    );
    for (const route of adminRoutes) {
      for (const [who, token] of [
        ['student', student],
        ['teacher', teacher],
      ] as const) {
        // An empty body and a wrong one: the refusal says nothing of what the route takes.
        for (const payload of [{}, { unexpected: ['not', 'valid'] }]) {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: concrete(route.url),
            headers: bearer(token),
            payload,
          });
          expect([res.statusCode, res.json().msg], `${who} ${route.method} ${route.url}`).toEqual([403, route.admin]);
        }
      }
      const byAdmin = await t.app.inject({
        method: route.method as 'POST',
        url: concrete(route.url),
        headers: bearer(admin),
        payload: { unexpected: ['not', 'valid'] },
      });
      expect(byAdmin.statusCode, `admin ${route.method} ${route.url}`).not.toBe(403);
      expect(byAdmin.statusCode, `admin ${route.method} ${route.url}`).toBeLessThan(500);
    }
  });

  it('lets a holder of the menu through to validation; a holder of another menu is refused', async () => {
    for (const route of menuRoutes()) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(admin),
        ...(route.method === 'GET' ? {} : { payload: { unexpected: ['not', 'valid'] } }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(403);
      expect(res.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
    }
    // teacher01 holds the department duty lists only.
    const duty = await t.app.inject({
      method: 'POST',
      url: '/api/blade-workbench/ospDeptDutyListConfig/remove',
      headers: bearer(teacher),
      payload: {},
    });
    expect(duty.statusCode).toBe(400);
    const home = await t.app.inject({
      method: 'POST',
      url: '/api/online-service-platform/indexholidayconfig/submit',
      headers: bearer(teacher),
      payload: {},
    });
    expect(home.statusCode).toBe(403);
    // Without a token a menu route is a 401, as every 'user' route.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/online-service-platform/indexholidayconfig/submit',
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
  });
});
