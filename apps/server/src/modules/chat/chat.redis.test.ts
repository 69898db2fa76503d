import {
  CHAT_CLOSE_CONFLICT,
  CHAT_CLOSE_UNAUTHORIZED,
  CHAT_TEXTS,
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_RECEIPT_STORED,
  type ServerFrame,
} from '@portal/contracts/chat';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, type DbHandle } from '../../db/create-db.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import { seed } from '../../db/seed/index.ts';
import { TEST_PG_URL, testConfig } from '../../test/test-app.ts';
import { messageOf, receiptOf, TestChatClient } from './chat-test-client.ts';
import type { FastifyInstance } from 'fastify';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const [ADMIN, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];

/** Two server processes (two app instances, two pools) on one PostgreSQL schema, fanning out through Redis. */
describe('chat across two server instances over Redis pub/sub', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const handles: DbHandle[] = [];
  const apps: FastifyInstance[] = [];
  const clients: TestChatClient[] = [];
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    for (let i = 0; i < 2; i++) handles.push(createDb({ engine: 'postgres', url: TEST_PG_URL, schema, max: 4 }));
    await migrateToLatest(handles[0]!.db);
    await seed(handles[0]!.db);
    const config = testConfig({ redisUrl: REDIS_URL });
    for (const db of handles) {
      const app = await buildApp({ config, db, logger: false, serveWeb: false });
      await app.listen({ host: '127.0.0.1', port: 0 });
      apps.push(app);
    }
    for (const account of ['admin', 'teacher01', 'student01']) {
      const res = await apps[0]!.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        payload: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: account, password: DEMO_PASSWORD },
      });
      tokens[account] = res.json().result.access_token;
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    for (const app of apps) await app.close();
    for (const h of handles) await h.close();
    const c = new pg.Client({ connectionString: TEST_PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA ${schema} CASCADE`);
    await c.end();
  });

  const connect = async (
    instance: number,
    account: string,
    opts: Parameters<typeof TestChatClient.connect>[1] = {},
  ) => {
    const c = await TestChatClient.connect(apps[instance]!, { token: tokens[account], ...opts });
    clients.push(c);
    return c;
  };

  it('users on different instances chat normally, with both receipts', async () => {
    const teacher = await connect(0, 'teacher01');
    const student = await connect(1, 'student01');
    const webId = teacher.say(STUDENT, '跨进程的消息');
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    const got = await student.next(messageOf((c) => c === '跨进程的消息'));
    expect(got).toMatchObject({ message: { fromUserId: TEACHER } });
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_DELIVERED, webId));

    const reply = student.say(TEACHER, '收到');
    await teacher.next(messageOf((c) => c === '收到'));
    await student.next(receiptOf(MSG_TYPE_RECEIPT_DELIVERED, reply));
  });

  it('a burst from one instance arrives in order on the other', async () => {
    const admin = await connect(0, 'admin', { resource: 'ios' });
    const student = await connect(1, 'student01', { resource: 'android' });
    const ids = Array.from({ length: 30 }, (_, i) => admin.say(STUDENT, `顺序 ${i}`));
    for (const id of ids) await admin.next(receiptOf(MSG_TYPE_RECEIPT_STORED, id));
    for (let i = 0; i < 30; i++) await student.next(messageOf((c) => c === `顺序 ${i}`));
    const order = student
      .messages()
      .filter((f) => f.message.content.startsWith('顺序'))
      .map((f) => f.message.content);
    expect(order).toEqual(ids.map((_, i) => `顺序 ${i}`));
  });

  it('group changes made on one instance reach the members connected to the other: rename, announcement, removal, dissolve', async () => {
    const teacher = await connect(0, 'teacher01', { resource: 'android' });
    const student = await connect(1, 'student01', { resource: 'ios' });
    const admin = await connect(1, 'admin', { resource: 'android' });
    const call = async (instance: number, account: string, url: string, payload: object) =>
      (
        await apps[instance]!.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${tokens[account]}` },
          payload,
        })
      ).json();
    const created = await call(0, 'teacher01', '/api/chat/group/create', {
      name: '跨进程群',
      memberIds: [STUDENT, ADMIN],
    });
    const groupId = created.result.id as string;
    const event = (name: string) => (f: ServerFrame) => f.kind === 'group' && f.groupId === groupId && f.event === name;
    // The members on the other instance are told of the new group at once.
    for (const c of [student, admin]) expect(await c.next(event('created'))).toMatchObject({ name: '跨进程群' });

    expect(await call(0, 'teacher01', '/api/chat/group/rename', { groupId, name: '跨进程群（改名）' })).toMatchObject({
      status: 1000,
    });
    for (const c of [student, admin, teacher])
      expect(await c.next(event('renamed'))).toMatchObject({ name: '跨进程群（改名）' });

    expect(
      await call(0, 'teacher01', '/api/chat/group/setNotice', { groupId, notice: '跨进程的群公告' }),
    ).toMatchObject({ status: 1000 });
    for (const c of [student, admin, teacher]) {
      expect(await c.next(event('noticeChanged'))).toMatchObject({
        notice: { text: '跨进程的群公告', byUserId: TEACHER, byUserName: '李老师' },
      });
    }
    const listed = await call(1, 'student01', '/api/chat/group/list', {});
    expect(listed.result.find((g: { id: string }) => g.id === groupId)).toMatchObject({
      notice: { text: '跨进程的群公告' },
    });

    expect(await call(1, 'teacher01', '/api/chat/group/removeMembers', { groupId, memberIds: [ADMIN] })).toMatchObject({
      status: 1000,
    });
    expect(await admin.next(event('membersRemoved'))).toMatchObject({ userIds: [ADMIN] });
    expect(await teacher.next(event('membersRemoved'))).toMatchObject({ userIds: [ADMIN] });

    expect(await call(1, 'teacher01', '/api/chat/group/dissolve', { groupId })).toMatchObject({ status: 1000 });
    for (const c of [teacher, student]) await c.next(event('dissolved'));
    await admin.roundTrip();
    expect(
      admin.frames
        .filter((f) => f.kind === 'group' && f.groupId === groupId)
        .map((f) => (f as { event: string }).event),
    ).toEqual(['created', 'renamed', 'noticeChanged', 'membersRemoved']);
  });

  it('a login of the same kind on the other instance ends the older session', async () => {
    const first = await connect(0, 'admin', { resource: 'mac' });
    const probe = await connect(1, 'teacher01', { resource: 'ios' });
    probe.send({ kind: 'probe', userIds: [ADMIN] });
    const online = await probe.next((f) => f.kind === 'probe-result');
    expect(online).toMatchObject({ users: [{ userId: ADMIN }] });
    if (online.kind === 'probe-result') expect(online.users[0]!.resources).toContain('mac');

    await connect(1, 'admin', { resource: 'mac' });
    expect(await first.next((f) => f.kind === 'conflict')).toMatchObject({ msg: CHAT_TEXTS.conflict });
    expect((await first.closed).code).toBe(CHAT_CLOSE_CONFLICT);
  });

  it('closes a socket on one instance at once when its session logs out on the other', async () => {
    const res = await apps[0]!.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      payload: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: 'student01', password: DEMO_PASSWORD },
    });
    const token = res.json().result.access_token as string;
    const onNode1 = await connect(1, 'student01', { token, resource: 'ios' });
    const logout = await apps[0]!.inject({
      method: 'GET',
      url: '/api/blade-workbench/auth/loginOut',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    // Not the heartbeat's session check (60 s): the logout's event, fanned out through Redis.
    const closed = await Promise.race([onNode1.closed, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    expect(closed).toMatchObject({ code: CHAT_CLOSE_UNAUTHORIZED });
  });
});
