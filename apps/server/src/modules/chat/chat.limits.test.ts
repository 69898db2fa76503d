import {
  CHAT_CLOSE_TOO_FAST,
  CHAT_OTHER_FRAMES_BURST,
  CHAT_REFUSALS_BEFORE_CLOSE,
  CHAT_SEND_BURST,
  CHAT_SEND_RATE_PER_SECOND,
  CHAT_TEXTS,
  MSG_TYPE_RECEIPT_STORED,
  type ServerFrame,
} from '@portal/contracts/chat';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { receiptOf, TestChatClient } from './chat-test-client.ts';

const TEACHER = DEMO_USERS[1]!.id;

/** A refusal of the sending limit: the error frame the web client shows (CHAT_TEXTS.tooFast). */
const tooFast = (f: ServerFrame): f is Extract<ServerFrame, { kind: 'error' }> =>
  f.kind === 'error' && f.status === 429 && f.msg === CHAT_TEXTS.tooFast;

/**
 * Waits on the real clock (vi.waitFor would move the faked Date on, and the limits with it) until `done`.
 */
async function until(done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The chat socket's sending limits (ADR 0068): per user, messages apart from every other frame. */
describe.each(testDatabases)('chat sending limits on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const connect = (account: string, resource: 'pc' | 'android' | 'ios' = 'pc') =>
    TestChatClient.connect(t.app, { token: tokens[account], resource, autoAck: false });
  /** How many of these messages the store holds. */
  const stored = async (ids: string[]) =>
    (await t.db.db.selectFrom('chat_messages').where('message_id_web', 'in', ids).select('id').execute()).length;
  /** Every message's fate, once each has one: stored (its receipt 25) or refused (the error frame). */
  const fates = async (c: TestChatClient, ids: string[]) => {
    const of = () => {
      const storedIds = new Set(
        c.frames.flatMap((f) => (f.kind === 'receipt' && f.type === MSG_TYPE_RECEIPT_STORED ? [f.messageIdWeb] : [])),
      );
      const refusedIds = new Set(c.frames.flatMap((f) => (tooFast(f) && f.messageIdWeb ? [f.messageIdWeb] : [])));
      return {
        accepted: ids.filter((id) => storedIds.has(id)),
        refused: ids.filter((id) => refusedIds.has(id)),
      };
    };
    await until(() => of().accepted.length + of().refused.length === ids.length);
    return of();
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['admin', 'teacher01', 'student01', 'student02'])
      tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a flood of messages with the error frame, stores nothing beyond the limit, and the socket works again once the limit has filled', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const flood = await connect('student01');
    const ids = Array.from({ length: CHAT_SEND_BURST * 2 }, (_, i) => flood.say(TEACHER, `刷屏 ${i}`));
    const { refused, accepted } = await fates(flood, ids);
    // The clock stood still: exactly the burst went through, each stored; every refused message is not stored.
    expect(accepted).toHaveLength(CHAT_SEND_BURST);
    expect(refused).toHaveLength(ids.length - CHAT_SEND_BURST);
    expect(await stored(accepted)).toBe(CHAT_SEND_BURST);
    expect(await stored(refused)).toBe(0);

    // The socket is open and answers, and another user is not limited with the flooder.
    await flood.roundTrip();
    const other = await connect('student02');
    const hello = other.say(TEACHER, '老师好');
    await other.next(receiptOf(MSG_TYPE_RECEIPT_STORED, hello));

    // A second second: the limit has filled by its rate, and that many messages go through again.
    vi.setSystemTime(Date.now() + 1000);
    const next = Array.from({ length: CHAT_SEND_RATE_PER_SECOND + 5 }, (_, i) => flood.say(TEACHER, `再来 ${i}`));
    const again = await fates(flood, [...ids, ...next]);
    expect(next.filter((id) => again.accepted.includes(id))).toHaveLength(CHAT_SEND_RATE_PER_SECOND);
    expect(await stored(next)).toBe(CHAT_SEND_RATE_PER_SECOND);
    await Promise.all([flood.close(), other.close()]);
  });

  it('counts a user’s sockets together, and a new socket does not bring a new allowance', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const pc = await connect('teacher01', 'pc');
    const phone = await connect('teacher01', 'android');
    const fromPc = Array.from({ length: CHAT_SEND_BURST / 2 }, (_, i) => pc.say(DEMO_USERS[2]!.id, `电脑 ${i}`));
    expect((await fates(pc, fromPc)).refused).toEqual([]);
    const fromPhone = Array.from({ length: CHAT_SEND_BURST }, (_, i) => phone.say(DEMO_USERS[2]!.id, `手机 ${i}`));
    expect((await fates(phone, fromPhone)).accepted).toHaveLength(CHAT_SEND_BURST / 2);

    // Reconnecting: the new socket finds the limit as the old one left it.
    await phone.close();
    const again = await connect('teacher01', 'android');
    const late = again.say(DEMO_USERS[2]!.id, '重新连接后');
    expect(await again.next((f) => tooFast(f) && f.messageIdWeb === late)).toBeTruthy();
    await Promise.all([pc.close(), again.close()]);
  });

  it('limits the other frames apart from messages, and closes a socket that keeps sending after its refusals', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const c = await connect('admin', 'ios');
    // Probes (each one reads presence) past their own limit are refused; messages still go.
    for (let i = 0; i < CHAT_OTHER_FRAMES_BURST + 10; i++) c.send({ kind: 'probe', userIds: [TEACHER] });
    await c.next(tooFast);
    const answered = () => c.frames.filter((f) => f.kind === 'probe-result').length;
    await until(() => answered() === CHAT_OTHER_FRAMES_BURST);
    expect(answered()).toBe(CHAT_OTHER_FRAMES_BURST);
    const message = c.say(TEACHER, '还能发消息');
    await c.next(receiptOf(MSG_TYPE_RECEIPT_STORED, message));

    // Going on regardless: after CHAT_REFUSALS_BEFORE_CLOSE refusals the socket is closed with the policy code.
    for (let i = 0; i < CHAT_REFUSALS_BEFORE_CLOSE; i++) c.ws.send('not json');
    expect((await c.closed).code).toBe(CHAT_CLOSE_TOO_FAST);
    expect(c.frames.filter(tooFast).length).toBeGreaterThanOrEqual(CHAT_REFUSALS_BEFORE_CLOSE);
  });

  it('lets a client acknowledge every message it gets, but counts an acknowledgement of nothing new', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Long enough after the tests above for every allowance to be full again.
    vi.setSystemTime(Date.now() + 10_000);
    // Three senders, a full allowance each: more messages than the other frames' allowance, each acknowledged.
    const reader = await TestChatClient.connect(t.app, { token: tokens.student02, resource: 'ios', autoAck: true });
    const senders = await Promise.all(['admin', 'teacher01', 'student01'].map((a) => connect(a, 'android')));
    const count = CHAT_OTHER_FRAMES_BURST + 50;
    for (let i = 0; i < count; i++) senders[i % 3]!.say(DEMO_USERS[3]!.id, `确认 ${i}`);
    await until(() => reader.messages().length >= count);
    // Every acknowledgement was handled before the pong.
    await reader.roundTrip();
    expect(reader.frames.filter(tooFast)).toEqual([]);

    // The same position acknowledged again and again: a flood like any other.
    const last = reader.messages().at(-1)!.seq!;
    for (let i = 0; i < CHAT_OTHER_FRAMES_BURST + 1; i++) reader.send({ kind: 'ack', seq: last });
    await reader.next(tooFast);
    await Promise.all([reader.close(), ...senders.map((c) => c.close())]);
  });
});
