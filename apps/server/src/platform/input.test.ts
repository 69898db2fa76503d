import { MESSAGES } from '@portal/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../db/seed/demo.ts';
import { multipart } from '../modules/transfer/transfer-test-files.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../test/test-app.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const UPLOADS = [
  '/api/online-service-platform/common/upload',
  '/api/chat/upload',
  '/api/blade-workbench/transfer/service/upload',
  '/api/blade-platform/serviceInfo/upload',
];

/** Section 8 at the edge: input no route can use is a 400 with the envelope on both engines, never a 500. */
describe.each(testDatabases)('the input guard on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let preLogin: string[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await t.login('admin')).access_token;
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    preLogin = Object.keys(doc.paths).filter((p) => p.includes('/nobody/preLogin/') && 'post' in doc.paths[p]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every nobody/preLogin call without a tenant with 缺少租户编号 tenantId, and with one as before', async () => {
    expect(preLogin.length).toBeGreaterThanOrEqual(14);
    for (const url of preLogin) {
      for (const payload of [{}, { tenantId: '' }, { tenantId: '   ' }]) {
        const res = await t.app.inject({ method: 'POST', url, payload });
        expect([url, payload, res.statusCode, res.json().msg]).toEqual([url, payload, 400, MESSAGES.missingTenant]);
      }
      expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(400);
      const ok = await t.app.inject({ method: 'POST', url, payload: { tenantId: DEMO_TENANT_ID } });
      expect([url, ok.statusCode, ok.json().status]).toEqual([url, 200, 1000]);
      const byHeader = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'tenant-id': DEMO_TENANT_ID },
        payload: {},
      });
      expect([url, byHeader.json().status]).toEqual([url, 1000]);
    }
  });

  it('refuses a multipart body without a boundary on every upload route', async () => {
    for (const url of UPLOADS) {
      for (const type of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; charset=utf-8',
        `multipart/form-data; boundary=${'b'.repeat(71)}`,
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(admin), 'content-type': type },
          payload: '--x\r\n\r\nabc\r\n--x--\r\n',
        });
        expect([url, type, res.statusCode, res.json().msg]).toEqual([url, type, 400, MESSAGES.badRequest]);
      }
    }
  });

  it('refuses a NUL or other control character in an uploaded file name, and keeps taking a proper one', async () => {
    const files: Record<string, Buffer> = {
      '/api/blade-workbench/transfer/service/upload': Buffer.from('PK\u0003\u0004'),
    };
    for (const url of UPLOADS) {
      for (const filename of ['a\u0000b.png', 'pic\u0000.xlsx', 'x\u0007.png']) {
        const body = multipart([{ filename, content: files[url] ?? PNG }]);
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(admin), ...body.headers },
          payload: body.payload,
        });
        expect([url, res.statusCode, res.json().msg]).toEqual([url, 400, MESSAGES.controlCharacters]);
      }
    }
    const good = multipart([{ filename: '头像.png', content: PNG }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      headers: { ...bearer(admin), ...good.headers },
      payload: good.payload,
    });
    expect(res.json()).toMatchObject({ status: 1000, result: { fileName: '头像.png' } });
  });

  it('refuses chat history positions past what a 32-bit column holds', async () => {
    const peerId = (await t.login('student01')).user_id;
    for (const beforeSeq of [2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/chat/history',
        headers: bearer(admin),
        payload: { peerId, beforeSeq },
      });
      expect([beforeSeq, res.statusCode]).toEqual([beforeSeq, 400]);
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/chat/history',
      headers: bearer(admin),
      payload: { peerId, beforeSeq: 2 ** 31 - 1 },
    });
    expect(ok.json().status).toBe(1000);
  });
});
