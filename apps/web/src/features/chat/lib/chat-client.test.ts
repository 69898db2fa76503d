import {
  MP_TYPE_GROUP,
  MP_TYPE_PERSON,
  MP_TYPE_PUBLIC_ACCOUNT,
  MSG_TYPE_NOTICE,
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_RECEIPT_STORED,
  MSG_TYPE_REVOKE,
  TO_USER_TYPE_GROUP,
  type ConversationEntry,
  type GroupEventFrame,
} from '@portal/contracts/chat';
import {
  ASSISTANT_CONTACT_ID,
  CHAT_OFFLINE_SEND_RECONNECT_MS,
  CHAT_PARTNER_REFRESH_SKIP_MS,
  CHAT_RECONNECT_MS,
} from '@portal/contracts/constants';
import { CHAT_ACK_BATCH_MS } from '@portal/contracts/chat-batching';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RECEIPT_BATCH_MS,
  TYPING_SEND_EVERY_MS,
  TYPING_SHOW_MS,
  createChatClient,
  type ChatApi,
  type ChatClient,
} from './chat-client.ts';
import {
  conversationList,
  createRefreshSkipper,
  emptyConversation,
  totalUnread,
  type Conversations,
} from './chat-state.ts';
import { ME, PEER, entry, incoming } from './chat-fixtures.ts';
import { FakeWebSocket } from './fake-web-socket.ts';

describe('chat client (4.1)', () => {
  let client: ChatClient;
  let api: { [K in keyof ChatApi]: ReturnType<typeof vi.fn> };

  const messages = (peer = PEER) => client.store.getState().conversations[peer]?.messages ?? [];
  const ws = () => FakeWebSocket.last();

  beforeEach(async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
    FakeWebSocket.reset();
    api = {
      lastChatList: vi.fn(async () => [entry(PEER, { name: '李老师' })]),
      history: vi.fn(async () => ({ records: [], hasMore: false })),
      readConversation: vi.fn(async () => ({ read: 0 })),
    };
    client = createChatClient({
      api: api as unknown as ChatApi,
      createSocket: (url) => new FakeWebSocket(url),
      url: () => 'ws://x/api/chat/ws',
    });
    client.start({ userId: ME, userName: '张同学', token: 'tok' });
    ws().accept(ME);
    await vi.advanceTimersByTimeAsync(0);
  });
  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('shows a sent message as sending (1) until receipt 25, then acknowledged (0); receipt 26 marks it delivered', () => {
    const m = client.sendText(PEER, '老师好');
    expect(messages()[0]).toMatchObject({ content: '老师好', isSendType: 1 });
    expect(ws().messagesSent()).toEqual([
      { kind: 'message', messageIdWeb: m.messageIdWeb, toUserId: PEER, toUserType: 1, type: 1, content: '老师好' },
    ]);
    ws().receive({
      kind: 'receipt',
      type: MSG_TYPE_RECEIPT_STORED,
      messageId: 'srv-1',
      messageIdWeb: m.messageIdWeb,
      toUserId: PEER,
      timeSend: '2026-11-23T08:00:01.000Z',
    });
    // Receipts are applied together at the end of their window (a burst is one update).
    vi.advanceTimersByTime(RECEIPT_BATCH_MS);
    expect(messages()[0]).toMatchObject({ messageId: 'srv-1', isSendType: 0, delivered: false });
    ws().receive({
      kind: 'receipt',
      type: MSG_TYPE_RECEIPT_DELIVERED,
      messageId: 'srv-1',
      messageIdWeb: m.messageIdWeb,
      toUserId: PEER,
      timeSend: '2026-11-23T08:00:01.000Z',
    });
    vi.advanceTimersByTime(RECEIPT_BATCH_MS);
    expect(messages()[0]).toMatchObject({ isSendType: 0, delivered: true });
  });

  it('applies a burst of receipts and read markers in one state update, in their order, before any later frame', () => {
    const sent = Array.from({ length: 100 }, (_, i) => client.sendText(PEER, `第 ${i + 1} 条`));
    let updates = 0;
    const off = client.store.subscribe(() => updates++);
    const receipt = (type: 25 | 26, i: number) => ({
      kind: 'receipt' as const,
      type,
      messageId: `srv-${i}`,
      messageIdWeb: sent[i]!.messageIdWeb,
      toUserId: PEER,
      timeSend: '2026-11-23T08:00:01.000Z',
    });
    sent.forEach((_, i) => ws().receive(receipt(MSG_TYPE_RECEIPT_STORED, i)));
    sent.forEach((_, i) => ws().receive(receipt(MSG_TYPE_RECEIPT_DELIVERED, i)));
    ws().receive({
      kind: 'seen',
      peerId: PEER,
      readerId: PEER,
      readerName: '李老师',
      at: '2026-11-23T08:00:02.000Z',
      messages: sent
        .slice(0, 60)
        .map((m, i) => ({ messageId: `srv-${i}`, messageIdWeb: m.messageIdWeb, readCount: 1, memberCount: 1 })),
    });
    expect(updates).toBe(0);
    vi.advanceTimersByTime(RECEIPT_BATCH_MS);
    expect(updates).toBe(1);
    expect(messages().map((m) => [m.isSendType, m.delivered, m.readCount ?? 0])).toEqual(
      sent.map((_, i) => [0, true, i < 60 ? 1 : 0]),
    );
    // A frame of another kind comes after the receipts before it: they are applied first.
    const more = client.sendText(PEER, '再来一条');
    ws().receive({ ...receipt(MSG_TYPE_RECEIPT_STORED, 0), messageId: 'srv-more', messageIdWeb: more.messageIdWeb });
    ws().receive({ kind: 'error', status: 500, msg: '出错了', messageIdWeb: more.messageIdWeb });
    expect(messages().at(-1)).toMatchObject({ messageId: 'srv-more', isSendType: 0 });
    off();
  });

  it('times a message out (1 → 3) when the connection drops, and resends it with the same messageIdWeb', async () => {
    const m = client.sendText(PEER, '在吗');
    ws().drop();
    expect(messages()[0]!.isSendType).toBe(3);
    await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_MS);
    ws().accept(ME);
    client.resend(PEER, m.messageIdWeb);
    expect(messages()[0]!.isSendType).toBe(1);
    expect(ws().messagesSent()[0]).toMatchObject({ messageIdWeb: m.messageIdWeb });
  });

  it('times a sending message out (1 → 3) when the connection reconnects, but not the messages queued offline', () => {
    const inFlight = client.sendText(PEER, 'a');
    // The session is established again (ready) before the receipt came: the message timed out.
    ws().accept(ME);
    expect(messages().find((m) => m.messageIdWeb === inFlight.messageIdWeb)!.isSendType).toBe(3);
  });

  it('keeps an offline message at sending (1) in the queue, reconnects after 300 ms and sends it', async () => {
    ws().drop();
    await vi.advanceTimersByTimeAsync(0);
    const m = client.sendText(PEER, '离线消息');
    expect(messages()[0]!.isSendType).toBe(1);
    await vi.advanceTimersByTimeAsync(CHAT_OFFLINE_SEND_RECONNECT_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);
    ws().accept(ME);
    expect(ws().messagesSent()[0]).toMatchObject({ messageIdWeb: m.messageIdWeb });
    expect(messages()[0]!.isSendType).toBe(1);
  });

  it('after a 1012 (service restart) reconnects at once; what the new node replays from the cursor is not doubled', async () => {
    const m = incoming('重启前收到');
    ws().receive({ kind: 'message', seq: 7, message: m });
    expect(ws().sent.filter((f) => f.kind === 'ack')).toEqual([{ kind: 'ack', seq: 7 }]);
    // The node shuts down before the ack reached it: its cursor is still at 6.
    ws().drop(1012);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
    ws().accept(ME);
    ws().receive({ kind: 'message', seq: 7, message: m });
    ws().receive({ kind: 'message', seq: 8, message: incoming('重启后') });
    ws().receive({ kind: 'synced', seq: 8 });
    expect(messages().map((x) => x.content)).toEqual(['重启前收到', '重启后']);
    expect(client.store.getState().conversations[PEER]!.unreadNumber).toBe(2);
    // The replayed copy is acknowledged again, so the cursor moves past it (8 at the end of the ack window).
    await vi.advanceTimersByTimeAsync(CHAT_ACK_BATCH_MS);
    expect(ws().sent.filter((f) => f.kind === 'ack')).toEqual([
      { kind: 'ack', seq: 7 },
      { kind: 'ack', seq: 8 },
    ]);
  });

  it('acknowledges a burst in one batch: the first at once, the rest as one ack of the highest at the window end (issue 13)', async () => {
    for (let seq = 7; seq <= 11; seq++) ws().receive({ kind: 'message', seq, message: incoming(`连发 ${seq}`) });
    expect(ws().sent.filter((f) => f.kind === 'ack')).toEqual([{ kind: 'ack', seq: 7 }]);
    await vi.advanceTimersByTimeAsync(CHAT_ACK_BATCH_MS);
    expect(ws().sent.filter((f) => f.kind === 'ack')).toEqual([
      { kind: 'ack', seq: 7 },
      { kind: 'ack', seq: 11 },
    ]);
    // Nothing new: no more acks; a later message goes at once again.
    await vi.advanceTimersByTimeAsync(3 * CHAT_ACK_BATCH_MS);
    ws().receive({ kind: 'message', seq: 12, message: incoming('后来') });
    expect(
      ws()
        .sent.filter((f) => f.kind === 'ack')
        .map((f) => (f as { seq: number }).seq),
    ).toEqual([7, 11, 12]);
  });

  it('read markers of the open conversation while one is in flight become one more read after it (issue 13)', async () => {
    let finish: () => void = () => {};
    api.readConversation = vi.fn(() => new Promise((resolve) => (finish = () => resolve({ read: 1 }))));
    client.setPanelOpen(true);
    await client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });
    expect(api.readConversation).toHaveBeenCalledTimes(1);
    for (let seq = 7; seq <= 10; seq++) ws().receive({ kind: 'message', seq, message: incoming(`在看 ${seq}`) });
    expect(api.readConversation).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.readConversation).toHaveBeenCalledTimes(2);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.readConversation).toHaveBeenCalledTimes(2);
    expect(client.store.getState().conversations[PEER]!.unreadNumber).toBe(0);
  });

  it('flags "logged in elsewhere" on a conflict and does not reconnect', async () => {
    ws().receive({ kind: 'conflict', resource: 'pc', msg: '您的账号已在其他设备登录' });
    await vi.advanceTimersByTimeAsync(10 * CHAT_RECONNECT_MS);
    expect(client.store.getState().status).toBe('conflict');
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('acknowledges each stored message, counts unread, and reads the open conversation at once', async () => {
    const first = incoming('第一条');
    ws().receive({ kind: 'message', seq: 7, message: first });
    expect(ws().sent.filter((f) => f.kind === 'ack')).toEqual([{ kind: 'ack', seq: 7 }]);
    expect(client.store.getState().conversations[PEER]!.unreadNumber).toBe(1);
    // The same message replayed is kept once.
    ws().receive({ kind: 'message', seq: 7, message: first });
    expect(messages()).toHaveLength(1);

    client.setPanelOpen(true);
    await client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });
    expect(client.store.getState().conversations[PEER]!.unreadNumber).toBe(0);
    expect(api.readConversation).toHaveBeenCalledWith(PEER);
    ws().receive({ kind: 'message', seq: 8, message: incoming('第二条') });
    expect(client.store.getState().conversations[PEER]!.unreadNumber).toBe(0);
  });

  it('revokes: the target disappears for the sender on the receipt and for the recipient on the 202 message', () => {
    // Recipient side: a message then its revoke.
    const target = incoming('说错了');
    ws().receive({ kind: 'message', seq: 1, message: target });
    ws().receive({ kind: 'message', seq: 2, message: incoming(target.messageId, { type: MSG_TYPE_REVOKE }) });
    expect(messages().map((m) => m.type)).toEqual([MSG_TYPE_REVOKE]);

    // Sender side: revoke one of mine, removed when the server stored the revoke.
    const mine = client.sendText(PEER, '撤回我');
    ws().receive({
      kind: 'receipt',
      type: MSG_TYPE_RECEIPT_STORED,
      messageId: 'srv-9',
      messageIdWeb: mine.messageIdWeb,
      toUserId: PEER,
      timeSend: new Date().toISOString(),
    });
    client.revoke(PEER, 'srv-9');
    const revoke = ws().messagesSent().at(-1)!;
    expect(revoke).toMatchObject({ type: MSG_TYPE_REVOKE, content: 'srv-9' });
    expect(messages().some((m) => m.messageId === 'srv-9')).toBe(true);
    ws().receive({
      kind: 'receipt',
      type: MSG_TYPE_RECEIPT_STORED,
      messageId: 'srv-10',
      messageIdWeb: String(revoke.messageIdWeb),
      toUserId: PEER,
      timeSend: new Date().toISOString(),
    });
    vi.advanceTimersByTime(RECEIPT_BATCH_MS);
    expect(messages().some((m) => m.messageId === 'srv-9')).toBe(false);
  });

  it('keeps the revoke notice where the revoked message was, for the recipient, the sender and after a history load', async () => {
    const lines = () => messages().map((m) => (m.type === MSG_TYPE_REVOKE ? '[撤回]' : m.content));
    // Recipient side: the 202 message takes its target's place, not the end of the conversation.
    const before = incoming('之前');
    const target = incoming('说错了');
    const after = incoming('之后');
    [before, target, after].forEach((message, i) => ws().receive({ kind: 'message', seq: i + 1, message }));
    const theirRevoke = incoming(target.messageId, { type: MSG_TYPE_REVOKE });
    ws().receive({ kind: 'message', seq: 4, message: theirRevoke });
    expect(lines()).toEqual(['之前', '[撤回]', '之后']);

    // Sender side: while the revoke is sending, the message stays with the revoke below it; stored, the notice takes its place.
    const mine = client.sendText(PEER, '撤回我');
    const stamp = {
      kind: 'receipt',
      type: MSG_TYPE_RECEIPT_STORED,
      toUserId: PEER,
      timeSend: new Date().toISOString(),
    } as const;
    ws().receive({ ...stamp, messageId: 'srv-9', messageIdWeb: mine.messageIdWeb });
    ws().receive({ kind: 'message', seq: 5, message: incoming('回复') });
    client.revoke(PEER, 'srv-9');
    expect(lines()).toEqual(['之前', '[撤回]', '之后', '撤回我', '[撤回]', '回复']);
    const revoke = ws().messagesSent().at(-1)!;
    ws().receive({ ...stamp, messageId: 'srv-10', messageIdWeb: String(revoke.messageIdWeb) });
    vi.advanceTimersByTime(RECEIPT_BATCH_MS);
    expect(lines()).toEqual(['之前', '[撤回]', '之后', '[撤回]', '回复']);
    expect(messages()[3]).toMatchObject({ messageId: 'srv-10', fromUserId: ME, isSendType: 0 });

    // A history page that holds the target before its revoke (a page loaded after a reload): the same place.
    client.store.setState((st) => ({
      conversations: { ...st.conversations, [PEER]: emptyConversation(entry(PEER, { name: '李老师' })) },
    }));
    api.history.mockResolvedValueOnce({
      records: [before, target, after, theirRevoke].map((message, i) => ({ seq: i + 1, message })),
      hasMore: false,
    });
    await client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });
    expect(lines()).toEqual(['之前', '[撤回]', '之后']);
  });

  it('drops a refused revoke and shows the server reason', () => {
    client.revoke(PEER, 'old');
    const revoke = ws().messagesSent().at(-1)!;
    ws().receive({
      kind: 'error',
      status: 403,
      msg: '消息发送已超过2分钟，无法撤回',
      messageIdWeb: String(revoke.messageIdWeb),
    });
    expect(messages()).toHaveLength(0);
    expect(client.store.getState().lastError?.msg).toBe('消息发送已超过2分钟，无法撤回');
  });

  it('bumps the notice version when a notice (80) arrives', () => {
    ws().receive({
      kind: 'message',
      seq: 3,
      message: incoming('{}', { type: MSG_TYPE_NOTICE, fromUserId: 'mp-1', mpType: MP_TYPE_PUBLIC_ACCOUNT }),
    });
    expect(client.store.getState().noticeVersion).toBe(1);
  });

  it("bumps the configuration version when the tenant's configuration changed (a config frame)", () => {
    ws().receive({ kind: 'config', kinds: ['navigation'] });
    ws().receive({ kind: 'config', kinds: ['card', 'cardColumn'] });
    expect(client.store.getState().configVersion).toBe(2);
  });

  it('fetches the conversation list once the socket accepted the token (synced), and again after a reconnect', async () => {
    expect(api.lastChatList).not.toHaveBeenCalled();
    ws().receive({ kind: 'synced', seq: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.lastChatList).toHaveBeenCalledTimes(1);
    expect(client.store.getState().conversations[PEER]?.name).toBe('李老师');
    expect(client.store.getState().connected).toBe(true);
  });

  it('shows a partner typing (200) for a while, and tells a partner at most every 3 s', async () => {
    ws().receive({ kind: 'message', seq: null, message: incoming('', { type: 200 }) });
    expect(client.store.getState().typing[PEER]).toBe(Date.now() + TYPING_SHOW_MS);
    expect(client.store.getState().conversations[PEER]?.messages ?? []).toHaveLength(0);
    ws().receive({ kind: 'message', seq: 1, message: incoming('到了') });
    expect(client.store.getState().typing[PEER]).toBe(0);

    await client.refreshList();
    client.sendTyping(PEER);
    client.sendTyping(PEER);
    expect(
      ws()
        .messagesSent()
        .filter((f) => f.type === 200),
    ).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(TYPING_SEND_EVERY_MS);
    client.sendTyping(PEER);
    expect(
      ws()
        .messagesSent()
        .filter((f) => f.type === 200),
    ).toHaveLength(2);
  });

  it('forgets a deleted conversation and leaves it', async () => {
    await client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });
    client.forget(PEER);
    expect(client.store.getState().conversations[PEER]).toBeUndefined();
    expect(client.store.getState().activePeer).toBeNull();
  });

  it('opening a conversation loads its stored history once, with the delivery of own messages, and pages back', async () => {
    const mine = incoming('老师好', { fromUserId: ME, fromUserName: '张同学', toUserId: PEER, toUserName: '李老师' });
    api.history.mockResolvedValueOnce({
      records: [
        { seq: 5, message: incoming('请到办公室来') },
        { seq: 6, message: mine, delivered: true },
      ],
      hasMore: true,
    });
    await client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });
    expect(api.history).toHaveBeenCalledWith({ peerId: PEER });
    expect(messages().map((m) => [m.content, m.isSendType, m.delivered])).toEqual([
      ['请到办公室来', 0, undefined],
      ['老师好', 0, true],
    ]);
    // Opening it again does not fetch again; older messages come with loadOlder, before the ones held.
    await client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });
    expect(api.history).toHaveBeenCalledTimes(1);
    api.history.mockResolvedValueOnce({ records: [{ seq: 2, message: incoming('更早的消息') }], hasMore: false });
    await client.loadOlder(PEER);
    expect(api.history).toHaveBeenLastCalledWith({ peerId: PEER, beforeSeq: 5 });
    expect(messages().map((m) => m.content)).toEqual(['更早的消息', '请到办公室来', '老师好']);
    expect(client.store.getState().conversations[PEER]!.hasMore).toBe(false);
  });

  it('shows messages received while away in order, once, whichever comes first: the pushed frames or the history page', async () => {
    // 35 messages waited for the user (mailbox positions 301…335); the newest history page holds 30 of them.
    const waiting = Array.from({ length: 35 }, (_, i) => ({ seq: 301 + i, message: incoming(`#${301 + i}`) }));
    const page = { records: waiting.slice(5), hasMore: true };
    const all = waiting.map((r) => r.message.content);
    const push = (records: typeof waiting) =>
      records.forEach((r) => ws().receive({ kind: 'message', seq: r.seq, message: r.message }));
    const reset = () =>
      client.store.setState((st) => ({
        conversations: { ...st.conversations, [PEER]: emptyConversation(entry(PEER, { name: '李老师' })) },
      }));
    const open = () => client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });

    // Pushed at login, then the page.
    push(waiting);
    api.history.mockResolvedValueOnce(page);
    await open();
    expect(messages().map((m) => m.content)).toEqual(all);

    // The page, then the frames replayed (the ones the page holds are not doubled).
    reset();
    api.history.mockResolvedValueOnce(page);
    await open();
    push(waiting);
    expect(messages().map((m) => m.content)).toEqual(all);

    // Frames before and after the page, in no particular order.
    reset();
    let answer: (p: typeof page) => void = () => {};
    api.history.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const shuffled = waiting.map((r, i) => waiting[(i * 17) % waiting.length]!);
    push(shuffled.slice(0, 20));
    const opening = open();
    push(shuffled.slice(20));
    answer(page);
    await opening;
    expect(messages().map((m) => m.content)).toEqual(all);

    // Older pages go before, a new message after.
    api.history.mockResolvedValueOnce({ records: [{ seq: 300, message: incoming('#300') }], hasMore: false });
    await client.loadOlder(PEER);
    push([{ seq: 336, message: incoming('#336') }]);
    expect(messages().map((m) => m.content)).toEqual(['#300', ...all, '#336']);
  });

  it('keeps a revoked message away when the history page (with its notice in its place) came before its replayed frames', async () => {
    const before = incoming('之前');
    const target = incoming('说错了');
    const revoke = incoming(target.messageId, { type: MSG_TYPE_REVOKE });
    api.history.mockResolvedValueOnce({
      records: [
        { seq: 1, message: before },
        { seq: 2, message: revoke },
      ],
      hasMore: false,
    });
    await client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });
    [before, target, revoke].forEach((message, i) => ws().receive({ kind: 'message', seq: i + 1, message }));
    ws().receive({ kind: 'message', seq: 4, message: incoming('之后') });
    expect(messages().map((m) => (m.type === MSG_TYPE_REVOKE ? '[撤回]' : m.content))).toEqual([
      '之前',
      '[撤回]',
      '之后',
    ]);
  });

  it('lets the server history replace restored records: what was deleted or revoked elsewhere goes, an unsent message stays', async () => {
    const kept = incoming('还在');
    const gone = incoming('在别处删掉了');
    const unsent = incoming('没发出去', { fromUserId: ME, messageId: '', isSendType: 3 });
    client.store.setState((st) => ({
      conversations: {
        ...st.conversations,
        [PEER]: {
          ...emptyConversation(entry(PEER, { name: '李老师' })),
          messages: [kept, gone, unsent].map((m) => ({ ...m, isSendType: m.isSendType ?? 0, restored: true })),
        },
      },
    }));
    api.history.mockResolvedValueOnce({ records: [{ seq: 1, message: kept }], hasMore: false });
    await client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });
    expect(messages().map((m) => [m.content, m.restored ?? false])).toEqual([
      ['还在', false],
      ['没发出去', true],
    ]);
    // The unsent one is resent with the same messageIdWeb (the server stores it once).
    client.resend(PEER, unsent.messageIdWeb);
    expect(ws().messagesSent().at(-1)).toMatchObject({ messageIdWeb: unsent.messageIdWeb, content: '没发出去' });
  });

  it('reads a public account with app/msg/read and leaves its notices to the paged list (no chat history)', async () => {
    const readPublicAccount = vi.fn(async () => ({ read: 2 }));
    const c = createChatClient({
      api: { ...(api as unknown as ChatApi), readPublicAccount },
      createSocket: (url) => new FakeWebSocket(url),
      url: () => 'ws://x/api/chat/ws',
    });
    c.start({ userId: ME, userName: '张同学', token: 'tok' });
    c.store.setState((st) => ({
      conversations: {
        ...st.conversations,
        mp1: emptyConversation(entry('mp1', { mpType: MP_TYPE_PUBLIC_ACCOUNT, unreadNumber: 3 })),
      },
    }));
    await c.open({ jid: 'mp1', name: '教务处', mpType: MP_TYPE_PUBLIC_ACCOUNT });
    expect(readPublicAccount).toHaveBeenCalledWith('mp1');
    expect(api.history).not.toHaveBeenCalled();
    expect(api.readConversation).not.toHaveBeenCalled();
    expect(c.store.getState().conversations.mp1!.unreadNumber).toBe(0);
    c.stop();
  });

  it('follows group frames: a rename shows at once; dissolved or removed, the group leaves the list', async () => {
    const group = (jid: string, name: string) =>
      emptyConversation(entry(jid, { name, mpType: MP_TYPE_GROUP, toUserType: TO_USER_TYPE_GROUP, unreadNumber: 2 }));
    client.store.setState((st) => ({
      conversations: {
        ...st.conversations,
        g1: group('g1', '旧群名'),
        g2: group('g2', '课题组'),
        g3: group('g3', '答疑群'),
      },
      activePeer: 'g2',
    }));
    const frame = (
      groupId: string,
      event: GroupEventFrame['event'],
      extra: Partial<GroupEventFrame> = {},
    ): GroupEventFrame => ({
      kind: 'group',
      event,
      groupId,
      name: '新群名',
      ownerId: PEER,
      userIds: [],
      byUserId: PEER,
      byUserName: '李老师',
      at: '2026-11-23T08:00:00Z',
      ...extra,
    });
    const state = () => client.store.getState();

    ws().receive(frame('g1', 'renamed'));
    expect(state().conversations.g1).toMatchObject({ name: '新群名', unreadNumber: 2 });
    expect(state().lastGroupEvent).toMatchObject({ groupId: 'g1', event: 'renamed', gone: false });
    // Someone else removed from g3: it stays; this user removed from g2 (open on screen): it goes.
    ws().receive(frame('g3', 'membersRemoved', { name: '答疑群', userIds: ['u9'] }));
    expect(state().conversations.g3).toBeDefined();
    ws().receive(frame('g2', 'membersRemoved', { name: '课题组', userIds: [ME] }));
    expect(state().conversations.g2).toBeUndefined();
    expect(state().activePeer).toBeNull();
    expect(state().lastGroupEvent).toMatchObject({ groupId: 'g2', gone: true });
    ws().receive(frame('g3', 'dissolved', { name: '答疑群' }));
    expect(state().conversations.g3).toBeUndefined();
    expect(Object.keys(state().conversations)).toEqual(expect.arrayContaining(['g1']));
    // Added to a group: it is in the list at once, before its first message; someone else added changes nothing.
    ws().receive(frame('g4', 'membersAdded', { name: '新课题组', userIds: ['u9'] }));
    expect(state().conversations.g4).toBeUndefined();
    ws().receive(frame('g4', 'membersAdded', { name: '新课题组', userIds: ['u9', ME] }));
    expect(state().conversations.g4).toMatchObject({
      name: '新课题组',
      mpType: MP_TYPE_GROUP,
      toUserType: TO_USER_TYPE_GROUP,
      unreadNumber: 0,
      timeSend: '2026-11-23T08:00:00Z',
    });
    expect(conversationList(state().conversations).map((c) => c.jid)).toContain('g4');
    // A new group with this user among its members: in the list at once, before anyone writes in it.
    ws().receive(frame('g5', 'created', { name: '期末复习群', userIds: [PEER, ME], at: '2026-11-23T09:00:00Z' }));
    expect(state().conversations.g5).toMatchObject({
      name: '期末复习群',
      mpType: MP_TYPE_GROUP,
      toUserType: TO_USER_TYPE_GROUP,
      unreadNumber: 0,
      timeSend: '2026-11-23T09:00:00Z',
    });
    expect(conversationList(state().conversations)[0]?.jid).toBe('g5');
  });

  it('mutes a conversation from a frame of another device: its unread counts quietly, outside the total', async () => {
    ws().receive({ kind: 'synced', seq: 0 });
    await vi.advanceTimersByTimeAsync(0);
    ws().receive({ kind: 'message', seq: 1, message: incoming('在吗') });
    expect(totalUnread(client.store.getState().conversations)).toBe(1);
    ws().receive({ kind: 'muted', peerId: PEER, muted: true });
    expect(client.store.getState().conversations[PEER]).toMatchObject({ muted: true, unreadNumber: 1 });
    ws().receive({ kind: 'message', seq: 2, message: incoming('还在吗') });
    expect(client.store.getState().conversations[PEER]?.unreadNumber).toBe(2);
    expect(totalUnread(client.store.getState().conversations)).toBe(0);
    client.markMuted(PEER, false);
    expect(totalUnread(client.store.getState().conversations)).toBe(2);
  });

  it('sends a group text’s mentions as member ids; a mention of the user in a muted group counts and is told as one', async () => {
    const heard: boolean[] = [];
    client.onIncoming((n) => heard.push(n.mentioned));
    ws().receive({ kind: 'synced', seq: 0 });
    await vi.advanceTimersByTimeAsync(0);
    const group = { toUserId: 'g1', toUserName: '教研室', toUserType: TO_USER_TYPE_GROUP };
    ws().receive({ kind: 'message', seq: 1, message: incoming('大家好', group) });
    ws().receive({ kind: 'muted', peerId: 'g1', muted: true });
    const sent = client.sendText('g1', '@李老师 收到', [{ userId: PEER, userName: '李老师' }]);
    expect(ws().messagesSent().at(-1)).toMatchObject({ messageIdWeb: sent.messageIdWeb, mentions: [PEER] });
    expect(totalUnread(client.store.getState().conversations)).toBe(0);
    ws().receive({
      kind: 'message',
      seq: 2,
      message: incoming('@张同学 请回复', { ...group, mentions: [{ userId: ME, userName: '张同学' }] }),
    });
    expect(client.store.getState().conversations.g1).toMatchObject({ muted: true, mentioned: true, unreadNumber: 2 });
    expect(totalUnread(client.store.getState().conversations)).toBe(2);
    expect(heard).toEqual([false, true]);
    await client.open({ jid: 'g1', name: '教研室', mpType: MP_TYPE_GROUP, toUserType: TO_USER_TYPE_GROUP });
    expect(client.store.getState().conversations.g1).toMatchObject({ mentioned: false, unreadNumber: 0 });
  });

  it('asks for a person’s online state when their conversation opens, and follows their devices coming and going', async () => {
    await client.open({ jid: PEER, name: '李老师', mpType: MP_TYPE_PERSON });
    expect(ws().sent.filter((f) => f.kind === 'probe')).toEqual([{ kind: 'probe', userIds: [PEER] }]);
    ws().receive({ kind: 'probe-result', users: [{ userId: PEER, resources: ['pc'] }] });
    expect(client.store.getState().presence[PEER]).toEqual(['pc']);
    ws().receive({ kind: 'presence', userId: PEER, resource: 'android', status: 'online' });
    ws().receive({ kind: 'presence', userId: PEER, resource: 'pc', status: 'offline' });
    expect(client.store.getState().presence[PEER]).toEqual(['android']);
    ws().receive({ kind: 'presence', userId: PEER, resource: 'android', status: 'offline' });
    expect(client.store.getState().presence[PEER]).toEqual([]);
    // A group or the file transfer helper has no online state to ask for.
    await client.open({ jid: 'g9', name: '群', mpType: MP_TYPE_GROUP, toUserType: TO_USER_TYPE_GROUP });
    expect(ws().sent.filter((f) => f.kind === 'probe')).toHaveLength(1);
  });

  it('tells its listeners of live messages from others only: not the offline replay, not own messages, not revokes', async () => {
    const heard: string[] = [];
    const off = client.onIncoming((n) => heard.push(`${n.conversation.jid}:${n.message.content}`));
    ws().receive({ kind: 'message', seq: 1, message: incoming('离线时的消息') });
    ws().receive({ kind: 'synced', seq: 1 });
    await vi.advanceTimersByTimeAsync(0);
    ws().receive({ kind: 'message', seq: 2, message: incoming('新消息') });
    ws().receive({ kind: 'message', seq: 3, message: incoming('m-x', { type: MSG_TYPE_REVOKE }) });
    ws().receive({
      kind: 'message',
      seq: 4,
      message: incoming('我在别的设备发的', { fromUserId: ME, fromUserName: '张同学', toUserId: PEER }),
    });
    expect(heard).toEqual([`${PEER}:新消息`]);
    off();
    ws().receive({ kind: 'message', seq: 5, message: incoming('不再听') });
    expect(heard).toHaveLength(1);
  });

  it('drops group conversations of groups the user is no longer in when the list is refreshed (frames missed offline)', async () => {
    const groups = vi.fn(async () => [
      {
        id: 'kept',
        name: '改过的名字',
        ownerId: PEER,
        memberCount: 2,
        createdAt: '2026-11-23T08:00:00Z',
        notice: null,
      },
    ]);
    const c = createChatClient({
      api: { ...(api as unknown as ChatApi), groups },
      createSocket: (url) => new FakeWebSocket(url),
      url: () => 'ws://x/api/chat/ws',
    });
    c.start({ userId: ME, userName: '张同学', token: 'tok' });
    const group = (jid: string) =>
      emptyConversation(entry(jid, { name: jid, mpType: MP_TYPE_GROUP, toUserType: TO_USER_TYPE_GROUP }));
    c.store.setState({
      conversations: { kept: group('kept'), gone: group('gone'), [PEER]: emptyConversation(entry(PEER)) },
      activePeer: 'gone',
    });
    await c.refreshList();
    const after = c.store.getState();
    expect(Object.keys(after.conversations).sort()).toEqual([PEER, 'kept'].sort());
    expect(after.conversations.kept!.name).toBe('改过的名字');
    expect(after.activePeer).toBeNull();
    c.stop();
  });

  it('forgets everything on stop (logout) and closes the socket for good', async () => {
    client.sendText(PEER, 'x');
    client.stop();
    expect(client.store.getState().conversations).toEqual({});
    await vi.advanceTimersByTimeAsync(10 * CHAT_RECONNECT_MS);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('conversation list (4.1)', () => {
  it('puts pinned contacts first (latest pin first), then the rest by timeSend descending; keeps only mpType or 30001', () => {
    const all: Conversations = {};
    const add = (e: ConversationEntry) => (all[e.jid] = emptyConversation(e));
    add(entry('old', { timeSend: '2026-11-20T08:00:00Z' }));
    add(entry('new', { timeSend: '2026-11-23T08:00:00Z' }));
    add(entry('pinnedEarly', { timeSend: '2026-11-01T08:00:00Z', openTopChatTime: '2026-11-02T08:00:00Z' }));
    add(entry('pinnedLate', { timeSend: '2026-11-01T08:00:00Z', openTopChatTime: '2026-11-05T08:00:00Z' }));
    add(entry(ASSISTANT_CONTACT_ID, { mpType: null, timeSend: '2026-11-21T08:00:00Z' }));
    add(entry('stranger', { mpType: null, timeSend: '2026-11-23T09:00:00Z' }));
    expect(conversationList(all).map((c) => c.jid)).toEqual([
      'pinnedLate',
      'pinnedEarly',
      'new',
      ASSISTANT_CONTACT_ID,
      'old',
    ]);
  });
});

describe('chat partner info refresh (4.1)', () => {
  it('skips a refresh within 60 s of the last fetch', () => {
    let t = 0;
    const skipper = createRefreshSkipper(CHAT_PARTNER_REFRESH_SKIP_MS, () => t);
    expect(skipper.shouldFetch('u2')).toBe(true);
    t = CHAT_PARTNER_REFRESH_SKIP_MS - 1;
    expect(skipper.shouldFetch('u2')).toBe(false);
    expect(skipper.shouldFetch('u3')).toBe(true);
    t = CHAT_PARTNER_REFRESH_SKIP_MS;
    expect(skipper.shouldFetch('u2')).toBe(true);
  });
});
