import {
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_RECEIPT_STORED,
  type ChatResource,
  type ServerFrame,
} from '@portal/contracts/chat';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDb, type DbHandle } from '../../db/create-db.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import { seed } from '../../db/seed/index.ts';
import { TEST_PG_URL, testConfig } from '../../test/test-app.ts';
import {
  PRESENCE_HEARTBEAT_MS,
  redisBus,
  type BusEvent,
  PRESENCE_OFFLINE_WITHIN_MS,
  PRESENCE_TTL_MS,
  presenceTimingsForTests,
  redisPresence,
  type PresenceEntry,
  type PresenceHooks,
} from './chat.bus.ts';
import { CHAT_CLOSE_SERVICE_RESTART, chatRuntime } from './chat.hub.ts';
import { chatRepository } from './chat.repository.ts';
import { messageOf, receiptOf, TestChatClient } from './chat-test-client.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const [ADMIN, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];
/** Short presence timings, so that a dead node is noticed in about 2 s here (the defaults are checked below). */
const TIMINGS = { heartbeatMs: 250, ttlMs: 1_500 };
/** What the operators were promised: a dead node's users are offline, and their devices told, within 15 s. */
const OFFLINE_BOUND_MS = 15_000;

const isPresence = (userId: string, resource: ChatResource, status: string) => (f: ServerFrame) =>
  f.kind === 'presence' && f.userId === userId && f.resource === resource && f.status === status;

/**
 * A TCP relay in front of Redis that can cut the subscription connections going through it (the ones that sent
 * SUBSCRIBE) and hold the SUBSCRIBE of their reconnect until released: a subscription drop whose length the test
 * decides, while the node's other Redis connections (publishing, presence) stay up.
 */
class RedisRelay {
  private readonly server = net.createServer((client) => this.relay(client));
  private readonly conns = new Set<{ client: net.Socket; upstream: net.Socket; subscriber: boolean; held: Buffer[] }>();
  private holding = false;
  private refusing = false;
  /** Connections refused since refuse(). */
  refused = 0;
  url = '';

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `redis://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  private relay(client: net.Socket): void {
    if (this.refusing) {
      this.refused += 1;
      client.destroy();
      return;
    }
    const target = new URL(REDIS_URL);
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    const c = { client, upstream, subscriber: false, held: [] as Buffer[] };
    this.conns.add(c);
    client.on('data', (chunk: Buffer) => {
      if (!c.subscriber && /subscribe/i.test(chunk.toString('latin1'))) c.subscriber = true;
      if (c.subscriber && this.holding) c.held.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.conns.delete(c);
    };
    for (const s of [client, upstream]) {
      s.on('close', end);
      s.on('error', end);
    }
  }

  /** Cuts every subscription connection; their reconnects get through to Redis but cannot subscribe yet. */
  cut(): number {
    this.holding = true;
    let cut = 0;
    for (const c of this.conns) {
      if (!c.subscriber) continue;
      c.client.destroy();
      c.upstream.destroy();
      cut += 1;
    }
    return cut;
  }

  /** Redis is out of reach: every connection is cut and new ones are refused. */
  refuse(): void {
    this.refusing = true;
    for (const c of this.conns) {
      c.client.destroy();
      c.upstream.destroy();
    }
  }

  release(): void {
    this.refusing = false;
    this.holding = false;
    for (const c of this.conns) for (const chunk of c.held.splice(0)) c.upstream.write(chunk);
  }

  async close(): Promise<void> {
    for (const c of this.conns) {
      c.client.destroy();
      c.upstream.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Waits until a condition holds, looking again every 50 ms (a state to wait for, not a fixed sleep). */
async function until<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('chat presence per node, fan-out after a Redis drop, graceful shutdown (several nodes, one PostgreSQL, one Redis)', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const handles: DbHandle[] = [];
  const apps: FastifyInstance[] = [];
  const clients: TestChatClient[] = [];
  const children: ChildProcess[] = [];
  const tokens: Record<string, string> = {};
  let redis: Redis;
  let prefix = '';

  /** A node in this process, with the short test timings. */
  const startNode = async (name: string, redisUrl = REDIS_URL): Promise<FastifyInstance> => {
    const handle = createDb({ engine: 'postgres', url: TEST_PG_URL, schema, max: 4 });
    handles.push(handle);
    const config = testConfig({ redisUrl, nodeId: name });
    presenceTimingsForTests.set(config, TIMINGS);
    const app = await buildApp({ config, db: handle, logger: false, serveWeb: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    apps.push(app);
    return app;
  };

  /** A node in a child process, to be killed with SIGKILL. */
  const startChildNode = async (name: string): Promise<{ child: ChildProcess; url: string; nodeId: string }> => {
    const script = fileURLToPath(new URL('./chat-test-node.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [script, JSON.stringify({ schema, redisUrl: REDIS_URL, nodeId: name, ...TIMINGS })],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const nl = out.indexOf('\n');
        if (nl >= 0) resolve(out.slice(0, nl));
      });
      child.once('exit', (code) => reject(new Error(`test node exited with ${code} before listening`)));
    });
    const { port, nodeId } = JSON.parse(line) as { port: number; nodeId: string };
    return { child, url: `ws://127.0.0.1:${port}`, nodeId };
  };

  const connect = async (target: FastifyInstance | string, account: string, resource: ChatResource) => {
    const c = await TestChatClient.connect(target, { token: tokens[account], resource });
    clients.push(c);
    return c;
  };

  const probe = async (c: TestChatClient, userIds: string[]) => {
    c.send({ kind: 'probe', userIds });
    const r = await c.next((f) => f.kind === 'probe-result');
    if (r.kind !== 'probe-result') throw new Error('not a probe result');
    return Object.fromEntries(r.users.map((u) => [u.userId, [...u.resources].sort()]));
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_PG_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const setup = createDb({ engine: 'postgres', url: TEST_PG_URL, schema, max: 2 });
    await migrateToLatest(setup.db);
    await seed(setup.db);
    prefix = `portal:chat:${await chatRepository(setup.db).clusterId()}`;
    await setup.close();
    redis = new Redis(REDIS_URL);
    const first = await startNode('node-a');
    for (const account of ['admin', 'teacher01', 'student01']) {
      const res = await first.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        payload: { grant_type: 'password', tenantId: DEMO_TENANT_ID, username: account, password: DEMO_PASSWORD },
      });
      tokens[account] = res.json().result.access_token;
    }
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    for (const app of apps) await app.close();
    for (const h of handles) await h.close();
    // Anything left under this database's prefix (a reaper's claim, say) goes with it.
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    const c = new pg.Client({ connectionString: TEST_PG_URL });
    await c.connect();
    await c.query(`DROP SCHEMA ${schema} CASCADE`);
    await c.end();
  });

  it('the default timings report a dead node within 15 s, and a node survives two missed heartbeats', () => {
    expect(PRESENCE_OFFLINE_WITHIN_MS).toBe(PRESENCE_TTL_MS + PRESENCE_HEARTBEAT_MS);
    expect(PRESENCE_OFFLINE_WITHIN_MS).toBeLessThanOrEqual(OFFLINE_BOUND_MS);
    expect(3 * PRESENCE_HEARTBEAT_MS).toBeLessThanOrEqual(PRESENCE_TTL_MS);
    expect(TIMINGS.ttlMs + TIMINGS.heartbeatMs).toBeLessThanOrEqual(OFFLINE_BOUND_MS);
  });

  it('a killed node: its users are offline within 15 s and their other devices are told once; users still connected elsewhere stay online', async () => {
    const [nodeA] = apps as [FastifyInstance];
    const nodeB = await startNode('node-b');
    const doomed = await startChildNode('node-doomed');
    const teacherPc = await connect(doomed.url, 'teacher01', 'pc');
    const adminMac = await connect(doomed.url, 'admin', 'mac');
    const teacherIos = await connect(nodeA, 'teacher01', 'ios');
    const student = await connect(nodeB, 'student01', 'pc');
    expect(await probe(student, [TEACHER, ADMIN])).toEqual({ [TEACHER]: ['ios', 'pc'], [ADMIN]: ['mac'] });
    expect(await redis.sismember(`${prefix}:nodes`, doomed.nodeId)).toBe(1);

    doomed.child.kill('SIGKILL');
    expect((await teacherPc.closed).code).toBe(1006);
    expect((await adminMac.closed).code).toBe(1006);

    // Whichever of nodes a and b notices first removes the dead node's entries and tells the teacher's other device.
    await teacherIos.next(isPresence(TEACHER, 'pc', 'offline'), OFFLINE_BOUND_MS);
    expect(await probe(student, [TEACHER, ADMIN])).toEqual({ [TEACHER]: ['ios'], [ADMIN]: [] });
    expect(await redis.sismember(`${prefix}:nodes`, doomed.nodeId)).toBe(0);
    expect(await redis.exists(`${prefix}:node:${doomed.nodeId}:conns`)).toBe(0);

    // Once: both survivors have looked again since (a full heartbeat each), and the device heard it one time.
    const rounds = await Promise.all(
      [nodeA, nodeB].map(async (app) => (await chatRuntime(app)).presence as unknown as { sweep: () => Promise<void> }),
    );
    for (const p of rounds) await p.sweep();
    await teacherIos.roundTrip();
    expect(teacherIos.frames.filter(isPresence(TEACHER, 'pc', 'offline'))).toHaveLength(1);
    // The survivors' users were never reported.
    expect(student.frames.filter((f) => f.kind === 'presence' && f.status === 'offline')).toEqual([]);
  });

  it('two nodes reaping the same dead node report each entry once; a device that came back elsewhere is not reported; a stalled node that was reaped announces itself again', async () => {
    const ns = `${prefix}:reap-${randomBytes(3).toString('hex')}`;
    const errors: unknown[] = [];
    const reports: Array<{ by: string; entries: PresenceEntry[] }> = [];
    const revived: PresenceEntry[] = [];
    const hooks = (by: string, local: PresenceEntry[] = []): PresenceHooks => ({
      localEntries: () => local,
      onReaped: (entries) => reports.push({ by, entries }),
      onRevived: (entries) => revived.push(...entries),
    });
    const staller = { heartbeatMs: 3_600_000, ttlMs: 1_500 };
    const calm = { heartbeatMs: 3_600_000, ttlMs: 60_000 };
    const stalled = await redisPresence(REDIS_URL, ns, 'stalled', (e) => errors.push(e), staller);
    const s1 = await redisPresence(REDIS_URL, ns, 's1', (e) => errors.push(e), calm);
    const s2 = await redisPresence(REDIS_URL, ns, 's2', (e) => errors.push(e), calm);
    try {
      const mine: PresenceEntry[] = [
        { tenantId: DEMO_TENANT_ID, userId: 'u-back', connId: 'c1', resource: 'pc' },
        { tenantId: DEMO_TENANT_ID, userId: 'u-gone', connId: 'c2', resource: 'ios' },
        { tenantId: DEMO_TENANT_ID, userId: 'u-gone', connId: 'c3', resource: 'android' },
      ];
      stalled.start(hooks('stalled', mine));
      s1.start(hooks('s1'));
      s2.start(hooks('s2'));
      await stalled.sweep();
      for (const e of mine) await stalled.add(e.tenantId, e.userId, e.connId, e.resource);
      // u-back's pc reconnected to s1 while the stalled node's key ran out.
      await s1.add(DEMO_TENANT_ID, 'u-back', 'c4', 'pc');
      await until(
        () => redis.exists(`${ns}:node:stalled`),
        (n) => n === 0,
        10_000,
        'the stalled node key',
      );
      expect(await s1.resources(DEMO_TENANT_ID, ['u-back', 'u-gone'])).toEqual(
        new Map([
          ['u-back', ['pc']],
          ['u-gone', []],
        ]),
      );

      await Promise.all([s1.sweep(), s2.sweep(), s1.sweep(), s2.sweep()]);
      const reported = reports.flatMap((r) => r.entries.map((e) => `${e.userId}/${e.resource}`)).sort();
      expect(reported).toEqual(['u-gone/android', 'u-gone/ios']);
      expect(await redis.sismember(`${ns}:nodes`, 'stalled')).toBe(0);

      // The stalled node wakes up: its heartbeat finds it was reaped and puts its entries back.
      await stalled.sweep();
      expect(revived.map((e) => e.connId).sort()).toEqual(['c1', 'c2', 'c3']);
      expect((await s2.resources(DEMO_TENANT_ID, ['u-gone'])).get('u-gone')?.sort()).toEqual(['android', 'ios']);
      expect(errors).toEqual([]);
    } finally {
      for (const p of [stalled, s1, s2]) await p.leave();
      await Promise.all([stalled, s1, s2].map((p) => p.close()));
      const keys = await redis.keys(`${ns}:*`);
      if (keys.length) await redis.del(...keys);
    }
  });

  it('a message sent while a node’s subscription reconnects reaches its recipient there at once, exactly once', async () => {
    const [nodeA] = apps as [FastifyInstance];
    const relay = new RedisRelay();
    await relay.listen();
    try {
      const nodeC = await startNode('node-c', relay.url);
      const teacher = await connect(nodeA, 'teacher01', 'android');
      const student = await connect(nodeC, 'student01', 'android');
      teacher.say(STUDENT, '断线前');
      await student.next(messageOf((c) => c === '断线前'));

      expect(relay.cut()).toBe(1);
      const webId = teacher.say(STUDENT, '订阅断开时发送');
      await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
      // Node c did not hear it: its subscription is down (the reconnect is held back).
      await student.roundTrip();
      expect(student.messages().some((f) => f.message.content === '订阅断开时发送')).toBe(false);

      // The subscription comes back: node c replays the mailbox, no other message needed.
      relay.release();
      await student.next(messageOf((c) => c === '订阅断开时发送'));
      await teacher.next(receiptOf(MSG_TYPE_RECEIPT_DELIVERED, webId));

      teacher.say(STUDENT, '恢复之后');
      await student.next(messageOf((c) => c === '恢复之后'));
      await student.roundTrip();
      const contents = student.messages().map((f) => f.message.content);
      expect(contents.filter((c) => c === '订阅断开时发送')).toHaveLength(1);
      expect(contents.slice(-3)).toEqual(['断线前', '订阅断开时发送', '恢复之后']);
      const seqs = student.messages().map((f) => f.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
    } finally {
      await relay.close();
    }
  });

  it('a process whose publish failed (Redis out of reach longer than the offline queue waits) asks every process to replay once it is back', async () => {
    const channel = `${prefix}:bus-${randomBytes(3).toString('hex')}`;
    const relay = new RedisRelay();
    await relay.listen();
    const errors: unknown[] = [];
    const heard: BusEvent[] = [];
    const resyncs: string[] = [];
    const listener = await redisBus(REDIS_URL, channel, 'listener', (e) => errors.push(e));
    listener.subscribe((e) => heard.push(e));
    listener.onResync(() => resyncs.push('listener'));
    let failed: () => void = () => {};
    const publishFailed = new Promise<void>((r) => (failed = r));
    const cutOff = await redisBus(relay.url, channel, 'cut-off', (e) => {
      if (String(e).includes('max retries')) failed();
    });
    cutOff.onResync(() => resyncs.push('cut-off'));
    try {
      const event: BusEvent = { t: 'endSession', tenantId: DEMO_TENANT_ID, userId: 'u1', sessionId: 's1' };
      cutOff.publish(event);
      await until(
        async () => heard.length,
        (n) => n === 1,
        5_000,
        'events heard',
      );
      relay.refuse();
      // Both connections of the cut-off bus noticed and are reconnecting: what it publishes now waits in the offline queue.
      await until(
        async () => relay.refused,
        (n) => n >= 2,
        5_000,
        'refused connections',
      );
      cutOff.publish({ ...event, sessionId: 's2' });
      // ioredis gives the command up after its retries: the event is lost for the other processes.
      await publishFailed;
      relay.release();
      await until(
        async () => heard.map((e) => e.t),
        (ts) => ts.includes('resync'),
        10_000,
        'events heard',
      );
      expect(heard.map((e) => e.t)).toEqual(['endSession', 'resync']);
      // The cut-off process's own subscription came back too: it replays its sockets as well; the listener's never dropped.
      await until(
        async () => resyncs,
        (r) => r.includes('cut-off'),
        10_000,
        'resyncs',
      );
      expect(resyncs).toEqual(['cut-off']);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([listener.close(), cutOff.close()]);
      await relay.close();
    }
  });

  it('a graceful close: presence removed first, sockets closed with 1012, nobody told offline; the client resumes on another node without loss or doubles', async () => {
    const [nodeA] = apps as [FastifyInstance];
    const nodeD = await startNode('node-d');
    const leavingId = (await chatRuntime(nodeD)).presence.nodeId;
    const teacherMac = await connect(nodeD, 'teacher01', 'mac');
    const teacherIos = await connect(nodeA, 'teacher01', 'ios');
    const student = await connect(nodeA, 'student01', 'ios');
    for (const text of ['关闭前一', '关闭前二']) student.say(TEACHER, text);
    await teacherMac.next(messageOf((c) => c === '关闭前二'));
    await teacherMac.roundTrip(); // its acks are in: the cursor is past both

    const closing = nodeD.close();
    const closed = await teacherMac.closed;
    expect(closed).toEqual({ code: CHAT_CLOSE_SERVICE_RESTART, reason: 'service restart' });
    // Its presence went before the socket closed.
    expect(await probe(student, [TEACHER])).toEqual({ [TEACHER]: ['ios'] });
    await closing;
    expect(await redis.sismember(`${prefix}:nodes`, leavingId)).toBe(0);
    expect(await redis.exists(`${prefix}:node:${leavingId}`, `${prefix}:node:${leavingId}:conns`)).toBe(0);

    const webId = student.say(TEACHER, '重启期间');
    await student.next(receiptOf(MSG_TYPE_RECEIPT_STORED, webId));
    // The client reconnects at once, to the other node, and resumes from its cursor.
    const again = await connect(nodeA, 'teacher01', 'mac');
    const resumed = again.messages().map((f) => f.message.content);
    expect(resumed).toEqual(['重启期间']);

    await teacherIos.roundTrip();
    expect(teacherIos.frames.filter(isPresence(TEACHER, 'mac', 'offline'))).toEqual([]);
    expect(teacherIos.frames.filter(isPresence(TEACHER, 'mac', 'online')).length).toBeGreaterThanOrEqual(1);
  });
});
