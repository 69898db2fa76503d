import {
  CHAT_CLIENT_SEND_BURST,
  CHAT_CLIENT_SEND_RATE_PER_SECOND,
  CHAT_SEND_BURST,
  MSG_TYPE_RECEIPT_STORED,
  createSendBucket,
} from '@portal/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../db/seed/demo.ts';
import { bearer, createTestApp, testDatabases, type TestApp } from '../../test/test-app.ts';
import { TestChatClient } from './chat-test-client.ts';

const [, TEACHER, STUDENT] = DEMO_USERS.map((u) => u.id) as [string, string, string];
const QUEUED = 500;

/**
 * Issue 14: a client that comes back online with hundreds of queued messages sends them at the published pace
 * (createSendBucket with CHAT_CLIENT_SEND_BURST / CHAT_CLIENT_SEND_RATE_PER_SECOND, as the web client does) and the
 * server's limit (CHAT_SEND_BURST, then CHAT_SEND_RATE_PER_SECOND) never refuses one: nothing lost, nothing to resend.
 */
describe.each(testDatabases)('a long offline queue on %s', (engine) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    for (const account of ['teacher01', 'student01']) tokens[account] = (await t.login(account)).access_token;
  });
  afterAll(async () => {
    await t.close();
  });

  it(`${QUEUED} queued messages drain without 429 and all arrive, once, in order`, { timeout: 90_000 }, async () => {
    expect(QUEUED).toBeGreaterThan(CHAT_SEND_BURST * 4);
    const teacher = await TestChatClient.connect(t.app, { token: tokens.teacher01 });
    const bucket = createSendBucket(CHAT_CLIENT_SEND_BURST, CHAT_CLIENT_SEND_RATE_PER_SECOND);
    const receipts = Array.from({ length: QUEUED }, (_, i) =>
      teacher.next(
        (f) => f.kind === 'receipt' && f.type === MSG_TYPE_RECEIPT_STORED && f.messageIdWeb === `q-${i}`,
        80_000,
      ),
    );
    for (let i = 0; i < QUEUED; i++) {
      while (!bucket.take()) await new Promise((r) => setTimeout(r, Math.max(5, bucket.waitMs())));
      teacher.say(STUDENT, `离线消息 ${i}`, { messageIdWeb: `q-${i}` });
    }
    await Promise.all(receipts);
    expect(teacher.frames.filter((f) => f.kind === 'error')).toEqual([]);

    // The recipient, offline all along, gets all of them once and in order.
    const student = await TestChatClient.connect(t.app, { token: tokens.student01 });
    const got = student
      .messages()
      .filter((f) => f.message.fromUserId === TEACHER)
      .map((f) => f.message.content);
    expect(got).toEqual(Array.from({ length: QUEUED }, (_, i) => `离线消息 ${i}`));
    const list = (
      await t.app.inject({
        method: 'POST',
        url: '/api/chat/lastChatList',
        headers: bearer(tokens.student01!),
        payload: {},
      })
    ).json() as { result: Array<{ jid: string; unreadNumber: number }> };
    expect(list.result.find((e) => e.jid === TEACHER)?.unreadNumber).toBe(QUEUED);
    await Promise.all([teacher.close(), student.close()]);
  });
});
