import { MSG_TYPE_RECEIPT_STORED, TO_USER_TYPE_GROUP, type ChatSearchHit } from '@portal/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { receiptOf, seedOtherTenant, TestChatClient } from './chat-test-client.ts';

const [ADMIN, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];

/** Message search (issue 14): own conversations only, tenant-scoped, Chinese segmentation as the service search. */
describe.each(testDatabases)('chat message search on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let other: { tenantId: string; userId: string; account: string };
  const search = async (account: string, payload: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/search',
      headers: bearer(tokens[account]!),
      payload,
    });
    return { http: res.statusCode, ...(res.json() as { status: number; result: ChatSearchHit[] }) };
  };
  const contents = async (account: string, keyword: string, extra: object = {}) =>
    ((await search(account, { keyword, ...extra })).result ?? []).map((h) => h.message.content);

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    other = await seedOtherTenant(t.db.db, '100006');
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;

    const teacher = await TestChatClient.connect(t.app, { token: tokens.teacher01 });
    const admin = await TestChatClient.connect(t.app, { token: tokens.admin });
    const say = async (c: TestChatClient, to: string, content: string, group = false) => {
      const webId = c.say(to, content, group ? { toUserType: TO_USER_TYPE_GROUP } : {});
      await c.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    };
    await say(teacher, STUDENT, '期末考试安排在第十八周，请提前复习');
    await say(teacher, STUDENT, '明天上午的VPN讲座取消了');
    await say(teacher, ADMIN, '管理员：期末考试的监考表已经发你了');
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/chat/group/create',
      headers: bearer(tokens.teacher01!),
      payload: { name: '复习群', memberIds: [STUDENT] },
    });
    await say(teacher, group.json().result.id, '群里说一下：考试地点在图书馆', true);
    await say(admin, TEACHER, '请把考场安排发我');
    await Promise.all([teacher.close(), admin.close()]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds words and Chinese segments in the caller’s own conversations, best first, with where they are', async () => {
    const hits = (await search('student01', { keyword: '期末考试' })).result;
    // The whole phrase ranks first; a message holding only one of its words comes after.
    expect(hits.map((h) => h.message.content)).toEqual([
      '期末考试安排在第十八周，请提前复习',
      '群里说一下：考试地点在图书馆',
    ]);
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
    expect(hits[0]).toMatchObject({ peerId: TEACHER, peerName: '李老师', seq: expect.any(Number) });
    // A segment of a longer text, a group message, a case-insensitive Latin word.
    expect(await contents('student01', '考试')).toEqual(
      expect.arrayContaining(['期末考试安排在第十八周，请提前复习', '群里说一下：考试地点在图书馆']),
    );
    expect(await contents('student01', 'vpn')).toEqual(['明天上午的VPN讲座取消了']);
    // Within one conversation.
    const inGroup = (await search('student01', { keyword: '考试', peerId: TEACHER })).result;
    expect(inGroup.map((h) => h.peerId)).toEqual([TEACHER]);
    // The sender finds what they sent.
    expect(await contents('teacher01', '监考')).toEqual(['管理员：期末考试的监考表已经发你了']);
  });

  it('never returns another user’s or another tenant’s messages, nor ones they deleted', async () => {
    // The admin's conversation with the teacher is not the student's.
    expect(await contents('student01', '监考')).toEqual([]);
    expect(await contents('student01', '考场')).toEqual([]);
    // Another tenant's user finds only their own.
    expect(await contents('other', '期末考试')).toEqual([]);
    expect(await contents('other', '考试')).toEqual([]);
    // Deleted by the student: gone for the student only.
    const hit = (await search('student01', { keyword: '讲座' })).result[0]!;
    await t.app.inject({
      method: 'POST',
      url: '/api/chat/message/delete',
      headers: bearer(tokens.student01!),
      payload: { messageIds: [hit.message.messageId] },
    });
    expect(await contents('student01', '讲座')).toEqual([]);
    expect(await contents('teacher01', '讲座')).toEqual(['明天上午的VPN讲座取消了']);
    // A keyword of only stop words finds nothing rather than everything; an empty one is refused.
    expect(await contents('student01', '的')).toEqual([]);
    expect((await search('student01', { keyword: '  ' })).http).toBe(400);
  });
});
