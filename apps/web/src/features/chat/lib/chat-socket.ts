import {
  CHAT_CLIENT_SEND_BURST,
  CHAT_CLIENT_SEND_RATE_PER_SECOND,
  CHAT_CLOSE_CONFLICT,
  CHAT_CLOSE_UNAUTHORIZED,
  createSendBucket,
  type SendBucket,
} from '@portal/contracts/chat-constants';
import type { ChatResource, ClientFrame, SendFrame, ServerFrame } from '@portal/contracts/chat';
import { parseServerFrame } from '@portal/contracts/chat-check';
import { CHAT_OFFLINE_SEND_RECONNECT_MS, CHAT_RECONNECT_MS } from '@portal/contracts/constants';

/**
 * The chat connection of 4.1: it logs in (first frame `login` with the access token, then presence), and
 * - on a disconnect it marks itself lost and retries after CHAT_RECONNECT_MS, unless deliberately stopped;
 *   a close with 1012 (service restart: the node is shutting down) reconnects at once, to another node behind
 *   the balancer, and the server resumes from this device's cursor (what was acked), so nothing is lost; a
 *   message sent again after the reconnect is dropped by its messageId in the store, so nothing is doubled;
 * - a stream-termination (`conflict` frame or close 4409: a same-kind login elsewhere) stops reconnecting
 *   and flags the user as logged in elsewhere; a refused token (4401) stops as well;
 * - a message sent while offline is queued, and a reconnect is triggered after CHAT_OFFLINE_SEND_RECONNECT_MS;
 *   the queue goes out, in order, once the server said `ready`;
 * - what it sends is paced below the server's sending limit (a token bucket like the server's, a little smaller):
 *   a long offline queue (hundreds of messages) drains at that pace instead of meeting 429 (issue 14); messages
 *   waiting for their turn stay queued (sending, 1) and survive a reconnect like the offline queue.
 * What the messages become (isSendType) is the store's business: it hears `onLost` and `onFrame`.
 */

export type SocketStatus = 'idle' | 'connecting' | 'online' | 'offline' | 'conflict' | 'unauthorized' | 'stopped';

/** The part of the browser WebSocket the connection uses (a fake one in tests). */
export type WebSocketLike = {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};
export type WebSocketFactory = (url: string) => WebSocketLike;

const OPEN = 1;
/** WebSocket close code 1012 "service restart": the server node is going away, another one takes the socket. */
export const CLOSE_SERVICE_RESTART = 1012;

export type ChatSocketOptions = {
  url: () => string;
  token: () => string | null;
  resource?: ChatResource;
  createSocket?: WebSocketFactory;
  onFrame: (frame: ServerFrame) => void;
  onStatus?: (status: SocketStatus) => void;
  /** The connection dropped (or was replaced): messages still sending time out. */
  onLost?: () => void;
  /** The sending pace (tests); by default CHAT_CLIENT_SEND_BURST, then CHAT_CLIENT_SEND_RATE_PER_SECOND. */
  bucket?: SendBucket;
};

export type ChatSocket = {
  start(): void;
  /** Deliberate stop (logout, leaving): no reconnect. */
  stop(): void;
  /** Sends at once when online; otherwise queues and triggers a reconnect. Returns 'sent' or 'queued'. */
  sendMessage(frame: SendFrame): 'sent' | 'queued';
  /** Control frames (ack, read, presence…): dropped when offline, the server resyncs on login. */
  sendControl(frame: ClientFrame): boolean;
  status(): SocketStatus;
  /** Queued messages not yet sent. */
  queued(): readonly SendFrame[];
};

export function createChatSocket(opts: ChatSocketOptions): ChatSocket {
  const createSocket: WebSocketFactory = opts.createSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
  let ws: WebSocketLike | null = null;
  let status: SocketStatus = 'idle';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let timerDue = 0;
  const queue: SendFrame[] = [];
  const bucket = opts.bucket ?? createSendBucket(CHAT_CLIENT_SEND_BURST, CHAT_CLIENT_SEND_RATE_PER_SECOND);
  let drainTimer: ReturnType<typeof setTimeout> | null = null;

  const online = () => status === 'online' && ws !== null && ws.readyState === OPEN;
  /** Sends queued messages while the pace allows, and comes back when the next one may go. */
  const drain = () => {
    if (drainTimer) clearTimeout(drainTimer);
    drainTimer = null;
    while (queue.length && online() && bucket.take()) ws!.send(JSON.stringify(queue.shift()));
    if (queue.length && online()) drainTimer = setTimeout(drain, Math.max(10, bucket.waitMs()));
  };

  const setStatus = (s: SocketStatus) => {
    if (status === s) return;
    status = s;
    opts.onStatus?.(s);
  };
  const terminal = () => status === 'conflict' || status === 'unauthorized' || status === 'stopped';

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const schedule = (ms: number) => {
    const due = Date.now() + ms;
    if (timer && timerDue <= due) return;
    clearTimer();
    timerDue = due;
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, ms);
  };

  const detach = (s: WebSocketLike) => {
    s.onopen = s.onmessage = s.onclose = s.onerror = null;
  };

  const lost = (next: SocketStatus) => {
    if (drainTimer) clearTimeout(drainTimer);
    drainTimer = null;
    if (ws) detach(ws);
    ws = null;
    setStatus(next);
    opts.onLost?.();
  };

  function connect() {
    clearTimer();
    if (terminal()) return;
    const token = opts.token();
    if (!token) return;
    if (ws) {
      detach(ws);
      ws.close();
      ws = null;
      // 4.1: a message still sending times out when the connection reconnects.
      opts.onLost?.();
    }
    setStatus('connecting');
    const s = createSocket(opts.url());
    ws = s;
    s.onopen = () => {
      s.send(JSON.stringify({ kind: 'login', token, resource: opts.resource ?? 'pc' } satisfies ClientFrame));
    };
    s.onmessage = (ev) => {
      let frame: ServerFrame | null;
      try {
        // The hand check of ServerFrame's shape (no zod on the first page, ADR 0050).
        frame = parseServerFrame(JSON.parse(String(ev.data)));
      } catch {
        return;
      }
      if (!frame) return;
      if (frame.kind === 'conflict') {
        // 4.1: a remote stream-termination stops reconnecting and flags "logged in elsewhere".
        lost('conflict');
        s.close();
        opts.onFrame(frame);
        return;
      }
      if (frame.kind === 'ready') {
        setStatus('online');
        s.send(JSON.stringify({ kind: 'presence', status: 'online' } satisfies ClientFrame));
        // The bucket is kept across sockets: the server's is the user's, not the socket's, so a new socket finds
        // it as full as time has made it since the last send (ADR 0068), as this one is.
        opts.onFrame(frame);
        if (ws === s) drain();
        return;
      }
      // Refused as too fast: the server counts differently (another tab's socket before, typing…); wait a while.
      if (frame.kind === 'error' && frame.status === 429) bucket.empty();
      opts.onFrame(frame);
    };
    s.onclose = (ev) => {
      if (ws !== s) return;
      if (ev.code === CHAT_CLOSE_CONFLICT) return lost('conflict');
      if (ev.code === CHAT_CLOSE_UNAUTHORIZED) return lost('unauthorized');
      lost('offline');
      schedule(ev.code === CLOSE_SERVICE_RESTART ? 0 : CHAT_RECONNECT_MS);
    };
    s.onerror = () => undefined;
  }

  return {
    start() {
      if (status === 'online' || status === 'connecting') return;
      status = 'idle';
      connect();
    },
    stop() {
      clearTimer();
      queue.length = 0;
      if (ws) {
        const s = ws;
        lost('stopped');
        s.close(1000, 'logout');
      } else setStatus('stopped');
    },
    sendMessage(frame) {
      if (online()) {
        if (queue.length === 0 && bucket.take()) {
          ws!.send(JSON.stringify(frame));
          return 'sent';
        }
        // Over the pace: it waits its turn.
        queue.push(frame);
        if (!drainTimer) drain();
        return 'queued';
      }
      queue.push(frame);
      // 4.1: "Messages sent while offline are queued, and a reconnect is triggered after 300 ms."
      if (status === 'offline' || status === 'idle') schedule(CHAT_OFFLINE_SEND_RECONNECT_MS);
      return 'queued';
    },
    sendControl(frame) {
      if (!online()) return false;
      // An input state (a `message` frame of type 200) counts against the sending limit; it is dropped rather than late.
      if (frame.kind === 'message' && !bucket.take()) return false;
      ws!.send(JSON.stringify(frame));
      return true;
    },
    status: () => status,
    queued: () => queue,
  };
}
