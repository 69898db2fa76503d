import { MSG_TYPE_NOTICE, NoticeContent } from '@portal/contracts/chat';
import { UNREAD_NOTICE_LIST_SIZE } from '@portal/contracts/constants';
import { MESSAGES } from '@portal/contracts/errors';
import { STATUS_MESSAGE_DELETED } from '@portal/contracts/messages';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import { DEMO_PUBLIC_ACCOUNTS } from '../../db/seed/messaging.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { seedOtherTenant, TestChatClient } from '../chat/chat-test-client.ts';

const [, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];
const JWC = DEMO_PUBLIC_ACCOUNTS[0].id;
const P = '/api/blade-platform';

describe.each(testDatabases)('public accounts, notices and the message center on %s', (engine) => {
  let t: TestApp;
  let dataDir: string;
  const tokens: Record<string, string> = {};
  const post = async (account: string, url: string, payload: object = {}) =>
    (await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload })).json();
  const send = (payload: object) => post('admin', `${P}/app/msg/send`, { mpId: JWC, ...payload });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-messages-'));
    t = await createTestApp(engine, { dataDir });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the public accounts with the last notice and unread counts (mpMsgListByUser, app/msg/page)', async () => {
    const list = await post('student01', `${P}/app/service/mpMsgListByUser`);
    expect(list.status).toBe(1000);
    expect(list.result.map((e: { name: string }) => e.name).sort()).toEqual(
      DEMO_PUBLIC_ACCOUNTS.map((a) => a.name).sort(),
    );
    const jwc = list.result.find((e: { id: string }) => e.id === JWC);
    expect(jwc).toMatchObject({
      mpType: 3,
      unreadNumber: 1,
      type: MSG_TYPE_NOTICE,
      content: '关于2026—2027学年第一学期期末考试安排的通知',
    });

    const page = await post('student01', `${P}/app/msg/page`, { mpId: JWC, current: 1, size: 10 });
    expect(page.result).toMatchObject({ total: 1, current: 1, pages: 1 });
    expect(page.result.records[0]).toMatchObject({ important: true, read: false, mpName: '教务处' });
    expect(page.result.records[0].url).toMatch(/^\/generalDetailsTow\?id=/);
  });

  it('shows unread important notices in the prompt; readMessage marks one read, for the caller only', async () => {
    const before = await post('teacher01', '/api/online-service-platform/homePage/getIsShowMsg');
    expect(before.result).toMatchObject({ isShowMsg: true, total: 2 });
    expect(before.result.list.length).toBeLessThanOrEqual(UNREAD_NOTICE_LIST_SIZE);
    expect(before.result.list.every((n: { important: boolean; read: boolean }) => n.important && !n.read)).toBe(true);
    const first = before.result.list[0];

    const foreign = await t.app.inject({
      method: 'POST',
      url: `${P}/mpManage/readMessage`,
      headers: bearer(tokens.teacher01!),
      payload: { messageId: first.id, userId: STUDENT },
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      await post('teacher01', `${P}/mpManage/readMessage`, { messageId: first.id, userId: TEACHER }),
    ).toMatchObject({ status: 1000 });
    const after = await post('teacher01', '/api/online-service-platform/homePage/getIsShowMsg');
    expect(after.result.total).toBe(1);
    expect(after.result.list.map((n: { id: string }) => n.id)).not.toContain(first.id);
  });

  it('keeps only the latest 10 unread important notices in the prompt', async () => {
    for (let i = 0; i < UNREAD_NOTICE_LIST_SIZE + 2; i++)
      await send({ title: `重要通知 ${i}`, important: true, roleIds: ['000000-staff'] });
    // No demo user holds the staff role: nobody receives them.
    const none = await post('admin', '/api/online-service-platform/homePage/getIsShowMsg');
    const total = none.result.total;
    for (let i = 0; i < UNREAD_NOTICE_LIST_SIZE + 2; i++) await send({ title: `全员重要通知 ${i}`, important: true });
    const prompt = await post('admin', '/api/online-service-platform/homePage/getIsShowMsg');
    expect(prompt.result.total).toBe(total + UNREAD_NOTICE_LIST_SIZE + 2);
    expect(prompt.result.list).toHaveLength(UNREAD_NOTICE_LIST_SIZE);
    expect(prompt.result.list[0].title).toBe(`全员重要通知 ${UNREAD_NOTICE_LIST_SIZE + 1}`);
  });

  it('delivers a published notice over the socket at once (type 80); only administrators publish', async () => {
    const student = await TestChatClient.connect(t.app, { token: tokens.student01 });
    const sent = await send({
      title: '关于元旦放假安排的通知',
      summary: '1月1日放假一天',
      important: true,
      fieldSet: '放假通知',
    });
    // To everyone: every demo user.
    expect(sent).toMatchObject({ status: 1000, result: { recipients: DEMO_USERS.length } });
    const frame = await student.next(
      (f) => f.kind === 'message' && f.message.type === MSG_TYPE_NOTICE && f.message.messageId === sent.result.id,
    );
    if (frame.kind !== 'message') throw new Error('unexpected frame');
    expect(frame.message).toMatchObject({ fromUserId: JWC, fromUserName: '教务处', toUserId: STUDENT, mpType: 3 });
    expect(NoticeContent.parse(JSON.parse(frame.message.content))).toMatchObject({
      title: '关于元旦放假安排的通知',
      important: true,
      fieldSet: '放假通知',
    });
    await student.close();

    const denied = await t.app.inject({
      method: 'POST',
      url: `${P}/app/msg/send`,
      headers: bearer(tokens.teacher01!),
      payload: { mpId: JWC, title: '越权' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('answers detail with status 1000 and a url; a deleted message answers 消息已被删除', async () => {
    const sent = await send({ title: '临时通知', url: 'https://jwc.example.edu.cn/notice/1' });
    const id = sent.result.id as string;
    const detail = await post('student01', `${P}/messageCenterHistoryMsg/detail`, { id });
    expect(detail).toMatchObject({
      status: 1000,
      result: { id, url: 'https://jwc.example.edu.cn/notice/1', title: '临时通知' },
    });

    const open = await t.app.inject({
      method: 'GET',
      url: `${P}/nobody/messageCenter/messageDetail/${id}?tenantId=${DEMO_TENANT_ID}`,
    });
    expect(open.json()).toMatchObject({ status: 1000, result: { title: '临时通知', mpName: '教务处' } });

    expect(await post('admin', `${P}/app/msg/remove`, { id })).toMatchObject({ status: 1000 });
    expect(await post('student01', `${P}/messageCenterHistoryMsg/detail`, { id })).toMatchObject({
      status: STATUS_MESSAGE_DELETED,
      msg: MESSAGES.messageDeleted,
    });
    const gone = await t.app.inject({ method: 'GET', url: `${P}/nobody/messageCenter/messageDetail/${id}` });
    expect(gone.json()).toMatchObject({ status: STATUS_MESSAGE_DELETED, msg: '消息已被删除' });
    const page = await post('student01', `${P}/app/msg/page`, { mpId: JWC, current: 1, size: 50 });
    expect(page.result.records.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it('serves a notice attachment to its recipients only (downloadFile)', async () => {
    const boundary = '----portalnotice';
    const pdf = Buffer.from('%PDF-1.7 校历');
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="校历.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = (
      await t.app.inject({
        method: 'POST',
        url: '/api/chat/upload',
        headers: { ...bearer(tokens.admin!), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      })
    ).json();
    const sent = await send({ title: '2027年校历', fileId: uploaded.result.objectId, roleIds: ['000000-student'] });
    const download = await t.app.inject({
      method: 'POST',
      url: `${P}/messageCenterHistoryMsg/downloadFile`,
      headers: bearer(tokens.student01!),
      payload: { id: sent.result.id },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');
    const teacher = await t.app.inject({
      method: 'POST',
      url: `${P}/messageCenterHistoryMsg/downloadFile`,
      headers: bearer(tokens.teacher01!),
      payload: { id: sent.result.id },
    });
    expect(teacher.statusCode).toBe(404);
  });

  it('keeps tenants apart: user lists, user details and message details', async () => {
    const other = await seedOtherTenant(t.db.db);
    tokens.other = (await t.login(other.account, other.tenantId)).access_token;
    const users = await post('student01', `${P}/app/userList/page`, { current: 1, size: 50 });
    // Every user of the caller's tenant (the demo users), none of the other tenant's.
    expect(users.result.records.map((u: { userId: string }) => u.userId).sort()).toEqual(
      DEMO_USERS.map((u) => u.id).sort(),
    );
    const search = await post('student01', `${P}/app/userList/page`, { keyword: '李', current: 1, size: 10 });
    expect(search.result.records).toEqual([expect.objectContaining({ userId: TEACHER, userName: '李老师' })]);

    const student = await TestChatClient.connect(t.app, { token: tokens.student01, resource: 'ios' });
    const detail = await post('teacher01', `${P}/app/userList/detail`, { userId: STUDENT });
    expect(detail.result).toMatchObject({ userName: '张同学', online: true, resources: ['ios'] });
    await student.close();
    expect((await post('other', `${P}/app/userList/detail`, { userId: STUDENT })).status).toBe(404);

    const notices = await post('student01', `${P}/app/msg/page`, { mpId: JWC, current: 1, size: 1 });
    const id = notices.result.records[0].id;
    expect((await post('other', `${P}/messageCenterHistoryMsg/detail`, { id })).status).toBe(404);
    expect((await post('other', `${P}/app/service/mpMsgListByUser`)).result).toEqual([]);
  });
});
