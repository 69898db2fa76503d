import {
  CHAT_CLOSE_CONFLICT,
  CHAT_CLOSE_UNAUTHORIZED,
  CHAT_MAX_FRAME_BYTES,
  CHAT_SEND_BURST,
  CHAT_TEXTS,
  FILE_TRANSFER_HELPER_ID,
  MSG_TYPE_FILE,
  MSG_TYPE_IMAGE,
  MSG_TYPE_INPUT_STATE,
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_RECEIPT_STORED,
  MSG_TYPE_REVOKE,
  TO_USER_TYPE_GROUP,
  type ServerFrame,
} from '@portal/contracts/chat';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { messageOf, receiptOf, seedOtherTenant, TestChatClient } from './chat-test-client.ts';
import { chatRuntime } from './chat.hub.ts';

const [ADMIN, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];

describe.each(testDatabases)('chat over WebSocket on %s', (engine) => {
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const clients: TestChatClient[] = [];
  const connect = async (account: string, opts: Parameters<typeof TestChatClient.connect>[1] = {}) => {
    const c = await TestChatClient.connect(t.app, { token: tokens[account], ...opts });
    clients.push(c);
    return c;
  };
  const post = async (account: string, url: string, payload: object = {}) =>
    (await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload })).json();

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-chat-'));
    t = await createTestApp(engine, { dataDir });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a socket without a token, with a bad token, and one whose first frame is not login', async () => {
    const anonymous = await TestChatClient.connect(t.app);
    anonymous.send({ kind: 'message', messageIdWeb: 'x', toUserId: TEACHER, type: 1, content: 'hi' });
    expect((await anonymous.closed).code).toBe(CHAT_CLOSE_UNAUTHORIZED);

    const forged = await TestChatClient.connect(t.app, { token: 'not-a-token', waitSynced: false });
    const err = await forged.next((f) => f.kind === 'error');
    expect(err).toMatchObject({ status: 401 });
    expect((await forged.closed).code).toBe(CHAT_CLOSE_UNAUTHORIZED);

    const viaFrame = await connect('admin', { viaFrame: true });
    expect(viaFrame.frames[0]).toMatchObject({ kind: 'ready', userId: ADMIN, resource: 'pc' });
    await viaFrame.close();
  });

  it("keeps nothing of an open socket's HTTP upgrade, and no closure or timer of its own (issue 13)", async () => {
    // The upgrade request, seen as the server gets it; only weakly held here.
    let upgrade: WeakRef<IncomingMessage> | undefined;
    const seen = (req: IncomingMessage) => (upgrade = new WeakRef(req));
    t.app.server.once('upgrade', seen);
    const student = await connect('student01', { resource: 'android' });
    const rt = await chatRuntime(t.app);
    const [s] = rt.hub.sessionsOf(DEMO_TENANT_ID, STUDENT).filter((x) => x.resource === 'android');
    if (!s) throw new Error('no session');
    // The TCP socket no longer holds the upgrade's response, and the socket's listeners are the shared ones.
    expect((s.ws as unknown as { _socket: { _httpMessage: unknown } })._socket._httpMessage ?? null).toBeNull();
    const other = await connect('teacher01', { resource: 'android' });
    const [o] = rt.hub.sessionsOf(DEMO_TENANT_ID, TEACHER).filter((x) => x.resource === 'android');
    for (const event of ['message', 'pong', 'close', 'error'] as const) {
      const own = s.ws.listeners(event).filter((l) => !o!.ws.listeners(event).includes(l));
      expect(s.ws.listenerCount(event) - own.length).toBeGreaterThan(0);
      // One of its own: ws's WebSocketServer forgets a closed socket from its client list with a closure.
      expect(own.length).toBe(event === 'close' ? 1 : 0);
    }
    // Nothing retains the upgrade request: after a full collection it is gone.
    await new Promise((r) => setTimeout(r, 10));
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    gc();
    expect(upgrade).toBeDefined();
    expect(upgrade!.deref()).toBeUndefined();
    // The socket still works: a ping is answered, and its heartbeat pong marks it alive.
    student.send({ kind: 'ping', id: 'p1' });
    await student.next((f) => f.kind === 'pong');
    s.alive = false;
    s.ws.ping();
    await expect.poll(() => s.alive).toBe(true);
    await student.close();
    await other.close();
  });

  it('delivers a text message and sends receipts 25 (stored) and 26 (delivered) to the sender', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const webId = teacher.say(STUDENT, '下午三点开会');
    const stored = await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    const got = await student.next(messageOf((c) => c === '下午三点开会'));
    expect(got).toMatchObject({
      kind: 'message',
      message: { fromUserId: TEACHER, toUserId: STUDENT, type: 1, messageIdWeb: webId, jid: `${TEACHER}/pc` },
    });
    if (got.kind !== 'message' || stored.kind !== 'receipt') throw new Error('unexpected frames');
    expect(got.message.messageId).toBe(stored.messageId);
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_DELIVERED, webId));

    const list = await post('student01', '/api/chat/lastChatList');
    const entry = list.result.find((e: { jid: string }) => e.jid === TEACHER);
    expect(entry).toMatchObject({ name: '李老师', unreadNumber: 1, content: '下午三点开会', mpType: 1 });
    await post('student01', '/api/chat/conversation/read', { peerId: TEACHER });
    const after = await post('student01', '/api/chat/lastChatList');
    expect(after.result.find((e: { jid: string }) => e.jid === TEACHER).unreadNumber).toBe(0);
    await Promise.all([teacher.close(), student.close()]);
  });

  it('stores messages for an offline user and delivers them on reconnect, in order and once', async () => {
    const admin = await connect('admin');
    const sent: string[] = [];
    for (let i = 0; i < 25; i++) sent.push(admin.say(STUDENT, `离线消息 ${i}`));
    for (const id of sent) await admin.next(receiptOf(MSG_TYPE_RECEIPT_STORED, id));

    const student = await connect('student01');
    const received = student
      .messages()
      .filter((f) => f.message.fromUserId === ADMIN && f.message.content.startsWith('离线消息'));
    expect(received.map((f) => f.message.content)).toEqual(sent.map((_, i) => `离线消息 ${i}`));
    const seqs = received.map((f) => f.seq!);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    await student.roundTrip();
    await student.close();

    const again = await connect('student01');
    await again.roundTrip();
    expect(again.messages().filter((f) => f.message.content.startsWith('离线消息'))).toHaveLength(0);
    await Promise.all([admin.close(), again.close()]);
  });

  it('stores a resent message once: same messageIdWeb, same messageId, one delivery', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const webId = 'web-resend-1';
    teacher.say(STUDENT, '只应出现一次', { messageIdWeb: webId });
    const first = await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    teacher.say(STUDENT, '只应出现一次', { messageIdWeb: webId });
    const second = await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    if (first.kind !== 'receipt' || second.kind !== 'receipt') throw new Error('unexpected frames');
    expect(second.messageId).toBe(first.messageId);
    await student.roundTrip();
    await teacher.roundTrip();
    expect(student.messages().filter((f) => f.message.messageIdWeb === webId)).toHaveLength(1);
    const page = await post('student01', '/api/chat/history', { peerId: TEACHER, pageSize: 100 });
    expect(
      page.result.records.filter((r: { message: { messageIdWeb: string } }) => r.message.messageIdWeb === webId),
    ).toHaveLength(1);
    await Promise.all([teacher.close(), student.close()]);
  });

  it('revokes a message for both sides; only the sender may revoke', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const webId = teacher.say(STUDENT, '发错了');
    const stored = await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    if (stored.kind !== 'receipt') throw new Error('unexpected frame');
    await student.next(messageOf((c) => c === '发错了'));

    student.send({
      kind: 'message',
      messageIdWeb: 'revoke-by-other',
      toUserId: TEACHER,
      type: MSG_TYPE_REVOKE,
      content: stored.messageId,
    });
    expect(await student.next((f) => f.kind === 'error' && f.messageIdWeb === 'revoke-by-other')).toMatchObject({
      msg: CHAT_TEXTS.revokeDenied,
    });

    teacher.send({
      kind: 'message',
      messageIdWeb: 'revoke-1',
      toUserId: STUDENT,
      type: MSG_TYPE_REVOKE,
      content: stored.messageId,
    });
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, 'revoke-1'));
    const revoke = await student.next(messageOf((c, type) => type === MSG_TYPE_REVOKE && c === stored.messageId));
    expect(revoke).toMatchObject({ message: { fromUserId: TEACHER } });

    for (const [account, peer] of [
      ['student01', TEACHER],
      ['teacher01', STUDENT],
    ] as const) {
      const page = await post(account, '/api/chat/history', { peerId: peer, pageSize: 100 });
      const ids = page.result.records.map((r: { message: { messageId: string } }) => r.message.messageId);
      expect(ids).not.toContain(stored.messageId);
    }
    await Promise.all([teacher.close(), student.close()]);
  });

  it('gives a revoke in the history where the revoked message was, on whichever page holds that message', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const say = async (text: string) => {
      const webId = teacher.say(STUDENT, text);
      const r = await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
      if (r.kind !== 'receipt') throw new Error('unexpected frame');
      return r.messageId;
    };
    await say('撤回之前');
    const target = await say('撤回这条');
    await say('撤回之后');
    teacher.send({
      kind: 'message',
      messageIdWeb: 'revoke-in-place',
      toUserId: STUDENT,
      type: MSG_TYPE_REVOKE,
      content: target,
    });
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, 'revoke-in-place'));
    await student.next(messageOf((c, type) => type === MSG_TYPE_REVOKE && c === target));
    type Item = { seq: number; message: { type: number; content: string } };
    const line = (r: Item) => (r.message.type === MSG_TYPE_REVOKE ? `[撤回 ${r.message.content}]` : r.message.content);

    for (const [account, peer] of [
      ['student01', TEACHER],
      ['teacher01', STUDENT],
    ] as const) {
      const all = (await post(account, '/api/chat/history', { peerId: peer, pageSize: 100 })).result.records as Item[];
      expect(all.map(line).slice(-3)).toEqual(['撤回之前', `[撤回 ${target}]`, '撤回之后']);
      // The revoke is newer than a page of two; the notice comes with the older page that holds the revoked message.
      const newest = (await post(account, '/api/chat/history', { peerId: peer, pageSize: 2 })).result;
      expect(newest.records.map(line)).toEqual(['撤回之后']);
      expect(newest.hasMore).toBe(true);
      const older = (
        await post(account, '/api/chat/history', { peerId: peer, pageSize: 2, beforeSeq: newest.records[0].seq })
      ).result.records as Item[];
      expect(older.map(line)).toEqual(['撤回之前', `[撤回 ${target}]`]);
    }
    await Promise.all([teacher.close(), student.close()]);
  });

  it('pages history oldest first and deletes messages for the caller only', async () => {
    const teacher = await connect('teacher01', { resource: 'ios' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(teacher.say(STUDENT, `历史 ${i}`));
    for (const id of ids) await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, id));
    const newest = await post('student01', '/api/chat/history', { peerId: TEACHER, pageSize: 3 });
    expect(newest.result.hasMore).toBe(true);
    expect(newest.result.records.map((r: { message: { content: string } }) => r.message.content)).toEqual([
      '历史 2',
      '历史 3',
      '历史 4',
    ]);
    const older = await post('student01', '/api/chat/history', {
      peerId: TEACHER,
      pageSize: 2,
      beforeSeq: newest.result.records[0].seq,
    });
    expect(older.result.records.map((r: { message: { content: string } }) => r.message.content)).toEqual([
      '历史 0',
      '历史 1',
    ]);

    const gone = newest.result.records[2].message.messageId;
    expect(await post('student01', '/api/chat/message/delete', { messageIds: [gone] })).toMatchObject({
      result: { deleted: 1 },
    });
    const mine = await post('student01', '/api/chat/history', { peerId: TEACHER, pageSize: 3 });
    expect(mine.result.records.map((r: { message: { messageId: string } }) => r.message.messageId)).not.toContain(gone);
    const theirs = await post('teacher01', '/api/chat/history', { peerId: STUDENT, pageSize: 3 });
    expect(theirs.result.records.map((r: { message: { messageId: string } }) => r.message.messageId)).toContain(gone);

    // The sender's history says which of its one-to-one messages reached a device of the recipient (receipt 26).
    type Item = { delivered?: boolean; message: { content: string } };
    const delivery = async () =>
      Object.fromEntries(
        ((await post('teacher01', '/api/chat/history', { peerId: STUDENT, pageSize: 5 })).result.records as Item[]).map(
          (r) => [r.message.content, r.delivered],
        ),
      );
    expect(await delivery()).toEqual({
      '历史 0': false,
      '历史 1': false,
      '历史 2': false,
      '历史 3': false,
      '历史 4': false,
    });
    expect(newest.result.records.every((r: Item) => r.delivered === undefined)).toBe(true);
    const student = await connect('student01');
    for (const id of ids.slice(0, 4)) await teacher.next(receiptOf(MSG_TYPE_RECEIPT_DELIVERED, id));
    // The one the student deleted before any device of theirs got it was never delivered.
    expect(await delivery()).toEqual({
      '历史 0': true,
      '历史 1': true,
      '历史 2': true,
      '历史 3': true,
      '历史 4': false,
    });
    await Promise.all([teacher.close(), student.close()]);
  });

  it('ends the older session of the same kind with a conflict frame; different kinds all receive', async () => {
    const teacher = await connect('teacher01');
    const pcOld = await connect('student01', { resource: 'pc' });
    const ios = await connect('student01', { resource: 'ios' });
    const pcNew = await connect('student01', { resource: 'pc' });
    expect(await pcOld.next((f) => f.kind === 'conflict')).toMatchObject({ resource: 'pc', msg: CHAT_TEXTS.conflict });
    expect((await pcOld.closed).code).toBe(CHAT_CLOSE_CONFLICT);

    teacher.say(STUDENT, '多端同步');
    await pcNew.next(messageOf((c) => c === '多端同步'));
    await ios.next(messageOf((c) => c === '多端同步'));
    await ios.roundTrip();
    expect(pcOld.messages().some((f) => f.message.content === '多端同步')).toBe(false);

    // The sender's own other device gets a copy; the sending socket does not.
    const teacherMac = await connect('teacher01', { resource: 'mac' });
    const webId = teacher.say(STUDENT, '抄送到我的其他设备');
    await teacherMac.next(messageOf((c) => c === '抄送到我的其他设备'));
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    await teacher.roundTrip();
    expect(teacher.messages().some((f) => f.message.content === '抄送到我的其他设备')).toBe(false);
    await Promise.all([teacher.close(), ios.close(), pcNew.close(), teacherMac.close()]);
  });

  it('fans a group message out to every member; a non-member cannot send to the group', async () => {
    const created = await post('teacher01', '/api/chat/group/create', { name: '课题组', memberIds: [STUDENT] });
    expect(created).toMatchObject({ status: 1000, result: { name: '课题组', memberCount: 2 } });
    const groupId = created.result.id as string;
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const admin = await connect('admin');
    teacher.send({
      kind: 'message',
      messageIdWeb: 'group-1',
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '组会改到周五',
    });
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, 'group-1'));
    expect(await student.next(messageOf((c) => c === '组会改到周五'))).toMatchObject({
      message: { toUserId: groupId, toUserType: 2, toUserName: '课题组' },
    });

    admin.send({
      kind: 'message',
      messageIdWeb: 'group-intruder',
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '我不在群里',
    });
    expect(await admin.next((f) => f.kind === 'error' && f.messageIdWeb === 'group-intruder')).toMatchObject({
      msg: CHAT_TEXTS.noSuchGroup,
    });

    await post('teacher01', '/api/chat/group/addMembers', { groupId, memberIds: [ADMIN] });
    teacher.send({
      kind: 'message',
      messageIdWeb: 'group-2',
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '欢迎管理员',
    });
    await admin.next(messageOf((c) => c === '欢迎管理员'));
    await student.next(messageOf((c) => c === '欢迎管理员'));
    const list = await post('student01', '/api/chat/lastChatList');
    expect(list.result.find((e: { jid: string }) => e.jid === groupId)).toMatchObject({
      mpType: 2,
      toUserType: 2,
      name: '课题组',
    });
    await Promise.all([teacher.close(), student.close(), admin.close()]);
  });

  it('lets only the group owner add and remove members; a removed member neither sends nor receives, and keeps what came before', async () => {
    const created = await post('teacher01', '/api/chat/group/create', { name: '成员管理群', memberIds: [STUDENT] });
    const groupId = created.result.id as string;
    const members = async () =>
      ((await post('teacher01', '/api/chat/group/members', { groupId })).result as Array<{ userId: string }>).map(
        (m) => m.userId,
      );

    // A member who is not the owner is refused; a non-member learns nothing about the group.
    expect(await post('student01', '/api/chat/group/addMembers', { groupId, memberIds: [ADMIN] })).toMatchObject({
      status: 403,
      msg: CHAT_TEXTS.groupOwnerOnly,
    });
    expect(await post('student01', '/api/chat/group/removeMembers', { groupId, memberIds: [TEACHER] })).toMatchObject({
      status: 403,
      msg: CHAT_TEXTS.groupOwnerOnly,
    });
    expect(await post('admin', '/api/chat/group/removeMembers', { groupId, memberIds: [STUDENT] })).toMatchObject({
      status: 404,
      msg: CHAT_TEXTS.noSuchGroup,
    });
    expect(new Set(await members())).toEqual(new Set([TEACHER, STUDENT]));

    expect(
      await post('teacher01', '/api/chat/group/addMembers', { groupId, memberIds: [ADMIN, STUDENT] }),
    ).toMatchObject({ status: 1000 });
    expect(new Set(await members())).toEqual(new Set([TEACHER, STUDENT, ADMIN]));
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    const admin = await connect('admin');
    teacher.send({
      kind: 'message',
      messageIdWeb: 'members-1',
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '三人都在',
    });
    await student.next(messageOf((c) => c === '三人都在'));
    await admin.next(messageOf((c) => c === '三人都在'));

    // The owner cannot remove himself, nor someone who is not in the group.
    expect(await post('teacher01', '/api/chat/group/removeMembers', { groupId, memberIds: [TEACHER] })).toMatchObject({
      status: 400,
      msg: CHAT_TEXTS.ownerNotRemovable,
    });
    const outsider = await post('teacher01', '/api/chat/group/removeMembers', { groupId, memberIds: ['no-such-user'] });
    expect(outsider).toMatchObject({ status: 400, msg: CHAT_TEXTS.notGroupMember });
    expect(await post('teacher01', '/api/chat/group/removeMembers', { groupId, memberIds: [STUDENT] })).toMatchObject({
      status: 1000,
    });
    expect(new Set(await members())).toEqual(new Set([TEACHER, ADMIN]));
    expect(
      (await post('teacher01', '/api/chat/group/list')).result.find((g: { id: string }) => g.id === groupId),
    ).toMatchObject({ memberCount: 2 });

    teacher.send({
      kind: 'message',
      messageIdWeb: 'members-2',
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '学生已移出',
    });
    await admin.next(messageOf((c) => c === '学生已移出'));
    student.send({
      kind: 'message',
      messageIdWeb: 'members-3',
      toUserId: groupId,
      toUserType: TO_USER_TYPE_GROUP,
      type: 1,
      content: '我还能发吗',
    });
    expect(await student.next((f) => f.kind === 'error' && f.messageIdWeb === 'members-3')).toMatchObject({
      status: 404,
      msg: CHAT_TEXTS.noSuchGroup,
    });
    await Promise.all([student.roundTrip(), admin.roundTrip()]);
    expect(student.messages().some((f) => f.message.content === '学生已移出')).toBe(false);
    expect(admin.messages().some((f) => f.message.content === '我还能发吗')).toBe(false);
    const kept = await post('student01', '/api/chat/history', { peerId: groupId, pageSize: 100 });
    expect(kept.result.records.map((r: { message: { content: string } }) => r.message.content)).toEqual(['三人都在']);
    expect(await post('student01', '/api/chat/group/members', { groupId })).toMatchObject({ status: 404 });

    // Removed people can be added back by the owner.
    await post('teacher01', '/api/chat/group/addMembers', { groupId, memberIds: [STUDENT] });
    expect(new Set(await members())).toEqual(new Set([TEACHER, STUDENT, ADMIN]));
    await Promise.all([teacher.close(), student.close(), admin.close()]);
  });

  it('keeps group membership inside the tenant: another tenant can neither edit a group nor be added to one', async () => {
    const other = await seedOtherTenant(t.db.db, '100002');
    tokens.otherOwner = (await t.login(other.account, other.tenantId)).access_token;
    const created = await post('teacher01', '/api/chat/group/create', { name: '本校群', memberIds: [STUDENT] });
    const groupId = created.result.id as string;
    expect(
      await post('otherOwner', '/api/chat/group/addMembers', { groupId, memberIds: [other.userId] }),
    ).toMatchObject({ status: 404, msg: CHAT_TEXTS.noSuchGroup });
    expect(await post('otherOwner', '/api/chat/group/removeMembers', { groupId, memberIds: [STUDENT] })).toMatchObject({
      status: 404,
      msg: CHAT_TEXTS.noSuchGroup,
    });
    expect(await post('teacher01', '/api/chat/group/addMembers', { groupId, memberIds: [other.userId] })).toMatchObject(
      { status: 400, msg: CHAT_TEXTS.noSuchUser },
    );
    expect(
      await post('teacher01', '/api/chat/group/removeMembers', { groupId, memberIds: [other.userId] }),
    ).toMatchObject({ status: 400, msg: CHAT_TEXTS.notGroupMember });

    // The other tenant's own group cannot take this tenant's people either.
    const theirs = await post('otherOwner', '/api/chat/group/create', { name: '外校群', memberIds: [other.userId] });
    expect(theirs).toMatchObject({ status: 1000, result: { memberCount: 1 } });
    expect(
      await post('otherOwner', '/api/chat/group/addMembers', { groupId: theirs.result.id, memberIds: [STUDENT] }),
    ).toMatchObject({ status: 400, msg: CHAT_TEXTS.noSuchUser });
    expect(
      await post('teacher01', '/api/chat/group/removeMembers', {
        groupId: theirs.result.id,
        memberIds: [other.userId],
      }),
    ).toMatchObject({ status: 404 });
    const members = (await post('teacher01', '/api/chat/group/members', { groupId })).result as Array<{
      userId: string;
    }>;
    expect(new Set(members.map((m) => m.userId))).toEqual(new Set([TEACHER, STUDENT]));
  });

  it('never lets users of different tenants message each other', async () => {
    const other = await seedOtherTenant(t.db.db);
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;
    const outsider = await connect('other');
    const student = await connect('student01');

    student.say(other.userId, '跨租户', { messageIdWeb: 'cross-1' });
    expect(await student.next((f) => f.kind === 'error' && f.messageIdWeb === 'cross-1')).toMatchObject({
      status: 404,
      msg: CHAT_TEXTS.noSuchUser,
    });
    outsider.say(STUDENT, '跨租户反向', { messageIdWeb: 'cross-2' });
    expect(await outsider.next((f) => f.kind === 'error' && f.messageIdWeb === 'cross-2')).toMatchObject({
      status: 404,
    });
    await Promise.all([outsider.roundTrip(), student.roundTrip()]);
    expect(outsider.messages()).toHaveLength(0);
    expect(student.messages().some((f) => f.message.content.startsWith('跨租户'))).toBe(false);
    const created = await post('other', '/api/chat/group/create', { name: '混合群', memberIds: [STUDENT] });
    expect(created.status).toBe(400);
    await Promise.all([outsider.close(), student.close()]);

    // Nor read a history with someone of another tenant, or with no one: 404 as conversation/top answers.
    for (const peerId of [other.userId, 'no-such-peer'])
      expect(await post('student01', '/api/chat/history', { peerId, pageSize: 20 })).toMatchObject({
        status: 404,
        msg: CHAT_TEXTS.noSuchUser,
      });
    // A conversation with someone who is there, or with the file helper, has a history, empty or not.
    for (const peerId of [TEACHER, FILE_TRANSFER_HELPER_ID])
      expect(await post('admin', '/api/chat/history', { peerId, pageSize: 20 })).toMatchObject({ status: 1000 });
  });

  it('answers an unknown type and a malformed frame with an error, and closes on an oversized frame', async () => {
    const student = await connect('student01');
    student.send({ kind: 'message', messageIdWeb: 'odd-type', toUserId: TEACHER, type: 77, content: 'x' });
    expect(await student.next((f) => f.kind === 'error' && f.messageIdWeb === 'odd-type')).toMatchObject({
      status: 400,
      msg: CHAT_TEXTS.unknownType,
    });
    student.send({ kind: 'teleport' });
    expect(await student.next((f) => f.kind === 'error')).toMatchObject({ msg: CHAT_TEXTS.unknownType });
    student.ws.send('not json');
    // Not JSON is a malformed frame, not an unknown type.
    expect(await student.next((f) => f.kind === 'error' && f.msg === CHAT_TEXTS.badFrame)).toMatchObject({
      status: 400,
    });

    student.ws.send('x'.repeat(CHAT_MAX_FRAME_BYTES + 1));
    expect((await student.closed).code).toBe(1009);
  });

  it('refuses a sender that floods the socket, and keeps the socket open', async () => {
    const flood = await connect('admin', { resource: 'android' });
    const ids = Array.from({ length: CHAT_SEND_BURST * 2 }, (_, i) => flood.say(TEACHER, `刷屏 ${i}`));
    const refused = await flood.next((f) => f.kind === 'error' && f.status === 429);
    expect(refused).toMatchObject({ msg: CHAT_TEXTS.tooFast });
    expect(ids).toContain((refused as { messageIdWeb: string }).messageIdWeb);
    await flood.roundTrip();
    await flood.close();
  });

  it('tells the people a user chats with when the user comes online and goes offline; others hear nothing', async () => {
    // The student's conversation list (whom their presence is told) holds no conversation with the administrator.
    const adminRow = await t.db.db
      .selectFrom('chat_conversations')
      .where('user_id', '=', STUDENT)
      .where('peer_id', '=', ADMIN)
      .selectAll()
      .executeTakeFirst();
    await t.db.db
      .deleteFrom('chat_conversations')
      .where('user_id', '=', STUDENT)
      .where('peer_id', '=', ADMIN)
      .execute();
    const teacher = await connect('teacher01');
    const admin = await connect('admin');
    let student = await connect('student01');
    // They chat one to one: each is in the other's conversation list.
    student.say(TEACHER, '老师好');
    await teacher.next(messageOf((c) => c === '老师好'));
    await student.close();
    const isStudent = (status: string, resource: string) => (f: ServerFrame) =>
      f.kind === 'presence' && f.userId === STUDENT && f.status === status && f.resource === resource;
    await teacher.next(isStudent('offline', 'pc'));
    student = await connect('student01', { resource: 'android' });
    await teacher.next(isStudent('online', 'android'));
    await admin.roundTrip();
    // The administrator has no conversation with the student.
    expect(admin.frames.some((f) => f.kind === 'presence' && f.userId === STUDENT)).toBe(false);
    await Promise.all([teacher.close(), admin.close(), student.close()]);
    if (adminRow) await t.db.db.insertInto('chat_conversations').values(adminRow).execute();
  });

  it('forwards the input state (200) without storing it', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    teacher.send({
      kind: 'message',
      messageIdWeb: 'typing-1',
      toUserId: STUDENT,
      type: MSG_TYPE_INPUT_STATE,
      content: '',
    });
    const typing = await student.next(
      (f: ServerFrame) => f.kind === 'message' && f.message.type === MSG_TYPE_INPUT_STATE,
    );
    expect(typing).toMatchObject({ seq: null, message: { fromUserId: TEACHER } });
    const page = await post('student01', '/api/chat/history', { peerId: TEACHER, pageSize: 100 });
    expect(
      page.result.records.some((r: { message: { type: number } }) => r.message.type === MSG_TYPE_INPUT_STATE),
    ).toBe(false);
    await Promise.all([teacher.close(), student.close()]);
  });

  it('uploads files with type and size checks; 30001 carries them between the user’s own devices', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const upload = async (name: string, data: Buffer) => {
      const boundary = '----portaltest';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return (
        await t.app.inject({
          method: 'POST',
          url: '/api/chat/upload',
          headers: { ...bearer(tokens.student01!), 'content-type': `multipart/form-data; boundary=${boundary}` },
          payload: body,
        })
      ).json();
    };
    expect(await upload('virus.exe', Buffer.from('MZ'))).toMatchObject({ status: 400, msg: CHAT_TEXTS.badFileType });
    // An upload that is not multipart: the media type is wrong (415), not the content negotiation (406).
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      headers: bearer(tokens.student01!),
      payload: {},
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(notMultipart.json()).toMatchObject({ status: 415, msg: '请求参数不正确' });
    expect(await upload('fake.png', Buffer.from('not an image at all'))).toMatchObject({
      status: 400,
      msg: CHAT_TEXTS.badFileType,
    });
    expect(await upload('big.jpg', Buffer.alloc(10 * 1024 * 1024 + 10, 0xff))).toMatchObject({
      status: 413,
      msg: CHAT_TEXTS.imageTooLarge,
    });
    const image = await upload('课表.png', png);
    expect(image).toMatchObject({
      status: 1000,
      result: { type: MSG_TYPE_IMAGE, fileTypeName: 'png', fileSize: png.length },
    });
    const doc = await upload('培养方案.pdf', Buffer.from('%PDF-1.7 demo'));
    expect(doc.result).toMatchObject({ type: MSG_TYPE_FILE, fileTypeName: 'pdf' });

    const phone = await connect('student01', { resource: 'android' });
    const pc = await connect('student01', { resource: 'pc' });
    phone.send({
      kind: 'message',
      messageIdWeb: 'helper-1',
      toUserId: FILE_TRANSFER_HELPER_ID,
      type: MSG_TYPE_FILE,
      content: '',
      objectId: doc.result.objectId,
    });
    await phone.next(receiptOf(MSG_TYPE_RECEIPT_STORED, 'helper-1'));
    const onPc = await pc.next(messageOf((_c, type) => type === MSG_TYPE_FILE));
    expect(onPc).toMatchObject({
      message: {
        toUserId: FILE_TRANSFER_HELPER_ID,
        content: '培养方案.pdf',
        fileTypeName: 'pdf',
        objectId: doc.result.objectId,
      },
    });

    // The upload answers with a signed link that needs no header (for <img src>); a forged one opens nothing.
    const own = await t.app.inject({ method: 'GET', url: image.result.url });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(png)).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: image.result.url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(404);
    const viaToken = await t.app.inject({
      method: 'GET',
      url: `/api/chat/file/${image.result.objectId}?access_token=${tokens.student01}`,
    });
    expect(viaToken.statusCode).toBe(401);
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/chat/file/${image.result.objectId}`,
      headers: bearer(tokens.teacher01!),
    });
    expect(stranger.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/chat/file/${image.result.objectId}` });
    expect(anonymous.statusCode).toBe(401);

    // Sending the image to the teacher lets the teacher read it.
    pc.send({
      kind: 'message',
      messageIdWeb: 'img-1',
      toUserId: TEACHER,
      type: MSG_TYPE_IMAGE,
      content: '',
      objectId: image.result.objectId,
    });
    await pc.next(receiptOf(MSG_TYPE_RECEIPT_STORED, 'img-1'));
    const allowed = await t.app.inject({
      method: 'GET',
      url: `/api/chat/file/${image.result.objectId}`,
      headers: bearer(tokens.teacher01!),
    });
    expect(allowed.statusCode).toBe(200);
    const link = await post('teacher01', '/api/chat/file/sign', { objectId: image.result.objectId });
    expect((await t.app.inject({ method: 'GET', url: link.result.url })).statusCode).toBe(200);
    // The link names whom it was given to: another name in it breaks the signature, and it stops opening while that
    // user or the tenant is disabled (the operator's command; an outside tester's links kept working).
    const opens = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await opens(link.result.url.replace(/u=[^&]+/, `u=${STUDENT}`))).toBe(404);
    for (const [table, set, key, id] of [
      ['users', 'status', 'id', TEACHER],
      ['tenants', 'status', 'tenant_id', DEMO_TENANT_ID],
    ] as const) {
      await t.db.db
        .updateTable(table)
        .set({ [set]: 0 })
        .where(key, '=', id)
        .execute();
      try {
        expect(await opens(link.result.url), table).toBe(404);
      } finally {
        await t.db.db
          .updateTable(table)
          .set({ [set]: 1 })
          .where(key, '=', id)
          .execute();
      }
    }
    expect(await opens(link.result.url)).toBe(200);
    expect((await post('admin', '/api/chat/file/sign', { objectId: image.result.objectId })).status).toBe(404);
    const list = await post('student01', '/api/chat/lastChatList');
    expect(list.result.find((e: { jid: string }) => e.jid === FILE_TRANSFER_HELPER_ID)).toMatchObject({
      mpType: null,
      content: '培养方案.pdf',
    });
    await Promise.all([phone.close(), pc.close()]);
  });

  it('lists pinned conversations first, then by last message time; delete hides a conversation for the caller', async () => {
    await post('admin', '/api/chat/conversation/top', { peerId: FILE_TRANSFER_HELPER_ID, top: true });
    const list = (await post('admin', '/api/chat/lastChatList')).result as Array<{
      jid: string;
      timeSend: string | null;
      openTopChatTime: string | null;
    }>;
    expect(list[0]).toMatchObject({ jid: FILE_TRANSFER_HELPER_ID });
    expect(list[0]!.openTopChatTime).not.toBeNull();
    const rest = list.slice(1).map((e) => e.timeSend ?? '');
    expect(rest).toEqual([...rest].sort().reverse());

    const friends = await post('admin', '/api/chat/friends');
    expect(friends.result.map((c: { id: string }) => c.id)).toContain(FILE_TRANSFER_HELPER_ID);

    await post('admin', '/api/chat/conversation/delete', { peerId: STUDENT });
    const after = (await post('admin', '/api/chat/lastChatList')).result as Array<{ jid: string }>;
    expect(after.map((e) => e.jid)).not.toContain(STUDENT);
    const studentSide = (await post('student01', '/api/chat/lastChatList')).result as Array<{ jid: string }>;
    expect(studentSide.map((e) => e.jid)).toContain(ADMIN);
  });

  it('loses nothing and doubles nothing when the server restarts in the middle of a burst', async () => {
    const burst = Array.from({ length: 40 }, (_, i) => ({ webId: `restart-${i}`, content: `重启测试 ${i}` }));
    const teacher = await connect('teacher01', { resource: 'mac' });
    for (const m of burst.slice(0, 20)) teacher.say(ADMIN, m.content, { messageIdWeb: m.webId });
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, burst[4]!.webId));
    // The process goes away with messages in flight; a new one starts on the same database.
    await t.app.close();
    const acked = new Set(
      teacher.frames.flatMap((f) =>
        f.kind === 'receipt' && f.type === MSG_TYPE_RECEIPT_STORED ? [f.messageIdWeb] : [],
      ),
    );
    t.app = await buildApp({ config: t.config, db: t.db, logger: false, serveWeb: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });

    // The client resends whatever had no receipt 25 yet, with the same messageIdWeb, then the rest.
    const again = await connect('teacher01', { resource: 'mac' });
    const pending = burst.filter((m) => !acked.has(m.webId));
    for (const m of pending) again.say(ADMIN, m.content, { messageIdWeb: m.webId });
    for (const m of pending) await again.next(receiptOf(MSG_TYPE_RECEIPT_STORED, m.webId));

    const admin = await connect('admin', { resource: 'ios' });
    await admin.roundTrip();
    const got = admin.messages().filter((f) => f.message.content.startsWith('重启测试'));
    expect(got.map((f) => f.message.content)).toEqual(burst.map((m) => m.content));
    await Promise.all([again.close(), admin.close()]);
  });
});
