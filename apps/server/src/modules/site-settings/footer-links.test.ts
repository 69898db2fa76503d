import { UNSAFE_LINK_MESSAGE } from '@portal/contracts/input';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const O = '/api/online-service-platform';

/** Issue 11: footer and tool links are http, https or paths of this site; nothing else is stored or served. */
describe.each(testDatabases)('footer and tool links on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  const call = async (path: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `${O}/${path}`, headers: bearer(admin), payload })).json();
  const footer = (url: string) => ({
    copyright: '© 2026',
    address: '',
    phone: '',
    email: '',
    links: [{ name: '友情链接', url }],
  });

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await t.login('admin')).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses javascript:, data:, vbscript: and other schemes in footer and tool links', async () => {
    for (const url of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example',
    ]) {
      expect([url, await call('indexfooterinfo/submit', footer(url))]).toMatchObject([
        url,
        { status: 400, msg: UNSAFE_LINK_MESSAGE },
      ]);
      expect([
        url,
        await call('commonTool/save', { tools_name: '工具', tools_url: url, tools_type: 'x' }),
      ]).toMatchObject([url, { status: 400, msg: UNSAFE_LINK_MESSAGE }]);
    }
    for (const url of ['https://www.example.edu.cn', '/serviceHall']) {
      expect((await call('indexfooterinfo/submit', footer(url))).status).toBe(1000);
      expect((await call('indexfooterinfo/detail', {})).result.links).toEqual([{ name: '友情链接', url }]);
    }
  });

  it('leaves out a stored unsafe footer link on every footer answer', async () => {
    const value = JSON.stringify({
      ...footer('javascript:alert(1)'),
      links: [
        { name: '坏', url: 'javascript:alert(1)' },
        { name: '好', url: 'https://ok.example.edu.cn' },
      ],
    });
    await t.db.db
      .updateTable('wb_settings')
      .set({ value })
      .where('tenant_id', '=', DEMO_TENANT_ID)
      .where('key', '=', 'footer')
      .where('owner_id', '=', '')
      .execute();
    const expected = [{ name: '好', url: 'https://ok.example.edu.cn' }];
    expect((await call('indexfooterinfo/detail', {})).result.links).toEqual(expected);
    const pre = await t.app.inject({
      method: 'POST',
      url: `${O}/nobody/preLogin/getFooterInfo`,
      payload: { tenantId: DEMO_TENANT_ID },
    });
    expect(pre.json().result.links).toEqual(expected);
  });
});
