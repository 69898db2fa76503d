import { CHAT_TEXTS, MSG_TYPE_RECEIPT_STORED, TO_USER_TYPE_GROUP, type ServerFrame } from '@portal/contracts/chat';
import { MESSAGES } from '@portal/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { messageOf, receiptOf, seedOtherTenant, TestChatClient } from './chat-test-client.ts';

const [ADMIN, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];

const mutedOf = (peerId: string) => (f: ServerFrame) => f.kind === 'muted' && f.peerId === peerId;

/** Muting a conversation (免打扰, issue 14): per user, kept, told to every device; unread still counts quietly. */
describe.each(testDatabases)('chat mute on %s', (engine) => {
  let t: TestApp;
  let OTHER_USER = '';
  const tokens: Record<string, string> = {};
  const clients: TestChatClient[] = [];
  const connect = async (account: string, opts: Parameters<typeof TestChatClient.connect>[1] = {}) => {
    const c = await TestChatClient.connect(t.app, { token: tokens[account], ...opts });
    clients.push(c);
    return c;
  };
  const post = async (account: string, url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: unknown }) };
  };
  const entry = async (account: string, jid: string) =>
    (
      (await post(account, '/api/chat/lastChatList')).result as Array<{
        jid: string;
        unreadNumber: number;
        muted?: boolean;
      }>
    ).find((e) => e.jid === jid);

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    const other = await seedOtherTenant(t.db.db, '100005');
    OTHER_USER = other.userId;
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
  });

  it('a user mutes a conversation: kept for them only, every device told, and its messages still count unread', async () => {
    const student = await connect('student01');
    const studentPhone = await connect('student01', { resource: 'android' });
    const teacher = await connect('teacher01');
    const w = teacher.say(STUDENT, '第一条');
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, w));
    await student.next(messageOf((c) => c === '第一条'));
    expect(await entry('student01', TEACHER)).toMatchObject({ muted: false, unreadNumber: 1 });

    expect(await post('student01', '/api/chat/conversation/mute', { peerId: TEACHER, muted: true })).toMatchObject({
      http: 200,
      status: 1000,
    });
    for (const c of [student, studentPhone]) expect(await c.next(mutedOf(TEACHER))).toMatchObject({ muted: true });
    await teacher.roundTrip();
    expect(teacher.frames.some((f) => f.kind === 'muted')).toBe(false);

    teacher.say(STUDENT, '第二条');
    await student.next(messageOf((c) => c === '第二条'));
    // Muted, the conversation keeps counting, quietly; the other side is not muted.
    expect(await entry('student01', TEACHER)).toMatchObject({ muted: true, unreadNumber: 2 });
    expect(await entry('teacher01', STUDENT)).toMatchObject({ muted: false });

    expect(await post('student01', '/api/chat/conversation/mute', { peerId: TEACHER, muted: false })).toMatchObject({
      status: 1000,
    });
    expect(await studentPhone.next(mutedOf(TEACHER))).toMatchObject({ muted: false });
    expect(await entry('student01', TEACHER)).toMatchObject({ muted: false, unreadNumber: 2 });
  });

  it('mutes a group, or a person not yet written to (the conversation is kept muted for the first message)', async () => {
    const created = await post('teacher01', '/api/chat/group/create', { name: '免打扰群', memberIds: [STUDENT] });
    const groupId = (created.result as { id: string }).id;
    expect(await post('student01', '/api/chat/conversation/mute', { peerId: groupId, muted: true })).toMatchObject({
      status: 1000,
    });
    expect(await entry('student01', groupId)).toMatchObject({ muted: true });
    expect(await entry('teacher01', groupId)).toMatchObject({ muted: false });

    expect(await post('admin', '/api/chat/conversation/mute', { peerId: STUDENT, muted: true })).toMatchObject({
      status: 1000,
    });
    const admin = await connect('admin');
    const student = await connect('student01');
    const w = student.say(ADMIN, '老师好');
    await student.next(receiptOf(MSG_TYPE_RECEIPT_STORED, w));
    await admin.next(messageOf((c) => c === '老师好'));
    expect(await entry('admin', STUDENT)).toMatchObject({ muted: true, unreadNumber: 1 });
  });

  it('a mention reaches a member who muted the group: structured, members only, and their list says so until read', async () => {
    const created = await post('teacher01', '/api/chat/group/create', { name: '@测试群', memberIds: [STUDENT, ADMIN] });
    const groupId = (created.result as { id: string }).id;
    expect(await post('student01', '/api/chat/conversation/mute', { peerId: groupId, muted: true })).toMatchObject({
      status: 1000,
    });
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const admin = await connect('admin');
    const webId = 'mention-1';
    teacher.send({
      kind: 'message',
      messageIdWeb: webId,
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '@张同学 @某人 请交作业',
      // The sender, a stranger of another tenant and twice the same member: only the member stays, once.
      mentions: [STUDENT, TEACHER, 'u-not-there', OTHER_USER, STUDENT],
    });
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    const got = await student.next(messageOf((c) => c.startsWith('@张同学')));
    expect(got).toMatchObject({ message: { mentions: [{ userId: STUDENT, userName: '张同学' }] } });
    expect(await admin.next(messageOf((c) => c.startsWith('@张同学')))).toMatchObject({
      message: { mentions: [{ userId: STUDENT }] },
    });
    expect(await entry('student01', groupId)).toMatchObject({ muted: true, mentioned: true, unreadNumber: 1 });
    expect(await entry('admin', groupId)).toMatchObject({ muted: false, mentioned: false, unreadNumber: 1 });
    const history = (await post('student01', '/api/chat/history', { peerId: groupId })).result as {
      records: Array<{ message: { content: string; mentions?: unknown } }>;
    };
    expect(history.records.at(-1)?.message.mentions).toEqual([{ userId: STUDENT, userName: '张同学' }]);

    // A plain message mentions nobody; one to one, mentions are not kept.
    teacher.send({
      kind: 'message',
      messageIdWeb: 'plain-1',
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '大家好',
    });
    expect((await student.next(messageOf((c) => c === '大家好'))) as { message: object }).not.toHaveProperty(
      'message.mentions',
    );
    teacher.say(STUDENT, '私聊@张同学', { messageIdWeb: 'dm-1', mentions: [STUDENT] });
    expect(await student.next(messageOf((c) => c === '私聊@张同学'))).not.toHaveProperty('message.mentions');

    expect(await post('student01', '/api/chat/conversation/read', { peerId: groupId })).toMatchObject({ status: 1000 });
    expect(await entry('student01', groupId)).toMatchObject({ mentioned: false, unreadNumber: 0 });
  });

  it('refuses a group the user is not in, a stranger of another tenant and a malformed call, never a 500', async () => {
    const created = await post('teacher01', '/api/chat/group/create', { name: '别人的群', memberIds: [ADMIN] });
    const groupId = (created.result as { id: string }).id;
    expect(await post('student01', '/api/chat/conversation/mute', { peerId: groupId, muted: true })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.noSuchGroup,
    });
    expect(await post('other', '/api/chat/conversation/mute', { peerId: TEACHER, muted: true })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.noSuchUser,
    });
    expect(await entry('other', TEACHER)).toBeUndefined();
    const bad = await post('student01', '/api/chat/conversation/mute', { peerId: TEACHER, muted: 'yes' });
    expect(bad.http).toBe(400);
    expect(bad.msg).toBe(MESSAGES.badRequest);
  });
});
