import {
  CHAT_FILE_MAX_BYTES,
  CHAT_DOCUMENT_EXTENSIONS,
  CHAT_IMAGE_EXTENSIONS,
  CHAT_IMAGE_MAX_BYTES,
  CHAT_MEDIA_EXTENSIONS,
  CHAT_RESOURCES,
  CHAT_REVOKE_WINDOW_MS,
  CHAT_TEXT_MAX_LENGTH,
  CHAT_TEXTS,
  FILE_MSG_TYPES,
  FILE_TRANSFER_HELPER_ID,
  FILE_TRANSFER_HELPER_NAME,
  MP_TYPE_GROUP,
  MP_TYPE_PERSON,
  MSG_TYPE_IMAGE,
  MSG_TYPE_INPUT_STATE,
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_RECEIPT_STORED,
  MSG_TYPE_REVOKE,
  MSG_TYPE_TEXT,
  SENDABLE_MSG_TYPES,
  TO_USER_TYPE_GROUP,
  TO_USER_TYPE_USER,
  sortChatList,
  type ChatGroup,
  type ContactEntry,
  type ConversationEntry,
  type GroupEventFrame,
  type MutedFrame,
  type GroupNotice,
  type HistoryPage,
  type ImConfig,
  CHAT_SEARCH_MAX_RESULTS,
  MSG_TYPE_FILE,
  MSG_TYPE_MEDIA_FILE,
  type ChatPrivacy,
  type ChatSearchHit,
  type ImUserInfo,
  type MessageReaders,
  type ReceiptFrame,
  type SeenCount,
  type SeenFrame,
  type SendFrame,
  type ServerFrame,
} from '@portal/contracts/chat';
import type { NewChatMessageRow, ChatMessageRow } from '../../db/database.ts';
import { isUniqueViolation, nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { fold, tokenize } from '../../platform/tokenizer.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { parseMentions, toChatMessage, type ChatRuntime, type ChatSession } from './chat.hub.ts';
import {
  PEER_FILE_HELPER,
  PEER_GROUP,
  PEER_PERSON,
  PEER_PUBLIC_ACCOUNT,
  newMessageId,
  type ChatGroupRow,
  type MailboxRow,
  type Recipient,
  type StoreHooks,
} from './chat.repository.ts';

/** A refusal sent back on the socket as an error frame (never closes the connection). */
export class FrameError extends Error {
  readonly status: number;
  constructor(status: number, msg: string) {
    super(msg);
    this.status = status;
  }
}

/** Who gets a message, and what the message row says about its addressee. */
type Target = { toUserId: string; toUserName: string; toUserType: number; recipients: Recipient[] };

const me = (ctx: RequestContext): Recipient => ({
  userId: ctx.userId,
  peerId: '',
  peerType: PEER_PERSON,
  mpType: MP_TYPE_PERSON,
  peerName: '',
  unread: false,
  own: true,
});

/** Resolves the addressee of a message from this user; another tenant's user is simply unknown. */
async function resolveTarget(
  rt: ChatRuntime,
  ctx: RequestContext,
  toUserId: string,
  toUserType: number,
): Promise<Target> {
  const { repo } = rt;
  if (toUserType === TO_USER_TYPE_GROUP) {
    const group = await repo.group(ctx.tenantId, toUserId);
    const members = group ? await repo.groupMemberIds(ctx.tenantId, group.id) : [];
    if (!group || !members.includes(ctx.userId)) throw new FrameError(404, CHAT_TEXTS.noSuchGroup);
    if (group.dissolved_at) throw new FrameError(404, CHAT_TEXTS.groupDissolved);
    const peer = { peerId: group.id, peerType: PEER_GROUP, mpType: MP_TYPE_GROUP, peerName: group.name };
    return {
      toUserId: group.id,
      toUserName: group.name,
      toUserType: TO_USER_TYPE_GROUP,
      recipients: members.map((userId) => ({
        ...peer,
        userId,
        unread: userId !== ctx.userId,
        own: userId === ctx.userId,
      })),
    };
  }
  if (toUserId === FILE_TRANSFER_HELPER_ID) {
    return {
      toUserId: FILE_TRANSFER_HELPER_ID,
      toUserName: FILE_TRANSFER_HELPER_NAME,
      toUserType: TO_USER_TYPE_USER,
      recipients: [
        {
          ...me(ctx),
          peerId: FILE_TRANSFER_HELPER_ID,
          peerType: PEER_FILE_HELPER,
          mpType: null,
          peerName: FILE_TRANSFER_HELPER_NAME,
        },
      ],
    };
  }
  if (toUserId === ctx.userId) throw new FrameError(400, CHAT_TEXTS.selfMessage);
  const peer = await repo.user(ctx.tenantId, toUserId);
  if (!peer) {
    if (await repo.publicAccount(ctx.tenantId, toUserId)) throw new FrameError(403, CHAT_TEXTS.publicAccountReadOnly);
    throw new FrameError(404, CHAT_TEXTS.noSuchUser);
  }
  return {
    toUserId: peer.id,
    toUserName: peer.user_name,
    toUserType: TO_USER_TYPE_USER,
    recipients: [
      { ...me(ctx), peerId: peer.id, peerName: peer.user_name },
      {
        userId: peer.id,
        peerId: ctx.userId,
        peerType: PEER_PERSON,
        mpType: MP_TYPE_PERSON,
        peerName: ctx.userName,
        unread: true,
        own: false,
      },
    ],
  };
}

/** The people a stored message went to, for a revoke of it: everyone who holds it, from their side. */
async function revokeTarget(rt: ChatRuntime, ctx: RequestContext, target: ChatMessageRow): Promise<Target> {
  const holders = await rt.repo.holders(ctx.tenantId, target.id);
  const conv = await Promise.all(holders.map((h) => rt.repo.conversation(ctx.tenantId, h.user_id, h.peer_id)));
  return {
    toUserId: target.to_user_id,
    toUserName: target.to_user_name,
    toUserType: target.to_user_type,
    recipients: holders.map((h, i) => ({
      userId: h.user_id,
      peerId: h.peer_id,
      peerType: conv[i]?.peer_type ?? PEER_PERSON,
      mpType: conv[i]?.mp_type ?? null,
      peerName: conv[i]?.name ?? '',
      unread: false,
      own: h.user_id === ctx.userId,
    })),
  };
}

function receipt(
  type: typeof MSG_TYPE_RECEIPT_STORED | typeof MSG_TYPE_RECEIPT_DELIVERED,
  m: ChatMessageRow,
): ReceiptFrame {
  return {
    kind: 'receipt',
    type,
    messageId: m.id,
    messageIdWeb: m.message_id_web,
    toUserId: m.to_user_id,
    timeSend: m.time_send,
  };
}

/** Receipts for a message stored earlier (a resend): 25 again, and 26 when the recipient already has it. */
async function receiptsFor(rt: ChatRuntime, ctx: RequestContext, m: ChatMessageRow): Promise<ServerFrame[]> {
  const frames: ServerFrame[] = [receipt(MSG_TYPE_RECEIPT_STORED, m)];
  if (m.to_user_type === TO_USER_TYPE_USER && m.to_user_id !== FILE_TRANSFER_HELPER_ID && m.to_user_id !== ctx.userId) {
    if (await rt.repo.deliveredAt(ctx.tenantId, m.to_user_id, m.id))
      frames.push(receipt(MSG_TYPE_RECEIPT_DELIVERED, m));
  }
  return frames;
}

/**
 * Stores a message with its mailbox entries, then fans it out. Returns the stored row, or the row stored
 * earlier under the same (sender, messageIdWeb) with `duplicate` set: nothing is stored or sent twice.
 */
export async function storeAndPublish(
  rt: Pick<ChatRuntime, 'repo' | 'bus'>,
  tenantId: string,
  row: NewChatMessageRow,
  recipients: Recipient[],
  originConn: string | null,
  hooks: StoreHooks = {},
): Promise<{ row: ChatMessageRow; duplicate: boolean }> {
  let seqs: Map<string, number>;
  try {
    seqs = await rt.repo.storeMessage(tenantId, row, recipients, hooks);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const existing = await rt.repo.messageByWebId(tenantId, row.from_user_id, row.message_id_web);
    if (!existing) throw err;
    return { row: existing, duplicate: true };
  }
  const stored = row as ChatMessageRow;
  rt.bus.publish({ t: 'deliver', tenantId, targets: [...seqs.entries()], message: toChatMessage(stored), originConn });
  return { row: stored, duplicate: false };
}

/**
 * A `message` frame from a socket: validates it, stores it before anything is acknowledged, and answers
 * with the frames for the sending socket (receipt 25; on a resend also 26 when delivered already).
 */
export async function sendFromSocket(rt: ChatRuntime, s: ChatSession, frame: SendFrame): Promise<ServerFrame[]> {
  const ctx = s.ctx;
  if (!(SENDABLE_MSG_TYPES as readonly number[]).includes(frame.type))
    throw new FrameError(400, CHAT_TEXTS.unknownType);

  // A resend of a stored message is recognised by the unique (sender, messageIdWeb) when it is stored again.
  const now = nowIso();
  let content = frame.content;
  let file: { file_type_name: string; size: number; id: string } | null = null;
  let target: Target;
  let hooks: StoreHooks = {};
  let mentions: Array<{ userId: string; userName: string }> = [];

  if (frame.type === MSG_TYPE_REVOKE) {
    const goal = await rt.repo.messageById(ctx.tenantId, frame.content.trim());
    if (goal?.revoked_at) {
      const earlier = await rt.repo.messageByWebId(ctx.tenantId, ctx.userId, frame.messageIdWeb);
      if (earlier) return receiptsFor(rt, ctx, earlier);
    }
    if (!goal || goal.revoked_at || goal.type === MSG_TYPE_REVOKE) throw new FrameError(404, CHAT_TEXTS.revokeMissing);
    if (goal.from_user_id !== ctx.userId) throw new FrameError(403, CHAT_TEXTS.revokeDenied);
    if (Date.now() - Date.parse(goal.time_send) > CHAT_REVOKE_WINDOW_MS)
      throw new FrameError(403, CHAT_TEXTS.revokeExpired);
    content = goal.id;
    target = await revokeTarget(rt, ctx, goal);
    hooks = { before: (trx) => rt.repo.markRevoked(trx, ctx.tenantId, goal.id, now) };
  } else {
    target = await resolveTarget(rt, ctx, frame.toUserId, frame.toUserType);
    if (frame.type === MSG_TYPE_INPUT_STATE) {
      rt.bus.publish({
        t: 'transient',
        tenantId: ctx.tenantId,
        userIds: target.recipients.filter((r) => !r.own).map((r) => r.userId),
        frame: {
          kind: 'message',
          seq: null,
          message: {
            messageId: newId(),
            messageIdWeb: frame.messageIdWeb,
            fromUserId: ctx.userId,
            fromUserName: ctx.userName,
            toUserId: target.toUserId,
            toUserName: target.toUserName,
            toUserType: target.toUserType,
            type: MSG_TYPE_INPUT_STATE,
            content: frame.content.slice(0, 200),
            timeSend: now,
            jid: `${ctx.userId}/${s.resource}`,
            mpType: null,
            fileTypeName: null,
            fileSize: null,
            objectId: null,
          },
        },
        exceptConn: s.connId,
      });
      return [];
    }
    if (frame.type === MSG_TYPE_TEXT) {
      if (!content.trim()) throw new FrameError(400, CHAT_TEXTS.badFrame);
      if (content.length > CHAT_TEXT_MAX_LENGTH) throw new FrameError(413, CHAT_TEXTS.textTooLong);
      if (target.toUserType === TO_USER_TYPE_GROUP && frame.mentions?.length)
        mentions = await checkedMentions(rt, ctx, target.toUserId, frame.mentions);
    }
    if ((FILE_MSG_TYPES as readonly number[]).includes(frame.type)) {
      const f = frame.objectId ? await rt.repo.file(ctx.tenantId, frame.objectId) : undefined;
      const readable = f && (f.owner_id === ctx.userId || (await rt.repo.canReadFile(ctx.tenantId, ctx.userId, f.id)));
      if (!f || !readable) throw new FrameError(404, CHAT_TEXTS.noSuchFile);
      if ((frame.type === MSG_TYPE_IMAGE) !== (f.msg_type === MSG_TYPE_IMAGE))
        throw new FrameError(400, CHAT_TEXTS.badFileType);
      file = f;
      content = f.file_name;
    }
  }

  const row: NewChatMessageRow = {
    id: newMessageId(),
    tenant_id: ctx.tenantId,
    message_id_web: frame.messageIdWeb,
    from_user_id: ctx.userId,
    from_user_name: ctx.userName,
    from_resource: s.resource,
    to_user_id: target.toUserId,
    to_user_name: target.toUserName,
    to_user_type: target.toUserType,
    mp_type: null,
    type: frame.type,
    content,
    file_type_name: file?.file_type_name ?? null,
    file_size: file?.size ?? null,
    object_id: file?.id ?? null,
    time_send: now,
    revoked_at: null,
    mentions: mentions.length ? JSON.stringify(mentions) : null,
  };
  const { row: stored, duplicate } = await storeAndPublish(rt, ctx.tenantId, row, target.recipients, s.connId, hooks);
  return duplicate ? receiptsFor(rt, ctx, stored) : [receipt(MSG_TYPE_RECEIPT_STORED, stored)];
}

/**
 * The @-mentions of a group text as stored: members of the group other than the sender, once each, with their
 * names now; anyone else named is dropped (a client cannot mention, and so notify, someone outside the group).
 */
async function checkedMentions(
  rt: ChatRuntime,
  ctx: RequestContext,
  groupId: string,
  userIds: readonly string[],
): Promise<Array<{ userId: string; userName: string }>> {
  const wanted = new Set(userIds.filter((id) => id !== ctx.userId));
  if (!wanted.size) return [];
  const members = await rt.repo.groupMembers(ctx.tenantId, groupId);
  return members.filter((m) => wanted.has(m.user_id)).map((m) => ({ userId: m.user_id, userName: m.user_name }));
}

/**
 * An `ack` frame: the device has everything up to seq. Moves its cursor and sends receipt 26 to the
 * senders of one-to-one messages this user had not received on any device before.
 */
export async function ackFromSocket(rt: ChatRuntime, s: ChatSession, seq: number): Promise<void> {
  const upTo = Math.min(seq, s.nextSeq - 1);
  if (upTo <= 0) return;
  // Receipt 26 goes out only after the commit that holds the delivery (group commit, ADR 0034).
  const delivered = await rt.repo.acknowledge(s.tenantId, s.userId, s.resource, upTo);
  for (const m of delivered) {
    if (
      m.to_user_type !== TO_USER_TYPE_USER ||
      m.mp_type !== null ||
      m.from_user_id === s.userId ||
      m.to_user_id !== s.userId
    )
      continue;
    rt.bus.publish({
      t: 'transient',
      tenantId: s.tenantId,
      userIds: [m.from_user_id],
      frame: {
        kind: 'receipt',
        type: MSG_TYPE_RECEIPT_DELIVERED,
        messageId: m.id,
        messageIdWeb: m.message_id_web,
        toUserId: m.to_user_id,
        timeSend: m.time_send,
      },
      exceptConn: null,
    });
  }
}

/** Largest number of messages one read marker carries (a long offline backlog read at once goes in several). */
const SEEN_FRAME_MAX = 200;

/**
 * Marks a conversation read and tells the user's other devices (their unread counts follow). When the user
 * shares read receipts, the senders of what was unread get a read marker (`seen`) on every device: one to one
 * "read", in a group how many of its members now read each message.
 */
export async function markConversationRead(
  rt: ChatRuntime,
  ctx: RequestContext,
  peerId: string,
  exceptConn: string | null = null,
): Promise<number> {
  // The read state is committed (with whatever else arrived meanwhile) before anyone is told.
  const { share, read, joined } = await rt.repo.markRead(ctx.tenantId, ctx.userId, peerId);
  // Joined to a read of the same conversation that was still waiting: that one tells the devices and senders.
  if (joined) return 0;
  rt.bus.publish({
    t: 'transient',
    tenantId: ctx.tenantId,
    userIds: [ctx.userId],
    frame: { kind: 'read', peerId },
    exceptConn,
  });
  const fromOthers = read.filter((r) => r.from_user_id !== ctx.userId);
  if (share && fromOthers.length)
    await tellSenders(
      rt,
      ctx,
      peerId,
      fromOthers.map((r) => r.message_id),
    );
  return read.length;
}

async function tellSenders(rt: ChatRuntime, ctx: RequestContext, peerId: string, messageIds: string[]): Promise<void> {
  const conv = await rt.repo.conversation(ctx.tenantId, ctx.userId, peerId);
  if (!conv || (conv.peer_type !== PEER_PERSON && conv.peer_type !== PEER_GROUP)) return;
  const group = conv.peer_type === PEER_GROUP;
  const counts = await rt.repo.readCounts(ctx.tenantId, messageIds, group);
  const bySender = new Map<string, SeenCount[]>();
  for (const [messageId, c] of counts) {
    if (c.fromUserId === ctx.userId) continue;
    bySender.set(c.fromUserId, [
      ...(bySender.get(c.fromUserId) ?? []),
      { messageId, messageIdWeb: c.messageIdWeb, readCount: c.readCount, memberCount: c.memberCount },
    ]);
  }
  const at = nowIso();
  for (const [sender, messages] of bySender) {
    for (let i = 0; i < messages.length; i += SEEN_FRAME_MAX) {
      const frame: SeenFrame = {
        kind: 'seen',
        peerId: group ? peerId : ctx.userId,
        readerId: ctx.userId,
        readerName: ctx.userName,
        at,
        messages: messages.slice(i, i + SEEN_FRAME_MAX),
      };
      rt.bus.publish({ t: 'transient', tenantId: ctx.tenantId, userIds: [sender], frame, exceptConn: null });
    }
  }
}

/** Who of a message's recipients read it (the sender asks; in a group, members now). */
export async function messageReaders(rt: ChatRuntime, ctx: RequestContext, messageId: string): Promise<MessageReaders> {
  const m = await rt.repo.messageById(ctx.tenantId, messageId);
  if (!m || m.revoked_at) throw notFound(CHAT_TEXTS.messageMissing);
  if (m.from_user_id !== ctx.userId) throw forbidden(CHAT_TEXTS.readersSenderOnly);
  const rows = await rt.repo.readers(ctx.tenantId, messageId, m.to_user_type === TO_USER_TYPE_GROUP);
  const readers = rows
    .filter((r) => r.seen_at)
    .map((r) => ({ userId: r.user_id, userName: r.user_name, readAt: r.seen_at! }));
  readers.sort((a, b) => a.readAt.localeCompare(b.readAt));
  return {
    messageId,
    readCount: readers.length,
    memberCount: rows.length,
    readers,
    unread: rows.filter((r) => !r.seen_at).map((r) => ({ userId: r.user_id, userName: r.user_name })),
  };
}

export async function privacy(rt: ChatRuntime, ctx: RequestContext): Promise<ChatPrivacy> {
  return { readReceipts: await rt.repo.readReceipts(ctx.tenantId, ctx.userId) };
}

export async function savePrivacy(rt: ChatRuntime, ctx: RequestContext, input: ChatPrivacy): Promise<ChatPrivacy> {
  await rt.repo.setReadReceipts(ctx.tenantId, ctx.userId, input.readReceipts);
  return input;
}

// ---------------------------------------------------------------- HTTP side

export function imUserInfo(ctx: RequestContext, accessToken: string): ImUserInfo {
  return {
    userId: ctx.userId,
    access_token: accessToken,
    userName: ctx.userName,
    tenantId: ctx.tenantId,
    wsPath: '/api/chat/ws',
    resources: [...CHAT_RESOURCES],
  };
}

export function imConfig(): ImConfig {
  return {
    revokeWindowMs: CHAT_REVOKE_WINDOW_MS,
    textMaxLength: CHAT_TEXT_MAX_LENGTH,
    imageMaxBytes: CHAT_IMAGE_MAX_BYTES,
    fileMaxBytes: CHAT_FILE_MAX_BYTES,
    imageExtensions: [...CHAT_IMAGE_EXTENSIONS],
    fileExtensions: [...CHAT_DOCUMENT_EXTENSIONS],
    mediaExtensions: [...CHAT_MEDIA_EXTENSIONS],
    fileTransferHelperId: FILE_TRANSFER_HELPER_ID,
  };
}

const helperEntry = (): ConversationEntry => ({
  jid: FILE_TRANSFER_HELPER_ID,
  name: FILE_TRANSFER_HELPER_NAME,
  mpType: null,
  toUserType: TO_USER_TYPE_USER,
  unreadNumber: 0,
  timeSend: null,
  content: '',
  type: null,
  fromUserId: null,
  openTopChatTime: null,
});

/** The last-chat list: every conversation with its unread count, pinned first, then by timeSend (4.1). */
export async function lastChatList(rt: ChatRuntime, ctx: RequestContext): Promise<ConversationEntry[]> {
  const [rows, unread, mentions] = await Promise.all([
    rt.repo.conversations(ctx.tenantId, ctx.userId),
    rt.repo.unreadByPeer(ctx.tenantId, ctx.userId),
    rt.repo.unreadMentions(ctx.tenantId, ctx.userId),
  ]);
  const mentionedIn = new Set(
    mentions.filter((m) => parseMentions(m.mentions ?? '').some((x) => x.userId === ctx.userId)).map((m) => m.peer_id),
  );
  const entries: ConversationEntry[] = rows.map((c) => ({
    jid: c.peer_id,
    name: c.name,
    mpType: c.mp_type,
    toUserType: c.peer_type === PEER_GROUP ? TO_USER_TYPE_GROUP : TO_USER_TYPE_USER,
    unreadNumber: unread.get(c.peer_id) ?? 0,
    timeSend: c.time_send,
    content: c.last_content,
    type: c.last_type,
    fromUserId: c.last_from_user_id,
    openTopChatTime: c.open_top_chat_time,
    muted: c.muted === 1,
    mentioned: mentionedIn.has(c.peer_id),
  }));
  if (!entries.some((e) => e.jid === FILE_TRANSFER_HELPER_ID)) entries.push(helperEntry());
  return sortChatList(entries);
}

/** Contacts: the people and groups the user chats with, the groups they belong to, the public accounts, and 30001. */
export async function friends(rt: ChatRuntime, ctx: RequestContext): Promise<ContactEntry[]> {
  const [rows, groups, accounts] = await Promise.all([
    rt.repo.conversations(ctx.tenantId, ctx.userId),
    rt.repo.groupsOf(ctx.tenantId, ctx.userId),
    rt.repo.publicAccounts(ctx.tenantId),
  ]);
  const byId = new Map<string, ContactEntry>();
  for (const c of rows)
    byId.set(c.peer_id, {
      id: c.peer_id,
      name: c.name,
      mpType: c.mp_type,
      openTopChatTime: c.open_top_chat_time,
      timeSend: c.time_send,
    });
  for (const g of groups)
    if (!byId.has(g.id))
      byId.set(g.id, { id: g.id, name: g.name, mpType: MP_TYPE_GROUP, openTopChatTime: null, timeSend: null });
  for (const a of accounts)
    if (!byId.has(a.id))
      byId.set(a.id, { id: a.id, name: a.name, mpType: a.mp_type, openTopChatTime: null, timeSend: null });
  if (!byId.has(FILE_TRANSFER_HELPER_ID)) {
    byId.set(FILE_TRANSFER_HELPER_ID, {
      id: FILE_TRANSFER_HELPER_ID,
      name: FILE_TRANSFER_HELPER_NAME,
      mpType: null,
      openTopChatTime: null,
      timeSend: null,
    });
  }
  return sortChatList([...byId.values()]);
}

/**
 * A revoke's notice ("你撤回了一条消息") stays where the revoked message was: a revoked message of the page is given
 * as its revoke (202) at its own seq, and a revoke whose target the user still holds is not given at its own seq.
 * A revoked message whose revoke the user deleted is not given at all; a revoke of a message the user deleted stays
 * where it was sent.
 */
async function withRevokesInPlace(
  rt: ChatRuntime,
  ctx: RequestContext,
  peerId: string,
  page: MailboxRow[],
): Promise<MailboxRow[]> {
  const revoked = page.filter((r) => r.revoked_at).map((r) => r.id);
  const revokes = page.filter((r) => r.type === MSG_TYPE_REVOKE);
  if (!revoked.length && !revokes.length) return page;
  const [notices, heldTargets] = await Promise.all([
    rt.repo.revokesOf(ctx.tenantId, ctx.userId, peerId, revoked),
    rt.repo.heldIn(
      ctx.tenantId,
      ctx.userId,
      peerId,
      revokes.map((r) => r.content),
    ),
  ]);
  const noticeOf = new Map(notices.map((n) => [n.content, n]));
  return page.flatMap((r): MailboxRow[] => {
    if (r.revoked_at) {
      const notice = noticeOf.get(r.id);
      return notice ? [{ ...notice, seq: r.seq }] : [];
    }
    if (r.type === MSG_TYPE_REVOKE && heldTargets.has(r.content)) return [];
    return [r];
  });
}

export async function history(
  rt: ChatRuntime,
  ctx: RequestContext,
  input: { peerId: string; beforeSeq?: number | undefined; pageSize: number },
): Promise<HistoryPage> {
  // A group the caller was in when it was dissolved has no history any more (its conversation left their list).
  const group = await rt.repo.group(ctx.tenantId, input.peerId);
  if (group?.dissolved_at && (await rt.repo.groupMemberIds(ctx.tenantId, group.id)).includes(ctx.userId))
    throw notFound(CHAT_TEXTS.groupDissolved);
  const rows = await rt.repo.history(ctx.tenantId, ctx.userId, input.peerId, input.beforeSeq, input.pageSize + 1);
  // No history with someone who is not there: the same 404 as opening the conversation (conversation/top).
  if (rows.length === 0 && input.beforeSeq === undefined) await peerOf(rt, ctx, input.peerId);
  const page = await withRevokesInPlace(rt, ctx, input.peerId, rows.slice(0, input.pageSize).reverse());
  // Notices are stored once for many recipients: in each user's history the user is the addressee.
  const addressed = (r: (typeof rows)[number]) =>
    r.to_user_id ? r : { ...r, to_user_id: ctx.userId, to_user_name: ctx.userName };
  // Receipt 26 of the caller's own one-to-one messages, so that a reloaded page shows "delivered" again.
  const ownToPerson = page.filter(
    (r) =>
      r.from_user_id === ctx.userId &&
      r.to_user_type === TO_USER_TYPE_USER &&
      r.mp_type === null &&
      r.to_user_id === input.peerId &&
      r.to_user_id !== ctx.userId &&
      r.to_user_id !== FILE_TRANSFER_HELPER_ID,
  );
  const delivered = ownToPerson.length
    ? await rt.repo.deliveredTo(
        ctx.tenantId,
        input.peerId,
        ownToPerson.map((r) => r.id),
      )
    : new Set<string>();
  // Read markers of the caller's own messages (one to one and in groups), so that a reloaded page shows them again.
  const ownToGroup = page.filter(
    (r) => r.from_user_id === ctx.userId && r.to_user_type === TO_USER_TYPE_GROUP && r.to_user_id === input.peerId,
  );
  const readCounts = new Map([
    ...(ownToPerson.length
      ? await rt.repo.readCounts(
          ctx.tenantId,
          ownToPerson.map((r) => r.id),
          false,
        )
      : []),
    ...(ownToGroup.length
      ? await rt.repo.readCounts(
          ctx.tenantId,
          ownToGroup.map((r) => r.id),
          true,
        )
      : []),
  ]);
  const readOf = (id: string) => {
    const c = readCounts.get(id);
    return c ? { readCount: c.readCount, memberCount: c.memberCount } : {};
  };
  return {
    records: page.map((r) => ({
      seq: r.seq,
      message: toChatMessage(addressed(r)),
      ...(r.from_user_id === ctx.userId && ownToPerson.includes(r) ? { delivered: delivered.has(r.id) } : {}),
      ...(r.from_user_id === ctx.userId ? readOf(r.id) : {}),
    })),
    hasMore: rows.length > input.pageSize,
  };
}

export async function deleteMessages(rt: ChatRuntime, ctx: RequestContext, messageIds: string[]): Promise<number> {
  return rt.repo.deleteForUser(ctx.tenantId, ctx.userId, messageIds);
}

export async function deleteConversation(rt: ChatRuntime, ctx: RequestContext, peerId: string): Promise<void> {
  await rt.repo.deleteConversation(ctx.tenantId, ctx.userId, peerId);
}

/** Pins (openTopChatTime = now) or unpins a conversation; a contact without messages yet gets one. */
export async function setTop(rt: ChatRuntime, ctx: RequestContext, peerId: string, top: boolean): Promise<void> {
  const at = top ? nowIso() : null;
  // A group the caller left, was removed from, or that was dissolved does not come back to the list by a pin.
  if (await rt.repo.group(ctx.tenantId, peerId)) await memberGroup(rt, ctx, peerId);
  if (await rt.repo.setTop(ctx.tenantId, ctx.userId, peerId, at)) return;
  const peer = await peerOf(rt, ctx, peerId);
  await rt.repo.createConversation(ctx.tenantId, ctx.userId, { ...peer, top: at });
}

/**
 * Mutes (免打扰) or unmutes a conversation for the caller: its messages still count unread, quietly, and raise no
 * badge or notification (a mention still does). Every device of the caller is told at once (a `muted` frame).
 */
export async function setMuted(rt: ChatRuntime, ctx: RequestContext, peerId: string, muted: boolean): Promise<void> {
  if (await rt.repo.group(ctx.tenantId, peerId)) await memberGroup(rt, ctx, peerId);
  if (!(await rt.repo.setMuted(ctx.tenantId, ctx.userId, peerId, muted))) {
    const peer = await peerOf(rt, ctx, peerId);
    await rt.repo.createConversation(ctx.tenantId, ctx.userId, { ...peer, top: null, muted });
  }
  const frame: MutedFrame = { kind: 'muted', peerId, muted };
  rt.bus.publish({ t: 'transient', tenantId: ctx.tenantId, userIds: [ctx.userId], frame, exceptConn: null });
}

async function peerOf(rt: ChatRuntime, ctx: RequestContext, peerId: string) {
  if (peerId === FILE_TRANSFER_HELPER_ID)
    return { peerId, peerType: PEER_FILE_HELPER, mpType: null, name: FILE_TRANSFER_HELPER_NAME };
  const user = peerId !== ctx.userId ? await rt.repo.user(ctx.tenantId, peerId) : undefined;
  if (user) return { peerId, peerType: PEER_PERSON, mpType: MP_TYPE_PERSON, name: user.user_name };
  const group = await rt.repo.group(ctx.tenantId, peerId);
  if (group && (await rt.repo.groupMemberIds(ctx.tenantId, group.id)).includes(ctx.userId)) {
    if (group.dissolved_at) throw notFound(CHAT_TEXTS.groupDissolved);
    return { peerId, peerType: PEER_GROUP, mpType: MP_TYPE_GROUP, name: group.name };
  }
  const account = await rt.repo.publicAccount(ctx.tenantId, peerId);
  if (account) return { peerId, peerType: PEER_PUBLIC_ACCOUNT, mpType: account.mp_type, name: account.name };
  throw notFound(CHAT_TEXTS.noSuchUser);
}

// ---------------------------------------------------------------- groups

async function checkMembers(rt: ChatRuntime, ctx: RequestContext, memberIds: string[]): Promise<string[]> {
  const wanted = [...new Set(memberIds.filter((id) => id !== ctx.userId))];
  const found = await rt.repo.activeUserIds(ctx.tenantId, wanted);
  if (found.length !== wanted.length)
    throw badRequest(CHAT_TEXTS.noSuchUser, wanted.filter((id) => !found.includes(id)).join(','));
  return found;
}

type NoticeColumns = Pick<ChatGroupRow, 'notice' | 'notice_at' | 'notice_by' | 'notice_by_name'>;
const toGroupNotice = (g: NoticeColumns): GroupNotice | null =>
  g.notice
    ? { text: g.notice, at: g.notice_at ?? '', byUserId: g.notice_by ?? '', byUserName: g.notice_by_name ?? '' }
    : null;

const toChatGroup = (
  g: Pick<ChatGroupRow, 'id' | 'name' | 'owner_id' | 'created_at'> & NoticeColumns,
  memberCount: number,
): ChatGroup => ({
  id: g.id,
  name: g.name,
  ownerId: g.owner_id,
  memberCount,
  createdAt: g.created_at,
  notice: toGroupNotice(g),
});

export async function createGroup(
  rt: ChatRuntime,
  ctx: RequestContext,
  input: { name: string; memberIds: string[] },
): Promise<ChatGroup> {
  const members = await checkMembers(rt, ctx, input.memberIds);
  const id = await rt.repo.createGroup(ctx.tenantId, { name: input.name, ownerId: ctx.userId, memberIds: members });
  const group = (await rt.repo.groupsOf(ctx.tenantId, ctx.userId)).find((g) => g.id === id)!;
  // Every member is told at once: the group is in their list before anyone writes in it.
  const everyone = [ctx.userId, ...members];
  publishGroupEvent(rt, ctx, everyone, {
    event: 'created',
    groupId: id,
    name: group.name,
    ownerId: ctx.userId,
    userIds: everyone,
  });
  return toChatGroup(group, Number(group.member_count));
}

/** The caller's groups, each with its owner, member count and announcement (what a reconnecting client reads). */
export async function groupsOf(rt: ChatRuntime, ctx: RequestContext): Promise<ChatGroup[]> {
  const rows = await rt.repo.groupsOf(ctx.tenantId, ctx.userId);
  return rows.map((g) => toChatGroup(g, Number(g.member_count)));
}

/**
 * The group, when the caller is one of its members: anyone else (another tenant included) learns nothing (404
 * "no such group"); a former member of a dissolved group is told it was dissolved (404 as well).
 */
function asMember(ctx: RequestContext, group: ChatGroupRow | undefined, memberIds: readonly string[]): ChatGroupRow {
  if (!group || !memberIds.includes(ctx.userId)) throw notFound(CHAT_TEXTS.noSuchGroup);
  if (group.dissolved_at) throw notFound(CHAT_TEXTS.groupDissolved);
  return group;
}

/** The group, when the caller owns it: a member who is not the owner is refused (403) with `refusal`. */
function asOwner(
  ctx: RequestContext,
  group: ChatGroupRow | undefined,
  memberIds: readonly string[],
  refusal: string,
): ChatGroupRow {
  const g = asMember(ctx, group, memberIds);
  if (g.owner_id !== ctx.userId) throw forbidden(refusal);
  return g;
}

async function memberGroup(rt: ChatRuntime, ctx: RequestContext, groupId: string) {
  const group = await rt.repo.group(ctx.tenantId, groupId);
  return asMember(ctx, group, group ? await rt.repo.groupMemberIds(ctx.tenantId, groupId) : []);
}

export async function groupMembers(rt: ChatRuntime, ctx: RequestContext, groupId: string) {
  await memberGroup(rt, ctx, groupId);
  const rows = await rt.repo.groupMembers(ctx.tenantId, groupId);
  return rows.map((r) => ({ userId: r.user_id, userName: r.user_name, nickName: r.nick_name, joinedAt: r.joined_at }));
}

/**
 * Tells the people a group change concerns, on every device and every server process (a transient frame over
 * the bus, like receipts and presence: the stored state is what the list and group calls answer after a
 * reconnect).
 */
function publishGroupEvent(
  rt: ChatRuntime,
  ctx: RequestContext,
  to: readonly string[],
  event: Pick<GroupEventFrame, 'event' | 'groupId' | 'name' | 'ownerId' | 'userIds' | 'notice'>,
): void {
  const frame: GroupEventFrame = {
    kind: 'group',
    ...event,
    byUserId: ctx.userId,
    byUserName: ctx.userName,
    at: nowIso(),
  };
  rt.bus.publish({ t: 'transient', tenantId: ctx.tenantId, userIds: [...new Set(to)], frame, exceptConn: null });
}

/** Adds people of the caller's tenant to a group the caller owns (members already in it are kept once). */
export async function addGroupMembers(
  rt: ChatRuntime,
  ctx: RequestContext,
  groupId: string,
  memberIds: string[],
): Promise<void> {
  const people = await checkMembers(rt, ctx, memberIds);
  const done = await rt.repo.changeGroup(ctx.tenantId, groupId, async (g) => {
    const group = asOwner(ctx, g.group, g.memberIds, CHAT_TEXTS.groupOwnerOnly);
    const added = people.filter((id) => !g.memberIds.includes(id));
    if (added.length) await g.addMembers(added);
    return { group, added, members: [...g.memberIds, ...added] };
  });
  if (done.added.length) {
    publishGroupEvent(rt, ctx, done.members, {
      event: 'membersAdded',
      groupId,
      name: done.group.name,
      ownerId: done.group.owner_id,
      userIds: done.added,
    });
  }
}

/**
 * Removes members from a group the caller owns. They no longer receive or send its messages and the group
 * leaves their list at once (a `membersRemoved` frame); what they received before stays in their own history.
 */
export async function removeGroupMembers(
  rt: ChatRuntime,
  ctx: RequestContext,
  groupId: string,
  memberIds: string[],
): Promise<void> {
  const wanted = [...new Set(memberIds)];
  const done = await rt.repo.changeGroup(ctx.tenantId, groupId, async (g) => {
    const group = asOwner(ctx, g.group, g.memberIds, CHAT_TEXTS.groupOwnerOnly);
    if (wanted.includes(ctx.userId)) throw badRequest(CHAT_TEXTS.ownerNotRemovable);
    const strangers = wanted.filter((id) => !g.memberIds.includes(id));
    if (strangers.length) throw badRequest(CHAT_TEXTS.notGroupMember, strangers.join(','));
    await g.removeMembers(wanted, true);
    return { group, before: g.memberIds };
  });
  publishGroupEvent(rt, ctx, done.before, {
    event: 'membersRemoved',
    groupId,
    name: done.group.name,
    ownerId: done.group.owner_id,
    userIds: wanted,
  });
}

/** Renames a group the caller owns; every member's conversation takes the new name at once. */
export async function renameGroup(
  rt: ChatRuntime,
  ctx: RequestContext,
  groupId: string,
  name: string,
): Promise<ChatGroup> {
  const done = await rt.repo.changeGroup(ctx.tenantId, groupId, async (g) => {
    const group = asOwner(ctx, g.group, g.memberIds, CHAT_TEXTS.groupRenameOwnerOnly);
    if (group.name !== name) await g.rename(name);
    return { group: { ...group, name }, members: g.memberIds, changed: group.name !== name };
  });
  if (done.changed)
    publishGroupEvent(rt, ctx, done.members, {
      event: 'renamed',
      groupId,
      name,
      ownerId: done.group.owner_id,
      userIds: [],
    });
  return toChatGroup(done.group, done.members.length);
}

/** Hands a group the caller owns over to another member; the caller stays as a plain member. */
export async function transferGroupOwner(
  rt: ChatRuntime,
  ctx: RequestContext,
  groupId: string,
  userId: string,
): Promise<ChatGroup> {
  const active = (await rt.repo.activeUserIds(ctx.tenantId, [userId])).length === 1;
  const done = await rt.repo.changeGroup(ctx.tenantId, groupId, async (g) => {
    const group = asOwner(ctx, g.group, g.memberIds, CHAT_TEXTS.groupTransferOwnerOnly);
    if (userId === ctx.userId) throw badRequest(CHAT_TEXTS.transferToSelf);
    if (!g.memberIds.includes(userId)) throw badRequest(CHAT_TEXTS.notGroupMember, userId);
    if (!active) throw badRequest(CHAT_TEXTS.noSuchUser, userId);
    await g.setOwner(userId);
    return { group: { ...group, owner_id: userId }, members: g.memberIds };
  });
  publishGroupEvent(rt, ctx, done.members, {
    event: 'ownerChanged',
    groupId,
    name: done.group.name,
    ownerId: userId,
    userIds: [userId],
  });
  return toChatGroup(done.group, done.members.length);
}

/**
 * Sets, changes or (with an empty text) clears the announcement of a group the caller owns; every member is told
 * at once with a `noticeChanged` frame carrying it. The text comes trimmed and checked by the contract.
 */
export async function setGroupNotice(
  rt: ChatRuntime,
  ctx: RequestContext,
  groupId: string,
  text: string,
): Promise<ChatGroup> {
  const done = await rt.repo.changeGroup(ctx.tenantId, groupId, async (g) => {
    const group = asOwner(ctx, g.group, g.memberIds, CHAT_TEXTS.groupNoticeOwnerOnly);
    if ((group.notice ?? '') === text) return { group, members: g.memberIds, changed: false };
    const notice = text ? { text, at: nowIso(), by: ctx.userId } : null;
    await g.setNotice(notice);
    const after: ChatGroupRow = {
      ...group,
      notice: notice?.text ?? null,
      notice_at: notice?.at ?? null,
      notice_by: notice?.by ?? null,
      notice_by_name: notice ? ctx.userName : null,
    };
    return { group: after, members: g.memberIds, changed: true };
  });
  const result = toChatGroup(done.group, done.members.length);
  if (done.changed) {
    publishGroupEvent(rt, ctx, done.members, {
      event: 'noticeChanged',
      groupId,
      name: done.group.name,
      ownerId: done.group.owner_id,
      userIds: [],
      notice: result.notice,
    });
  }
  return result;
}

/**
 * Leaves a group: the conversation is deleted for the leaver (as conversation/delete does) and the other
 * members are told. The owner hands the group over (or dissolves it) first.
 */
export async function quitGroup(rt: ChatRuntime, ctx: RequestContext, groupId: string): Promise<void> {
  const done = await rt.repo.changeGroup(ctx.tenantId, groupId, async (g) => {
    const group = asMember(ctx, g.group, g.memberIds);
    if (group.owner_id === ctx.userId) throw conflict(CHAT_TEXTS.ownerCannotQuit);
    await g.removeMembers([ctx.userId], false);
    return { group, before: g.memberIds };
  });
  publishGroupEvent(rt, ctx, done.before, {
    event: 'left',
    groupId,
    name: done.group.name,
    ownerId: done.group.owner_id,
    userIds: [ctx.userId],
  });
}

/**
 * Dissolves a group the caller owns: nobody can send to it any more, it leaves every member's list at once,
 * and its former members' history and group calls answer "该群聊已解散".
 */
export async function dissolveGroup(rt: ChatRuntime, ctx: RequestContext, groupId: string): Promise<void> {
  const done = await rt.repo.changeGroup(ctx.tenantId, groupId, async (g) => {
    const group = asOwner(ctx, g.group, g.memberIds, CHAT_TEXTS.groupDissolveOwnerOnly);
    await g.dissolve();
    return { group, members: g.memberIds };
  });
  publishGroupEvent(rt, ctx, done.members, {
    event: 'dissolved',
    groupId,
    name: done.group.name,
    ownerId: done.group.owner_id,
    userIds: [],
  });
}

export function assertSameUser(ctx: RequestContext, userId: string, msg: string): void {
  if (userId !== ctx.userId) throw forbidden(msg);
}

// ---------------------------------------------------------------- search

const SEARCH_CANDIDATES = 2000;
const TOKEN_WEIGHT = { word: 3, bigram: 2, char: 1 } as const;

/**
 * Search of the caller's own conversations (issue 14): only their mailbox (what they received or sent and did not
 * delete; revoked messages never), in their tenant. The keyword is cut as the service search cuts it (Intl.Segmenter
 * words, CJK bigrams and characters, one stop list); a message ranks by the weight of the tokens it holds (words
 * over bigrams over single characters), then by recency. Single characters only count when the keyword is one.
 */
export async function searchMessages(
  rt: ChatRuntime,
  ctx: RequestContext,
  input: { keyword: string; peerId?: string | undefined },
): Promise<ChatSearchHit[]> {
  const tokens = [...tokenize(input.keyword)]
    .filter(([, kind]) => kind !== 'char' || [...fold(input.keyword).trim()].length === 1)
    .filter(([t]) => !/[\\%_]/.test(t));
  const phrase = fold(input.keyword).trim();
  if (tokens.length === 0 && !phrase) return [];
  const patterns = [
    ...new Set([...(phrase && !/[\\%_]/.test(phrase) ? [phrase] : []), ...tokens.map(([t]) => t)]),
  ].slice(0, 12);
  if (patterns.length === 0) return [];
  const rows = await rt.repo.searchMailbox(
    ctx.tenantId,
    ctx.userId,
    patterns,
    input.peerId,
    [MSG_TYPE_TEXT, MSG_TYPE_FILE, MSG_TYPE_MEDIA_FILE],
    SEARCH_CANDIDATES,
  );
  const hits: ChatSearchHit[] = [];
  for (const r of rows) {
    const text = fold(r.content);
    let score = text.includes(phrase) ? 10 : 0;
    for (const [t, kind] of tokens) if (text.includes(t)) score += TOKEN_WEIGHT[kind];
    // Bigrams and characters alone that miss the words of a longer keyword say little: at least one word or the phrase.
    const strong =
      text.includes(phrase) ||
      tokens.some(([t, kind]) => kind === 'word' && text.includes(t)) ||
      tokens.every(([, kind]) => kind !== 'word');
    if (score === 0 || !strong) continue;
    const addressed = r.to_user_id ? r : { ...r, to_user_id: ctx.userId, to_user_name: ctx.userName };
    hits.push({ peerId: r.peer_id, peerName: r.peer_name ?? '', seq: r.seq, message: toChatMessage(addressed), score });
  }
  hits.sort((a, b) => b.score - a.score || b.seq - a.seq);
  return hits.slice(0, CHAT_SEARCH_MAX_RESULTS);
}
