import {
  CHAT_LIST_MSG_TYPES,
  FILE_TRANSFER_HELPER_ID,
  MP_TYPE_GROUP,
  MP_TYPE_PERSON,
  MSG_TYPE_INPUT_STATE,
  MSG_TYPE_NOTICE,
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_REVOKE,
  TO_USER_TYPE_GROUP,
  sortChatList,
} from '@portal/contracts/chat-constants';
import type {
  ChatGroup,
  ChatMessage,
  ConversationEntry,
  GroupEventFrame,
  ReceiptFrame,
  SeenFrame,
} from '@portal/contracts/chat';

/**
 * The chat state of 4.1 as pure functions over plain data (the store applies them): conversations with
 * their messages, the isSendType of each own message, unread counts, revoke, and the list order.
 */

/** A message as the client keeps it: the server's fields plus the state only this client knows. */
export type ClientMessage = ChatMessage & {
  /** Receipt 26: a device of the recipient has it. */
  delivered?: boolean;
  /** Read markers: how many of its recipients read it (1 of 1 one to one), of how many. */
  readCount?: number;
  memberCount?: number;
  /** Why the server refused it (an error frame), shown beside a timed-out message. */
  error?: string;
  /** Restored from the session's chat records (not yet confirmed by a history page from the server). */
  restored?: boolean;
  /**
   * Its position in the user's mailbox (the `message` frame's seq, the history record's), the order the server
   * keeps; a revoke's notice has its target's. Unknown for an own message sent from this page (its receipt has none).
   */
  seq?: number;
};

export type Conversation = ConversationEntry & {
  messages: ClientMessage[];
  /** The newest history page was loaded (messages before it come with `loadMore`). */
  historyLoaded: boolean;
  hasMore: boolean;
  oldestSeq: number | null;
};

export type Conversations = Record<string, Conversation>;

/** 4.1 isSendType. */
export const SEND_SENDING = 1;
export const SEND_ACKNOWLEDGED = 0;
export const SEND_TIMED_OUT = 3;

/** The conversation a message belongs to, seen by `me`: the group, the other person, the account, or 30001. */
export function peerOf(m: Pick<ChatMessage, 'toUserType' | 'toUserId' | 'fromUserId'>, me: string): string {
  if (m.toUserType === TO_USER_TYPE_GROUP) return m.toUserId;
  if (m.fromUserId === me) return m.toUserId || me;
  return m.fromUserId;
}

export function emptyConversation(entry: Partial<ConversationEntry> & { jid: string }): Conversation {
  return {
    name: entry.jid,
    mpType: null,
    toUserType: 1,
    unreadNumber: 0,
    timeSend: null,
    content: '',
    type: null,
    fromUserId: null,
    openTopChatTime: null,
    ...entry,
    messages: [],
    historyLoaded: false,
    hasMore: false,
    oldestSeq: null,
  };
}

/** Conversations of the last-chat list, keeping messages already held. */
export function mergeEntries(current: Conversations, entries: readonly ConversationEntry[]): Conversations {
  const next: Conversations = { ...current };
  for (const e of entries) {
    const held = current[e.jid];
    next[e.jid] = held
      ? { ...held, ...e, messages: held.messages, historyLoaded: held.historyLoaded }
      : emptyConversation(e);
  }
  return next;
}

/**
 * 4.1 list: "Pinned contacts (openTopChatTime) come first, then the rest by timeSend descending. Only
 * contacts with an mpType, or with id 30001, are kept."
 */
export function conversationList(conversations: Conversations): Conversation[] {
  return sortChatList(Object.values(conversations));
}

const isListType = (type: number) => (CHAT_LIST_MSG_TYPES as readonly number[]).includes(type);

function replaceConversation(
  all: Conversations,
  peer: string,
  update: (c: Conversation) => Conversation,
): Conversations {
  const c = all[peer];
  return c ? { ...all, [peer]: update(c) } : all;
}

/** Where a revoke's target is held (never a revoke itself), or -1. */
function targetIndex(messages: readonly ClientMessage[], notice: ClientMessage, skip = -1): number {
  return notice.content
    ? messages.findIndex((x, i) => i !== skip && x.type !== MSG_TYPE_REVOKE && x.messageId === notice.content)
    : -1;
}

/**
 * Whether held message `x` comes after `m` in the conversation: by their mailbox positions when both are known
 * (the server's order, as its history pages give it), else by the time the server stored them. An own message not
 * yet acknowledged (sending or failed) is after nothing: what arrives goes after it, as it always did.
 */
function comesAfter(x: ClientMessage, m: ClientMessage): boolean {
  if (x.seq !== undefined && m.seq !== undefined) return x.seq > m.seq;
  if (x.isSendType !== undefined && x.isSendType !== SEND_ACKNOWLEDGED) return false;
  return Date.parse(x.timeSend) > Date.parse(m.timeSend);
}

/**
 * `m` put into the conversation in order: after the last message held that does not come after it. Messages come
 * out of order when the server's pushed frames (replayed at login, newest last) and a history page (the newest 30)
 * cross: 35 waiting messages showed as #306…#335 then #301…#305 until a reload.
 */
function insertInOrder(messages: readonly ClientMessage[], m: ClientMessage): ClientMessage[] {
  let at = messages.length;
  while (at > 0 && comesAfter(messages[at - 1]!, m)) at--;
  return at === messages.length ? [...messages, m] : [...messages.slice(0, at), m, ...messages.slice(at)];
}

/**
 * A revoke (202) taking effect: its notice ("你撤回了一条消息") takes the revoked message's place in the
 * timeline (and its mailbox position, as the server's history gives it), not the end of it. `held` is where the
 * notice itself is held already (a local copy, or a history record), -1 when it is new. Without the target held,
 * the notice stays where it is held, or comes in order.
 */
function placeRevoke(messages: readonly ClientMessage[], notice: ClientMessage, held = -1): ClientMessage[] {
  const target = targetIndex(messages, notice, held);
  if (target < 0)
    return held >= 0 ? messages.map((x, i) => (i === held ? notice : x)) : insertInOrder(messages, notice);
  const { seq } = messages[target]!;
  const placed: ClientMessage = seq === undefined ? notice : { ...notice, seq };
  return messages.flatMap((x, i) => (i === target ? [placed] : i === held ? [] : [x]));
}

/** A new own message (isSendType 1) before the server has it. */
export function addOutgoing(
  all: Conversations,
  peer: string,
  m: ClientMessage,
  fallback: Partial<ConversationEntry>,
): Conversations {
  const c = all[peer] ?? emptyConversation({ jid: peer, ...fallback });
  // A revoke still sending waits just below its target (which stays until the server stored the revoke).
  const target = m.type === MSG_TYPE_REVOKE ? targetIndex(c.messages, m) : -1;
  const touched: Conversation = {
    ...c,
    messages:
      target < 0 ? [...c.messages, m] : [...c.messages.slice(0, target + 1), m, ...c.messages.slice(target + 1)],
    ...(isListType(m.type) ? { timeSend: m.timeSend, content: m.content, type: m.type, fromUserId: m.fromUserId } : {}),
  };
  return { ...all, [peer]: touched };
}

/**
 * A stored message arriving over the socket (live or replayed). Types 1, 2, 8, 9 and 202 update the chat
 * list entry; 202 takes its target's place (the notice stays where the message was); 200 (input state) is not kept. `reading` is the conversation open
 * on screen: its messages are read at once.
 */
export function applyIncoming(
  all: Conversations,
  m: ChatMessage,
  me: string,
  reading: string | null,
  seq: number | null = null,
): Conversations {
  if (m.type === MSG_TYPE_INPUT_STATE) return all;
  const peer = peerOf(m, me);
  const own = m.fromUserId === me;
  const existing = all[peer];
  // Held already (the same frame replayed, or a history page had it); or revoked, its notice held in its place.
  if (
    existing?.messages.some(
      (x) => x.messageId === m.messageId || (x.type === MSG_TYPE_REVOKE && x.content === m.messageId),
    )
  )
    return all;
  const c =
    existing ??
    emptyConversation({
      jid: peer,
      name: m.toUserType === TO_USER_TYPE_GROUP || own ? m.toUserName : m.fromUserName,
      mpType:
        m.toUserType === TO_USER_TYPE_GROUP
          ? MP_TYPE_GROUP
          : (m.mpType ?? (peer === FILE_TRANSFER_HELPER_ID ? null : MP_TYPE_PERSON)),
      toUserType: m.toUserType,
    });
  let messages = c.messages;
  // An own message sent from this device that comes back (a resend answered by replay) replaces the local copy.
  const local = own ? messages.findIndex((x) => x.messageIdWeb === m.messageIdWeb && x.fromUserId === me) : -1;
  const incoming: ClientMessage = { ...m, isSendType: SEND_ACKNOWLEDGED, ...(seq !== null ? { seq } : {}) };
  const merged: ClientMessage = local >= 0 ? { ...messages[local]!, ...incoming } : incoming;
  if (m.type === MSG_TYPE_REVOKE) messages = placeRevoke(messages, merged, local);
  else messages = local >= 0 ? messages.map((x, i) => (i === local ? merged : x)) : insertInOrder(messages, merged);
  const counts = !own && (isListType(m.type) || m.type === MSG_TYPE_NOTICE) && reading !== peer;
  const mentionsMe = counts && Boolean(m.mentions?.some((x) => x.userId === me));
  const next: Conversation = {
    ...c,
    messages,
    unreadNumber: counts ? c.unreadNumber + 1 : c.unreadNumber,
    ...(mentionsMe ? { mentioned: true } : {}),
    ...(isListType(m.type) || (m.type === MSG_TYPE_NOTICE && existing)
      ? { timeSend: m.timeSend, content: m.content, type: m.type, fromUserId: m.fromUserId }
      : {}),
  };
  return { ...all, [peer]: next };
}

/** Receipt 25: isSendType 1 → 0 with the server id and time; 26: delivered. A revoke's receipt puts it in its target's place. */
export function applyReceipt(all: Conversations, r: ReceiptFrame, me: string): Conversations {
  return replaceConversation(all, r.toUserId, (c) => {
    const i = c.messages.findIndex((m) => m.messageIdWeb === r.messageIdWeb && m.fromUserId === me);
    if (i < 0) return c;
    const m = c.messages[i]!;
    const updated: ClientMessage = {
      ...m,
      messageId: r.messageId,
      timeSend: r.timeSend,
      isSendType: SEND_ACKNOWLEDGED,
      error: undefined,
      delivered: m.delivered || r.type === MSG_TYPE_RECEIPT_DELIVERED,
    };
    const messages =
      m.type === MSG_TYPE_REVOKE
        ? placeRevoke(c.messages, updated, i)
        : c.messages.map((x, j) => (j === i ? updated : x));
    return { ...c, messages };
  });
}

/**
 * A read marker (`seen`): own messages of the conversation take the counts it carries (a group's count can go
 * down when a member who read it leaves; the marker always says where it stands now).
 */
export function applySeen(all: Conversations, frame: SeenFrame, me: string): Conversations {
  const byId = new Map(frame.messages.map((m) => [m.messageId, m]));
  const byWeb = new Map(frame.messages.map((m) => [m.messageIdWeb, m]));
  return replaceConversation(all, frame.peerId, (c) => {
    let changed = false;
    const messages = c.messages.map((m) => {
      if (m.fromUserId !== me) return m;
      const s = (m.messageId && byId.get(m.messageId)) || byWeb.get(m.messageIdWeb);
      if (!s || (m.readCount === s.readCount && m.memberCount === s.memberCount)) return m;
      changed = true;
      // Read implies delivered (the reader's device has it).
      return { ...m, readCount: s.readCount, memberCount: s.memberCount, delivered: true };
    });
    return changed ? { ...c, messages } : c;
  });
}

/** What an own message shows under it: sending, failed, sent, delivered, read (one to one) or read by N of M (group). */
export type SendState =
  { kind: 'sending' | 'timedOut' | 'sent' | 'delivered' | 'read' } | { kind: 'readOf'; n: number; m: number };
export function sendStateOf(m: ClientMessage): SendState {
  if (m.isSendType === SEND_SENDING) return { kind: 'sending' };
  if (m.isSendType === SEND_TIMED_OUT) return { kind: 'timedOut' };
  if (m.toUserType === TO_USER_TYPE_GROUP)
    return m.memberCount !== undefined && m.memberCount > 0
      ? { kind: 'readOf', n: m.readCount ?? 0, m: m.memberCount }
      : { kind: 'sent' };
  if ((m.readCount ?? 0) > 0) return { kind: 'read' };
  return m.delivered ? { kind: 'delivered' } : { kind: 'sent' };
}

/** 4.1: "A message still at 1 becomes 3 when the connection drops or reconnects." Queued ones stay at 1. */
export function timeOutSending(all: Conversations, stillQueued: ReadonlySet<string> = new Set()): Conversations {
  let changed = false;
  const next: Conversations = {};
  for (const [peer, c] of Object.entries(all)) {
    if (!c.messages.some((m) => m.isSendType === SEND_SENDING && !stillQueued.has(m.messageIdWeb))) {
      next[peer] = c;
      continue;
    }
    changed = true;
    next[peer] = {
      ...c,
      messages: c.messages.map((m) =>
        m.isSendType === SEND_SENDING && !stillQueued.has(m.messageIdWeb) ? { ...m, isSendType: SEND_TIMED_OUT } : m,
      ),
    };
  }
  return changed ? next : all;
}

/** An error frame about one own message: it failed (3) with the server's reason; a refused revoke is dropped. */
export function applySendError(all: Conversations, messageIdWeb: string, msg: string, me: string): Conversations {
  for (const [peer, c] of Object.entries(all)) {
    const m = c.messages.find(
      (x) => x.messageIdWeb === messageIdWeb && x.fromUserId === me && x.isSendType !== SEND_ACKNOWLEDGED,
    );
    if (!m) continue;
    if (m.type === MSG_TYPE_REVOKE) return { ...all, [peer]: { ...c, messages: c.messages.filter((x) => x !== m) } };
    return {
      ...all,
      [peer]: {
        ...c,
        messages: c.messages.map((x) => (x === m ? { ...x, isSendType: SEND_TIMED_OUT, error: msg } : x)),
      },
    };
  }
  return all;
}

/** A resend: the same messageIdWeb (the server stores it once) goes back to sending. */
export function markResending(all: Conversations, peer: string, messageIdWeb: string): Conversations {
  return replaceConversation(all, peer, (c) => ({
    ...c,
    messages: c.messages.map((m) =>
      m.messageIdWeb === messageIdWeb ? { ...m, isSendType: SEND_SENDING, error: undefined } : m,
    ),
  }));
}

export function markRead(all: Conversations, peer: string): Conversations {
  return replaceConversation(all, peer, (c) =>
    c.unreadNumber === 0 && !c.mentioned ? c : { ...c, unreadNumber: 0, mentioned: false },
  );
}

/**
 * A history page (oldest first) merged with what the conversation holds: server messages once by id, in the
 * server's order with those held (pushed before or after the page came, older or newer than it), own messages not
 * yet acknowledged kept at the end, revoke notices taking their targets' places. Stored messages
 * restored from the session's chat records give way to the server's page (which knows of deletes and revokes
 * made elsewhere); restored messages that never reached the server stay, to be resent.
 */
export function mergeHistory(
  all: Conversations,
  peer: string,
  page: {
    records: Array<{
      seq: number;
      message: ChatMessage;
      delivered?: boolean | undefined;
      readCount?: number | undefined;
      memberCount?: number | undefined;
    }>;
    hasMore: boolean;
  },
): Conversations {
  const c = all[peer] ?? emptyConversation({ jid: peer });
  const fromServer = page.records.map(
    (r) =>
      ({
        ...r.message,
        seq: r.seq,
        isSendType: SEND_ACKNOWLEDGED,
        ...(r.delivered !== undefined ? { delivered: r.delivered } : {}),
        ...(r.readCount !== undefined ? { readCount: r.readCount, memberCount: r.memberCount } : {}),
      }) as ClientMessage,
  );
  const known = new Set(fromServer.map((m) => m.messageId));
  const knownWeb = new Set(fromServer.map((m) => `${m.fromUserId}\u0000${m.messageIdWeb}`));
  const held = c.messages.filter(
    (m) =>
      !(m.restored && m.isSendType === SEND_ACKNOWLEDGED) &&
      !known.has(m.messageId) &&
      !knownWeb.has(`${m.fromUserId}\u0000${m.messageIdWeb}`),
  );
  let messages = held.reduce(insertInOrder, fromServer);
  // The server gives a revoke's notice at the revoked message's place; one held here takes its target's place too.
  for (const notice of messages.filter((m) => m.type === MSG_TYPE_REVOKE && m.isSendType === SEND_ACKNOWLEDGED))
    messages = placeRevoke(messages, notice, messages.indexOf(notice));
  const oldest = page.records[0]?.seq ?? c.oldestSeq;
  return {
    ...all,
    [peer]: { ...c, messages, historyLoaded: true, hasMore: page.hasMore, oldestSeq: oldest ?? null },
  };
}

/** Drops a conversation (and everything held of it). */
export function withoutConversation(all: Conversations, peer: string): Conversations {
  if (!all[peer]) return all;
  const { [peer]: _gone, ...rest } = all;
  return rest;
}

/** A new name for a conversation (a renamed group), when it is held. */
export function renameConversation(all: Conversations, peer: string, name: string): Conversations {
  return replaceConversation(all, peer, (c) => (c.name === name ? c : { ...c, name }));
}

/** Whether a group frame takes the group away from this user: dissolved, or they were removed or left. */
export function groupGoneFor(frame: GroupEventFrame, me: string): boolean {
  return (
    frame.event === 'dissolved' ||
    ((frame.event === 'membersRemoved' || frame.event === 'left') && frame.userIds.includes(me))
  );
}

/**
 * A `group` frame: the group leaves the list when it is gone for this user; a member of a new group, or a user
 * just added, finds it in the list at once (dated by the frame, before any message); otherwise it takes the
 * group's name.
 */
export function applyGroupEvent(all: Conversations, frame: GroupEventFrame, me: string): Conversations {
  if (groupGoneFor(frame, me)) return withoutConversation(all, frame.groupId);
  if (
    (frame.event === 'created' || frame.event === 'membersAdded') &&
    frame.userIds.includes(me) &&
    !all[frame.groupId]
  ) {
    return {
      ...all,
      [frame.groupId]: emptyConversation({
        jid: frame.groupId,
        name: frame.name,
        mpType: MP_TYPE_GROUP,
        toUserType: TO_USER_TYPE_GROUP,
        timeSend: frame.at,
      }),
    };
  }
  return renameConversation(all, frame.groupId, frame.name);
}

/**
 * The groups the server says the user is in (after a reconnect, frames may have been missed): a held group
 * conversation of a group not among them was dissolved, or the user left or was removed; the others take the
 * group's current name. Only conversations in `heldBefore` (held when the groups were asked for) are dropped:
 * a group created meanwhile is not in an answer older than it.
 */
export function reconcileGroups(
  all: Conversations,
  groups: readonly ChatGroup[],
  heldBefore: ReadonlySet<string>,
): Conversations {
  const byId = new Map(groups.map((g) => [g.id, g]));
  let next = all;
  for (const c of Object.values(all)) {
    if (c.toUserType !== TO_USER_TYPE_GROUP) continue;
    const g = byId.get(c.jid);
    if (g) next = renameConversation(next, c.jid, g.name);
    else if (heldBefore.has(c.jid)) next = withoutConversation(next, c.jid);
  }
  return next;
}

/**
 * Total unread over the kept conversations that are not muted (the badge of the chat entry and the count in the
 * tab title). A muted conversation counts its unread quietly, in its own row only, as WeChat does, unless an
 * unread message there @-mentions the user.
 */
export function totalUnread(all: Conversations): number {
  return conversationList(all).reduce((n, c) => n + (c.muted && !c.mentioned ? 0 : c.unreadNumber), 0);
}

/** A conversation muted or unmuted (by this user, on this or another device). */
export function setConversationMuted(all: Conversations, peer: string, muted: boolean): Conversations {
  return replaceConversation(all, peer, (c) => (Boolean(c.muted) === muted ? c : { ...c, muted }));
}

/** 4.1: a chat partner's info is fetched again only when the last fetch is older than the skip window. */
export function createRefreshSkipper(windowMs: number, now: () => number = Date.now) {
  const fetchedAt = new Map<string, number>();
  return {
    /** True when the partner's info should be fetched now (and records the fetch). */
    shouldFetch(userId: string): boolean {
      const t = now();
      const last = fetchedAt.get(userId);
      if (last !== undefined && t - last < windowMs) return false;
      fetchedAt.set(userId, t);
      return true;
    },
    forget(userId: string) {
      fetchedAt.delete(userId);
    },
  };
}
