import type { ClientFrame, SendFrame, ServerFrame } from '@portal/contracts/chat';
import { createChatSocket, type ChatSocket, type ChatSocketOptions, type SocketStatus } from './chat-socket.ts';

/**
 * One chat socket for all the tabs of a browser (issue 14). The server allows one session per device kind
 * (4.1), so two tabs with a socket each would throw each other out (4409). Instead the tabs elect a leader
 * with the Web Locks API: the tab holding the lock owns the one real socket and relays over a BroadcastChannel
 * every frame it receives, its status and its losses; the other tabs (followers) hand it what they send. When
 * the leader goes away (closed, reloaded, logged out) the browser releases its lock, the next tab in the lock's
 * queue takes over and opens the socket, and the server resumes from the device's cursor, as after any reconnect.
 * Two browsers of the same kind still conflict: they share no lock.
 * Without Web Locks or BroadcastChannel each tab keeps a socket of its own, as before.
 */

/** The part of `navigator.locks` used: an exclusive lock held while the callback's promise is pending. */
export type ChatTabLocks = {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
};
/** The part of BroadcastChannel used. */
export type ChatTabChannel = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
};
export type ChatTabShare = { locks: ChatTabLocks; channel: ChatTabChannel; lockName: string; tabId: string };

export const CHAT_TAB_LOCK = 'portal.chat.leader';
export const CHAT_TAB_CHANNEL = 'portal.chat.tabs';

type TabMessage =
  | { t: 'frame'; frame: ServerFrame; to?: string }
  | { t: 'status'; status: SocketStatus; to?: string }
  | { t: 'lost' }
  | { t: 'send'; frame: SendFrame }
  | { t: 'control'; frame: ClientFrame }
  | { t: 'start' }
  | { t: 'hello'; from: string }
  | { t: 'echo'; from: string; payload: unknown };

export type TabSharedSocket = ChatSocket & {
  /** Tells the other tabs something of this one (an own message it sends, so that every tab shows it). */
  share(payload: unknown): void;
  isLeader(): boolean;
};

export function createTabSharedSocket(
  opts: ChatSocketOptions & { tabs: ChatTabShare; onShared?: (payload: unknown) => void },
): TabSharedSocket {
  const { locks, channel, lockName, tabId } = opts.tabs;
  let leader: ChatSocket | null = null;
  let releaseLock: (() => void) | null = null;
  let abort: AbortController | null = null;
  let status: SocketStatus = 'idle';
  let lastReady: ServerFrame | null = null;
  let lastSynced: ServerFrame | null = null;
  /** Messages a follower sends while the leader is not online: handed over once it is. */
  const pending: SendFrame[] = [];
  let listening = false;

  const post = (m: TabMessage) => channel.postMessage(m);
  const setStatus = (s: SocketStatus) => {
    if (status === s) return;
    status = s;
    opts.onStatus?.(s);
  };
  const flushPending = () => {
    while (pending.length) {
      const f = pending.shift()!;
      if (leader) leader.sendMessage(f);
      else post({ t: 'send', frame: f });
    }
  };

  const onMessage = (event: { data: unknown }) => {
    const m = event.data as TabMessage | null;
    if (!m || typeof m !== 'object' || typeof (m as { t?: unknown }).t !== 'string') return;
    if (leader) {
      switch (m.t) {
        case 'send':
          leader.sendMessage(m.frame);
          return;
        case 'control':
          leader.sendControl(m.frame);
          return;
        case 'start':
          leader.start();
          return;
        case 'hello':
          post({ t: 'status', status: relayed(leader.status()), to: m.from });
          if (leader.status() === 'online' && lastReady) {
            post({ t: 'frame', frame: lastReady, to: m.from });
            if (lastSynced) post({ t: 'frame', frame: lastSynced, to: m.from });
          }
          return;
        case 'echo':
          if (m.from !== tabId) opts.onShared?.(m.payload);
          return;
        default:
          return;
      }
    }
    switch (m.t) {
      case 'frame':
        if (m.to && m.to !== tabId) return;
        if (m.frame.kind === 'ready') {
          setStatus('online');
          opts.onFrame(m.frame);
          flushPending();
          return;
        }
        if (m.frame.kind === 'conflict') setStatus('conflict');
        opts.onFrame(m.frame);
        return;
      case 'status':
        if (m.to && m.to !== tabId) return;
        setStatus(m.status);
        return;
      case 'lost':
        opts.onLost?.();
        return;
      case 'echo':
        if (m.from !== tabId) opts.onShared?.(m.payload);
        return;
      default:
        return;
    }
  };

  /** What followers are told of the leader's status: its deliberate stop is, for them, a leader going away. */
  const relayed = (s: SocketStatus): SocketStatus => (s === 'stopped' || s === 'idle' ? 'offline' : s);

  const becomeLeader = () => {
    const real = createChatSocket({
      ...opts,
      onFrame: (frame) => {
        if (frame.kind === 'ready') lastReady = frame;
        if (frame.kind === 'synced') lastSynced = frame;
        opts.onFrame(frame);
        post({ t: 'frame', frame });
      },
      onStatus: (s) => {
        status = s;
        opts.onStatus?.(s);
        post({ t: 'status', status: relayed(s) });
      },
      onLost: () => {
        opts.onLost?.();
        post({ t: 'lost' });
      },
    });
    leader = real;
    // The followers' messages in flight to the previous leader may be gone: they time out (4.1, as on a reconnect).
    post({ t: 'lost' });
    for (const f of pending.splice(0)) real.sendMessage(f);
    real.start();
  };

  const resign = () => {
    const real = leader;
    leader = null;
    lastReady = lastSynced = null;
    real?.stop();
    releaseLock?.();
    releaseLock = null;
  };

  const onPageHide = () => {
    if (!leader) return;
    post({ t: 'status', status: 'offline' });
    post({ t: 'lost' });
  };

  const join = () => {
    if (!listening) {
      channel.addEventListener('message', onMessage);
      if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);
      listening = true;
    }
    if (abort) return;
    abort = new AbortController();
    const signal = abort.signal;
    setStatus('connecting');
    locks
      .request(lockName, { signal }, () => {
        if (signal.aborted) return Promise.resolve();
        becomeLeader();
        return new Promise<void>((resolve) => (releaseLock = resolve));
      })
      .catch(() => undefined);
    // A follower asks the leader (if any) where it stands.
    if (!leader) post({ t: 'hello', from: tabId });
  };

  return {
    start() {
      if (leader) return leader.start();
      if (abort) {
        // A follower's "reconnect" (after a conflict): the leader reconnects for every tab.
        post({ t: 'start' });
        return;
      }
      join();
    },
    stop() {
      abort?.abort();
      abort = null;
      resign();
      pending.length = 0;
      if (listening) {
        channel.removeEventListener('message', onMessage);
        if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
        listening = false;
      }
      setStatus('stopped');
    },
    sendMessage(frame) {
      if (leader) return leader.sendMessage(frame);
      if (status === 'online') {
        post({ t: 'send', frame });
        return 'sent';
      }
      pending.push(frame);
      post({ t: 'start' });
      return 'queued';
    },
    sendControl(frame) {
      if (leader) return leader.sendControl(frame);
      if (status !== 'online') return false;
      // The leader acknowledges what its socket receives; a follower's ack would say nothing new.
      if (frame.kind !== 'ack') post({ t: 'control', frame });
      return true;
    },
    status: () => (leader ? leader.status() : status),
    queued: () => (leader ? leader.queued() : pending),
    share(payload) {
      post({ t: 'echo', from: tabId, payload });
    },
    isLeader: () => leader !== null,
  };
}

let pageChannel: ChatTabChannel | null = null;
const pageTabId = Math.random().toString(36).slice(2) + Date.now().toString(36);

/** The browser's Web Locks and the page's BroadcastChannel for a user, or null where either is missing (then one socket per tab). */
export function browserTabShare(userId: string): ChatTabShare | null {
  const locks =
    typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: ChatTabLocks }).locks : undefined;
  if (!locks || typeof locks.request !== 'function' || typeof BroadcastChannel !== 'function') return null;
  pageChannel ??= new BroadcastChannel(CHAT_TAB_CHANNEL) as unknown as ChatTabChannel;
  return { locks, channel: pageChannel, lockName: `${CHAT_TAB_LOCK}.${userId}`, tabId: pageTabId };
}
