import {
  CHAT_TOO_FAST_RETRIES,
  FILE_TRANSFER_HELPER_ID,
  MP_TYPE_PERSON,
  MP_TYPE_PUBLIC_ACCOUNT,
  MSG_TYPE_INPUT_STATE,
  MSG_TYPE_NOTICE,
  MSG_TYPE_REVOKE,
  MSG_TYPE_TEXT,
  TO_USER_TYPE_GROUP,
  TO_USER_TYPE_USER,
} from '@portal/contracts/chat-constants';
import type {
  ChatGroup,
  ChatMessage,
  ChatResource,
  ConversationEntry,
  GroupEventFrame,
  HistoryPage,
  ReceiptFrame,
  SeenFrame,
  SendFrame,
  ServerFrame,
  UploadedFile,
} from '@portal/contracts/chat';
import { createAckBatcher, createReadCoalescer } from '@portal/contracts/chat-batching';
import { createStore, type StoreApi } from 'zustand';
import { CHAT_RECORDS_SAVE_DELAY_MS, fromChatRecords, toChatRecords, type ChatRecordStore } from './chat-records.ts';
import { createChatSocket, type ChatSocket, type SocketStatus, type WebSocketFactory } from './chat-socket.ts';
import { createTabSharedSocket, type ChatTabShare, type TabSharedSocket } from './tab-shared-socket.ts';
import {
  SEND_SENDING,
  addOutgoing,
  applyGroupEvent,
  applyIncoming,
  applyReceipt,
  applySeen,
  applySendError,
  markRead,
  groupGoneFor,
  markResending,
  mergeEntries,
  peerOf,
  mergeHistory,
  reconcileGroups,
  renameConversation,
  setConversationMuted,
  timeOutSending,
  withoutConversation,
  type ClientMessage,
  type Conversation,
  type Conversations,
} from './chat-state.ts';

/**
 * A new message from someone else that arrived live (not replayed after a reconnect), with its conversation as
 * it is now: what a browser notification is made of (the notifier decides whether to show one).
 */
export type IncomingNotice = { message: ChatMessage; conversation: Conversation; mentioned: boolean };

/** What the chat panel reads. */
export type ChatState = {
  me: { userId: string; userName: string } | null;
  status: SocketStatus;
  conversations: Conversations;
  /** The conversation on screen (its messages are read at once). */
  activePeer: string | null;
  panelOpen: boolean;
  /** Bumped when a notice (type 80) arrives: the unread-notice prompt refetches. */
  noticeVersion: number;
  /** Bumped when the tenant's configuration changed (a `config` frame): the pages refetch what they show of it. */
  configVersion: number;
  /** The last refusal the server sent (shown as a toast). */
  lastError: { msg: string; at: number } | null;
  /** A chat session was established since start: the token is good, the portal's other chat calls may follow. */
  connected: boolean;
  /** Input state (type 200) of chat partners: until when "typing" shows, by conversation. */
  typing: Record<string, number>;
  /** The last change of a group of this user (a `group` frame); `gone`: the group left their list. */
  lastGroupEvent: (GroupEventFrame & { gone: boolean }) | null;
  /** Devices online of the people this client asked about or was told of (presence and probe frames), by user. */
  presence: Record<string, ChatResource[]>;
};

/** How often this client tells a partner it is typing, and how long a partner's "typing" shows (not given by the spec). */
export const TYPING_SEND_EVERY_MS = 3_000;
export const TYPING_SHOW_MS = 5_000;
/**
 * Receipts (25, 26) and read markers (`seen`) that arrive within this window are applied as one state update at
 * its end: a burst of them (a group that read or received a message, an offline queue acknowledged) is one render
 * of the page, not one per frame. One render per frame, each a task of its own, while an update of a component
 * waited for React's scheduler, counted as nested updates and ended in React error #185 (Maximum update depth
 * exceeded) from about 50 frames on.
 */
export const RECEIPT_BATCH_MS = 50;

export type ChatApi = {
  lastChatList: () => Promise<ConversationEntry[]>;
  history: (input: { peerId: string; beforeSeq?: number }) => Promise<HistoryPage>;
  readConversation: (peerId: string) => Promise<unknown>;
  /** app/msg/read: every message of a public account read (its notices are paged with app/msg/page, not history). */
  readPublicAccount?: (mpId: string) => Promise<unknown>;
  /** The user's groups: group conversations of other groups are dropped when the list is refreshed. */
  groups?: () => Promise<ChatGroup[]>;
};

export type ChatClient = {
  store: StoreApi<ChatState>;
  start(me: { userId: string; userName: string; token: string }): void;
  /** Deliberate stop (logout): closes the socket without reconnecting and forgets the conversations. */
  stop(): void;
  /** Writes the chat records now (the page is going away) instead of after CHAT_RECORDS_SAVE_DELAY_MS. */
  flushRecords(): void;
  /** Manual reconnect (after "logged in elsewhere"). */
  reconnect(): void;
  refreshList(): Promise<void>;
  setPanelOpen(open: boolean): void;
  /**
   * Opens a conversation, listing it when it is not held yet. `timeSend` dates a new one that has no message yet (a
   * group just created): it goes to the top of the list, by its time, as its first message would put it.
   */
  open(peer: {
    jid: string;
    name: string;
    mpType: number | null;
    toUserType?: number;
    timeSend?: string | null;
  }): Promise<void>;
  loadOlder(peerId: string): Promise<void>;
  /** A text; in a group with the members it @-mentions (picked in the composer). */
  sendText(peerId: string, text: string, mentions?: ReadonlyArray<{ userId: string; userName: string }>): ClientMessage;
  sendFile(peerId: string, file: UploadedFile): ClientMessage;
  revoke(peerId: string, messageId: string): void;
  /** Input state (200) to a person, at most every TYPING_SEND_EVERY_MS; never queued. */
  sendTyping(peerId: string): void;
  resend(peerId: string, messageIdWeb: string): void;
  /** Listens to each new message from someone else that arrives live (browser notifications); returns the unsubscribe. */
  onIncoming(listener: (notice: IncomingNotice) => void): () => void;
  /** Mutes or unmutes a conversation here (after the server did; the `muted` frame tells the other devices). */
  markMuted(peerId: string, muted: boolean): void;
  /** Forgets a conversation here (after the server deleted it for this user). */
  forget(peerId: string): void;
  /** A new name for a conversation here (after the user renamed the group). */
  rename(peerId: string, name: string): void;
  socket(): ChatSocket | null;
};

type SharedOutgoing = { t: 'outgoing'; peerId: string; message: ClientMessage };

/** A client id for messageIdWeb (crypto.randomUUID needs a secure context). */
export function newMessageIdWeb(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function chatSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/chat/ws`;
}

const initial = (): ChatState => ({
  me: null,
  status: 'idle',
  conversations: {},
  activePeer: null,
  panelOpen: false,
  noticeVersion: 0,
  configVersion: 0,
  lastError: null,
  connected: false,
  typing: {},
  lastGroupEvent: null,
  presence: {},
});

export function createChatClient(deps: {
  api: ChatApi;
  createSocket?: WebSocketFactory;
  url?: () => string;
  resource?: ChatResource;
  now?: () => number;
  /** Where the session's chat records are kept (section 3); without it nothing outlives the page. */
  records?: ChatRecordStore;
  /**
   * The tabs of this browser share one socket (issue 14): Web Locks and a BroadcastChannel for the user, or null
   * (then this tab has a socket of its own).
   */
  tabs?: (userId: string) => ChatTabShare | null;
}): ChatClient {
  const store = createStore<ChatState>()(() => initial());
  const now = deps.now ?? Date.now;
  let socket: (ChatSocket & Partial<Pick<TabSharedSocket, 'share'>>) | null = null;
  let token: string | null = null;
  const typingSentAt = new Map<string, number>();
  let saveTimer: ReturnType<typeof setTimeout> | null = null;
  /** Offline replay of this connection ended (`synced`): messages after it are live, and may be notified. */
  let live = false;
  const incomingListeners = new Set<(notice: IncomingNotice) => void>();

  const saveRecords = () => {
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = null;
    const { me: self, conversations } = store.getState();
    if (self && deps.records) deps.records.save(self.userId, toChatRecords(conversations));
  };
  let restoring = false;
  store.subscribe((s, prev) => {
    if (!deps.records || restoring || !s.me || s.conversations === prev.conversations || saveTimer) return;
    saveTimer = setTimeout(saveRecords, CHAT_RECORDS_SAVE_DELAY_MS);
  });

  /** Receipts and read markers not applied yet (RECEIPT_BATCH_MS), in arrival order. */
  let receipts: Array<ReceiptFrame | SeenFrame> = [];
  let receiptTimer: ReturnType<typeof setTimeout> | null = null;
  /** Applies the pending receipts and read markers, in one state update. */
  const applyReceipts = () => {
    if (receiptTimer) clearTimeout(receiptTimer);
    receiptTimer = null;
    if (!receipts.length) return;
    const frames = receipts;
    receipts = [];
    store.setState((s) => ({
      conversations: frames.reduce(
        (all, f) => (f.kind === 'receipt' ? applyReceipt(all, f, me()) : applySeen(all, f, me())),
        s.conversations,
      ),
    }));
  };
  // Every other change of the state comes after the receipts that arrived before it (the order of the frames).
  const set = (patch: Partial<ChatState> | ((s: ChatState) => Partial<ChatState>)) => {
    applyReceipts();
    store.setState(patch);
  };
  const me = () => store.getState().me?.userId ?? '';
  const reading = () => (store.getState().panelOpen ? store.getState().activePeer : null);
  // Acknowledgements and read markers that come while one is pending leave as one (issue 13, ADR 0034).
  const acks = createAckBatcher((seq) => socket?.sendControl({ kind: 'ack', seq }) ?? false);
  const reads = createReadCoalescer((peer) => deps.api.readConversation(peer));

  const onFrame = (frame: ServerFrame) => {
    if (frame.kind === 'receipt' || frame.kind === 'seen') {
      receipts.push(frame);
      receiptTimer ??= setTimeout(applyReceipts, RECEIPT_BATCH_MS);
      return;
    }
    // What the client reads of the state below (a message still sending, a conversation held) includes them.
    applyReceipts();
    switch (frame.kind) {
      case 'message': {
        if (frame.seq !== null) acks.ack(frame.seq);
        const m = frame.message;
        if (m.type === MSG_TYPE_INPUT_STATE) {
          if (m.toUserType !== TO_USER_TYPE_GROUP && m.fromUserId !== me())
            set((s) => ({ typing: { ...s.typing, [m.fromUserId]: now() + TYPING_SHOW_MS } }));
          return;
        }
        if (store.getState().typing[m.fromUserId]) set((s) => ({ typing: { ...s.typing, [m.fromUserId]: 0 } }));
        set((s) => ({
          conversations: applyIncoming(s.conversations, m, me(), reading(), frame.seq),
          ...(m.type === MSG_TYPE_NOTICE ? { noticeVersion: s.noticeVersion + 1 } : {}),
        }));
        const peer = reading();
        if (peer && m.fromUserId !== me() && (m.fromUserId === peer || m.toUserId === peer)) reads.read(peer);
        if (live && incomingListeners.size && m.fromUserId !== me() && m.type !== MSG_TYPE_REVOKE) {
          const conversation = store.getState().conversations[peerOf(m, me())];
          const mentioned = Boolean(m.mentions?.some((x) => x.userId === me()));
          if (conversation) for (const l of incomingListeners) l({ message: m, conversation, mentioned });
        }
        return;
      }
      case 'read':
        set((s) => ({ conversations: markRead(s.conversations, frame.peerId) }));
        return;
      case 'error':
        // Refused as too fast (429): the message goes again by itself, at the socket's pace, a few times at most.
        if (frame.status === 429 && frame.messageIdWeb && retryTooFast(frame.messageIdWeb)) return;
        if (frame.messageIdWeb) {
          const id = frame.messageIdWeb;
          set((s) => ({ conversations: applySendError(s.conversations, id, frame.msg, me()) }));
        }
        set({ lastError: { msg: frame.msg, at: now() } });
        return;
      case 'presence': {
        // One device of a user came or went: the user is online while any of their devices is.
        const had = store.getState().presence[frame.userId] ?? [];
        const resources =
          frame.status === 'offline'
            ? had.filter((r) => r !== frame.resource)
            : had.includes(frame.resource)
              ? had
              : [...had, frame.resource];
        set((s) => ({ presence: { ...s.presence, [frame.userId]: resources } }));
        return;
      }
      case 'probe-result':
        set((s) => ({
          presence: { ...s.presence, ...Object.fromEntries(frame.users.map((u) => [u.userId, u.resources])) },
        }));
        return;
      case 'muted':
        set((s) => ({ conversations: setConversationMuted(s.conversations, frame.peerId, frame.muted) }));
        return;
      case 'config':
        set((s) => ({ configVersion: s.configVersion + 1 }));
        return;
      case 'ready': {
        live = false;
        // A new connection: the server replays from the device's cursor, and those positions are acknowledged anew.
        acks.reset();
        // 4.1: a message still sending when the connection reconnects times out (the offline queue goes out next).
        const queued = new Set((socket?.queued() ?? []).map((f) => f.messageIdWeb));
        set((s) => ({ conversations: timeOutSending(s.conversations, queued), connected: true }));
        return;
      }
      case 'group': {
        const gone = groupGoneFor(frame, me());
        set((s) => ({
          conversations: applyGroupEvent(s.conversations, frame, me()),
          activePeer: gone && s.activePeer === frame.groupId ? null : s.activePeer,
          lastGroupEvent: { ...frame, gone },
        }));
        return;
      }
      case 'synced':
        live = true;
        // The list is fetched once the socket accepted the token (no call with a dead token at page load), and
        // again after each reconnect: it may have changed while offline.
        void client.refreshList();
        return;
      default:
        return;
    }
  };

  const tooFastRetries = new Map<string, number>();
  const retryTooFast = (messageIdWeb: string): boolean => {
    const tries = tooFastRetries.get(messageIdWeb) ?? 0;
    if (tries >= CHAT_TOO_FAST_RETRIES) return false;
    for (const [peer, c] of Object.entries(store.getState().conversations)) {
      const m = c.messages.find(
        (x) => x.messageIdWeb === messageIdWeb && x.fromUserId === me() && x.isSendType === SEND_SENDING,
      );
      if (!m) continue;
      tooFastRetries.set(messageIdWeb, tries + 1);
      socket?.sendMessage(frameFor(peer, m));
      return true;
    }
    return false;
  };

  /** What another tab of this browser tells: an own message it sent (its receipts come through the shared socket). */
  const onShared = (payload: unknown) => {
    const p = payload as Partial<SharedOutgoing> | null;
    if (p?.t !== 'outgoing' || !p.peerId || !p.message || p.message.fromUserId !== me()) return;
    const { peerId, message } = p as SharedOutgoing;
    if (store.getState().conversations[peerId]?.messages.some((x) => x.messageIdWeb === message.messageIdWeb)) return;
    set((s) => ({ conversations: addOutgoing(s.conversations, peerId, message, { name: message.toUserName }) }));
  };

  const onLost = () => {
    const queued = new Set((socket?.queued() ?? []).map((f) => f.messageIdWeb));
    set((s) => ({ conversations: timeOutSending(s.conversations, queued) }));
  };

  const frameFor = (peerId: string, m: ClientMessage): SendFrame => ({
    kind: 'message',
    messageIdWeb: m.messageIdWeb,
    toUserId: peerId,
    toUserType: m.toUserType === TO_USER_TYPE_GROUP ? TO_USER_TYPE_GROUP : TO_USER_TYPE_USER,
    type: m.type,
    content: m.content,
    ...(m.objectId ? { objectId: m.objectId } : {}),
    ...(m.mentions?.length ? { mentions: m.mentions.map((x) => x.userId) } : {}),
  });

  const outgoing = (
    peerId: string,
    type: number,
    content: string,
    extra: Partial<ClientMessage> = {},
  ): ClientMessage => {
    const state = store.getState();
    const c = state.conversations[peerId];
    const self = state.me!;
    const toUserType = c?.toUserType ?? TO_USER_TYPE_USER;
    const m: ClientMessage = {
      messageId: '',
      messageIdWeb: newMessageIdWeb(),
      fromUserId: self.userId,
      fromUserName: self.userName,
      toUserId: peerId,
      toUserName: c?.name ?? '',
      toUserType,
      type,
      content,
      timeSend: new Date(now()).toISOString(),
      jid: `${self.userId}/${deps.resource ?? 'pc'}`,
      mpType: null,
      fileTypeName: null,
      fileSize: null,
      objectId: null,
      isSendType: SEND_SENDING,
      ...extra,
    };
    set((s) => ({ conversations: addOutgoing(s.conversations, peerId, m, { name: m.toUserName }) }));
    const went = socket?.sendMessage(frameFor(peerId, m));
    // Queued (offline or over the pace): kept in the records at once, so it survives the tab being closed.
    if (went === 'queued') saveRecords();
    // The other tabs of this browser show it too (the server does not send a message back to the socket it came from).
    socket?.share?.({ t: 'outgoing', peerId, message: m } satisfies SharedOutgoing);
    return m;
  };

  /** Own messages still sending, oldest first: the queue to send again after a restore. */
  const pendingOf = (conversations: ChatState['conversations']) =>
    Object.entries(conversations)
      .flatMap(([peer, c]) =>
        c.messages.filter((m) => m.isSendType === SEND_SENDING && m.fromUserId === me()).map((m) => [peer, m] as const),
      )
      .sort((a, b) => Date.parse(a[1].timeSend) - Date.parse(b[1].timeSend));

  const client: ChatClient = {
    store,
    start(user) {
      token = user.token;
      const fresh = store.getState().me?.userId !== user.userId;
      if (fresh) {
        // A reloaded page shows the conversations it had at once; the socket and the list bring them up to date.
        const restored = deps.records ? fromChatRecords(deps.records.load(user.userId)) : {};
        restoring = true;
        set({ ...initial(), me: { userId: user.userId, userName: user.userName }, conversations: restored });
        restoring = false;
      }
      if (!socket) {
        const options = {
          url: deps.url ?? chatSocketUrl,
          token: () => token,
          resource: deps.resource ?? 'pc',
          ...(deps.createSocket ? { createSocket: deps.createSocket } : {}),
          onFrame,
          onLost,
          onStatus: (status: SocketStatus) => set({ status }),
        };
        const tabs = deps.tabs?.(user.userId) ?? null;
        socket = tabs ? createTabSharedSocket({ ...options, tabs, onShared }) : createChatSocket(options);
      }
      // The send queue survives a closed tab (issue 18): what the records kept as sending goes out again, in the order
      // it was written, once the socket is ready; the server stores a messageIdWeb once, so nothing is doubled.
      if (fresh)
        for (const [peer, m] of pendingOf(store.getState().conversations)) socket.sendMessage(frameFor(peer, m));
      socket.start();
    },
    stop() {
      socket?.stop();
      socket = null;
      token = null;
      if (saveTimer) clearTimeout(saveTimer);
      saveTimer = null;
      set(initial());
    },
    flushRecords() {
      applyReceipts();
      if (saveTimer) saveRecords();
    },
    reconnect() {
      socket?.start();
    },
    async refreshList() {
      const heldBefore = new Set(Object.keys(store.getState().conversations));
      const [entries, groups] = await Promise.all([
        deps.api.lastChatList().catch(() => null),
        deps.api.groups?.().catch(() => null) ?? null,
      ]);
      if (entries) set((s) => ({ conversations: mergeEntries(s.conversations, entries) }));
      if (groups) {
        set((s) => {
          const conversations = reconcileGroups(s.conversations, groups, heldBefore);
          return { conversations, activePeer: s.activePeer && !conversations[s.activePeer] ? null : s.activePeer };
        });
      }
    },
    setPanelOpen(open) {
      set({ panelOpen: open });
      const peer = store.getState().activePeer;
      if (open && peer) {
        set((s) => ({ conversations: markRead(s.conversations, peer) }));
        reads.read(peer);
      }
    },
    async open(peer) {
      set((s) => ({
        activePeer: peer.jid,
        conversations: s.conversations[peer.jid]
          ? markRead(s.conversations, peer.jid)
          : mergeEntries(s.conversations, [
              {
                jid: peer.jid,
                name: peer.name,
                mpType: peer.mpType,
                toUserType: peer.toUserType ?? TO_USER_TYPE_USER,
                unreadNumber: 0,
                timeSend: peer.timeSend ?? null,
                content: '',
                type: null,
                fromUserId: null,
                openTopChatTime: null,
              },
            ]),
      }));
      if (peer.mpType === MP_TYPE_PUBLIC_ACCOUNT && deps.api.readPublicAccount) {
        // A public account's notices are paged with app/msg/page by its view; opening it reads them all.
        await deps.api.readPublicAccount(peer.jid).catch(() => undefined);
        return;
      }
      reads.read(peer.jid);
      // A person's online state, kept up to date by presence frames from then on.
      if (peer.mpType === MP_TYPE_PERSON && peer.jid !== me() && !isFileHelper(peer.jid))
        socket?.sendControl({ kind: 'probe', userIds: [peer.jid] });
      if (store.getState().conversations[peer.jid]?.historyLoaded) return;
      const page = await deps.api.history({ peerId: peer.jid }).catch(() => null);
      if (page) set((s) => ({ conversations: mergeHistory(s.conversations, peer.jid, page) }));
    },
    async loadOlder(peerId) {
      const c = store.getState().conversations[peerId];
      if (!c?.hasMore || !c.oldestSeq) return;
      const page = await deps.api.history({ peerId, beforeSeq: c.oldestSeq });
      set((s) => ({ conversations: mergeHistory(s.conversations, peerId, page) }));
    },
    sendText(peerId, text, mentions = []) {
      return outgoing(peerId, MSG_TYPE_TEXT, text, mentions.length ? { mentions: [...mentions] } : {});
    },
    sendFile(peerId, file) {
      return outgoing(peerId, file.type, file.fileName, {
        objectId: file.objectId,
        fileTypeName: file.fileTypeName,
        fileSize: file.fileSize,
      });
    },
    revoke(peerId, messageId) {
      outgoing(peerId, MSG_TYPE_REVOKE, messageId);
    },
    sendTyping(peerId) {
      const c = store.getState().conversations[peerId];
      if (!c || c.toUserType === TO_USER_TYPE_GROUP || c.mpType !== MP_TYPE_PERSON) return;
      const t = now();
      if (t - (typingSentAt.get(peerId) ?? -Infinity) < TYPING_SEND_EVERY_MS) return;
      if (
        socket?.sendControl({
          kind: 'message',
          messageIdWeb: newMessageIdWeb(),
          toUserId: peerId,
          toUserType: TO_USER_TYPE_USER,
          type: MSG_TYPE_INPUT_STATE,
          content: '',
        })
      )
        typingSentAt.set(peerId, t);
    },
    resend(peerId, messageIdWeb) {
      const m = store.getState().conversations[peerId]?.messages.find((x) => x.messageIdWeb === messageIdWeb);
      if (!m) return;
      set((s) => ({ conversations: markResending(s.conversations, peerId, messageIdWeb) }));
      socket?.sendMessage(frameFor(peerId, m));
    },
    onIncoming(listener) {
      incomingListeners.add(listener);
      return () => incomingListeners.delete(listener);
    },
    markMuted(peerId, muted) {
      set((s) => ({ conversations: setConversationMuted(s.conversations, peerId, muted) }));
    },
    forget(peerId) {
      set((s) => ({
        conversations: withoutConversation(s.conversations, peerId),
        activePeer: s.activePeer === peerId ? null : s.activePeer,
      }));
    },
    rename(peerId, name) {
      set((s) => ({ conversations: renameConversation(s.conversations, peerId, name) }));
    },
    socket: () => socket,
  };
  return client;
}

export const isFileHelper = (jid: string) => jid === FILE_TRANSFER_HELPER_ID;
