import {
  CHAT_CLIENT_SEND_BURST,
  CHAT_CLIENT_SEND_RATE_PER_SECOND,
  CHAT_CLOSE_CONFLICT,
  CHAT_CLOSE_UNAUTHORIZED,
  type SendFrame,
} from '@portal/contracts/chat';
import { CHAT_OFFLINE_SEND_RECONNECT_MS, CHAT_RECONNECT_MS } from '@portal/contracts/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_SERVICE_RESTART, createChatSocket, type ChatSocket, type SocketStatus } from './chat-socket.ts';
import { FakeWebSocket } from './fake-web-socket.ts';

const text = (id: string): SendFrame => ({
  kind: 'message',
  messageIdWeb: id,
  toUserId: 'u2',
  toUserType: 1,
  type: 1,
  content: id,
});

describe('chat connection (4.1)', () => {
  let socket: ChatSocket;
  let statuses: SocketStatus[];
  let lost: number;
  let frames: unknown[];
  let token: string | null;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
    statuses = [];
    frames = [];
    lost = 0;
    token = 'tok';
    socket = createChatSocket({
      url: () => 'ws://portal/api/chat/ws',
      token: () => token,
      createSocket: (url) => new FakeWebSocket(url),
      onFrame: (f) => frames.push(f),
      onStatus: (s) => statuses.push(s),
      onLost: () => (lost += 1),
    });
  });
  afterEach(() => {
    socket.stop();
    vi.useRealTimers();
  });

  it('logs in with the access token in the first frame, then sends presence once ready', () => {
    socket.start();
    const ws = FakeWebSocket.last();
    expect(ws.url).toBe('ws://portal/api/chat/ws');
    ws.open();
    expect(ws.sent).toEqual([{ kind: 'login', token: 'tok', resource: 'pc' }]);
    expect(socket.status()).toBe('connecting');
    ws.accept();
    expect(socket.status()).toBe('online');
    expect(ws.sent.at(-1)).toEqual({ kind: 'presence', status: 'online' });
    expect(frames.at(-1)).toMatchObject({ kind: 'ready' });
  });

  it('reconnects 1 s after a disconnect, and not before', async () => {
    socket.start();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop();
    expect(socket.status()).toBe('offline');
    expect(lost).toBe(1);
    await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_MS - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last().accept();
    expect(socket.status()).toBe('online');
  });

  it('reconnects at once when the server closes with 1012 (service restart), then with the usual 1 s if that fails', async () => {
    socket.start();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop(CLOSE_SERVICE_RESTART);
    expect(socket.status()).toBe('offline');
    expect(lost).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
    // The next node is not there either (a plain drop): back to the 1 s retries.
    FakeWebSocket.last().drop();
    await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_MS - 1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.last().accept();
    expect(socket.status()).toBe('online');
    // It logged in again with the same token: the server resumes from this device's cursor.
    expect(FakeWebSocket.last().sent[0]).toEqual({ kind: 'login', token: 'tok', resource: 'pc' });
  });

  it('keeps a message sent during a 1012 reconnect in the queue and sends it once the new node is ready', async () => {
    socket.start();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop(CLOSE_SERVICE_RESTART);
    expect(socket.sendMessage(text('between'))).toBe('queued');
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last().accept();
    expect(
      FakeWebSocket.last()
        .messagesSent()
        .map((f) => f.messageIdWeb),
    ).toEqual(['between']);
    await vi.advanceTimersByTimeAsync(5 * CHAT_RECONNECT_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('keeps retrying every second while the server is away', async () => {
    socket.start();
    FakeWebSocket.last().drop();
    for (let i = 2; i <= 4; i++) {
      await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_MS);
      expect(FakeWebSocket.instances).toHaveLength(i);
      FakeWebSocket.last().drop();
    }
  });

  it('does not reconnect after a deliberate stop', async () => {
    socket.start();
    FakeWebSocket.last().accept();
    socket.stop();
    expect(socket.status()).toBe('stopped');
    await vi.advanceTimersByTimeAsync(10 * CHAT_RECONNECT_MS);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('queues a message sent while offline and triggers a reconnect after 300 ms; the queue goes out once ready, in order', async () => {
    socket.start();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop();
    expect(socket.sendMessage(text('a'))).toBe('queued');
    expect(socket.sendMessage(text('b'))).toBe('queued');
    await vi.advanceTimersByTimeAsync(CHAT_OFFLINE_SEND_RECONNECT_MS - 1);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    const ws = FakeWebSocket.last();
    ws.open();
    expect(ws.messagesSent()).toEqual([]);
    ws.accept();
    expect(ws.messagesSent().map((f) => f.messageIdWeb)).toEqual(['a', 'b']);
    expect(socket.queued()).toHaveLength(0);
    // The 1 s timer of the disconnect does not open a third socket.
    await vi.advanceTimersByTimeAsync(5 * CHAT_RECONNECT_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('sends at once while online', () => {
    socket.start();
    FakeWebSocket.last().accept();
    expect(socket.sendMessage(text('now'))).toBe('sent');
    expect(FakeWebSocket.last().messagesSent()).toHaveLength(1);
  });

  it('keeps its pace across a reconnect: the server’s limit is the user’s, not the socket’s (ADR 0068)', async () => {
    socket.start();
    FakeWebSocket.last().accept();
    for (let i = 0; i < CHAT_CLIENT_SEND_BURST; i++) expect(socket.sendMessage(text(`m${i}`))).toBe('sent');
    expect(socket.sendMessage(text('over'))).toBe('queued');
    FakeWebSocket.last().drop();
    await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_MS);
    FakeWebSocket.last().accept();
    // A second later only a second's worth goes out at once, as the server's limit, which the new socket shares
    // with the old one, allows; the rest waits its turn instead of meeting 429.
    for (let i = 0; i < 30; i++) socket.sendMessage(text(`n${i}`));
    const atOnce = FakeWebSocket.last().messagesSent().length;
    expect(atOnce).toBeLessThanOrEqual(Math.ceil((CHAT_RECONNECT_MS / 1000) * CHAT_CLIENT_SEND_RATE_PER_SECOND) + 1);
    expect(socket.queued().length).toBe(31 - atOnce);
    await vi.advanceTimersByTimeAsync(3000);
    expect(socket.queued()).toHaveLength(0);
  });

  it('stops reconnecting on a conflict frame (logged in elsewhere)', async () => {
    socket.start();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().receive({ kind: 'conflict', resource: 'pc', msg: '您的账号已在其他设备登录' });
    expect(socket.status()).toBe('conflict');
    expect(frames.at(-1)).toMatchObject({ kind: 'conflict' });
    await vi.advanceTimersByTimeAsync(10 * CHAT_RECONNECT_MS);
    expect(FakeWebSocket.instances).toHaveLength(1);
    // Not even an offline send starts a reconnect loop.
    socket.sendMessage(text('x'));
    await vi.advanceTimersByTimeAsync(10 * CHAT_RECONNECT_MS);
    expect(FakeWebSocket.instances).toHaveLength(1);
    // A manual start does reconnect.
    socket.start();
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('stops reconnecting on close codes 4409 (conflict) and 4401 (refused token)', async () => {
    socket.start();
    FakeWebSocket.last().drop(CHAT_CLOSE_CONFLICT);
    expect(socket.status()).toBe('conflict');
    socket.start();
    FakeWebSocket.last().drop(CHAT_CLOSE_UNAUTHORIZED);
    expect(socket.status()).toBe('unauthorized');
    await vi.advanceTimersByTimeAsync(10 * CHAT_RECONNECT_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(statuses).toContain('conflict');
  });

  it('drops control frames while offline and ignores frames that are not in the contract', () => {
    socket.start();
    expect(socket.sendControl({ kind: 'ack', seq: 1 })).toBe(false);
    FakeWebSocket.last().accept();
    FakeWebSocket.last().onmessage?.({ data: '{"kind":"bogus"}' });
    FakeWebSocket.last().onmessage?.({ data: 'not json' });
    expect(frames).toHaveLength(1);
    expect(socket.sendControl({ kind: 'ack', seq: 1 })).toBe(true);
  });

  it('does not connect without a token', () => {
    token = null;
    socket.start();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
