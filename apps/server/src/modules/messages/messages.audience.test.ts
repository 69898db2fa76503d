import { MESSAGES } from '@portal/contracts/errors';
import { UNSAFE_LINK_MESSAGE } from '@portal/contracts/input';
import { MESSAGE_TEXTS } from '@portal/contracts/messages';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID } from '../../db/seed/demo.ts';
import { DEMO_PUBLIC_ACCOUNTS } from '../../db/seed/messaging.ts';
import { bearer, createPeerTestApp, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';

const JWC = DEMO_PUBLIC_ACCOUNTS[0].id;
const P = '/api/blade-platform';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** Issue 11, leaks and integrity of notices: who may read one, what it may carry. */
describe.each(testDatabases)('notice audience, attachments, links and bodies on %s', (engine) => {
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const post = async (account: string, url: string, payload: object = {}) =>
    (await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload })).json();
  const send = (payload: object) => post('admin', `${P}/app/msg/send`, { mpId: JWC, ...payload });
  const detail = (id: string, account?: string, query = `?tenantId=${DEMO_TENANT_ID}`) =>
    t.app.inject({
      method: 'GET',
      url: `${P}/nobody/messageCenter/messageDetail/${id}${query}`,
      headers: account ? bearer(tokens[account]!) : {},
    });
  const upload = async (account: string) => {
    const boundary = '----portalaudience';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="私人照片.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      headers: { ...bearer(tokens[account]!), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    return res.json().result.objectId as string;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-audience-'));
    t = await createTestApp(engine, { dataDir });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('shows a notice for teachers only to teachers and its sender, never to anonymous visitors or students', async () => {
    const limited = (
      await send({ title: '教师考评安排（内部）', body: '<p>仅限教师</p>', roleIds: ['000000-teacher'] })
    ).result.id as string;
    const open = (await send({ title: '全校停电通知', body: '<p>全体</p>' })).result.id as string;

    for (const res of [
      await detail(limited),
      await detail(limited, undefined, ''),
      await detail(limited, 'student01'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ msg: MESSAGE_TEXTS.noSuchNotice, result: null });
      expect(res.body).not.toContain('仅限教师');
    }
    expect((await detail(limited, 'teacher01')).json()).toMatchObject({
      status: 1000,
      result: { title: '教师考评安排（内部）', body: '<p>仅限教师</p>' },
    });
    expect((await detail(limited, 'admin')).json().status).toBe(1000);
    // Addressed to everyone: anyone, logged in or not.
    expect((await detail(open)).json()).toMatchObject({ status: 1000, result: { title: '全校停电通知' } });
    expect((await detail(open, 'student01')).json().status).toBe(1000);
  });

  it("finds a notice in one tenant only: the caller's, the address's, else DEFAULT_TENANT's, and never in a disabled one", async () => {
    const open = (await send({ title: '租户内通知', body: '<p>全体</p>' })).result.id as string;
    // Without a tenant in the address, the one such addresses open on: the demo tenant here.
    expect((await detail(open, undefined, '')).json().status).toBe(1000);
    // A node whose addresses open on another tenant does not find it by its id alone (it did, in any tenant).
    const school = await createPeerTestApp(t, { defaultTenant: '100001' });
    try {
      const res = await school.app.inject({ method: 'GET', url: `${P}/nobody/messageCenter/messageDetail/${open}` });
      expect(res.json().status).not.toBe(1000);
      expect(res.body).not.toContain('租户内通知');
    } finally {
      await school.close();
    }
    await t.db.db.updateTable('tenants').set({ status: 0 }).where('tenant_id', '=', DEMO_TENANT_ID).execute();
    try {
      for (const query of ['', `?tenantId=${DEMO_TENANT_ID}`]) {
        const res = await detail(open, undefined, query);
        expect(res.json(), query).toMatchObject({ status: 403, msg: MESSAGES.tenantDisabled, result: null });
      }
    } finally {
      await t.db.db.updateTable('tenants').set({ status: 1 }).where('tenant_id', '=', DEMO_TENANT_ID).execute();
    }
  });

  it("refuses to attach another user's private chat file to a notice, and takes the administrator's own", async () => {
    const studentFile = await upload('student01');
    const refused = await send({ title: '附件', fileId: studentFile });
    expect(refused).toMatchObject({ status: 400, msg: MESSAGE_TEXTS.noAttachment });
    const own = await upload('admin');
    const sent = await send({ title: '附件', fileId: own });
    expect(sent.status).toBe(1000);
    expect((await detail(sent.result.id)).json().result).toMatchObject({ fileName: '私人照片.png' });
  });

  it('takes only http, https and relative links for a notice, and never hands out a stored unsafe one', async () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      'file:///etc/passwd',
    ]) {
      expect([url, await send({ title: '链接', url })]).toMatchObject([url, { status: 400, msg: UNSAFE_LINK_MESSAGE }]);
    }
    for (const url of [
      'https://jwc.example.edu.cn/a',
      'http://jwc.example.edu.cn/b',
      '/generalDetailsTow?id=1',
      'pages/x.html',
    ]) {
      expect([url, (await send({ title: '链接', url })).status]).toEqual([url, 1000]);
    }
    // A notice stored before links were checked.
    const id = (await send({ title: '旧通知' })).result.id as string;
    await t.db.db.updateTable('notices').set({ url: 'javascript:alert(1)' }).where('message_id', '=', id).execute();
    expect((await detail(id)).json().result.url).toBe('');
    const page = await post('student01', `${P}/app/msg/page`, { mpId: JWC, current: 1, size: 50 });
    expect(page.result.records.find((r: { id: string }) => r.id === id).url).toMatch(/^\/generalDetailsTow\?id=/);
  });

  it('cleans a notice body when it is sent and when it is served', async () => {
    const id = (
      await send({
        title: '正文',
        body: '<p style="color:#f00;position:fixed">好</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
      })
    ).result.id as string;
    const stored = await t.db.db
      .selectFrom('notices')
      .where('message_id', '=', id)
      .select('body')
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe(
      '<p style="color:#f00">好</p><img src="x" /><a target="_blank" rel="noopener noreferrer">x</a>',
    );
    await t.db.db
      .updateTable('notices')
      .set({ body: '<p>旧</p><script>alert(1)</script>' })
      .where('message_id', '=', id)
      .execute();
    expect((await detail(id)).json().result.body).toBe('<p>旧</p>');
  });
});
