import {
  CHAT_GROUP_NAME_MAX_LENGTH,
  CHAT_GROUP_NOTICE_MAX_LENGTH,
  CHAT_TEXTS,
  MSG_TYPE_RECEIPT_STORED,
  TO_USER_TYPE_GROUP,
  type GroupEventFrame,
  type ServerFrame,
} from '@portal/contracts/chat';
import { MESSAGES } from '@portal/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { messageOf, receiptOf, seedOtherTenant, TestChatClient } from './chat-test-client.ts';

const [ADMIN, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];

/** The `group` frame of one event about one group. */
const groupEvent = (groupId: string, event: GroupEventFrame['event']) => (f: ServerFrame) =>
  f.kind === 'group' && f.groupId === groupId && f.event === event;

/** Group management beyond members: rename, owner hand-over, leave, dissolve, and the real-time frames of each. */
describe.each(testDatabases)('chat group management on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const clients: TestChatClient[] = [];
  let other: { tenantId: string; userId: string; account: string };

  const connect = async (account: string, opts: Parameters<typeof TestChatClient.connect>[1] = {}) => {
    const c = await TestChatClient.connect(t.app, { token: tokens[account], ...opts });
    clients.push(c);
    return c;
  };
  const call = async (account: string | null, url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: account ? bearer(tokens[account]!) : {}, payload });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const post = async (account: string, url: string, payload: object = {}) => call(account, url, payload);
  const jids = async (account: string) =>
    ((await post(account, '/api/chat/lastChatList')).result as Array<{ jid: string }>).map((e) => e.jid);
  const listEntry = async (account: string, jid: string) =>
    ((await post(account, '/api/chat/lastChatList')).result as Array<{ jid: string; name: string }>).find(
      (e) => e.jid === jid,
    );
  const groupOf = async (account: string, id: string) =>
    (
      (await post(account, '/api/chat/group/list')).result as Array<{
        id: string;
        name: string;
        ownerId: string;
        memberCount: number;
        notice: object | null;
      }>
    ).find((g) => g.id === id);
  const members = async (account: string, groupId: string) =>
    ((await post(account, '/api/chat/group/members', { groupId })).result as Array<{ userId: string }>).map(
      (m) => m.userId,
    );

  /** A group of the teacher with the given members and one message, so everyone has the conversation in their list. */
  const groupWith = async (name: string, memberIds: string[], sender: TestChatClient) => {
    const created = await post('teacher01', '/api/chat/group/create', { name, memberIds });
    expect(created.status).toBe(1000);
    const groupId = created.result.id as string;
    const webId = `${groupId}-hello`;
    sender.send({
      kind: 'message',
      messageIdWeb: webId,
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: `${name} 开张`,
    });
    await sender.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    return groupId;
  };
  const sendToGroup = (c: TestChatClient, groupId: string, content: string) => {
    const webId = `${groupId}-${Math.random().toString(36).slice(2)}`;
    c.send({
      kind: 'message',
      messageIdWeb: webId,
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content,
    });
    return webId;
  };

  beforeAll(async () => {
    // The teacher owns every group here and changes them some 60 times within the minute that one allowance of the
    // group-changing calls counts (platform/rate-limit.ts; the limit is tested in rate-limit.test.ts).
    t = await createTestApp(engine, { rateLimits: { chatGroup: 1000 } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    other = await seedOtherTenant(t.db.db, '100003');
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
  });

  it('members of a new group are told at once, and the group is in every member’s list before its first message', async () => {
    const teacher = await connect('teacher01');
    const teacherPhone = await connect('teacher01', { resource: 'android' });
    const student = await connect('student01');
    const stranger = await connect('other');
    const created = await post('teacher01', '/api/chat/group/create', {
      name: '新建通知群',
      memberIds: [STUDENT, ADMIN],
    });
    expect(created).toMatchObject({ status: 1000, result: { name: '新建通知群', ownerId: TEACHER, memberCount: 3 } });
    const groupId = created.result.id as string;
    for (const c of [student, teacherPhone, teacher]) {
      expect(await c.next(groupEvent(groupId, 'created'))).toMatchObject({
        name: '新建通知群',
        ownerId: TEACHER,
        userIds: expect.arrayContaining([TEACHER, STUDENT, ADMIN]),
        byUserId: TEACHER,
      });
    }
    // The admin was offline: the list they read when they come back holds the group already, with nothing unread.
    for (const account of ['admin', 'student01', 'teacher01']) {
      expect(await listEntry(account, groupId)).toMatchObject({
        name: '新建通知群',
        mpType: 2,
        toUserType: TO_USER_TYPE_GROUP,
        unreadNumber: 0,
        content: '',
        timeSend: expect.any(String),
      });
    }
    expect(await jids('other')).not.toContain(groupId);
    // The first message then comes into the conversation the members already have.
    sendToGroup(teacher, groupId, '第一条');
    await student.next(messageOf((c) => c === '第一条'));
    expect(await listEntry('student01', groupId)).toMatchObject({ content: '第一条', unreadNumber: 1 });
    await stranger.roundTrip();
    expect(stranger.frames.some((f) => f.kind === 'group' && f.groupId === groupId)).toBe(false);
    await Promise.all([teacher.close(), teacherPhone.close(), student.close(), stranger.close()]);
  });

  it('the owner renames the group: trimmed, checked like a new name, and every member’s list shows it at once', async () => {
    const teacher = await connect('teacher01');
    const teacherPhone = await connect('teacher01', { resource: 'android' });
    const student = await connect('student01');
    const admin = await connect('admin');
    const groupId = await groupWith('旧群名', [STUDENT, ADMIN], teacher);
    await student.next(messageOf((c) => c === '旧群名 开张'));

    const renamed = await post('teacher01', '/api/chat/group/rename', { groupId, name: '  期末复习群  ' });
    expect(renamed).toMatchObject({
      http: 200,
      status: 1000,
      result: { id: groupId, name: '期末复习群', ownerId: TEACHER, memberCount: 3 },
    });
    for (const c of [student, admin, teacherPhone, teacher]) {
      expect(await c.next(groupEvent(groupId, 'renamed'))).toMatchObject({
        name: '期末复习群',
        ownerId: TEACHER,
        byUserId: TEACHER,
        byUserName: '李老师',
      });
    }
    for (const account of ['teacher01', 'student01', 'admin']) {
      expect(await listEntry(account, groupId)).toMatchObject({ name: '期末复习群' });
      expect(await groupOf(account, groupId)).toMatchObject({ name: '期末复习群' });
    }
    // New messages carry the new name.
    sendToGroup(teacher, groupId, '改名后的第一条');
    expect(await student.next(messageOf((c) => c === '改名后的第一条'))).toMatchObject({
      message: { toUserName: '期末复习群' },
    });

    // The name is checked as on creation; only the owner may rename; a non-member learns nothing.
    expect(await post('teacher01', '/api/chat/group/rename', { groupId, name: '   ' })).toMatchObject({
      http: 400,
      status: 400,
      msg: CHAT_TEXTS.groupNameRequired,
    });
    expect(await post('teacher01', '/api/chat/group/rename', { groupId })).toMatchObject({
      http: 400,
      msg: CHAT_TEXTS.groupNameRequired,
    });
    expect(
      await post('teacher01', '/api/chat/group/rename', { groupId, name: '名'.repeat(CHAT_GROUP_NAME_MAX_LENGTH + 1) }),
    ).toMatchObject({ http: 400, msg: CHAT_TEXTS.groupNameTooLong });
    expect(await post('teacher01', '/api/chat/group/rename', { groupId, name: '群\u0007名' })).toMatchObject({
      http: 400,
      msg: CHAT_TEXTS.groupNameControl,
    });
    expect(
      await post('teacher01', '/api/chat/group/rename', { groupId, name: '名'.repeat(CHAT_GROUP_NAME_MAX_LENGTH) }),
    ).toMatchObject({ status: 1000 });
    expect(await post('student01', '/api/chat/group/rename', { groupId, name: '学生改的' })).toMatchObject({
      http: 403,
      status: 403,
      msg: CHAT_TEXTS.groupRenameOwnerOnly,
    });
    expect(await call(null, '/api/chat/group/rename', { groupId, name: '匿名' })).toMatchObject({
      http: 401,
      status: 401,
    });
    expect(
      await post('teacher01', '/api/chat/group/rename', { groupId: 'no-such-group', name: '不存在' }),
    ).toMatchObject({ http: 404, msg: CHAT_TEXTS.noSuchGroup });
    expect((await groupOf('student01', groupId))!.name).toBe('名'.repeat(CHAT_GROUP_NAME_MAX_LENGTH));
    await Promise.all([teacher.close(), teacherPhone.close(), student.close(), admin.close()]);
  });

  it('the owner hands the group over: the old owner becomes a plain member and only the new owner manages it', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const groupId = await groupWith('移交群', [STUDENT], teacher);

    expect(await post('student01', '/api/chat/group/transferOwner', { groupId, userId: STUDENT })).toMatchObject({
      http: 403,
      msg: CHAT_TEXTS.groupTransferOwnerOnly,
    });
    expect(await post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: TEACHER })).toMatchObject({
      http: 400,
      msg: CHAT_TEXTS.transferToSelf,
    });
    expect(await post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: ADMIN })).toMatchObject({
      http: 400,
      msg: CHAT_TEXTS.notGroupMember,
    });
    expect(await post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: 'no-such-user' })).toMatchObject(
      { http: 400, msg: CHAT_TEXTS.notGroupMember },
    );

    const handed = await post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: STUDENT });
    expect(handed).toMatchObject({ status: 1000, result: { id: groupId, ownerId: STUDENT, memberCount: 2 } });
    for (const c of [teacher, student])
      expect(await c.next(groupEvent(groupId, 'ownerChanged'))).toMatchObject({
        ownerId: STUDENT,
        userIds: [STUDENT],
        byUserId: TEACHER,
      });
    expect(await groupOf('teacher01', groupId)).toMatchObject({ ownerId: STUDENT });

    // The old owner is a plain member now: he can neither manage nor hand over again, but he can leave.
    expect(await post('teacher01', '/api/chat/group/addMembers', { groupId, memberIds: [ADMIN] })).toMatchObject({
      http: 403,
      msg: CHAT_TEXTS.groupOwnerOnly,
    });
    expect(await post('teacher01', '/api/chat/group/removeMembers', { groupId, memberIds: [STUDENT] })).toMatchObject({
      http: 403,
      msg: CHAT_TEXTS.groupOwnerOnly,
    });
    expect(await post('teacher01', '/api/chat/group/rename', { groupId, name: '老群主改名' })).toMatchObject({
      http: 403,
    });
    expect(await post('teacher01', '/api/chat/group/dissolve', { groupId })).toMatchObject({
      http: 403,
      msg: CHAT_TEXTS.groupDissolveOwnerOnly,
    });
    expect(await post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: STUDENT })).toMatchObject({
      http: 403,
    });
    // The new owner manages it, and both still chat in it.
    expect(await post('student01', '/api/chat/group/addMembers', { groupId, memberIds: [ADMIN] })).toMatchObject({
      status: 1000,
    });
    expect(await teacher.next(groupEvent(groupId, 'membersAdded'))).toMatchObject({
      userIds: [ADMIN],
      byUserId: STUDENT,
    });
    expect(new Set(await members('teacher01', groupId))).toEqual(new Set([TEACHER, STUDENT, ADMIN]));
    sendToGroup(teacher, groupId, '老群主还能发言');
    await student.next(messageOf((c) => c === '老群主还能发言'));
    await Promise.all([teacher.close(), student.close()]);
  });

  it('the owner sets, changes and clears the announcement: every member is told at once, and an offline member reads it from the list', async () => {
    const teacher = await connect('teacher01');
    const teacherPhone = await connect('teacher01', { resource: 'android' });
    const student = await connect('student01');
    const admin = await connect('admin');
    const groupId = await groupWith('公告测试群', [STUDENT, ADMIN], teacher);
    expect(await groupOf('student01', groupId)).toMatchObject({ notice: null });

    const set = await post('teacher01', '/api/chat/group/setNotice', {
      groupId,
      notice: '  周五下午三点在 A101 答疑\n请带好草稿纸  ',
    });
    const text = '周五下午三点在 A101 答疑\n请带好草稿纸';
    expect(set).toMatchObject({
      http: 200,
      status: 1000,
      result: {
        id: groupId,
        name: '公告测试群',
        ownerId: TEACHER,
        memberCount: 3,
        notice: { text, byUserId: TEACHER, byUserName: '李老师' },
      },
    });
    const at = set.result.notice.at as string;
    expect(Number.isNaN(Date.parse(at))).toBe(false);
    for (const c of [student, admin, teacherPhone, teacher]) {
      expect(await c.next(groupEvent(groupId, 'noticeChanged'))).toMatchObject({
        name: '公告测试群',
        ownerId: TEACHER,
        userIds: [],
        byUserId: TEACHER,
        byUserName: '李老师',
        notice: { text, at, byUserId: TEACHER, byUserName: '李老师' },
      });
    }
    for (const account of ['teacher01', 'student01', 'admin'])
      expect(await groupOf(account, groupId)).toMatchObject({ notice: { text, at, byUserName: '李老师' } });
    // Saving the same text again changes nothing and tells nobody.
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: text })).toMatchObject({
      status: 1000,
      result: { notice: { text, at } },
    });

    // The student is offline while the owner changes it; after reconnecting, the list has the new one.
    await student.close();
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: '答疑改到周六上午' })).toMatchObject(
      { status: 1000, result: { notice: { text: '答疑改到周六上午' } } },
    );
    await admin.next(groupEvent(groupId, 'noticeChanged'));
    const back = await connect('student01');
    expect(await groupOf('student01', groupId)).toMatchObject({
      notice: { text: '答疑改到周六上午', byUserId: TEACHER, byUserName: '李老师' },
    });

    // Only the owner sets it; the text is checked (too long, control characters); nothing changed by a refusal.
    expect(await post('student01', '/api/chat/group/setNotice', { groupId, notice: '学生改的公告' })).toMatchObject({
      http: 403,
      status: 403,
      msg: CHAT_TEXTS.groupNoticeOwnerOnly,
    });
    expect(
      await post('teacher01', '/api/chat/group/setNotice', {
        groupId,
        notice: '告'.repeat(CHAT_GROUP_NOTICE_MAX_LENGTH + 1),
      }),
    ).toMatchObject({ http: 400, status: 400, msg: CHAT_TEXTS.groupNoticeTooLong });
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: '公告\u0007响铃' })).toMatchObject({
      http: 400,
      msg: MESSAGES.controlCharacters,
    });
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: '公告\u0000' })).toMatchObject({
      http: 400,
      msg: MESSAGES.controlCharacters,
    });
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId })).toMatchObject({ http: 400, status: 400 });
    expect(await call(null, '/api/chat/group/setNotice', { groupId, notice: '匿名' })).toMatchObject({
      http: 401,
      status: 401,
    });
    expect(
      await post('teacher01', '/api/chat/group/setNotice', { groupId: 'no-such-group', notice: '不存在' }),
    ).toMatchObject({ http: 404, msg: CHAT_TEXTS.noSuchGroup });
    expect(await groupOf('admin', groupId)).toMatchObject({ notice: { text: '答疑改到周六上午' } });
    const longest = '告'.repeat(CHAT_GROUP_NOTICE_MAX_LENGTH);
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: ` ${longest} ` })).toMatchObject({
      status: 1000,
      result: { notice: { text: longest } },
    });
    expect(await back.next(groupEvent(groupId, 'noticeChanged'))).toMatchObject({ notice: { text: longest } });

    // An empty (or blank) text clears it, and everyone is told so.
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: '  \n ' })).toMatchObject({
      status: 1000,
      result: { notice: null },
    });
    for (const c of [back, admin]) {
      let f = await c.next(groupEvent(groupId, 'noticeChanged'));
      while (f.kind === 'group' && f.notice) f = await c.next(groupEvent(groupId, 'noticeChanged'));
      expect(f).toMatchObject({ notice: null, byUserId: TEACHER });
    }
    expect(await groupOf('student01', groupId)).toMatchObject({ notice: null });
    // Clearing what is already clear tells nobody.
    await back.roundTrip();
    const seen = back.frames.length;
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: '' })).toMatchObject({
      status: 1000,
      result: { notice: null },
    });
    await back.roundTrip();
    expect(back.frames.slice(seen).some((f) => f.kind === 'group')).toBe(false);

    // After a hand-over the new owner sets it, the old one cannot.
    await post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: STUDENT });
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: '老群主的公告' })).toMatchObject({
      http: 403,
      msg: CHAT_TEXTS.groupNoticeOwnerOnly,
    });
    expect(await post('student01', '/api/chat/group/setNotice', { groupId, notice: '新群主的公告' })).toMatchObject({
      status: 1000,
      result: { notice: { text: '新群主的公告', byUserId: STUDENT, byUserName: '张同学' } },
    });
    expect(
      await teacher.next(
        (f) =>
          f.kind === 'group' &&
          f.groupId === groupId &&
          f.event === 'noticeChanged' &&
          f.notice?.text === '新群主的公告',
      ),
    ).toMatchObject({ byUserId: STUDENT });
    await Promise.all([teacher.close(), teacherPhone.close(), back.close(), admin.close()]);
  });

  it('runs two hand-overs at the same moment one after the other: exactly one succeeds', async () => {
    const teacher = await connect('teacher01');
    const groupId = await groupWith('并发移交群', [STUDENT, ADMIN], teacher);
    const results = await Promise.all([
      post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: STUDENT }),
      post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: ADMIN }),
    ]);
    expect(results.map((r) => r.status).sort((a, b) => a - b)).toEqual([403, 1000]);
    const winner = results.find((r) => r.status === 1000)!.result.ownerId as string;
    expect((await groupOf('teacher01', groupId))!.ownerId).toBe(winner);
    await teacher.close();
  });

  it('a member leaves: the others are told, the group leaves the leaver’s list on every device; the owner must hand over first', async () => {
    const teacher = await connect('teacher01');
    const studentPc = await connect('student01');
    const studentPhone = await connect('student01', { resource: 'ios' });
    const admin = await connect('admin');
    const groupId = await groupWith('退出测试群', [STUDENT, ADMIN], teacher);
    await studentPc.next(messageOf((c) => c === '退出测试群 开张'));

    const ownerQuits = await post('teacher01', '/api/chat/group/quit', { groupId });
    expect(ownerQuits).toMatchObject({ http: 409, status: 409, msg: CHAT_TEXTS.ownerCannotQuit });
    expect(ownerQuits.msg).toMatch(/转让/);
    expect(new Set(await members('teacher01', groupId))).toEqual(new Set([TEACHER, STUDENT, ADMIN]));

    expect(await post('student01', '/api/chat/group/quit', { groupId })).toMatchObject({ status: 1000 });
    for (const c of [teacher, admin, studentPhone, studentPc])
      expect(await c.next(groupEvent(groupId, 'left'))).toMatchObject({ userIds: [STUDENT], byUserId: STUDENT });
    expect(await jids('student01')).not.toContain(groupId);
    expect(await groupOf('student01', groupId)).toBeUndefined();
    expect(await jids('teacher01')).toContain(groupId);
    expect(new Set(await members('teacher01', groupId))).toEqual(new Set([TEACHER, ADMIN]));
    expect(await groupOf('admin', groupId)).toMatchObject({ memberCount: 2 });

    // Gone is gone: no sending, no receiving, no second leave.
    sendToGroup(studentPc, groupId, '我已经退出了');
    expect(await studentPc.next((f) => f.kind === 'error')).toMatchObject({ status: 404, msg: CHAT_TEXTS.noSuchGroup });
    sendToGroup(teacher, groupId, '学生退出之后');
    await admin.next(messageOf((c) => c === '学生退出之后'));
    await studentPc.roundTrip();
    expect(studentPc.messages().some((f) => f.message.content === '学生退出之后')).toBe(false);
    expect(await post('student01', '/api/chat/group/quit', { groupId })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.noSuchGroup,
    });
    await Promise.all([teacher.close(), studentPc.close(), studentPhone.close(), admin.close()]);
  });

  it('a member removed by the owner is told at once, and the group leaves their list (what they had stays in their history)', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const admin = await connect('admin');
    const groupId = await groupWith('移出测试群', [STUDENT, ADMIN], teacher);
    await student.next(messageOf((c) => c === '移出测试群 开张'));
    expect(await jids('student01')).toContain(groupId);

    expect(await post('teacher01', '/api/chat/group/removeMembers', { groupId, memberIds: [STUDENT] })).toMatchObject({
      status: 1000,
    });
    expect(await student.next(groupEvent(groupId, 'membersRemoved'))).toMatchObject({
      userIds: [STUDENT],
      byUserId: TEACHER,
      name: '移出测试群',
    });
    expect(await admin.next(groupEvent(groupId, 'membersRemoved'))).toMatchObject({ userIds: [STUDENT] });
    expect(await jids('student01')).not.toContain(groupId);
    expect(await jids('admin')).toContain(groupId);
    const kept = await post('student01', '/api/chat/history', { peerId: groupId, pageSize: 100 });
    expect(kept).toMatchObject({ status: 1000 });
    expect(kept.result.records.map((r: { message: { content: string } }) => r.message.content)).toEqual([
      '移出测试群 开张',
    ]);

    // Added back by the owner, the next message brings the conversation back to the list.
    expect(await post('teacher01', '/api/chat/group/addMembers', { groupId, memberIds: [STUDENT] })).toMatchObject({
      status: 1000,
    });
    expect(await student.next(groupEvent(groupId, 'membersAdded'))).toMatchObject({ userIds: [STUDENT] });
    sendToGroup(teacher, groupId, '欢迎回来');
    await student.next(messageOf((c) => c === '欢迎回来'));
    expect(await jids('student01')).toContain(groupId);
    await Promise.all([teacher.close(), student.close(), admin.close()]);
  });

  it('the owner dissolves the group: it leaves every list at once, and its history and calls answer that it was dissolved', async () => {
    const teacher = await connect('teacher01');
    const teacherPhone = await connect('teacher01', { resource: 'ios' });
    const student = await connect('student01');
    const admin = await connect('admin');
    const groupId = await groupWith('解散测试群', [STUDENT], teacher);
    await student.next(messageOf((c) => c === '解散测试群 开张'));
    await post('student01', '/api/chat/conversation/top', { peerId: groupId, top: true });

    expect(await post('student01', '/api/chat/group/dissolve', { groupId })).toMatchObject({
      http: 403,
      msg: CHAT_TEXTS.groupDissolveOwnerOnly,
    });
    expect(await post('admin', '/api/chat/group/dissolve', { groupId })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.noSuchGroup,
    });
    expect(await post('teacher01', '/api/chat/group/dissolve', { groupId })).toMatchObject({
      http: 200,
      status: 1000,
      result: null,
    });
    for (const c of [student, teacherPhone, teacher])
      expect(await c.next(groupEvent(groupId, 'dissolved'))).toMatchObject({ name: '解散测试群', byUserId: TEACHER });
    await admin.roundTrip();
    expect(admin.frames.some((f) => f.kind === 'group' && f.groupId === groupId)).toBe(false);

    for (const account of ['teacher01', 'student01']) {
      expect(await jids(account)).not.toContain(groupId);
      expect(await groupOf(account, groupId)).toBeUndefined();
      const friends = (await post(account, '/api/chat/friends')).result as Array<{ id: string }>;
      expect(friends.map((f) => f.id)).not.toContain(groupId);
      // History and group calls answer with a clear error, never a 500.
      expect(await post(account, '/api/chat/history', { peerId: groupId, pageSize: 30 })).toMatchObject({
        http: 404,
        status: 404,
        msg: CHAT_TEXTS.groupDissolved,
      });
      expect(await post(account, '/api/chat/group/members', { groupId })).toMatchObject({
        http: 404,
        msg: CHAT_TEXTS.groupDissolved,
      });
      expect(await post(account, '/api/chat/group/quit', { groupId })).toMatchObject({
        http: 404,
        msg: CHAT_TEXTS.groupDissolved,
      });
      expect(await post(account, '/api/chat/conversation/top', { peerId: groupId, top: true })).toMatchObject({
        http: 404,
        msg: CHAT_TEXTS.groupDissolved,
      });
    }
    expect(await post('teacher01', '/api/chat/group/rename', { groupId, name: '复活' })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.groupDissolved,
    });
    expect(await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: '解散后的公告' })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.groupDissolved,
    });
    expect(await post('teacher01', '/api/chat/group/dissolve', { groupId })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.groupDissolved,
    });
    expect(await post('teacher01', '/api/chat/group/addMembers', { groupId, memberIds: [ADMIN] })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.groupDissolved,
    });
    // Someone who was never in it learns nothing: the answer an unknown id gets.
    expect(await post('admin', '/api/chat/history', { peerId: groupId, pageSize: 30 })).toMatchObject({
      status: 404,
      msg: CHAT_TEXTS.noSuchUser,
    });
    expect(await post('admin', '/api/chat/group/members', { groupId })).toMatchObject({
      http: 404,
      msg: CHAT_TEXTS.noSuchGroup,
    });

    sendToGroup(student, groupId, '群还在吗');
    expect(await student.next((f) => f.kind === 'error')).toMatchObject({
      status: 404,
      msg: CHAT_TEXTS.groupDissolved,
    });
    // A reconnecting device finds it gone from the list too (its unread count included).
    const studentPhone = await connect('student01', { resource: 'android' });
    await studentPhone.roundTrip();
    const list = (await post('student01', '/api/chat/lastChatList')).result as Array<{
      jid: string;
      unreadNumber: number;
    }>;
    expect(list.map((e) => e.jid)).not.toContain(groupId);
    await Promise.all([teacher.close(), teacherPhone.close(), student.close(), admin.close(), studentPhone.close()]);
  });

  it('a user of another tenant can do nothing to a group, and hears nothing of it', async () => {
    const outsider = await connect('other');
    const teacher = await connect('teacher01');
    const groupId = await groupWith('本校专用群', [STUDENT], teacher);
    for (const [path, body] of [
      ['/api/chat/group/rename', { groupId, name: '外校改名' }],
      ['/api/chat/group/setNotice', { groupId, notice: '外校的公告' }],
      ['/api/chat/group/setNotice', { groupId, notice: '' }],
      ['/api/chat/group/transferOwner', { groupId, userId: other.userId }],
      ['/api/chat/group/dissolve', { groupId }],
      ['/api/chat/group/quit', { groupId }],
      ['/api/chat/group/members', { groupId }],
      ['/api/chat/group/addMembers', { groupId, memberIds: [other.userId] }],
      ['/api/chat/group/removeMembers', { groupId, memberIds: [STUDENT] }],
    ] as const) {
      expect(await post('other', path, body), path).toMatchObject({
        http: 404,
        status: 404,
        msg: CHAT_TEXTS.noSuchGroup,
      });
    }
    expect(await post('other', '/api/chat/history', { peerId: groupId, pageSize: 30 })).toMatchObject({
      status: 404,
      msg: CHAT_TEXTS.noSuchUser,
    });
    // Nor can the owner hand the group to someone of another tenant.
    expect(await post('teacher01', '/api/chat/group/transferOwner', { groupId, userId: other.userId })).toMatchObject({
      http: 400,
      msg: CHAT_TEXTS.notGroupMember,
    });
    expect(await groupOf('teacher01', groupId)).toMatchObject({ name: '本校专用群', ownerId: TEACHER, memberCount: 2 });

    expect(await groupOf('teacher01', groupId)).toMatchObject({ notice: null });
    await post('teacher01', '/api/chat/group/rename', { groupId, name: '本校专用群（新）' });
    await teacher.next(groupEvent(groupId, 'renamed'));
    await post('teacher01', '/api/chat/group/setNotice', { groupId, notice: '仅限本校成员' });
    await teacher.next(groupEvent(groupId, 'noticeChanged'));
    // The other tenant's user of the same account name sees no such group in their own list.
    expect(
      ((await post('other', '/api/chat/group/list')).result as Array<{ id: string }>).map((g) => g.id),
    ).not.toContain(groupId);
    await post('teacher01', '/api/chat/group/dissolve', { groupId });
    await teacher.next(groupEvent(groupId, 'dissolved'));
    await outsider.roundTrip();
    expect(outsider.frames.some((f) => f.kind === 'group')).toBe(false);
    await Promise.all([outsider.close(), teacher.close()]);
  });

  it('answers malformed group calls with a 400 envelope, never a 500', async () => {
    for (const [path, body] of [
      ['/api/chat/group/rename', {}],
      ['/api/chat/group/rename', { groupId: 'g', name: 42 }],
      ['/api/chat/group/transferOwner', { groupId: 'g' }],
      ['/api/chat/group/transferOwner', { groupId: '', userId: STUDENT }],
      ['/api/chat/group/dissolve', { groupId: ['g'] }],
      ['/api/chat/group/quit', {}],
      ['/api/chat/group/setNotice', { groupId: 'g', notice: 42 }],
      ['/api/chat/group/setNotice', { groupId: 'g', notice: null }],
    ] as const) {
      const res = await post('teacher01', path, body);
      expect(res.http, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.status).toBe(400);
      expect(res.msg).not.toBe(MESSAGES.defaultError);
    }
  });
});
