import { MESSAGES } from '@portal/contracts/errors';
import { BIND_TEXTS, SERVICE_TEXTS } from '@portal/contracts/services';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/create-db.ts';
import { demoServices } from '../../db/seed/catalogue.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { seed } from '../../db/seed/index.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const P = '/api/blade-platform';
const T = DEMO_TENANT_ID;
const demo = demoServices();
const SERVICE = demo.find((s) => s.name === '成绩查询')!;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 1)]);
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(32, 2)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.alloc(4, 0),
  Buffer.from('WEBP', 'latin1'),
  Buffer.alloc(32, 3),
]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>',
);

/** Another tenant with an administrator who holds one service configuration menu, and a student. */
async function seedTenantB(db: Db, tenantId: string) {
  const now = new Date().toISOString();
  const password_hash = await hashPassword(DEMO_PASSWORD);
  await db
    .insertInto('tenants')
    .values({ tenant_id: tenantId, tenant_name: '第二大学', status: 1, created_at: now })
    .execute();
  await db
    .insertInto('roles')
    .values([
      {
        id: `${tenantId}-admin`,
        tenant_id: tenantId,
        role_name: '服务管理员',
        role_alias: 'admin',
        role_type: 'admin',
        sort: 1,
      },
      {
        id: `${tenantId}-student`,
        tenant_id: tenantId,
        role_name: '学生',
        role_alias: 'student',
        role_type: 'student',
        sort: 2,
      },
    ])
    .execute();
  await db
    .insertInto('role_menus')
    .values({ tenant_id: tenantId, role_id: `${tenantId}-admin`, menu_name: 'processServiceCenterConfig' })
    .execute();
  const user = (account: string, role: string) => ({
    id: `${tenantId}-${account}`,
    tenant_id: tenantId,
    account,
    user_name: account,
    nick_name: account,
    password_hash,
    role_id: `${tenantId}-${role}`,
    is_demo: 1,
    status: 1,
    created_at: now,
  });
  await db
    .insertInto('users')
    .values([user('admin', 'admin'), user('student01', 'student')])
    .execute();
  await db
    .insertInto('account_bindings')
    .values({
      id: `${tenantId}-b1`,
      tenant_id: tenantId,
      user_id: `${tenantId}-student01`,
      source: 'wechat',
      open_id: 'oB-wx',
      nick_name: '二大学生',
      bound_at: now,
    })
    .execute();
}

describe.each(testDatabases)('account security and service icons (7.4) on %s', (engine) => {
  const B = engine === 'sqlite' ? '200001' : '200002';
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-svc-upload-'));
    // The local file store: these tests look at DATA_DIR/files itself.
    t = await createTestApp(engine, { dataDir, fileStore: 'local' });
    await seedTenantB(t.db.db, B);
    for (const a of ['admin', 'teacher01', 'student01']) tokens[a] = (await t.login(a)).access_token;
    tokens.adminB = (await t.login('admin', B)).access_token;
    tokens.studentB = (await t.login('student01', B)).access_token;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (url: string, payload: object, who?: string) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: who ? bearer(tokens[who]!) : {} });
    return { http: res.statusCode, ...res.json() };
  };

  describe('accountSecurity/removeBind', () => {
    const sources = async (who: string) =>
      (await post(`${P}/accountSecurity/bindList`, {}, who)).result.map((b: { source: string }) => b.source);

    it('lists the demo bindings of student01, without their open ids', async () => {
      const list = await post(`${P}/accountSecurity/bindList`, {}, 'student01');
      expect(list.result).toEqual([
        expect.objectContaining({ source: 'dingtalk', sourceName: '钉钉', nickName: '张小华' }),
        expect.objectContaining({ source: 'wechat', sourceName: '微信', nickName: '小华' }),
      ]);
      expect(JSON.stringify(list.result)).not.toContain('oDemo_wx');
      expect((await post(`${P}/accountSecurity/bindList`, {}, 'teacher01')).result).toEqual([]);
    });

    it('unbinds the caller’s account of one platform, once', async () => {
      const res = await post(`${P}/accountSecurity/removeBind`, { source: 'wechat' }, 'student01');
      expect(res).toMatchObject({
        http: 200,
        status: 1000,
        msg: BIND_TEXTS.unbound,
        result: { source: 'wechat', removed: true },
      });
      expect(await sources('student01')).toEqual(['dingtalk']);
      expect(await post(`${P}/accountSecurity/removeBind`, { source: 'wechat' }, 'student01')).toMatchObject({
        http: 404,
        msg: BIND_TEXTS.notBound,
      });
      // The seed runs on every start: a binding the student removed stays removed.
      await seed(t.db.db);
      expect(await sources('student01')).toEqual(['dingtalk']);
    });

    it('refuses anonymous callers, unknown platforms and bad input', async () => {
      expect(await post(`${P}/accountSecurity/removeBind`, { source: 'dingtalk' })).toMatchObject({ http: 401 });
      expect(await post(`${P}/accountSecurity/removeBind`, { tenantId: T, source: 'dingtalk' })).toMatchObject({
        http: 401,
      });
      expect(await post(`${P}/accountSecurity/removeBind`, { source: 'myspace' }, 'student01')).toMatchObject({
        http: 400,
        msg: BIND_TEXTS.badSource,
      });
      expect(await post(`${P}/accountSecurity/removeBind`, { source: 42 }, 'student01')).toMatchObject({
        http: 400,
        msg: BIND_TEXTS.badSource,
      });
      expect(await post(`${P}/accountSecurity/removeBind`, {}, 'student01')).toMatchObject({
        http: 400,
        msg: BIND_TEXTS.badSource,
      });
      expect(await post(`${P}/accountSecurity/removeBind`, { source: 'qq' }, 'student01')).toMatchObject({
        http: 404,
        msg: BIND_TEXTS.notBound,
      });
      expect(await sources('student01')).toEqual(['dingtalk']);
    });

    it('touches only the caller’s own bindings in the caller’s tenant', async () => {
      // Naming another tenant is refused; a user of another tenant with the same account name unbinds only theirs.
      expect(
        await post(`${P}/accountSecurity/removeBind`, { tenantId: B, source: 'wechat' }, 'student01'),
      ).toMatchObject({ http: 403, msg: MESSAGES.wrongTenant });
      expect(
        await post(`${P}/accountSecurity/removeBind`, { tenantId: T, source: 'dingtalk' }, 'studentB'),
      ).toMatchObject({ http: 403, msg: MESSAGES.wrongTenant });
      expect(await post(`${P}/accountSecurity/removeBind`, { source: 'dingtalk' }, 'studentB')).toMatchObject({
        http: 404,
        msg: BIND_TEXTS.notBound,
      });
      expect(await sources('student01')).toEqual(['dingtalk']);
      expect(await sources('studentB')).toEqual(['wechat']);
      expect((await post(`${P}/accountSecurity/removeBind`, { source: 'wechat' }, 'studentB')).result).toEqual({
        source: 'wechat',
        removed: true,
      });
      expect(await sources('studentB')).toEqual([]);
      expect(await sources('student01')).toEqual(['dingtalk']);
      // Another user of the same tenant cannot unbind the student's account: teacher01 has none to remove.
      expect(await post(`${P}/accountSecurity/removeBind`, { source: 'dingtalk' }, 'teacher01')).toMatchObject({
        http: 404,
      });
      expect(await sources('student01')).toEqual(['dingtalk']);
    });
  });

  describe('serviceInfo/upload', () => {
    type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };
    const upload = async (who: string | null, parts: Part[], query = '') => {
      const boundary = '----svcicon';
      const chunks = parts.flatMap((p) =>
        'data' in p
          ? [
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
              ),
              p.data,
              Buffer.from('\r\n'),
            ]
          : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`)],
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `${P}/serviceInfo/upload${query}`,
        headers: { ...(who ? bearer(tokens[who]!) : {}), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
      });
      return { http: res.statusCode, ...res.json() };
    };
    const file = (data: Buffer, filename = 'icon.png', type?: string): Part => ({
      name: 'file',
      filename,
      data,
      ...(type ? { type } : {}),
    });
    const stored = (tenant = T) => {
      const dir = join(dataDir, 'files', 'workbench', tenant);
      return existsSync(dir) ? readdirSync(dir).sort() : [];
    };
    const details = async (serviceId: string) =>
      (await post(`${P}/serverCenter/details`, { serviceId }, 'admin')).result;

    it('refuses anonymous callers and users without a service configuration menu', async () => {
      expect(await upload(null, [file(PNG)])).toMatchObject({ http: 401 });
      expect(await upload('student01', [file(PNG)])).toMatchObject({ http: 403, msg: MESSAGES.forbidden });
      expect(await upload('teacher01', [file(PNG)])).toMatchObject({ http: 403, msg: MESSAGES.forbidden });
      expect(await upload('studentB', [file(PNG)])).toMatchObject({ http: 403 });
      expect(stored()).toEqual([]);
    });

    it('stores png, jpg, gif and webp icons by their bytes under DATA_DIR and serves them', async () => {
      for (const [data, ext] of [
        [PNG, 'png'],
        [JPEG, 'jpg'],
        [GIF, 'gif'],
        [WEBP, 'webp'],
      ] as const) {
        const res = await upload('admin', [file(data, `图标.${ext}`)]);
        expect(res).toMatchObject({
          http: 200,
          status: 1000,
          result: { fileName: `图标.${ext}`, size: data.length, serviceId: null },
        });
        expect(res.result.url).toMatch(
          new RegExp(`^/api/online-service-platform/nobody/common/image/${T}/[0-9a-f-]{36}\\.${ext}$`),
        );
        const img = await t.app.inject({ method: 'GET', url: res.result.url });
        expect(img.statusCode).toBe(200);
        expect(img.rawPayload.equals(data)).toBe(true);
      }
      expect(stored()).toHaveLength(4);
      // The name says .svg, the bytes say PNG: stored and served as PNG.
      const renamed = await upload('admin', [file(PNG, 'icon.svg', 'image/svg+xml')]);
      expect(renamed.result.url).toMatch(/\.png$/);
      expect((await t.app.inject({ method: 'GET', url: renamed.result.url })).headers['content-type']).toBe(
        'image/png',
      );
    });

    it('refuses SVG (scripts), other content, empty and oversized files, and requests without a file', async () => {
      const before = stored();
      expect(await upload('admin', [file(SVG, 'icon.svg', 'image/svg+xml')])).toMatchObject({
        http: 400,
        msg: WORKBENCH_MESSAGES.badImage,
      });
      expect(await upload('admin', [file(SVG, 'icon.png', 'image/png')])).toMatchObject({
        http: 400,
        msg: WORKBENCH_MESSAGES.badImage,
      });
      expect(
        await upload('admin', [file(Buffer.from('<html><script>alert(1)</script></html>'), 'a.gif')]),
      ).toMatchObject({ http: 400, msg: WORKBENCH_MESSAGES.badImage });
      expect(await upload('admin', [file(Buffer.alloc(0), 'empty.png')])).toMatchObject({
        http: 400,
        msg: WORKBENCH_MESSAGES.noImage,
      });
      expect(
        await upload('admin', [file(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'big.png')]),
      ).toMatchObject({ http: 413, msg: WORKBENCH_MESSAGES.imageTooLarge });
      expect(await upload('admin', [{ name: 'serviceId', value: SERVICE.id }])).toMatchObject({
        http: 400,
        msg: WORKBENCH_MESSAGES.noImage,
      });
      expect(await post(`${P}/serviceInfo/upload`, { serviceId: SERVICE.id }, 'admin')).toMatchObject({
        http: 400,
        msg: WORKBENCH_MESSAGES.noImage,
      });
      expect(stored()).toEqual(before);
    });

    it('sets the icon of a named service of the caller’s tenant', async () => {
      const res = await upload('admin', [{ name: 'serviceId', value: SERVICE.id }, file(PNG)]);
      expect(res).toMatchObject({ http: 200, result: { serviceId: SERVICE.id } });
      expect((await details(SERVICE.id)).serviceIcon).toBe(res.result.url);
      // Visitors see the new icon too, and can load it without a token.
      const anon = await post(`${P}/serverCenter/customDetails`, { tenantId: T, serviceId: SERVICE.id });
      expect(anon.result.serviceIcon).toBe(res.result.url);
      expect((await t.app.inject({ method: 'GET', url: anon.result.serviceIcon })).statusCode).toBe(200);
    });

    it('refuses unknown services and bad fields before storing anything', async () => {
      const before = stored();
      expect(await upload('admin', [{ name: 'serviceId', value: 'no-such-service' }, file(PNG)])).toMatchObject({
        http: 404,
        msg: SERVICE_TEXTS.noSuchService,
      });
      expect(await upload('admin', [{ name: 'serviceId', value: 'x'.repeat(65) }, file(PNG)])).toMatchObject({
        http: 400,
        msg: SERVICE_TEXTS.idTooLong,
      });
      expect(await upload('admin', [{ name: 'serviceId', value: 'a\u0001b' }, file(PNG)])).toMatchObject({
        http: 400,
        msg: SERVICE_TEXTS.controlCharacters,
      });
      expect(
        await upload('admin', [
          { name: 'serviceId', value: SERVICE.id },
          { name: 'serviceId', value: SERVICE.id },
          file(PNG),
        ]),
      ).toMatchObject({ http: 400 });
      expect(stored()).toEqual(before);
    });

    it('refuses other tenants: a tenantId that is not the token’s, and services of another tenant', async () => {
      const before = stored();
      const iconBefore = (await details(SERVICE.id)).serviceIcon;
      expect(await upload('admin', [file(PNG)], `?tenantId=${B}`)).toMatchObject({
        http: 403,
        msg: MESSAGES.wrongTenant,
      });
      expect(await upload('admin', [{ name: 'tenantId', value: B }, file(PNG)])).toMatchObject({
        http: 403,
        msg: MESSAGES.wrongTenant,
      });
      // An administrator of tenant B (processServiceCenterConfig) cannot reach tenant A's service …
      expect(await upload('adminB', [{ name: 'serviceId', value: SERVICE.id }, file(PNG)])).toMatchObject({
        http: 404,
        msg: SERVICE_TEXTS.noSuchService,
      });
      expect((await details(SERVICE.id)).serviceIcon).toBe(iconBefore);
      expect(stored()).toEqual(before);
      // … and what they upload is stored and named under their own tenant.
      const theirs = await upload('adminB', [file(GIF, 'b.gif')]);
      expect(theirs.result.url).toContain(`/nobody/common/image/${B}/`);
      expect(stored(B)).toHaveLength(1);
      expect(stored()).toEqual(before);
    });
  });
});
