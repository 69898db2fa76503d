import { MESSAGES } from '@portal/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from './db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from './test/test-app.ts';

/** Every route the app registered under /api, as "METHOD /full/path", read from Fastify's own route table. */
function registeredApiRoutes(t: TestApp): string[] {
  const out = new Set<string>();
  // printRoutes draws a radix tree: a child line holds only the rest of its parent's path
  // ('/api/x/submit (POST)' then '└── Card (POST)' for /api/x/submitCard), so paths are joined by depth.
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = Math.round(m[1]!.length / 4);
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = path;
    if (!m[3] || !path.startsWith('/api/')) continue;
    for (const method of m[3].split(',').map((s) => s.trim())) {
      // HEAD is added by Fastify beside every GET; it is not a route of its own.
      if (method !== 'HEAD') out.add(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return [...out].sort();
}

describe.each(testDatabases)('the application on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/openapi.json', () => {
    it('lists every registered /api route with its method and full path', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toMatch(/^3\./);
      const all = Object.entries(doc.paths)
        .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
        .sort();
      // The web app manifest (issue 18) is documented too, outside /api/ where browsers look for it.
      expect(all).toContain('GET /manifest.webmanifest');
      const documented = all.filter((r) => r.split(' ')[1]!.startsWith('/api/'));

      const registered = registeredApiRoutes(t);
      expect(registered.length).toBeGreaterThan(20);
      expect(documented).toEqual(registered);
    });

    it('includes the foundation calls of section 7.3 under their spec paths', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const expected: Array<[string, string]> = [
        ['post', '/api/blade-auth/oauth/token'],
        ['get', '/api/blade-user/user/getUserInfo'],
        ['get', '/api/blade-workbench/auth/loginOut'],
        ['post', '/api/blade-workbench/auth/tokenLogin'],
        ['post', '/api/blade-workbench/auth/auth/init'],
        ['post', '/api/blade-workbench/nobody/cas/getSessionValidTime'],
        ['post', '/api/blade-workbench/nobody/cas/updateSessionValidTime'],
        ['post', '/api/blade-workbench/nobody/cas/removeSessionValidTime'],
        ['post', '/api/blade-workbench/eduSystemManagePwdConfig/getPasswordReg'],
        ['post', '/api/blade-workbench/eduSystemManagePwdConfig/detail'],
        ['get', '/api/blade-workbench/baseService/getRoleList'],
        // The last three of 7.3 (ADR 0022).
        ['post', '/api/blade-workbench/auth/auth/modelLogin'],
        ['post', '/api/blade-workbench/auth/getAddress'],
        ['post', '/api/blade-workbench/serviceItem/getMpList'],
      ];
      for (const [method, path] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      // Generated from the contract schemas: the body of the ticket calls is described.
      const cas = doc.paths['/api/blade-workbench/nobody/cas/getSessionValidTime']!.post as {
        requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
      };
      expect(cas.requestBody?.content?.['application/json']?.schema?.properties).toHaveProperty('casTicket');
    });
  });

  describe('errors in the envelope', () => {
    it('answers an unknown /api path with a 404 envelope', async () => {
      for (const [method, url] of [
        ['GET', '/api/nope'],
        ['POST', '/api/blade-workbench/nope/nothing?tenantId=000000'],
        ['GET', '/api/blade-auth/oauth/token'],
      ] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({
          status: 404,
          msg: MESSAGES.notFound,
          msgDetail: `${method} ${url.split('?')[0]}`,
          result: null,
        });
      }
    });

    it('answers a malformed JSON body with a 400 envelope, never a 500 or a stack trace', async () => {
      const { access_token } = await t.login('student01');
      const cases = [
        { url: '/api/blade-auth/oauth/token', headers: {} },
        { url: '/api/blade-workbench/eduSystemManagePwdConfig/getPasswordReg', headers: bearer(access_token) },
        { url: '/api/blade-workbench/nobody/cas/getSessionValidTime', headers: {} },
      ];
      for (const body of ['{"casTicket":', '{bad json}', '\u0000\u0001']) {
        for (const { url, headers } of cases) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: body,
          });
          expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
          const json = res.json();
          expect(json).toMatchObject({ status: 400, msg: MESSAGES.badRequest, result: null });
          expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|stack/i);
        }
      }
    });

    it('answers a body of an unsupported type with a 4xx envelope', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blade-workbench/nobody/cas/getSessionValidTime',
        headers: { 'content-type': 'application/xml' },
        payload: '<casTicket>ST-1</casTicket>',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ status: 415, result: null });
    });
  });

  it('reports its health, without saying what it runs on to a caller without the operator token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 1000, result: null });
  });

  it('answers a public call for the demo tenant without a token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/blade-workbench/nobody/tenant/detail?tenantId=${DEMO_TENANT_ID}`,
    });
    expect(res.json()).toMatchObject({ status: 1000, result: { tenantId: DEMO_TENANT_ID } });
  });
});
