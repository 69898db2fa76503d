/**
 * Two portal nodes on one PostgreSQL database and one Redis, behind Debian's nginx — started by the same launcher
 * as `npm run cluster` — tried as an operator and its users would: nothing a user does may depend on which node
 * answers, and a node or Redis going away loses and doubles nothing.
 */
import { MSG_TYPE_RECEIPT_STORED, type ServerFrame } from '@portal/contracts/chat';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOf, TestChatClient } from '../apps/server/src/modules/chat/chat-test-client.ts';
import { DEMO_PASSWORD, DEMO_TENANT_ID, DEMO_USERS } from '../apps/server/src/db/seed/demo.ts';
import { call, login, nodeOf, OPERATOR_TOKEN, type Envelope } from './support/cluster-api.ts';
import { rowsOf, xlsxOf } from '../apps/server/src/modules/transfer/transfer-test-files.ts';
import { createDb } from '../apps/server/src/db/create-db.ts';
import { bumpCatalogue } from '../apps/server/src/modules/services/catalogue-version.ts';
import { startCluster, type RunningCluster } from '../scripts/cluster.ts';

const [, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];
const T = '/api/blade-workbench/transfer';

/** TestChatClient connects to an app; a node or the proxy is an address. */
const at = (url: string) =>
  ({ server: { address: () => ({ port: Number(new URL(url).port) }) } }) as unknown as FastifyInstance;

describe('two nodes behind nginx on PostgreSQL and Redis', () => {
  let cluster: RunningCluster;
  const clients: TestChatClient[] = [];
  const tokens: Record<string, string> = {};
  const node = (i: number) => cluster.nodes[i]!.url;
  const connect = async (url: string, account: string) => {
    const c = await TestChatClient.connect(at(url), { token: tokens[account] });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    cluster = await startCluster({ nodes: 2, fresh: true, ownRedis: true, env: { METRICS_TOKEN: OPERATOR_TOKEN } });
    for (const account of ['admin', 'teacher01', 'student01']) {
      const res = await login(cluster.url, account);
      expect(res.status, res.msg).toBe(1000);
      tokens[account] = res.result.access_token;
    }
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await cluster?.stop();
  });

  it('answers from both nodes in turn, and is ready on both', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add(await nodeOf(cluster.url));
    expect([...seen].sort()).toEqual(['node-1', 'node-2']);
    for (const i of [0, 1])
      expect((await call(node(i), '/api/ready', { token: OPERATOR_TOKEN })).result).toMatchObject({
        database: 'ok',
        redis: 'ok',
        migrations: 'current',
        cluster: true,
      });
  });

  it('takes a token and a refresh token issued by one node on the other', async () => {
    const issued = await login(node(0), 'teacher01');
    const info = await call<{ account: string }>(node(1), '/api/blade-user/user/getUserInfo', {
      token: issued.result.access_token,
    });
    expect(info.status).toBe(1000);
    const refreshed = await call<{ access_token: string }>(node(1), '/api/blade-auth/oauth/token', {
      body: { grant_type: 'refresh_token', tenantId: DEMO_TENANT_ID, refresh_token: issued.result.refresh_token },
    });
    expect(refreshed.status, refreshed.msg).toBe(1000);
    expect(
      (await call(node(0), '/api/blade-user/user/getUserInfo', { token: refreshed.result.access_token })).status,
    ).toBe(1000);
    // Logging out on node 1 ends the session on node 2 too.
    await call(node(0), '/api/blade-workbench/auth/loginOut', { token: refreshed.result.access_token });
    expect(
      (await call(node(1), '/api/blade-user/user/getUserInfo', { token: refreshed.result.access_token })).http,
    ).toBe(401);
  });

  it('counts failed logins of one account across nodes: the sixth attempt is refused on either', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login(node(i % 2), 'student01', 'wrong-password', `10.20.0.${i + 1}`);
      expect(res.http).toBe(400);
    }
    const locked = await login(node(1), 'student01', DEMO_PASSWORD, '10.20.0.9');
    expect(locked.http).toBe(429);
    expect(locked.msg).toBe('登录失败次数过多，请15分钟后再试');
    expect((await login(node(0), 'student01', DEMO_PASSWORD, '10.20.0.10')).http).toBe(429);
    // The administrator unlocks on one node; the account logs in through the proxy.
    const unlocked = await call(node(0), '/api/blade-user/user/unlock', {
      token: tokens.admin,
      body: { userIds: STUDENT },
    });
    expect(unlocked.status).toBe(1000);
    expect((await login(cluster.url, 'student01')).status).toBe(1000);
  });

  it('carries chat between users on different nodes, receipts included', async () => {
    const student = await connect(node(0), 'student01');
    const teacher = await connect(node(1), 'teacher01');
    const id = student.say(TEACHER, '跨节点的问候');
    await student.next((f) => f.kind === 'receipt' && f.type === MSG_TYPE_RECEIPT_STORED && f.messageIdWeb === id);
    const got = await teacher.next(messageOf((c) => c === '跨节点的问候'));
    expect(got.kind === 'message' && got.message.fromUserId).toBe(STUDENT);
    await Promise.all([student.close(), teacher.close()]);
  });

  it('serves a chat file uploaded on one node through the proxy, ten times in a row', async () => {
    const content = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/pdf' }), '课表.pdf');
    const up = await call<{ objectId: string }>(node(0), '/api/chat/upload', { token: tokens.student01, body: form });
    expect(up.status, up.msg).toBe(1000);
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${cluster.url}/api/chat/file/${up.result.objectId}`, {
        headers: { authorization: `Bearer ${tokens.student01}` },
      });
      expect(res.status, `download ${i + 1}`).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
    }
  });

  it('runs an import uploaded on one node, matched and started on the other, polled through the proxy; search on either node sees it at once', async () => {
    const grid = [
      ['所属部门', '职责名称', '职责类型', '职责内容', '排序', '关联服务'],
      ['教务处', '跨节点导入的职责', '职责', '在节点一上传，在节点二导入。', 7, ''],
    ];
    const form = new FormData();
    form.append('file', new Blob([await xlsxOf(grid)]), '职责.xlsx');
    const up = await call<{ fileKey: string }>(node(0), `${T}/deptDuty/upload`, { token: tokens.admin, body: form });
    expect(up.status, up.msg).toBe(1000);
    const matched = await call<{ excelFields: unknown[] }>(node(1), `${T}/deptDuty/matchField`, {
      token: tokens.admin,
      body: { fileKey: up.result.fileKey, headerLine: 1 },
    });
    expect(matched.status, matched.msg).toBe(1000);
    const matrix = ['deptName', 'dutyName', 'dutyType', 'dutyContent', 'sort', 'services'].map((dbField, i) => ({
      excelField: grid[0]![i],
      dbField,
    }));
    const started = await call<{ redisKey: string }>(node(1), `${T}/deptDuty/import`, {
      token: tokens.admin,
      body: {
        fileKey: up.result.fileKey,
        headerLine: 1,
        ruleNum: 1,
        errorRegx: 'deptName,dutyName',
        matrixType: JSON.stringify(matrix),
      },
    });
    expect(started.status, started.msg).toBe(1000);
    let progress: Envelope<{ finished: boolean; status: string; newInsertNum: number }>;
    do {
      progress = await call(cluster.url, `${T}/progress`, {
        token: tokens.admin,
        body: { key: started.result.redisKey },
      });
      expect(progress.status, progress.msg).toBe(1000);
    } while (!progress.result.finished && (await new Promise((r) => setTimeout(r, 100)), true));
    expect(progress.result).toMatchObject({ status: 'finished', newInsertNum: 1 });
    for (const i of [0, 1]) {
      const page = await call<{ records: Array<{ dutyName: string }> }>(
        node(i),
        '/api/blade-workbench/ospDeptDutyListConfig/page',
        { token: tokens.admin, body: { size: 100 } },
      );
      expect(page.result.records.map((r) => r.dutyName)).toContain('跨节点导入的职责');
    }
  });

  it('exports on one node and downloads the file from the other', async () => {
    const started = await call<{ redisKey: string }>(node(0), `${T}/deptDuty/exportStart`, {
      token: tokens.admin,
      body: { dataRange: 1, fileName: '职责清单_集群', exportField: 'dutyName:职责名称' },
    });
    expect(started.status, started.msg).toBe(1000);
    let progress: Envelope<{ finished: boolean; status: string; result: { url: string } }>;
    do {
      progress = await call(node(1), `${T}/progress`, { token: tokens.admin, body: { key: started.result.redisKey } });
    } while (!progress.result.finished && (await new Promise((r) => setTimeout(r, 100)), true));
    expect(progress.result.status).toBe('finished');
    const file = await fetch(`${node(1)}${progress.result.result.url}`);
    expect(file.status).toBe(200);
    expect((await rowsOf(Buffer.from(await file.arrayBuffer()))).flat()).toContain('跨节点导入的职责');
  });

  it('finds a service changed through node 1 in a search on node 2 within a second', async () => {
    const handle = createDb({ engine: 'postgres', url: cluster.databaseUrl, max: 1 });
    try {
      const search = async (i: number) =>
        (
          await call<{ records: Array<{ serviceId: string }> }>(
            node(i),
            '/api/blade-platform/nobody/prepareLogin/searchService',
            { body: { tenantId: DEMO_TENANT_ID, keyword: '天文台参观预约', size: 10 } },
          )
        ).result.records.map((r) => r.serviceId);
      // Both nodes have built their search index before the change.
      expect(await search(0)).toEqual([]);
      expect(await search(1)).toEqual([]);
      // A catalogue change as every writer makes one (node 1's code): the row and the catalogue version in one transaction.
      const svc = await handle.db
        .selectFrom('svc_services')
        .where('tenant_id', '=', DEMO_TENANT_ID)
        .where('is_public', '=', 1)
        .where('status', '=', 1)
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await handle.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('svc_services')
          .set({ service_name: '天文台参观预约' })
          .where('id', '=', svc.id)
          .execute();
        await bumpCatalogue(trx, DEMO_TENANT_ID, [svc.id]);
      });
      const changedAt = Date.now();
      await expect.poll(() => search(1), { timeout: 1000, interval: 50 }).toEqual([svc.id]);
      expect(Date.now() - changedAt).toBeLessThan(1000);
      expect(await search(0)).toEqual([svc.id]);
    } finally {
      await handle.close();
    }
  });

  it('keeps a conversation whole when Redis restarts in the middle of it: nothing delayed, lost or doubled', async () => {
    const student = await connect(node(0), 'student01');
    const teacher = await connect(node(1), 'teacher01');
    student.say(TEACHER, 'Redis 重启之前');
    await teacher.next(messageOf((c) => c === 'Redis 重启之前'));
    await cluster.redis!.stop();
    // Sent while Redis is down: stored by node 1, but its fan-out to node 2 is lost with the connection.
    const during = student.say(TEACHER, 'Redis 重启期间');
    await student.next(
      (f) => f.kind === 'receipt' && f.type === MSG_TYPE_RECEIPT_STORED && f.messageIdWeb === during,
      15_000,
    );
    await cluster.redis!.start();
    // No other message follows: the one sent during the outage must arrive by itself once the nodes reconnect.
    await teacher.next(
      messageOf((c) => c === 'Redis 重启期间'),
      20_000,
    );
    const after = student.say(TEACHER, 'Redis 重启之后');
    await teacher.next(
      messageOf((c) => c === 'Redis 重启之后'),
      15_000,
    );
    expect(after).toBeTruthy();
    await teacher.roundTrip();
    const contents = teacher.messages().map((f) => (f as Extract<ServerFrame, { kind: 'message' }>).message.content);
    for (const c of ['Redis 重启之前', 'Redis 重启期间', 'Redis 重启之后'])
      expect(
        contents.filter((x) => x === c),
        c,
      ).toHaveLength(1);
    await Promise.all([student.close(), teacher.close()]);
  });

  it('loses and doubles nothing when node 1 dies while its users send: they reconnect through the proxy; the others see them offline within 15 s', async () => {
    // The teacher stays on node 2; the student reaches node 1 directly first, as the proxy's turn would have it.
    const teacher = await connect(node(1), 'teacher01');
    let student = await connect(node(0), 'student01');
    const sent = Array.from({ length: 40 }, (_, i) => ({ id: randomUUID(), content: `节点故障中的消息 ${i + 1}` }));
    const stored = new Set<string>();
    let killedAt = 0;
    const watchReceipts = (c: TestChatClient) =>
      c.ws.on('message', (raw) => {
        const f = JSON.parse(raw.toString()) as ServerFrame;
        if (f.kind === 'receipt' && f.type === MSG_TYPE_RECEIPT_STORED) stored.add(f.messageIdWeb);
      });
    watchReceipts(student);
    const sending = (async () => {
      for (const [i, m] of sent.entries()) {
        student.say(TEACHER, m.content, { messageIdWeb: m.id });
        if (i === 19) {
          await cluster.nodes[0]!.stop('SIGKILL');
          killedAt = Date.now();
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    await student.closed;
    await sending;
    // The student's client reconnects through the proxy (node 1 is gone, so node 2 answers) and sends again, with the
    // same ids, what was not confirmed stored — as the web client does.
    student = await connect(cluster.url, 'student01');
    watchReceipts(student);
    for (const m of sent.filter((x) => !stored.has(x.id))) student.say(TEACHER, m.content, { messageIdWeb: m.id });
    await expect.poll(() => sent.every((m) => stored.has(m.id)), { timeout: 20_000, interval: 100 }).toBe(true);
    await expect
      .poll(
        () =>
          new Set(teacher.messages().map((f) => (f as Extract<ServerFrame, { kind: 'message' }>).message.messageIdWeb))
            .size,
        { timeout: 20_000, interval: 100 },
      )
      .toBeGreaterThanOrEqual(sent.length);
    const received = teacher.messages().map((f) => (f as Extract<ServerFrame, { kind: 'message' }>).message);
    const ids = received.filter((m) => m.content.startsWith('节点故障中的消息')).map((m) => m.messageIdWeb);
    // Every message once: none lost, none doubled (each stored once, each delivered to the live socket once).
    expect(ids.sort()).toEqual(sent.map((m) => m.id).sort());
    const db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
    const rows = await db
      .query(`SELECT count(*)::int AS n FROM chat_messages WHERE content LIKE '节点故障中的消息%'`)
      .finally(() => db.end());
    expect(rows.rows[0].n).toBe(sent.length);

    await student.close();
    // The student's only device is gone: a user on node 2 sees them offline within 15 s of the kill.
    const probe = async () => {
      teacher.send({ kind: 'probe', userIds: [STUDENT] });
      const res = await teacher.next((f) => f.kind === 'probe-result');
      return res.kind === 'probe-result' ? res.users[0]!.resources : [];
    };
    // Within 15 s of the kill (what is left of them after the checks above).
    await expect.poll(probe, { timeout: Math.max(100, 15_000 - (Date.now() - killedAt)), interval: 250 }).toEqual([]);
    // And the teacher, who chats with the student, was told, within the same 15 s: the sweep removes the dead node's
    // sockets before it publishes their users' presence, so a probe can see them gone a moment before the push lands.
    await expect
      .poll(() => teacher.frames.some((f) => f.kind === 'presence' && f.userId === STUDENT && f.status === 'offline'), {
        timeout: Math.max(100, 15_000 - (Date.now() - killedAt)),
        interval: 100,
      })
      .toBe(true);
    await teacher.close();
    await cluster.nodes[0]!.start();
  });

  it('drains a node that is shut down: its chat sockets are told to reconnect (1012), the proxy sends calls to the other node', async () => {
    // Both nodes serve behind the proxy first: the test before crashed and restarted node 1, and nginx takes a node
    // back only once its fail_timeout (5 s) has passed; until then node 2 is the only one it would send to.
    const served = new Set<string>();
    await expect
      .poll(
        async () => {
          served.add(await nodeOf(cluster.url));
          return served.size;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBe(2);
    const student = await connect(node(1), 'student01');
    const stopping = cluster.nodes[1]!.stop('SIGTERM');
    const closed = await student.closed;
    // 1012: service restart — the client reconnects at once, elsewhere.
    expect(closed.code).toBe(1012);
    await stopping;
    for (let i = 0; i < 4; i++) expect(await nodeOf(cluster.url)).toBe('node-1');
    await cluster.nodes[1]!.start();
    const again = await connect(cluster.url, 'student01');
    await again.roundTrip();
    await again.close();
  });
});
