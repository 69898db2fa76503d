import {
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_RECEIPT_STORED,
  TO_USER_TYPE_GROUP,
  type ServerFrame,
} from '@portal/contracts/chat';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_TENANT_ID, DEMO_USERS } from '../../db/seed/demo.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { messageOf, receiptOf, TestChatClient } from './chat-test-client.ts';
import { chatRuntime } from './chat.hub.ts';
import type { GroupCommitter } from './chat.commits.ts';

const [, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];
/** People of the burst: PAIRS pairs, each also in one group of all of them. */
const PAIRS = 4;
const PER_PARTNER = 15;
const PER_GROUP = 3;

const injected = () => new Error('injected commit failure');

/**
 * Group commit (issue 13, ADR 0034): messages, acknowledgements and read markers that arrive while a commit is in
 * flight share the next transaction; nothing is acknowledged before the commit that holds it, and a commit that
 * fails acknowledges nothing of what it held.
 */
describe.each(testDatabases)('chat group commit on %s', (engine) => {
  let t: TestApp;
  let commits: GroupCommitter;
  const tokens: Record<string, string> = {};
  const ids: string[] = [];
  const clients: TestChatClient[] = [];
  const connect = async (account: string, opts: Parameters<typeof TestChatClient.connect>[1] = {}) => {
    const c = await TestChatClient.connect(t.app, { token: tokens[account], ...opts });
    clients.push(c);
    return c;
  };
  const post = async (account: string, url: string, payload: object = {}) =>
    (await t.app.inject({ method: 'POST', url, headers: bearer(tokens[account]!), payload })).json() as {
      status: number;
      result: any;
    };
  const unread = async (account: string, jid: string) =>
    ((await post(account, '/api/chat/lastChatList')).result as Array<{ jid: string; unreadNumber: number }>).find(
      (e) => e.jid === jid,
    )?.unreadNumber ?? 0;
  const storedRows = async (messageIdWeb: string) =>
    t.db.db.selectFrom('chat_messages').where('message_id_web', '=', messageIdWeb).select('id').execute();

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    commits = (await chatRuntime(t.app)).repo.commits;
    const now = new Date().toISOString();
    const password_hash = await hashPassword(DEMO_PASSWORD);
    await t.db.db
      .insertInto('users')
      .values(
        Array.from({ length: PAIRS * 2 }, (_, i) => ({
          id: `gc-u-${i}`,
          tenant_id: DEMO_TENANT_ID,
          account: `gc${i}`,
          user_name: `并发用户${i}`,
          nick_name: `并发${i}`,
          password_hash,
          role_id: '000000-student',
          is_demo: 1,
          status: 1,
          created_at: now,
        })),
      )
      .execute();
    for (let i = 0; i < PAIRS * 2; i++) {
      tokens[`gc${i}`] = (await t.login(`gc${i}`)).access_token;
      ids.push(`gc-u-${i}`);
    }
    for (const account of ['teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    commits.beforeCommitForTests = null;
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
  });

  it('jobs queued together commit in one transaction, in order, each settled only after the COMMIT; a failing job is rolled back alone', async () => {
    const before = { ...commits.stats };
    const settled: number[] = [];
    let settledAtCommit: number[] | null = null;
    commits.beforeCommitForTests = async () => {
      settledAtCommit ??= [...settled];
    };
    const key = (i: number) => `gc-unit-${engine}-${i}`;
    const jobs = [0, 1, 2, 3].map((i) =>
      commits
        .run(async (trx) => {
          await trx
            .insertInto('chat_settings')
            .values({ key: key(i), value: String(i) })
            .execute();
          if (i === 2) throw new Error('this job refuses');
          return i;
        })
        .then(
          (v) => (settled.push(i), v),
          (err: Error) => (settled.push(i), err.message),
        ),
    );
    expect(await Promise.all(jobs)).toEqual([0, 1, 'this job refuses', 3]);
    commits.beforeCommitForTests = null;
    expect(settledAtCommit).toEqual([]);
    expect(settled).toEqual([0, 1, 2, 3]);
    expect(commits.stats.batches - before.batches).toBe(1);
    expect(commits.stats.jobs - before.jobs).toBe(4);
    const rows = await t.db.db
      .selectFrom('chat_settings')
      .where('key', 'like', `gc-unit-${engine}-%`)
      .select('key')
      .orderBy('key')
      .execute();
    expect(rows.map((r) => r.key)).toEqual([key(0), key(1), key(3)]);
  });

  it('a failing commit stores nothing of its batch and rejects every job in it', async () => {
    commits.beforeCommitForTests = async () => {
      throw injected();
    };
    const jobs = [0, 1].map((i) =>
      commits.run((trx) =>
        trx
          .insertInto('chat_settings')
          .values({ key: `gc-lost-${engine}-${i}`, value: '-' })
          .execute(),
      ),
    );
    const results = await Promise.allSettled(jobs);
    commits.beforeCommitForTests = null;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const rows = await t.db.db
      .selectFrom('chat_settings')
      .where('key', 'like', `gc-lost-${engine}-%`)
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it('a burst of messages, acknowledgements and read markers from many clients: everything stored once, in order per conversation, every receipt and read marker arrives', async () => {
    const group = await post('gc0', '/api/chat/group/create', { name: '并发群', memberIds: ids.slice(1) });
    expect(group.status).toBe(1000);
    const groupId = group.result.id as string;
    const people = await Promise.all(ids.map((_, i) => connect(`gc${i}`)));
    const partner = (i: number) => (i % 2 === 0 ? i + 1 : i - 1);
    // Each reader marks its conversation with the sender read at each message from it (the conversation is open).
    people.forEach((c, i) =>
      c.ws.on('message', (raw) => {
        const f = JSON.parse(raw.toString()) as ServerFrame;
        if (f.kind === 'message' && f.seq !== null && f.message.fromUserId === ids[partner(i)])
          c.send({ kind: 'read', peerId: ids[partner(i)]! });
      }),
    );
    const sent = people.map((c, i) => {
      const toPartner: string[] = [];
      const toGroup: string[] = [];
      for (let k = 0; k < PER_PARTNER; k++) {
        toPartner.push(c.say(ids[partner(i)]!, `对${partner(i)}说 ${k}`));
        if (k < PER_GROUP) toGroup.push(c.say(groupId, `群里${i}说 ${k}`, { toUserType: TO_USER_TYPE_GROUP }));
      }
      return { toPartner, toGroup };
    });
    // Every message stored (25) and, one to one, delivered (26) and read (a seen marker) — each exactly once.
    await Promise.all(
      people.flatMap((c, i) => [
        ...[...sent[i]!.toPartner, ...sent[i]!.toGroup].map((w) => c.next(receiptOf(MSG_TYPE_RECEIPT_STORED, w))),
        ...sent[i]!.toPartner.map((w) => c.next(receiptOf(MSG_TYPE_RECEIPT_DELIVERED, w))),
      ]),
    );
    for (const [i, c] of people.entries()) {
      const last = sent[i]!.toPartner.at(-1)!;
      await c.next((f) => f.kind === 'seen' && f.messages.some((m) => m.messageIdWeb === last));
    }
    await Promise.all(people.map((c) => c.roundTrip()));

    for (const [i, c] of people.entries()) {
      const receipts = c.frames.filter((f) => f.kind === 'receipt');
      const mine = [...sent[i]!.toPartner, ...sent[i]!.toGroup];
      for (const w of mine)
        expect(receipts.filter((f) => f.type === MSG_TYPE_RECEIPT_STORED && f.messageIdWeb === w)).toHaveLength(1);
      for (const w of sent[i]!.toPartner)
        expect(receipts.filter((f) => f.type === MSG_TYPE_RECEIPT_DELIVERED && f.messageIdWeb === w)).toHaveLength(1);
      // What arrived: the partner's messages in the order sent, every group message of the others, each once, with
      // strictly rising mailbox positions.
      const got = c.messages();
      expect(
        got
          .filter((f) => f.message.fromUserId === ids[partner(i)] && f.message.toUserType !== TO_USER_TYPE_GROUP)
          .map((f) => f.message.messageIdWeb),
      ).toEqual(sent[partner(i)]!.toPartner);
      for (const [j] of people.entries()) {
        if (j === i) continue;
        expect(
          got
            .filter((f) => f.message.fromUserId === ids[j] && f.message.toUserType === TO_USER_TYPE_GROUP)
            .map((f) => f.message.messageIdWeb),
        ).toEqual(sent[j]!.toGroup);
      }
      const seqs = got.map((f) => f.seq!);
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(await unread(`gc${i}`, ids[partner(i)]!)).toBe(0);
    }
    // Stored once each, with one mailbox entry per recipient (sender included).
    const all = sent.flatMap((s) => [...s.toPartner, ...s.toGroup]);
    const rows = await t.db.db
      .selectFrom('chat_messages as m')
      .innerJoin('chat_inbox as i', 'i.message_id', 'm.id')
      .where('m.message_id_web', 'in', all)
      .select(['m.message_id_web', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('m.message_id_web')
      .execute();
    expect(rows).toHaveLength(all.length);
    const inboxes = new Map(rows.map((r) => [r.message_id_web, Number(r.n)]));
    for (const s of sent) {
      for (const w of s.toPartner) expect(inboxes.get(w)).toBe(2);
      for (const w of s.toGroup) expect(inboxes.get(w)).toBe(PAIRS * 2);
    }
  });

  it('a message whose commit fails gets no receipt and reaches nobody; its resend is stored once', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01');
    commits.beforeCommitForTests = async () => {
      throw injected();
    };
    const lost = teacher.say(STUDENT, '这条没有存下');
    const refused = await teacher.next((f) => f.kind === 'error' && f.messageIdWeb === lost);
    commits.beforeCommitForTests = null;
    expect(refused).toMatchObject({ status: 500 });
    expect(await storedRows(lost)).toEqual([]);

    const after = teacher.say(STUDENT, '这条存下了');
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, after));
    await student.next(messageOf((c) => c === '这条存下了'));
    await teacher.roundTrip();
    expect(teacher.frames.some((f) => f.kind === 'receipt' && f.messageIdWeb === lost)).toBe(false);
    expect(student.messages().some((f) => f.message.messageIdWeb === lost)).toBe(false);

    // The client sends it again under the same id: stored once, acknowledged once.
    teacher.say(STUDENT, '这条没有存下', { messageIdWeb: lost });
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, lost));
    await student.next(messageOf((c) => c === '这条没有存下'));
    expect(await storedRows(lost)).toHaveLength(1);
    await Promise.all([teacher.close(), student.close()]);
  });

  it('an acknowledgement or read marker whose commit fails tells the sender nothing; the next one that commits does', async () => {
    const teacher = await connect('teacher01');
    const student = await connect('student01', { autoAck: false });
    const w = teacher.say(STUDENT, `回执 ${randomUUID()}`);
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_STORED, w));
    const arrived = await student.next((f) => f.kind === 'message' && f.message.messageIdWeb === w);
    const seq = (arrived as { seq: number }).seq;

    commits.beforeCommitForTests = async () => {
      throw injected();
    };
    student.send({ kind: 'ack', seq });
    await student.next((f) => f.kind === 'error' && f.status === 500);
    student.send({ kind: 'read', peerId: TEACHER });
    await student.next((f) => f.kind === 'error' && f.status === 500);
    commits.beforeCommitForTests = null;
    await teacher.roundTrip();
    expect(
      teacher.frames.some((f) => f.kind === 'receipt' && f.type === MSG_TYPE_RECEIPT_DELIVERED && f.messageIdWeb === w),
    ).toBe(false);
    expect(teacher.frames.some((f) => f.kind === 'seen' && f.messages.some((m) => m.messageIdWeb === w))).toBe(false);
    expect(await unread('student01', TEACHER)).toBeGreaterThan(0);
    const cursor = await t.db.db
      .selectFrom('chat_device_cursors')
      .where('user_id', '=', STUDENT)
      .where('resource', '=', 'pc')
      .select('acked_seq')
      .executeTakeFirstOrThrow();
    expect(Number(cursor.acked_seq)).toBeLessThan(seq);

    student.send({ kind: 'ack', seq });
    student.send({ kind: 'read', peerId: TEACHER });
    await teacher.next(receiptOf(MSG_TYPE_RECEIPT_DELIVERED, w));
    await teacher.next((f) => f.kind === 'seen' && f.messages.some((m) => m.messageIdWeb === w));
    await student.roundTrip();
    expect(await unread('student01', TEACHER)).toBe(0);
    await Promise.all([teacher.close(), student.close()]);
  });
});
