import { MSG_TYPE_NOTICE, type ServerFrame } from '@portal/contracts/chat';
import { MESSAGE_TEXTS } from '@portal/contracts/messages';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import { DEMO_PUBLIC_ACCOUNTS } from '../../db/seed/messaging.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { TestChatClient } from '../chat/chat-test-client.ts';
import { chatRuntime } from '../chat/chat.hub.ts';
import { publishDueNotices } from './messages.service.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const [, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];
const JWC = DEMO_PUBLIC_ACCOUNTS[0].id;
const P = '/api/blade-platform';
const noticeOf = (id: string) => (f: ServerFrame) =>
  f.kind === 'message' && f.message.type === MSG_TYPE_NOTICE && f.message.messageId === id;

/** Notices by department and at a time (issue 14): the audience, and publication only from the chosen time. */
describe.each(testDatabases)('notices by department and scheduled on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const post = async (account: string, url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload });
    return { http: res.statusCode, ...(res.json() as { status: number; msg: string; result: any }) };
  };
  const received = async (account: string, id: string) =>
    (
      (await post(account, `${P}/app/msg/page`, { mpId: JWC, current: 1, size: 50 })).result.records as Array<{
        id: string;
      }>
    ).some((r) => r.id === id);
  let depts: Array<{ id: string; name: string; parentId: string }> = [];
  const dept = (name: string) => depts.find((d) => d.name === name)!.id;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['admin', 'teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
    depts = (await post('admin', `${P}/app/msg/manage/options`)).result.depts;
    // The teacher works in 考试中心 (under 教务处), the student belongs to 学生工作处.
    await t.db.db
      .insertInto('user_depts')
      .values([
        { tenant_id: DEMO_TENANT_ID, dept_id: dept('考试中心'), user_id: TEACHER },
        { tenant_id: DEMO_TENANT_ID, dept_id: dept('学生工作处'), user_id: STUDENT },
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('a notice to a department reaches its members and those of the departments under it, and no one else', async () => {
    const options = await post('admin', `${P}/app/msg/manage/options`);
    expect(options.result).toMatchObject({ timeZone: 'Asia/Shanghai' });
    expect(depts.find((d) => d.name === '考试中心')?.parentId).toBe(dept('教务处'));

    const sent = await post('admin', `${P}/app/msg/manage/publish`, {
      mpId: JWC,
      title: '期末监考安排',
      deptIds: [dept('教务处')],
    });
    expect(sent).toMatchObject({ status: 1000, result: { recipients: 1 } });
    expect(await received('teacher01', sent.result.id)).toBe(true);
    expect(await received('student01', sent.result.id)).toBe(false);
    expect(await received('admin', sent.result.id)).toBe(false);
    const rows = (await post('admin', `${P}/app/msg/manage/page`, { current: 1, size: 50 })).result.records as any[];
    expect(rows.find((r) => r.id === sent.result.id)).toMatchObject({
      everyone: false,
      roleIds: [],
      deptIds: [dept('教务处')],
    });

    // Roles and departments together: their union, each person once.
    const adminRole = (options.result.roles as Array<{ id: string }>).find((r) => r.id.endsWith('-admin'))!.id;
    const both = await post('admin', `${P}/app/msg/manage/publish`, {
      mpId: JWC,
      title: '学工与管理员',
      roleIds: [adminRole],
      deptIds: [dept('学生工作处')],
    });
    expect(both.result.recipients).toBe(2);
    expect(await received('student01', both.result.id)).toBe(true);
    expect(await received('admin', both.result.id)).toBe(true);
    expect(await received('teacher01', both.result.id)).toBe(false);

    expect(
      await post('admin', `${P}/app/msg/manage/publish`, { mpId: JWC, title: 'x', deptIds: ['no-such-dept'] }),
    ).toMatchObject({ http: 400, msg: MESSAGE_TEXTS.noSuchDept });
  });

  it('a scheduled notice reaches its audience only from its time (the tenant’s wall clock), once', async () => {
    const rt = await chatRuntime(t.app);
    const wall = dayjs().tz('Asia/Shanghai').add(2, 'hour').startOf('minute');
    const student = await TestChatClient.connect(t.app, { token: tokens.student01 });
    const scheduled = await post('admin', `${P}/app/msg/manage/publish`, {
      mpId: JWC,
      title: '明早停水通知',
      important: true,
      publishAt: wall.format('YYYY-MM-DD HH:mm'),
    });
    expect(scheduled).toMatchObject({ status: 1000, result: { recipients: 0, publishAt: wall.toISOString() } });
    const id = scheduled.result.id as string;
    // Asia/Shanghai is UTC+8: the instant is eight hours before the wall clock read as UTC.
    expect(Date.parse(wall.format('YYYY-MM-DDTHH:mm') + 'Z') - Date.parse(scheduled.result.publishAt)).toBe(
      8 * 3600_000,
    );

    expect(await received('student01', id)).toBe(false);
    expect((await post('admin', `${P}/app/msg/manage/scheduled`)).result).toEqual([
      expect.objectContaining({
        id,
        title: '明早停水通知',
        everyone: true,
        publishAtLocal: wall.format('YYYY-MM-DD HH:mm'),
      }),
    ]);
    expect((await post('student01', `${P}/app/msg/manage/scheduled`)).http).toBe(403);
    const detail = await t.app.inject({ method: 'GET', url: `${P}/nobody/messageCenter/messageDetail/${id}` });
    expect(detail.statusCode).toBe(404);

    // Not before its time; at its time once, live over the socket, and never again.
    expect(await publishDueNotices(rt, wall.valueOf() - 60_000)).toBe(0);
    expect(await received('student01', id)).toBe(false);
    expect(await publishDueNotices(rt, wall.valueOf() + 1000)).toBe(1);
    expect(await student.next(noticeOf(id))).toMatchObject({ message: { fromUserId: JWC } });
    expect(await received('student01', id)).toBe(true);
    expect(await publishDueNotices(rt, wall.valueOf() + 120_000)).toBe(0);
    expect((await post('admin', `${P}/app/msg/manage/scheduled`)).result).toEqual([]);
    const rows = (await post('admin', `${P}/app/msg/manage/page`, { current: 1, size: 50 })).result.records as any[];
    expect(rows.filter((r) => r.id === id)).toHaveLength(1);
    await student.close();
  });

  it('a scheduled notice withdrawn before its time never reaches anyone; a time past, malformed or too far is refused', async () => {
    const rt = await chatRuntime(t.app);
    const wall = dayjs().tz('Asia/Shanghai').add(1, 'day').startOf('minute');
    const scheduled = await post('admin', `${P}/app/msg/manage/publish`, {
      mpId: JWC,
      title: '撤回的定时通知',
      publishAt: wall.format('YYYY-MM-DDTHH:mm'),
    });
    expect(await post('admin', `${P}/app/msg/manage/withdraw`, { id: scheduled.result.id })).toMatchObject({
      status: 1000,
    });
    expect(await publishDueNotices(rt, wall.valueOf() + 1000)).toBe(0);
    expect(await received('student01', scheduled.result.id)).toBe(false);

    const past = dayjs().tz('Asia/Shanghai').subtract(1, 'minute').format('YYYY-MM-DD HH:mm');
    expect(
      await post('admin', `${P}/app/msg/manage/publish`, { mpId: JWC, title: 'x', publishAt: past }),
    ).toMatchObject({
      http: 400,
      msg: MESSAGE_TEXTS.publishAtPast,
    });
    for (const publishAt of ['2026-13-40 25:00', 'tomorrow', '2026-02-30 10:00'])
      expect(await post('admin', `${P}/app/msg/manage/publish`, { mpId: JWC, title: 'x', publishAt })).toMatchObject({
        http: 400,
        msg: MESSAGE_TEXTS.badPublishAt,
      });
    const far = dayjs().tz('Asia/Shanghai').add(2, 'year').format('YYYY-MM-DD HH:mm');
    expect(await post('admin', `${P}/app/msg/manage/publish`, { mpId: JWC, title: 'x', publishAt: far })).toMatchObject(
      {
        http: 400,
        msg: MESSAGE_TEXTS.publishAtTooFar,
      },
    );
  });
});
