import { CHAT_CLOSE_UNAUTHORIZED, type ChatResource } from '@portal/contracts/chat';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, newId } from '../../platform/crypto.ts';
import { createPeerTestApp, createTestApp, TEST_PG_URL, type TestApp } from '../../test/test-app.ts';
import { startRedis, type OwnRedis } from '../../test/redis-server.ts';
import { createTenant, deactivateAccount, deactivateTenant, resetPassword } from '../tenants/tenants.service.ts';
import { TestChatClient } from './chat-test-client.ts';

/**
 * The operator's `npm run tenant` is another process: the sessions it ends (reset-password, deactivate,
 * deactivate-tenant) are told to the nodes through PostgreSQL's NOTIFY, and their chat sockets close within seconds,
 * not at the heartbeat's session check a minute later (ADR 0065). On SQLite the command never runs beside a node
 * (tenant-cli.test.ts). The bound below is generous for a loaded two-core machine; the check it must beat runs every
 * 60 s.
 */
const WITHIN_MS = 10_000;
const PASSWORD = 'Xy7#campus-2026';
const PRODUCTION = { env: 'production', demo: false, seed: false, loginAddressDelayMaxMs: 0 } as const;

const closedWithin = (c: TestChatClient) =>
  Promise.race([c.closed, new Promise<null>((r) => setTimeout(() => r(null), WITHIN_MS))]);

/** A tenant made as the command makes it, with a second (teacher) account. */
async function schoolWithTeacher(t: TestApp, tenantId: string): Promise<void> {
  await createTenant(t.db.db, {
    tenantId,
    tenantName: `大学${tenantId}`,
    adminAccount: 'admin',
    adminName: '管理员',
    password: PASSWORD,
  });
  await t.db.db
    .insertInto('users')
    .values({
      id: newId(),
      tenant_id: tenantId,
      account: 't01',
      user_name: '李老师',
      nick_name: '李老师',
      password_hash: await hashPassword(PASSWORD),
      role_id: `${tenantId}-teacher`,
      is_demo: 0,
      status: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
}

async function tokenOf(t: TestApp, tenantId: string, account: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    payload: { grant_type: 'password', tenantId, username: account, password },
  });
  const body = res.json();
  if (body.status !== 1000) throw new Error(`login ${tenantId}/${account}: ${res.body}`);
  return body.result.access_token as string;
}

describe('chat sockets of sessions the operator ends, one PostgreSQL node', () => {
  let t: TestApp;
  const clients: TestChatClient[] = [];
  const socket = async (tenantId: string, account: string, resource: ChatResource = 'pc', password = PASSWORD) => {
    const c = await TestChatClient.connect(t.app, { token: await tokenOf(t, tenantId, account, password), resource });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp('postgres', PRODUCTION);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    await schoolWithTeacher(t, '100001');
    await schoolWithTeacher(t, '100002');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t?.close();
  });

  it("reset-password closes every socket of the account's sessions, and no one else's", async () => {
    const pc = await socket('100001', 'admin', 'pc');
    const phone = await socket('100001', 'admin', 'android');
    const teacher = await socket('100001', 't01');

    await resetPassword(t.db.db, { tenantId: '100001', account: 'admin', password: 'N3w#secret-1' });
    expect(await closedWithin(pc)).toMatchObject({ code: CHAT_CLOSE_UNAUTHORIZED });
    expect(await closedWithin(phone)).toMatchObject({ code: CHAT_CLOSE_UNAUTHORIZED });
    expect(teacher.ws.readyState).toBe(teacher.ws.OPEN);
    // The teacher's socket still works.
    await teacher.roundTrip();
  });

  it("deactivate closes the account's sockets; deactivate-tenant every socket of the tenant, and no other's", async () => {
    const teacher = await socket('100001', 't01', 'ios');
    const admin = await socket('100001', 'admin', 'pc', 'N3w#secret-1');
    const elsewhere = await socket('100002', 'admin');

    await deactivateAccount(t.db.db, { tenantId: '100001', account: 't01' });
    expect(await closedWithin(teacher)).toMatchObject({ code: CHAT_CLOSE_UNAUTHORIZED });
    expect(admin.ws.readyState).toBe(admin.ws.OPEN);

    await deactivateTenant(t.db.db, { tenantId: '100001' });
    expect(await closedWithin(admin)).toMatchObject({ code: CHAT_CLOSE_UNAUTHORIZED });
    expect(elsewhere.ws.readyState).toBe(elsewhere.ws.OPEN);
    await elsewhere.roundTrip();
  });

  it('looks at every socket when its listening connection came back, since a notification may have been lost', async () => {
    const teacher = await socket('100002', 't01');
    // Ended without a word (as if the notification went out while the node was not listening)...
    await t.db.db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('tenant_id', '=', '100002')
      .where('revoked_at', 'is', null)
      .execute();
    // ...then the node's listening connection drops (a database restart, a killed backend) and comes back.
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'portal-listen'",
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    expect(await closedWithin(teacher)).toMatchObject({ code: CHAT_CLOSE_UNAUTHORIZED });
  });
});

describe('chat sockets of sessions the operator ends, two nodes on PostgreSQL and Redis', () => {
  let redis: OwnRedis;
  let first: TestApp;
  let second: TestApp;
  const clients: TestChatClient[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    first = await createTestApp('postgres', { ...PRODUCTION, redisUrl: redis.url });
    second = await createPeerTestApp(first);
    for (const node of [first, second]) await node.app.listen({ host: '127.0.0.1', port: 0 });
    await schoolWithTeacher(first, '100001');
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await second?.close();
    await first?.close();
    await redis?.stop();
  });

  it("closes the account's sockets on both nodes after reset-password", async () => {
    const onFirst = await TestChatClient.connect(first.app, {
      token: await tokenOf(first, '100001', 'admin'),
      resource: 'pc',
    });
    const onSecond = await TestChatClient.connect(second.app, {
      token: await tokenOf(second, '100001', 'admin'),
      resource: 'android',
    });
    const teacher = await TestChatClient.connect(second.app, { token: await tokenOf(first, '100001', 't01') });
    clients.push(onFirst, onSecond, teacher);

    await resetPassword(first.db.db, { tenantId: '100001', account: 'admin', password: 'N3w#secret-1' });
    expect(await closedWithin(onFirst)).toMatchObject({ code: CHAT_CLOSE_UNAUTHORIZED });
    expect(await closedWithin(onSecond)).toMatchObject({ code: CHAT_CLOSE_UNAUTHORIZED });
    expect(teacher.ws.readyState).toBe(teacher.ws.OPEN);
  });
});
