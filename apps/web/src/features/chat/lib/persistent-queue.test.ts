import { MSG_TYPE_RECEIPT_STORED } from '@portal/contracts/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECEIPT_BATCH_MS, createChatClient, type ChatApi, type ChatClient } from './chat-client.ts';
import type { ChatRecords } from './chat-records.ts';
import { ME, PEER, entry } from './chat-fixtures.ts';
import { SEND_ACKNOWLEDGED, SEND_SENDING } from './chat-state.ts';
import { FakeWebSocket } from './fake-web-socket.ts';

/** One browser's records store (the session store in the app, encrypted and kept when the tab closes). */
function recordsStore() {
  const kept = new Map<string, unknown>();
  return {
    load: (userId: string) => kept.get(userId) as ChatRecords | undefined,
    save: (u: string, r: unknown) => void kept.set(u, r),
  };
}

describe('the chat send queue survives a closed tab (4.1, issue 18)', () => {
  const api: ChatApi = {
    lastChatList: async () => [entry(PEER)],
    history: async () => ({ records: [], hasMore: false }),
    readConversation: async () => ({ read: 0 }),
  };
  let clients: ChatClient[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
    clients = [];
  });
  afterEach(() => {
    for (const c of clients) c.stop();
    vi.useRealTimers();
  });
  const open = (records: ReturnType<typeof recordsStore>) => {
    const c = createChatClient({
      api,
      records,
      createSocket: (url) => new FakeWebSocket(url),
      url: () => 'ws://x/api/chat/ws',
    });
    clients.push(c);
    c.start({ userId: ME, userName: '张同学', token: 'tok' });
    return c;
  };

  it('messages written offline are kept at once, and go out once and in order when a new tab is back online', async () => {
    const records = recordsStore();
    const first = open(records);
    FakeWebSocket.last().accept(ME);
    FakeWebSocket.last().receive({ kind: 'synced', seq: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(Object.keys(first.store.getState().conversations)).toEqual([PEER]);
    FakeWebSocket.last().drop();
    await vi.advanceTimersByTimeAsync(0);
    first.sendText(PEER, '离线一');
    first.sendText(PEER, '离线二');
    // Kept without waiting for the records' save delay: the tab may be closed right away.
    const kept = records.load(ME)!.conversations.flatMap((c) => c.messages);
    expect(kept.map((m) => [m.content, m.isSendType])).toEqual([
      ['离线一', SEND_SENDING],
      ['离线二', SEND_SENDING],
    ]);
    // The tab is closed while still offline.
    first.stop();
    clients = [];
    FakeWebSocket.reset();

    // A new tab of the same user, online: the queue goes out once, in order, after the server said ready.
    const second = open(records);
    const socket = FakeWebSocket.last();
    const waiting = second.store.getState().conversations[PEER]!.messages;
    expect(waiting.map((m) => [m.content, m.isSendType])).toEqual([
      ['离线一', SEND_SENDING],
      ['离线二', SEND_SENDING],
    ]);
    socket.accept(ME);
    await vi.advanceTimersByTimeAsync(100);
    const sent = socket.messagesSent().filter((f) => f.kind === 'message');
    expect(sent.map((f) => f.content)).toEqual(['离线一', '离线二']);
    expect(new Set(sent.map((f) => f.messageIdWeb)).size).toBe(2);
    expect(sent.map((f) => f.messageIdWeb)).toEqual(waiting.map((m) => m.messageIdWeb));
    for (const f of sent)
      socket.receive({
        kind: 'receipt',
        type: MSG_TYPE_RECEIPT_STORED,
        messageId: `srv-${String(f.messageIdWeb)}`,
        messageIdWeb: String(f.messageIdWeb),
        toUserId: PEER,
        timeSend: new Date().toISOString(),
      });
    await vi.advanceTimersByTimeAsync(RECEIPT_BATCH_MS);
    expect(second.store.getState().conversations[PEER]!.messages.map((m) => m.isSendType)).toEqual([
      SEND_ACKNOWLEDGED,
      SEND_ACKNOWLEDGED,
    ]);
    // Nothing goes twice, also after a reconnect.
    socket.drop();
    await vi.advanceTimersByTimeAsync(2_000);
    FakeWebSocket.last().accept(ME);
    await vi.advanceTimersByTimeAsync(100);
    expect(
      FakeWebSocket.last()
        .messagesSent()
        .filter((f) => f.kind === 'message'),
    ).toEqual([]);
  });
});
