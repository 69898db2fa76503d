import { MSG_TYPE_NOTICE } from '@portal/contracts/chat';
import { MESSAGES } from '@portal/contracts/errors';
import { STATUS_MESSAGE_DELETED } from '@portal/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { DEMO_PUBLIC_ACCOUNTS } from '../../db/seed/messaging.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant, TestChatClient } from '../chat/chat-test-client.ts';

const [, TEACHER] = DEMO_USERS.map((u) => u.id) as [string, string, string];
const JWC = DEMO_PUBLIC_ACCOUNTS[0].id;
const P = '/api/blade-platform';

/** The notice page of the configuration menu (issue 14): publish to an audience, withdraw, read counts; the menu is checked on the server. */
describe.each(testDatabases)('the notice page on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = async (account: string, url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const row = async (id: string, account = 'admin') =>
    (
      (await post(account, `${P}/app/msg/manage/page`, { current: 1, size: 50 })).result.records as Array<{
        id: string;
      }>
    ).find((r) => r.id === id) as any;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    const other = await seedOtherTenant(t.db.db, '100005');
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('publishes to the chosen roles only, cleaned; the read count rises as recipients open it; withdrawn it opens the deleted page', async () => {
    const options = await post('admin', `${P}/app/msg/manage/options`);
    expect(options.status).toBe(1000);
    expect(options.result.accounts.map((a: { id: string }) => a.id)).toContain(JWC);
    const teacherRole = (options.result.roles as Array<{ id: string; name: string }>).find((r) =>
      r.id.endsWith('-teacher'),
    )!;
    expect(teacherRole).toBeTruthy();

    const teacher = await TestChatClient.connect(t.app, { token: tokens.teacher01 });
    const student = await TestChatClient.connect(t.app, { token: tokens.student01 });
    const published = await post('admin', `${P}/app/msg/manage/publish`, {
      mpId: JWC,
      title: '教师例会通知',
      summary: '周五下午三点',
      body: '<p><strong>请准时参加</strong><script>alert(1)</script><img src=x onerror="alert(2)"></p>',
      important: true,
      roleIds: [teacherRole.id],
    });
    expect(published).toMatchObject({ status: 1000, result: { recipients: 1 } });
    const id = published.result.id as string;
    const arrived = await teacher.next(
      (f) => f.kind === 'message' && f.message.type === MSG_TYPE_NOTICE && f.message.messageId === id,
    );
    expect(arrived).toMatchObject({ message: { fromUserId: JWC } });
    await student.roundTrip();
    expect(student.messages().some((f) => f.message.messageId === id)).toBe(false);

    expect(await row(id)).toMatchObject({
      title: '教师例会通知',
      mpId: JWC,
      important: true,
      everyone: false,
      roleIds: [teacherRole.id],
      recipients: 1,
      readCount: 0,
      withdrawnAt: null,
      createdByName: '系统管理员',
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `${P}/nobody/messageCenter/messageDetail/${id}`,
      headers: bearer(tokens.teacher01!),
    });
    expect(detail.json().result.body).toContain('<strong>请准时参加</strong>');
    expect(detail.json().result.body).not.toMatch(/script|onerror/);

    // The teacher opens it: the count rises.
    expect(await post('teacher01', `${P}/mpManage/readMessage`, { messageId: id, userId: TEACHER })).toMatchObject({
      status: 1000,
    });
    expect(await row(id)).toMatchObject({ readCount: 1, recipients: 1 });

    // Withdrawn: the recipients' detail says it was deleted (the deleted page opens), the page shows when.
    expect(await post('admin', `${P}/app/msg/manage/withdraw`, { id })).toMatchObject({ status: 1000 });
    expect(await post('teacher01', `${P}/messageCenterHistoryMsg/detail`, { id })).toMatchObject({
      status: STATUS_MESSAGE_DELETED,
      msg: MESSAGES.messageDeleted,
    });
    expect((await row(id)).withdrawnAt).toEqual(expect.any(String));
    expect(await post('admin', `${P}/app/msg/manage/withdraw`, { id })).toMatchObject({ http: 404 });

    // Everyone: every user of the tenant.
    const all = await post('admin', `${P}/app/msg/manage/publish`, { mpId: JWC, title: '全校通知' });
    expect(all.result.recipients).toBeGreaterThanOrEqual(3);
    expect(await row(all.result.id)).toMatchObject({ everyone: true, roleIds: [], important: false });
    await Promise.all([teacher.close(), student.close()]);
  });

  it('a withdrawn notice keeps the read count it had (those who never opened it are not counted as readers), and leaves the conversation list', async () => {
    const published = await post('admin', `${P}/app/msg/manage/publish`, { mpId: JWC, title: '撤回前读过的通知' });
    const id = published.result.id as string;
    const recipients = published.result.recipients as number;
    expect(recipients).toBeGreaterThanOrEqual(3);
    const [, , STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];
    expect(await post('student01', `${P}/mpManage/readMessage`, { messageId: id, userId: STUDENT })).toMatchObject({
      status: 1000,
    });
    expect(await row(id)).toMatchObject({ readCount: 1, recipients });
    expect(await post('admin', `${P}/app/msg/manage/withdraw`, { id })).toMatchObject({ status: 1000 });
    expect(await row(id)).toMatchObject({ readCount: 1, recipients, withdrawnAt: expect.any(String) });
    // Nobody's conversation with the account still shows the withdrawn notice as its last message.
    const previews = await t.db.db
      .selectFrom('chat_conversations')
      .where('tenant_id', '=', '000000')
      .where('last_message_id', '=', id)
      .select('last_content')
      .execute();
    expect(previews.length).toBeGreaterThan(0);
    expect(previews.filter((p) => p.last_content !== '')).toEqual([]);
  });

  it('checks the configuration menu on the server; another tenant sees none of it', async () => {
    for (const path of ['page', 'options', 'publish', 'withdraw']) {
      const res = await post('student01', `${P}/app/msg/manage/${path}`, { mpId: JWC, title: 'x', id: 'x' });
      expect(res.http).toBe(403);
    }
    const mine = await post('admin', `${P}/app/msg/manage/publish`, { mpId: JWC, title: '本校通知' });
    const theirs = await post('other', `${P}/app/msg/manage/page`, { current: 1, size: 50 });
    if (theirs.http === 200)
      expect((theirs.result.records as Array<{ id: string }>).some((r) => r.id === mine.result.id)).toBe(false);
    else expect(theirs.http).toBe(403);
    expect((await post('other', `${P}/app/msg/manage/withdraw`, { id: mine.result.id })).http).not.toBe(200);
  });
});
