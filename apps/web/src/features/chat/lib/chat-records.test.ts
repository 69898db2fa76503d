import type { UserInfo } from '@portal/contracts/auth';
import {
  FILE_TRANSFER_HELPER_ID,
  MSG_TYPE_INPUT_STATE,
  MSG_TYPE_RECEIPT_STORED,
  type ChatMessage,
  type ConversationEntry,
} from '@portal/contracts/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { createChatClient, type ChatApi } from './chat-client.ts';
import { CHAT_RECORDS_SAVE_DELAY_MS, fromChatRecords, sessionChatRecords, toChatRecords } from './chat-records.ts';
import {
  SEND_ACKNOWLEDGED,
  SEND_SENDING,
  emptyConversation,
  type ClientMessage,
  type Conversations,
} from './chat-state.ts';
import { ME, PEER, entry, incoming } from './chat-fixtures.ts';
import { FakeWebSocket } from './fake-web-socket.ts';

let n = 0;
/** A stored message with a time one second after the previous one. */
const message = (content: string, extra: Partial<ClientMessage> = {}): ClientMessage => ({
  ...incoming(content),
  timeSend: new Date(Date.UTC(2026, 10, 23, 8, 0, ++n)).toISOString(),
  isSendType: SEND_ACKNOWLEDGED,
  ...extra,
});

const withMessages = (e: ConversationEntry, messages: ClientMessage[]) => ({
  ...emptyConversation(e),
  messages,
  historyLoaded: true,
});

describe('chat records (section 3: kept for the session, tied to the user id)', () => {
  it('keeps the conversations of the list in its order, and the latest messages of each, without input states', () => {
    const all: Conversations = {
      old: withMessages(entry('old', { timeSend: '2026-11-20T08:00:00Z' }), [message('旧')]),
      new: withMessages(entry('new', { timeSend: '2026-11-23T08:00:00Z', unreadNumber: 2 }), [
        message('1'),
        message('', { type: MSG_TYPE_INPUT_STATE }),
        message('2'),
        message('3'),
      ]),
      stranger: withMessages(entry('stranger', { mpType: null }), [message('不在列表里')]),
    };
    const records = toChatRecords(all, { conversations: 5, messages: 2, maxChars: 100_000 });
    expect(records.conversations.map((c) => c.jid)).toEqual(['new', 'old']);
    expect(records.conversations[0]).toMatchObject({ unreadNumber: 2, timeSend: '2026-11-23T08:00:00Z' });
    expect(records.conversations[0]!.messages.map((m) => m.content)).toEqual(['2', '3']);
    expect(
      toChatRecords(all, { conversations: 1, messages: 20, maxChars: 100_000 }).conversations.map((c) => c.jid),
    ).toEqual(['new']);
  });

  it('stops keeping message content once the size cap is reached, and keeps the conversations', () => {
    const long = 'x'.repeat(2_000);
    const all: Conversations = {
      a: withMessages(entry('a', { timeSend: '2026-11-23T08:00:00Z' }), [message(long), message(long)]),
      b: withMessages(entry('b', { timeSend: '2026-11-22T08:00:00Z' }), [message(long)]),
    };
    const records = toChatRecords(all, { conversations: 5, messages: 20, maxChars: 3_000 });
    expect(records.conversations.map((c) => [c.jid, c.messages.length])).toEqual([
      ['a', 1],
      ['b', 0],
    ]);
  });

  it('restores conversations to be confirmed by the server; a message still sending comes back sending, the queue to go out again (issue 18)', () => {
    const all: Conversations = {
      [PEER]: withMessages(entry(PEER, { timeSend: '2026-11-23T08:00:00Z' }), [
        message('收到'),
        message('还没发出', { fromUserId: ME, messageId: '', isSendType: SEND_SENDING }),
      ]),
    };
    const restored = fromChatRecords(JSON.parse(JSON.stringify(toChatRecords(all))));
    const c = restored[PEER]!;
    expect(c.historyLoaded).toBe(false);
    expect(c.messages.map((m) => [m.content, m.isSendType, m.restored])).toEqual([
      ['收到', SEND_ACKNOWLEDGED, true],
      ['还没发出', SEND_SENDING, true],
    ]);
  });

  it('restores nothing from records it cannot read', () => {
    expect(fromChatRecords(undefined)).toEqual({});
    expect(fromChatRecords({ version: 2, conversations: [] })).toEqual({});
    expect(fromChatRecords({ version: 1, conversations: [{ jid: 'x' }] })).toEqual({});
  });

  it('checks restored records by hand as the zod schema did: one broken message drops them all, unknown keys are dropped (issue 10)', () => {
    const stored = () =>
      JSON.parse(
        JSON.stringify(
          toChatRecords({
            [PEER]: withMessages(entry(PEER, { timeSend: '2026-11-23T08:00:00Z', muted: true }), [
              message('收到', { delivered: true } as Partial<ClientMessage>),
              message('出错了', { fromUserId: ME, isSendType: 3, error: '发送过于频繁' } as Partial<ClientMessage>),
            ]),
          }),
        ),
      ) as { version: number; conversations: Array<Record<string, unknown> & { messages: Record<string, unknown>[] }> };
    // What was written comes back whole, its delivered and error marks included.
    const whole = fromChatRecords(stored())[PEER]!;
    expect(whole.muted).toBe(true);
    expect(
      whole.messages.map((m) => [m.content, m.isSendType, (m as { delivered?: boolean }).delivered, m.error]),
    ).toEqual([
      ['收到', SEND_ACKNOWLEDGED, true, undefined],
      ['出错了', 3, undefined, '发送过于频繁'],
    ]);
    // Each of these breaks one field of one message, or of the conversation: nothing is restored, as before.
    const breaks: Array<(r: ReturnType<typeof stored>) => void> = [
      (r) => (r.conversations[0]!.messages[1]!.fileSize = '12'),
      (r) => (r.conversations[0]!.messages[1]!.isSendType = 2),
      (r) => delete r.conversations[0]!.messages[0]!.messageIdWeb,
      (r) => (r.conversations[0]!.messages[0]!.mentions = [{ userId: 'u3' }]),
      (r) => (r.conversations[0]!.messages[0]!.delivered = 'yes'),
      (r) => (r.conversations[0]!.messages[0]!.type = 1.5),
      (r) => (r.conversations[0]!.unreadNumber = null),
      (r) => (r.conversations[0]!.messages = {} as never),
      (r) => (r.version = 2),
    ];
    for (const broken of breaks) {
      const r = stored();
      broken(r);
      expect(fromChatRecords(r)).toEqual({});
    }
    // Keys the schema does not know are dropped, not kept in the conversations.
    const r = stored();
    r.conversations[0]!.injected = '<img>';
    r.conversations[0]!.messages[0]!.injected = '<img>';
    const restored = fromChatRecords(r)[PEER]!;
    expect(restored).not.toHaveProperty('injected');
    expect(restored.messages[0]).not.toHaveProperty('injected');
  });
});

describe('chat records in the session store', () => {
  let api: { [K in keyof ChatApi]-?: ReturnType<typeof vi.fn> };
  const login = () => sessionStore.setState({ token: 'tok', user: { user_id: ME, user_name: '张同学' } as UserInfo });
  const newClient = () =>
    createChatClient({
      api: api as unknown as ChatApi,
      createSocket: (url) => new FakeWebSocket(url),
      url: () => 'ws://x/api/chat/ws',
      records: sessionChatRecords(sessionStore),
    });

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
    sessionStore.getState().logoutClear();
    api = {
      lastChatList: vi.fn(async () => [entry(PEER, { name: '李老师' })]),
      history: vi.fn(async () => ({ records: [], hasMore: false })),
      readConversation: vi.fn(async () => ({ read: 0 })),
      readPublicAccount: vi.fn(async () => ({ read: 0 })),
      groups: vi.fn(async () => []),
    };
  });
  afterEach(() => {
    sessionStore.getState().logoutClear();
    vi.useRealTimers();
  });

  it('writes the records under the user id after a quiet moment, and a reloaded page starts from them', async () => {
    login();
    const first = newClient();
    first.start({ userId: ME, userName: '张同学', token: 'tok' });
    FakeWebSocket.last().accept(ME);
    FakeWebSocket.last().receive({ kind: 'message', seq: 1, message: message('下午来办公室') as ChatMessage });
    const sent = first.sendText(PEER, '好的');
    FakeWebSocket.last().receive({
      kind: 'receipt',
      type: MSG_TYPE_RECEIPT_STORED,
      messageId: 'srv-1',
      messageIdWeb: sent.messageIdWeb,
      toUserId: PEER,
      timeSend: '2026-11-23T08:01:00.000Z',
    });
    expect(sessionStore.getState().chatRecords).toEqual({});
    await vi.advanceTimersByTimeAsync(CHAT_RECORDS_SAVE_DELAY_MS);
    expect(Object.keys(sessionStore.getState().chatRecords)).toEqual([ME]);

    // The page reloads: a new client for the same user shows the conversation before any call answers.
    FakeWebSocket.reset();
    const second = newClient();
    second.start({ userId: ME, userName: '张同学', token: 'tok' });
    expect(second.store.getState().conversations[PEER]!.messages.map((m) => [m.content, m.isSendType])).toEqual([
      ['下午来办公室', SEND_ACKNOWLEDGED],
      ['好的', SEND_ACKNOWLEDGED],
    ]);
    second.stop();
    first.stop();
  });

  it('writes at once when the page goes away (flush), and not at all without a pending change', async () => {
    login();
    const client = newClient();
    client.start({ userId: ME, userName: '张同学', token: 'tok' });
    client.flushRecords();
    expect(sessionStore.getState().chatRecords).toEqual({});
    client.sendText(FILE_TRANSFER_HELPER_ID, '给自己');
    client.flushRecords();
    expect(
      (sessionStore.getState().chatRecords[ME] as { conversations: Array<{ jid: string }> }).conversations.map(
        (c) => c.jid,
      ),
    ).toEqual([FILE_TRANSFER_HELPER_ID]);
    client.stop();
  });

  it('logout clears the chat records, and a pending write does not bring them back', async () => {
    login();
    const client = newClient();
    client.start({ userId: ME, userName: '张同学', token: 'tok' });
    FakeWebSocket.last().accept(ME);
    FakeWebSocket.last().receive({ kind: 'message', seq: 1, message: message('第一条') as ChatMessage });
    await vi.advanceTimersByTimeAsync(CHAT_RECORDS_SAVE_DELAY_MS);
    expect(sessionStore.getState().chatRecords[ME]).toBeDefined();

    FakeWebSocket.last().receive({ kind: 'message', seq: 2, message: message('第二条') as ChatMessage });
    // What logout does (app/use-logout.ts): stop the chat, then clear the session values.
    client.stop();
    sessionStore.getState().logoutClear();
    await vi.advanceTimersByTimeAsync(10 * CHAT_RECORDS_SAVE_DELAY_MS);
    expect(sessionStore.getState().chatRecords).toEqual({});
    expect(client.store.getState().conversations).toEqual({});
  });

  it('never writes records once the session has ended, nor for another user', () => {
    const records = sessionChatRecords(sessionStore);
    records.save(ME, { version: 1, conversations: [] });
    expect(sessionStore.getState().chatRecords).toEqual({});
    login();
    records.save('someone-else', { version: 1, conversations: [] });
    expect(sessionStore.getState().chatRecords).toEqual({});
    records.save(ME, { version: 1, conversations: [] });
    expect(records.load(ME)).toEqual({ version: 1, conversations: [] });
  });
});
