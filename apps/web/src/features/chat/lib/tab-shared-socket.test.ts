import { CHAT_CLOSE_CONFLICT, MSG_TYPE_RECEIPT_STORED } from '@portal/contracts/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatClient, type ChatApi, type ChatClient } from './chat-client.ts';
import { ME, PEER, entry, incoming } from './chat-fixtures.ts';
import { FakeWebSocket } from './fake-web-socket.ts';
import type { ChatTabChannel, ChatTabLocks, ChatTabShare } from './tab-shared-socket.ts';

/** The Web Locks API of one browser: exclusive locks by name, granted in request order, waiting requests abortable. */
function fakeLocks(): ChatTabLocks {
  const held = new Set<string>();
  const queues = new Map<string, Array<() => void>>();
  const grant = (name: string) => {
    const next = queues.get(name)?.shift();
    if (next) next();
  };
  return {
    request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const run = () => {
          held.add(name);
          callback()
            .then(resolve, reject)
            .finally(() => {
              held.delete(name);
              grant(name);
            });
        };
        if (!held.has(name)) return run();
        const q = queues.get(name) ?? [];
        q.push(run);
        queues.set(name, q);
        options.signal?.addEventListener('abort', () => {
          const i = q.indexOf(run);
          if (i >= 0) q.splice(i, 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    },
  };
}

/** BroadcastChannel between the tabs of one browser: a message reaches every other tab, later, as a copy. */
function fakeChannels() {
  const tabs: Array<{ listeners: Set<(e: { data: unknown }) => void> }> = [];
  return () => {
    const me = { listeners: new Set<(e: { data: unknown }) => void>() };
    tabs.push(me);
    const channel: ChatTabChannel = {
      postMessage(message) {
        const copy = structuredClone(message);
        for (const t of tabs) if (t !== me) for (const l of t.listeners) setTimeout(() => l({ data: copy }), 0);
      },
      addEventListener: (_type, l) => me.listeners.add(l),
      removeEventListener: (_type, l) => me.listeners.delete(l),
    };
    return channel;
  };
}

describe('two tabs of one browser share one chat socket (issue 14)', () => {
  let locks: ChatTabLocks;
  let newChannel: () => ChatTabChannel;
  const tabs: ChatClient[] = [];

  const openTab = (name: string) => {
    const api: ChatApi = {
      lastChatList: vi.fn(async () => [entry(PEER, { name: '李老师' })]),
      history: vi.fn(async () => ({ records: [], hasMore: false })),
      readConversation: vi.fn(async () => ({ read: 0 })),
    };
    const channel = newChannel();
    const share: ChatTabShare = { locks, channel, lockName: `portal.chat.leader.${ME}`, tabId: name };
    const client = createChatClient({
      api,
      createSocket: (url) => new FakeWebSocket(url),
      url: () => 'ws://x/api/chat/ws',
      tabs: () => share,
    });
    client.start({ userId: ME, userName: '张同学', token: 'tok' });
    tabs.push(client);
    return client;
  };
  const messages = (c: ChatClient) => c.store.getState().conversations[PEER]?.messages ?? [];

  beforeEach(() => {
    FakeWebSocket.reset();
    locks = fakeLocks();
    newChannel = fakeChannels();
  });
  afterEach(() => {
    for (const t of tabs.splice(0)) t.stop();
  });

  it('one socket for both tabs; both receive; a follower sends through the leader and both show it; the other tab takes over when the leader closes', async () => {
    const a = openTab('tab-a');
    const b = openTab('tab-b');
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.last();
    ws.accept(ME);
    await vi.waitFor(() => {
      expect(a.store.getState().status).toBe('online');
      expect(b.store.getState().status).toBe('online');
    });
    // Still one socket: the second tab never logs in on its own (no 4409 between tabs).
    expect(FakeWebSocket.instances).toHaveLength(1);

    // A message from the server reaches both tabs, and is acknowledged once.
    const m = incoming('两个标签页都能收到');
    ws.receive({ kind: 'message', seq: 1, message: m });
    await vi.waitFor(() => {
      expect(messages(a).map((x) => x.content)).toEqual(['两个标签页都能收到']);
      expect(messages(b).map((x) => x.content)).toEqual(['两个标签页都能收到']);
    });
    expect(ws.sent.filter((f) => f.kind === 'ack')).toEqual([{ kind: 'ack', seq: 1 }]);

    // The follower tab sends: the frame goes out on the leader's socket; both tabs show it, and its receipt.
    const sent = b.sendText(PEER, '从第二个标签页发出');
    await vi.waitFor(() => expect(ws.messagesSent().map((f) => f.content)).toEqual(['从第二个标签页发出']));
    await vi.waitFor(() => expect(messages(a).map((x) => x.content)).toContain('从第二个标签页发出'));
    ws.receive({
      kind: 'receipt',
      type: MSG_TYPE_RECEIPT_STORED,
      messageId: 'srv-9',
      messageIdWeb: sent.messageIdWeb,
      toUserId: PEER,
      timeSend: '2026-11-23T08:00:00Z',
    });
    await vi.waitFor(() => {
      expect(messages(b).find((x) => x.messageIdWeb === sent.messageIdWeb)).toMatchObject({
        messageId: 'srv-9',
        isSendType: 0,
      });
      expect(messages(a).find((x) => x.messageIdWeb === sent.messageIdWeb)).toMatchObject({
        messageId: 'srv-9',
        isSendType: 0,
      });
    });

    // The leader tab closes: the other one takes the lock and opens the socket itself.
    a.stop();
    tabs.splice(tabs.indexOf(a), 1);
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    const next = FakeWebSocket.last();
    next.accept(ME);
    await vi.waitFor(() => expect(b.store.getState().status).toBe('online'));
    next.receive({ kind: 'message', seq: 2, message: incoming('新的领头标签页') });
    await vi.waitFor(() => expect(messages(b).map((x) => x.content)).toContain('新的领头标签页'));
  });

  it('a conflict from another browser of the same kind reaches every tab, which stop reconnecting', async () => {
    const a = openTab('tab-a');
    const b = openTab('tab-b');
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    FakeWebSocket.last().accept(ME);
    await vi.waitFor(() => expect(b.store.getState().status).toBe('online'));
    FakeWebSocket.last().drop(CHAT_CLOSE_CONFLICT);
    await vi.waitFor(() => {
      expect(a.store.getState().status).toBe('conflict');
      expect(b.store.getState().status).toBe('conflict');
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
