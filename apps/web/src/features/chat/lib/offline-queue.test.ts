import {
  CHAT_SEND_BURST,
  CHAT_SEND_RATE_PER_SECOND,
  CHAT_TEXTS,
  MSG_TYPE_RECEIPT_STORED,
  createSendBucket,
  type SendBucket,
} from '@portal/contracts/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatClient, type ChatApi, type ChatClient } from './chat-client.ts';
import { ME, PEER, entry } from './chat-fixtures.ts';
import { SEND_ACKNOWLEDGED, SEND_TIMED_OUT } from './chat-state.ts';
import { FakeWebSocket } from './fake-web-socket.ts';

/** A socket double that answers like the server: receipt 25 for each message, 429 when over the server's limit. */
class LimitedServerSocket extends FakeWebSocket {
  static limit: () => SendBucket = () => createSendBucket(CHAT_SEND_BURST, CHAT_SEND_RATE_PER_SECOND);
  static refused = 0;
  private readonly bucket = LimitedServerSocket.limit();
  override send(data: string): void {
    super.send(data);
    const f = JSON.parse(data) as { kind: string; messageIdWeb?: string; toUserId?: string };
    if (f.kind !== 'message') return;
    const ok = this.bucket.take();
    if (!ok) LimitedServerSocket.refused += 1;
    queueMicrotask(() =>
      this.receive(
        ok
          ? {
              kind: 'receipt',
              type: MSG_TYPE_RECEIPT_STORED,
              messageId: `srv-${f.messageIdWeb}`,
              messageIdWeb: f.messageIdWeb!,
              toUserId: f.toUserId!,
              timeSend: new Date().toISOString(),
            }
          : { kind: 'error', status: 429, msg: CHAT_TEXTS.tooFast, messageIdWeb: f.messageIdWeb! },
      ),
    );
  }
}

describe('a long offline queue drains by itself (issue 14)', () => {
  let client: ChatClient;
  const messages = () => client.store.getState().conversations[PEER]?.messages ?? [];

  beforeEach(async () => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
    LimitedServerSocket.refused = 0;
    const api: ChatApi = {
      lastChatList: async () => [entry(PEER)],
      history: async () => ({ records: [], hasMore: false }),
      readConversation: async () => ({ read: 0 }),
    };
    client = createChatClient({
      api,
      createSocket: (url) => new LimitedServerSocket(url),
      url: () => 'ws://x/api/chat/ws',
    });
    client.start({ userId: ME, userName: '张同学', token: 'tok' });
    FakeWebSocket.last().accept(ME);
    await vi.advanceTimersByTimeAsync(0);
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
    LimitedServerSocket.limit = () => createSendBucket(CHAT_SEND_BURST, CHAT_SEND_RATE_PER_SECOND);
  });

  const queueWhileOffline = async (n: number) => {
    FakeWebSocket.last().drop();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < n; i++) client.sendText(PEER, `离线 ${i}`);
    // The reconnect comes by itself (4.1: 300 ms after a message was queued offline).
    await vi.advanceTimersByTimeAsync(1_000);
    FakeWebSocket.last().accept(ME);
  };

  it('500 messages queued offline go out at the pace of the server limit: none refused, none failed, all acknowledged', async () => {
    await queueWhileOffline(500);
    await vi.advanceTimersByTimeAsync(5_000);
    // Paced: some went, the rest wait their turn still "sending", not failed.
    expect(messages().filter((m) => m.isSendType === SEND_ACKNOWLEDGED).length).toBeLessThan(500);
    expect(messages().some((m) => m.isSendType === SEND_TIMED_OUT)).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(messages()).toHaveLength(500);
    expect(messages().every((m) => m.isSendType === SEND_ACKNOWLEDGED)).toBe(true);
    expect(LimitedServerSocket.refused).toBe(0);
    // Each went out once, in order.
    const sent = FakeWebSocket.last()
      .messagesSent()
      .map((f) => f.content);
    expect(sent).toEqual(Array.from({ length: 500 }, (_, i) => `离线 ${i}`));
  });

  it('a refusal (429) anyway, e.g. from a server with a smaller burst: the message goes again by itself, nothing to resend by hand', async () => {
    LimitedServerSocket.limit = () => createSendBucket(60, CHAT_SEND_RATE_PER_SECOND);
    await queueWhileOffline(150);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(LimitedServerSocket.refused).toBeGreaterThan(0);
    expect(messages().every((m) => m.isSendType === SEND_ACKNOWLEDGED)).toBe(true);
    expect(new Set(messages().map((m) => m.messageId)).size).toBe(150);
  });
});
