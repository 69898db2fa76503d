import { GUIDE_TEXTS } from '@portal/contracts/guides';
import { SERVICE_TEXTS } from '@portal/contracts/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServices } from '../../db/seed/catalogue.ts';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant } from '../chat/chat-test-client.ts';

const W = '/api/blade-workbench';
const T = DEMO_TENANT_ID;
const OTHER = '100021';

describe.each(testDatabases)('administrators write guides on %s (issue 16)', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = async (account: string | null, path: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${W}${path}`,
      headers: account ? bearer(tokens[account]!) : {},
      payload,
    });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  // A public service without a guide in the demo catalogue, so a visitor and a student can read what is written.
  const service = demoServices().find((s) => !s.hasGuide && s.isPublic)!;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await seedOtherTenant(t.db.db, OTHER);
    for (const a of ['admin', 'student01']) tokens[a] = (await t.login(a)).access_token;
    tokens.otherAdmin = (await t.login('student01', OTHER)).access_token;
  });
  afterAll(async () => t?.close());

  it('writes a cleaned guide that students and visitors then read and find, then deletes it', async () => {
    expect((await post('admin', '/guide/manage/detail', { serviceId: service.id })).result).toEqual({
      serviceId: service.id,
      serviceName: service.name,
      content: '',
      updatedAt: null,
    });
    const html =
      '<h3>所需材料</h3><p onclick="steal()">身份证复印件一份<img src=x onerror="alert(1)"></p><script>alert(1)</script><a href="javascript:alert(1)">办理入口</a><p>办理地点：行政楼一楼窗口玳瑁</p>';
    const saved = await post('admin', '/guide/manage/save', { serviceId: service.id, content: html });
    expect([saved.http, saved.msg]).toEqual([200, GUIDE_TEXTS.saved[0]]);
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:']) expect(saved.result.content).not.toContain(bad);
    expect(saved.result.content).toContain('所需材料');

    const read = await post('student01', '/guide/clientGuideInfo', { serviceId: service.id });
    expect(read.result.content).toBe(saved.result.content);
    const visitor = await post(null, '/nobody/guide/clientGuideInfo', { tenantId: T, serviceId: service.id });
    expect(visitor.result.content).toBe(saved.result.content);
    const found = await post('student01', '/guide/lucene/search', { keyword: '玳瑁', size: 5 });
    expect(found.result.map((h: { serviceId: string }) => h.serviceId)).toContain(service.id);

    const removed = await post('admin', '/guide/manage/remove', { serviceId: service.id });
    expect([removed.http, removed.msg, removed.result]).toEqual([200, GUIDE_TEXTS.removed[0], { removed: true }]);
    expect(await post('student01', '/guide/clientGuideInfo', { serviceId: service.id })).toMatchObject({
      http: 404,
      msg: SERVICE_TEXTS.noGuide,
    });
    expect((await post('student01', '/guide/lucene/search', { keyword: '玳瑁', size: 5 })).result).toEqual([]);
  });

  it('refuses students, other tenants, empty and bad guides, writing nothing', async () => {
    const body = { serviceId: service.id, content: '<p>学生写的指南</p>' };
    expect((await post('student01', '/guide/manage/save', body)).http).toBe(403);
    expect((await post('student01', '/guide/manage/detail', { serviceId: service.id })).http).toBe(403);
    expect((await post(null, '/guide/manage/save', body)).http).toBe(401);
    // The other tenant's administrator-less student holds no menu either; the demo admin cannot reach its services.
    expect((await post('otherAdmin', '/guide/manage/save', body)).http).toBe(403);
    expect(
      await post('admin', '/guide/manage/save', { serviceId: `${OTHER}-svc-001`, content: '<p>x</p>' }),
    ).toMatchObject({
      http: 404,
      msg: SERVICE_TEXTS.noSuchService,
    });
    expect(
      await post('admin', '/guide/manage/save', { serviceId: service.id, content: '<script>x</script><p> </p>' }),
    ).toMatchObject({
      http: 400,
      msg: GUIDE_TEXTS.empty[0],
    });
    for (const bad of [
      {},
      { serviceId: service.id },
      { serviceId: service.id, content: 'x'.repeat(100_001) },
      { serviceId: service.id, content: 'a\u0000b' },
    ])
      expect((await post('admin', '/guide/manage/save', bad)).http).toBe(400);
    expect((await post('admin', '/guide/manage/detail', { serviceId: service.id })).result.content).toBe('');
  });
});
