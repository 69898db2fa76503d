import {
  CHAT_TEXTS,
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_RECEIPT_STORED,
  TO_USER_TYPE_GROUP,
  type SeenFrame,
  type ServerFrame,
} from '@portal/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { messageOf, receiptOf, seedOtherTenant, TestChatClient } from './chat-test-client.ts';

const [ADMIN, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];

/** The read marker that mentions one message (by its client id). */
const seenOf = (messageIdWeb: string) => (f: ServerFrame) =>
  f.kind === 'seen' && f.messages.some((m) => m.messageIdWeb === messageIdWeb);
const countOf = (f: ServerFrame, messageIdWeb: string) =>
  (f as SeenFrame).messages.find((m) => m.messageIdWeb === messageIdWeb);

/** Read state (issue 14): read markers one to one and in groups, the privacy setting, unread counts on every device. */
describe.each(testDatabases)('chat read state on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const clients: TestChatClient[] = [];
  const connect = async (account: string, opts: Parameters<typeof TestChatClient.connect>[1] = {}) => {
    const c = await TestChatClient.connect(t.app, { token: tokens[account], ...opts });
    clients.push(c);
    return c;
  };
  const post = async (account: string, url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const unread = async (account: string, jid: string) =>
    ((await post(account, '/api/chat/lastChatList')).result as Array<{ jid: string; unreadNumber: number }>).find(
      (e) => e.jid === jid,
    )?.unreadNumber;
  const historyOf = async (account: string, peerId: string) =>
    (await post(account, '/api/chat/history', { peerId })).result.records as Array<{
      message: { messageId: string; messageIdWeb: string };
      readCount?: number;
      memberCount?: number;
      delivered?: boolean;
    }>;
  const stored = async (c: TestChatClient, webId: string) =>
    ((await c.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId))) as { messageId: string }).messageId;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    const other = await seedOtherTenant(t.db.db, '100004');
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
  });

  it('one to one: sending → delivered (26) → read (a seen marker on every device of the sender), once, and in history and readers', async () => {
    const teacher = await connect('teacher01');
    const teacherPhone = await connect('teacher01', { resource: 'android' });
    const student = await connect('student01');
    const studentPhone = await connect('student01', { resource: 'android' });

    const w1 = teacher.say(STUDENT, '明天交作业');
    const w2 = teacher.say(STUDENT, '别忘了');
    const id1 = await stored(teacher, w1);
    await stored(teacher, w2);
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_DELIVERED, w2));
    await student.next(messageOf((c) => c === '别忘了'));
    expect(await unread('student01', TEACHER)).toBe(2);
    expect(teacher.frames.some((f) => f.kind === 'seen')).toBe(false);
    expect((await historyOf('teacher01', STUDENT)).find((r) => r.message.messageIdWeb === w1)).toMatchObject({
      delivered: true,
      readCount: 0,
      memberCount: 1,
    });

    // The student opens the conversation on the computer: the teacher's devices learn both were read.
    student.send({ kind: 'read', peerId: TEACHER });
    for (const c of [teacher, teacherPhone]) {
      const seen = await c.next(seenOf(w1));
      expect(seen).toMatchObject({ kind: 'seen', peerId: STUDENT, readerId: STUDENT, readerName: '张同学' });
      expect(countOf(seen, w1)).toMatchObject({ messageId: id1, readCount: 1, memberCount: 1 });
      expect(countOf(seen, w2)).toMatchObject({ readCount: 1, memberCount: 1 });
    }
    // The student's other device's unread count follows; the list says 0.
    expect(await studentPhone.next((f) => f.kind === 'read' && f.peerId === TEACHER)).toBeTruthy();
    expect(await unread('student01', TEACHER)).toBe(0);
    // A reloaded page of the teacher shows "read"; the readers list names the student.
    expect((await historyOf('teacher01', STUDENT)).find((r) => r.message.messageIdWeb === w1)).toMatchObject({
      readCount: 1,
      memberCount: 1,
    });
    const readers = await post('teacher01', '/api/chat/message/readers', { messageId: id1 });
    expect(readers).toMatchObject({
      status: 1000,
      result: {
        messageId: id1,
        readCount: 1,
        memberCount: 1,
        readers: [{ userId: STUDENT, userName: '张同学' }],
        unread: [],
      },
    });
    // Only the sender asks; another tenant does not find it.
    expect(await post('student01', '/api/chat/message/readers', { messageId: id1 })).toMatchObject({
      http: 403,
      msg: CHAT_TEXTS.readersSenderOnly,
    });
    // Asked about, not recalled: the refusal says so (it said 要撤回的消息不存在).
    expect(await post('other', '/api/chat/message/readers', { messageId: id1 })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.messageMissing,
    });
    expect(await post('teacher01', '/api/chat/message/readers', { messageId: 'x' })).toMatchObject({
      http: 404,
      msg: '消息不存在或已撤回',
    });

    // Reading again (the other device, or HTTP) tells nobody anything new.
    expect(await post('student01', '/api/chat/conversation/read', { peerId: TEACHER })).toMatchObject({
      result: { read: 0 },
    });
    const w3 = teacher.say(STUDENT, '第三条');
    await stored(teacher, w3);
    await student.next(messageOf((c) => c === '第三条'));
    expect(await post('student01', '/api/chat/conversation/read', { peerId: TEACHER })).toMatchObject({
      result: { read: 1 },
    });
    const third = await teacher.next((f) => f.kind === 'seen');
    expect((third as SeenFrame).messages.map((m) => m.messageIdWeb)).toEqual([w3]);
    // The reader's own messages never produce a marker to himself.
    const back = student.say(TEACHER, '收到');
    await stored(student, back);
    await teacher.next(messageOf((c) => c === '收到'));
    teacher.send({ kind: 'read', peerId: STUDENT });
    expect(countOf(await student.next(seenOf(back)), back)).toMatchObject({ readCount: 1 });
    expect(student.frames.filter((f) => f.kind === 'seen').every((f) => (f as SeenFrame).readerId === TEACHER)).toBe(
      true,
    );
    await Promise.all([teacher.close(), teacherPhone.close(), student.close(), studentPhone.close()]);
  });

  it('a group: read by N of M with the list; a member who left is not counted', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const admin = await connect('admin');
    const created = await post('teacher01', '/api/chat/group/create', {
      name: '已读测试群',
      memberIds: [STUDENT, ADMIN],
    });
    const groupId = created.result.id as string;
    const webId = 'group-read-1';
    teacher.send({
      kind: 'message',
      messageIdWeb: webId,
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '请大家确认',
    });
    const messageId = await stored(teacher, webId);
    await student.next(messageOf((c) => c === '请大家确认'));
    await admin.next(messageOf((c) => c === '请大家确认'));
    expect((await historyOf('teacher01', groupId)).find((r) => r.message.messageIdWeb === webId)).toMatchObject({
      readCount: 0,
      memberCount: 2,
    });

    student.send({ kind: 'read', peerId: groupId });
    const first = await teacher.next(seenOf(webId));
    expect(first).toMatchObject({ peerId: groupId, readerId: STUDENT });
    expect(countOf(first, webId)).toMatchObject({ messageId, readCount: 1, memberCount: 2 });
    expect(await post('teacher01', '/api/chat/message/readers', { messageId })).toMatchObject({
      result: {
        readCount: 1,
        memberCount: 2,
        readers: [{ userId: STUDENT }],
        unread: [{ userId: ADMIN, userName: '系统管理员' }],
      },
    });
    // A member other than the sender is not told (markers go to the sender only).
    await admin.roundTrip();
    expect(admin.frames.some((f) => f.kind === 'seen')).toBe(false);

    expect(await post('admin', '/api/chat/conversation/read', { peerId: groupId })).toMatchObject({
      result: { read: 1 },
    });
    expect(countOf(await teacher.next(seenOf(webId)), webId)).toMatchObject({ readCount: 2, memberCount: 2 });

    // The administrator leaves: he is counted neither among the readers nor among the members.
    expect(await post('admin', '/api/chat/group/quit', { groupId })).toMatchObject({ status: 1000 });
    expect((await historyOf('teacher01', groupId)).find((r) => r.message.messageIdWeb === webId)).toMatchObject({
      readCount: 1,
      memberCount: 1,
    });
    expect(await post('teacher01', '/api/chat/message/readers', { messageId })).toMatchObject({
      result: { readCount: 1, memberCount: 1, readers: [{ userId: STUDENT }], unread: [] },
    });
    await Promise.all([teacher.close(), student.close(), admin.close()]);
  });

  it('the privacy setting: on by default; turned off, reads still clear unread counts but the sender is not told and they are not counted', async () => {
    expect(await post('admin', '/api/chat/privacy')).toMatchObject({ status: 1000, result: { readReceipts: true } });
    expect(await post('admin', '/api/chat/privacy/save', { readReceipts: false })).toMatchObject({
      status: 1000,
      result: { readReceipts: false },
    });
    expect(await post('admin', '/api/chat/privacy')).toMatchObject({ result: { readReceipts: false } });
    expect(await post('admin', '/api/chat/privacy/save', { readReceipts: 'no' })).toMatchObject({ http: 400 });
    // One user's setting is not another's.
    expect(await post('teacher01', '/api/chat/privacy')).toMatchObject({ result: { readReceipts: true } });

    const teacher = await connect('teacher01');
    const admin = await connect('admin');
    const quiet = teacher.say(ADMIN, '管理员请看');
    const quietId = await stored(teacher, quiet);
    await admin.next(messageOf((c) => c === '管理员请看'));
    expect(await unread('admin', TEACHER)).toBe(1);
    expect(await post('admin', '/api/chat/conversation/read', { peerId: TEACHER })).toMatchObject({
      result: { read: 1 },
    });
    expect(await unread('admin', TEACHER)).toBe(0);
    expect((await historyOf('teacher01', ADMIN)).find((r) => r.message.messageIdWeb === quiet)).toMatchObject({
      readCount: 0,
      memberCount: 1,
    });
    expect(await post('teacher01', '/api/chat/message/readers', { messageId: quietId })).toMatchObject({
      result: { readCount: 0, readers: [], unread: [{ userId: ADMIN }] },
    });

    // Turned on again: the next read is told, and only what is read from now on (the quiet one stays unsaid).
    expect(await post('admin', '/api/chat/privacy/save', { readReceipts: true })).toMatchObject({
      result: { readReceipts: true },
    });
    const loud = teacher.say(ADMIN, '这条可以显示已读');
    await stored(teacher, loud);
    await admin.next(messageOf((c) => c === '这条可以显示已读'));
    admin.send({ kind: 'read', peerId: TEACHER });
    const seen = (await teacher.next((f) => f.kind === 'seen')) as SeenFrame;
    expect(seen.messages.map((m) => m.messageIdWeb)).toEqual([loud]);
    expect(teacher.frames.some((f) => f.kind === 'seen' && f.messages.some((m) => m.messageIdWeb === quiet))).toBe(
      false,
    );
    await Promise.all([teacher.close(), admin.close()]);
  });
});
