import './zod-setup.ts';
import { z } from 'zod';
import { ASSISTANT_CONTACT_ID } from './constants.ts';
import { MESSAGES } from './errors.ts';
import { int32 } from './input.ts';
import { hasControlCharacters } from './services.ts';

/**
 * Instant messaging (spec 3, 4.1, 7.8): the chat message entity, the conversation list, the IM user info,
 * and the JSON frames of the chat WebSocket (`GET /api/chat/ws`), XMPP-like: login, presence, message,
 * receipts, acks, conflict. Server and clients parse frames with these schemas.
 */

/** Section 3, "Message types". */
export const MSG_TYPE_TEXT = 1;
export const MSG_TYPE_IMAGE = 2;
/** "8, 9 (file)": 8 a document (pdf, office, text, archive), with fileTypeName and fileSize. */
export const MSG_TYPE_FILE = 8;
/** "8, 9 (file)": 9 a media file (audio, video), with fileTypeName and fileSize. */
export const MSG_TYPE_MEDIA_FILE = 9;
/** "25 and 26 (receipts)": 25 the server has stored the message (isSendType 1 → 0). */
export const MSG_TYPE_RECEIPT_STORED = 25;
/** 26 the message reached a device of the recipient (one-to-one messages). */
export const MSG_TYPE_RECEIPT_DELIVERED = 26;
/** "80 (notice or official)": a public-account message; content is a NoticeContent JSON string. */
export const MSG_TYPE_NOTICE = 80;
/** 200 the input state ("typing"): forwarded to online devices only, never stored, no receipt. */
export const MSG_TYPE_INPUT_STATE = 200;
/** "202 (revoke; content holds the target message id)". */
export const MSG_TYPE_REVOKE = 202;

export const MSG_TYPES = [
  MSG_TYPE_TEXT,
  MSG_TYPE_IMAGE,
  MSG_TYPE_FILE,
  MSG_TYPE_MEDIA_FILE,
  MSG_TYPE_RECEIPT_STORED,
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_NOTICE,
  MSG_TYPE_INPUT_STATE,
  MSG_TYPE_REVOKE,
] as const;
/** Types a user may send over the socket. */
export const SENDABLE_MSG_TYPES = [
  MSG_TYPE_TEXT,
  MSG_TYPE_IMAGE,
  MSG_TYPE_FILE,
  MSG_TYPE_MEDIA_FILE,
  MSG_TYPE_INPUT_STATE,
  MSG_TYPE_REVOKE,
] as const;
/** 4.1: "Types 1, 2, 8, 9 and 202 are added to the chat list." */
export const CHAT_LIST_MSG_TYPES = [
  MSG_TYPE_TEXT,
  MSG_TYPE_IMAGE,
  MSG_TYPE_FILE,
  MSG_TYPE_MEDIA_FILE,
  MSG_TYPE_REVOKE,
] as const;
/** File-carrying types: objectId names an uploaded file. */
export const FILE_MSG_TYPES = [MSG_TYPE_IMAGE, MSG_TYPE_FILE, MSG_TYPE_MEDIA_FILE] as const;

/** toUserType: 1 a person (or 30001), 2 a group ("toUserType (2 = group)"). */
export const TO_USER_TYPE_USER = 1;
export const TO_USER_TYPE_GROUP = 2;

/** mpType of a contact or conversation. 4.1 keeps only contacts with an mpType, or id 30001. */
export const MP_TYPE_PERSON = 1;
export const MP_TYPE_GROUP = 2;
export const MP_TYPE_PUBLIC_ACCOUNT = 3;

/** "Special built-in conversation, id 30001: the file transfer helper": a user's own devices exchange files through it. */
export const FILE_TRANSFER_HELPER_ID = ASSISTANT_CONTACT_ID;
export const FILE_TRANSFER_HELPER_NAME = '文件传输助手';

/** Device kinds of 4.1 ("syncs devices named ios, android, pc and mac"); one session per kind. */
export const CHAT_RESOURCES = ['ios', 'android', 'pc', 'mac'] as const;
export type ChatResource = (typeof CHAT_RESOURCES)[number];

/** At most this many members are @-mentioned in one message. */
export const CHAT_MENTIONS_MAX = 50;
/** A message can be revoked by its sender within 2 minutes of timeSend. */
export const CHAT_REVOKE_WINDOW_MS = 2 * 60_000;
/** Largest frame the socket accepts; a larger one closes the connection with 1009. */
export const CHAT_MAX_FRAME_BYTES = 64 * 1024;
export const CHAT_TEXT_MAX_LENGTH = 5000;
/** Without a token in the URL the first frame must be `login`, within this time. */
export const CHAT_LOGIN_TIMEOUT_MS = 10_000;
/** Sending limit per socket (messages and input states): a steady rate with a burst allowance. */
export const CHAT_SEND_RATE_PER_SECOND = 20;
export const CHAT_SEND_BURST = 100;
/**
 * The sending limit as a token bucket: `burst` at once, then `perSecond`. The server keeps one per socket
 * (CHAT_SEND_BURST, CHAT_SEND_RATE_PER_SECOND); a client paces what it sends with one of the same kind a little
 * below it (CHAT_CLIENT_SEND_BURST, CHAT_CLIENT_SEND_RATE_PER_SECOND), so that a long offline queue drains
 * without a refusal (429): the server's bucket, filling since the socket opened and checked later than the
 * client's, always holds at least as much.
 */
export class SendBucket {
  // Plain fields and methods on the prototype, no closures: the server keeps one per socket (issue 13).
  private tokens: number;
  private at: number;
  private readonly burst: number;
  private readonly perSecond: number;
  private readonly now: () => number;

  constructor(burst: number, perSecond: number, now: () => number = Date.now) {
    this.burst = burst;
    this.perSecond = perSecond;
    this.now = now;
    this.tokens = burst;
    this.at = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
  }

  /** Takes one token; false when there is none. */
  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** How long until a token is there (0 when one is). */
  waitMs(): number {
    this.refill();
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.perSecond) * 1000);
  }

  /** Full again (a new socket starts with a full bucket on the server). */
  reset(): void {
    this.tokens = this.burst;
    this.at = this.now();
  }

  /** Empty (the server refused one: it counts differently from here). */
  empty(): void {
    this.refill();
    this.tokens = 0;
  }
}

export const createSendBucket = (burst: number, perSecond: number, now: () => number = Date.now): SendBucket =>
  new SendBucket(burst, perSecond, now);
export const CHAT_CLIENT_SEND_BURST = CHAT_SEND_BURST - 10;
export const CHAT_CLIENT_SEND_RATE_PER_SECOND = CHAT_SEND_RATE_PER_SECOND * 0.9;
/** How often a client sends a message again by itself after the server refused it as too fast (429). */
export const CHAT_TOO_FAST_RETRIES = 5;
/** How long a signed file link (for <img src>) stays valid. */
export const CHAT_FILE_LINK_TTL_MS = 10 * 60_000;
export const CHAT_HISTORY_PAGE_MAX = 100;
/** A group's name, on creation and on rename (trimmed; the column holds 100). */
export const CHAT_GROUP_NAME_MAX_LENGTH = 50;
/** A group's announcement (群公告), set by its owner: trimmed, line breaks allowed, empty clears it. */
export const CHAT_GROUP_NOTICE_MAX_LENGTH = 500;
/** Upload limits: images (type 2) and other files (types 8, 9). */
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_FILE_MAX_BYTES = 50 * 1024 * 1024;
export const CHAT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp'] as const;
export const CHAT_DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'csv',
  'zip',
  'rar',
  '7z',
] as const;
export const CHAT_MEDIA_EXTENSIONS = ['mp3', 'wav', 'm4a', 'mp4', 'mov', 'webm'] as const;

/** WebSocket close codes the server uses. */
export const CHAT_CLOSE_UNAUTHORIZED = 4401;
/** The session was replaced by a newer login of the same kind: the client must not reconnect. */
export const CHAT_CLOSE_CONFLICT = 4409;
export const CHAT_CLOSE_LOGIN_TIMEOUT = 4408;

/** Texts a user sees. */
/**
 * The chat socket's subprotocol. A client may log in during the upgrade by offering its access token beside it
 * as `portal.token.<token>` (Sec-WebSocket-Protocol; the server answers only `portal.chat`), or by a first
 * `login` frame. Never in the URL: the server refuses a token there.
 */
export const CHAT_PROTOCOL = 'portal.chat';
export const CHAT_TOKEN_PROTOCOL_PREFIX = 'portal.token.';

export const CHAT_TEXTS = {
  conflict: '您的账号已在其他设备登录',
  unknownType: '不支持的消息类型',
  badFrame: '消息格式不正确',
  notLoggedIn: '请先登录',
  /** The chat socket refuses a token in its URL (issue 11): it goes in Sec-WebSocket-Protocol or the first frame. */
  tokenInUrl: '令牌不能放在地址中，请通过协议头或首个消息登录',
  /** A page of another site may not open the chat socket. */
  originRefused: '不允许从该来源连接聊天服务',
  noSuchUser: '对方不存在或已停用',
  noSuchGroup: '群组不存在或您已不在群中',
  revokeDenied: '只能撤回自己发送的消息',
  revokeExpired: '消息发送已超过2分钟，无法撤回',
  revokeMissing: '要撤回的消息不存在',
  noSuchFile: '文件不存在',
  publicAccountReadOnly: '公众号不接收消息',
  selfMessage: '请通过文件传输助手给自己发送文件',
  textTooLong: `消息内容不能超过${CHAT_TEXT_MAX_LENGTH}个字`,
  badFileType: '不支持的文件类型',
  imageTooLarge: `图片不能超过${CHAT_IMAGE_MAX_BYTES / 1024 / 1024}MB`,
  fileTooLarge: `文件不能超过${CHAT_FILE_MAX_BYTES / 1024 / 1024}MB`,
  noFile: '请选择文件',
  tooFast: '发送过于频繁，请稍后再试',
  groupOwnerOnly: '只有群主可以管理群成员',
  groupRenameOwnerOnly: '只有群主可以修改群名称',
  groupTransferOwnerOnly: '只有群主可以转让群主',
  groupDissolveOwnerOnly: '只有群主可以解散群聊',
  notGroupMember: '该用户不在群中',
  ownerNotRemovable: '群主不能移出自己，请先转让群主',
  groupNameRequired: '请输入群名称',
  groupNameTooLong: `群名称不能超过${CHAT_GROUP_NAME_MAX_LENGTH}个字`,
  groupNameControl: '群名称包含不可见的控制字符，请删除后重试',
  groupDissolved: '该群聊已解散',
  ownerCannotQuit: '群主不能直接退出群聊，请先将群主转让给其他成员，或解散群聊',
  transferToSelf: '您已经是群主，请选择其他成员',
  groupNoticeOwnerOnly: '只有群主可以设置群公告',
  groupNoticeTooLong: `群公告不能超过${CHAT_GROUP_NOTICE_MAX_LENGTH}个字`,
  /** Who read a message is shown to its sender only. */
  readersSenderOnly: '只有发送者可以查看已读情况',
} as const;

const Id = z.string().trim().min(1).max(64);

/** Section 3, "Chat message". Fields marked client state are kept by the client and never sent by the server. */
export const ChatMessage = z.object({
  /** Server-side id, assigned when the message is stored. */
  messageId: z.string(),
  /** The sending client's id; a resend with the same messageIdWeb is stored once. */
  messageIdWeb: z.string(),
  fromUserId: z.string(),
  fromUserName: z.string(),
  toUserId: z.string(),
  toUserName: z.string(),
  toUserType: z.number().int(),
  type: z.number().int(),
  content: z.string(),
  /** ISO-8601 time the server stored the message. */
  timeSend: z.string(),
  /** The sender's full address: userId/resource. */
  jid: z.string(),
  /** Set on public-account messages (MP_TYPE_PUBLIC_ACCOUNT). */
  mpType: z.number().int().nullable(),
  fileTypeName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  /** The uploaded file of types 2, 8 and 9. */
  objectId: z.string().nullable(),
  /** Group members this message @-mentions (checked by the server: members of the group, not the sender). */
  mentions: z.array(z.object({ userId: z.string(), userName: z.string() })).optional(),
  // Client state (section 3), never filled by the server:
  openWindow: z.boolean().optional(),
  offlineNoPushMsg: z.boolean().optional(),
  openTopChatTime: z.string().nullable().optional(),
  unreadNumber: z.number().int().optional(),
  /** 4.1: 1 sending; 0 acknowledged by a receipt; 3 timed out. */
  isSendType: z.union([z.literal(0), z.literal(1), z.literal(3)]).optional(),
  receiver: z.string().optional(),
  imUp: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** Content of a type-80 message (JSON string in `content`). */
export const NoticeContent = z.object({
  noticeId: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  important: z.boolean(),
  fieldSet: z.string(),
});
export type NoticeContent = z.infer<typeof NoticeContent>;

// ---------------------------------------------------------------- frames: client → server

export const LoginFrame = z.object({
  kind: z.literal('login'),
  /** The portal access token. */
  token: z.string().min(1).max(256),
  resource: z.enum(CHAT_RESOURCES).default('pc'),
});
export const PresenceFrame = z.object({
  kind: z.literal('presence'),
  status: z.enum(['online', 'away', 'busy']).default('online'),
});
/** A message to send. type 202 carries the target messageId in content; type 200 is the input state. */
export const SendFrame = z.object({
  kind: z.literal('message'),
  messageIdWeb: z.string().trim().min(1).max(64),
  toUserId: Id,
  toUserType: z.union([z.literal(TO_USER_TYPE_USER), z.literal(TO_USER_TYPE_GROUP)]).default(TO_USER_TYPE_USER),
  type: int32(),
  content: z.string().max(CHAT_TEXT_MAX_LENGTH * 4),
  objectId: z.string().max(64).optional(),
  /** A group text's @-mentions: user ids of members (others are dropped by the server). */
  mentions: z.array(Id).max(CHAT_MENTIONS_MAX).optional(),
});
export type SendFrame = z.infer<typeof SendFrame>;
/** "I have every message up to seq": moves this device's offline cursor and triggers delivery receipts. */
export const AckFrame = z.object({ kind: z.literal('ack'), seq: int32().min(0) });
/** Marks a conversation read on every device. */
export const ReadFrame = z.object({ kind: z.literal('read'), peerId: Id });
/** Asks for everything after the last delivered message again (after a suspected gap). */
export const SyncFrame = z.object({ kind: z.literal('sync') });
/** Online state of users. */
export const ProbeFrame = z.object({ kind: z.literal('probe'), userIds: z.array(Id).min(1).max(200) });
export const PingFrame = z.object({ kind: z.literal('ping'), id: z.string().max(64).optional() });

export const ClientFrame = z.discriminatedUnion('kind', [
  LoginFrame,
  PresenceFrame,
  SendFrame,
  AckFrame,
  ReadFrame,
  SyncFrame,
  ProbeFrame,
  PingFrame,
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

// ---------------------------------------------------------------- frames: server → client

/** Session established (after the token was accepted). */
export const ReadyFrame = z.object({
  kind: z.literal('ready'),
  userId: z.string(),
  userName: z.string(),
  tenantId: z.string(),
  resource: z.enum(CHAT_RESOURCES),
  jid: z.string(),
  serverTime: z.string(),
  /** The user's other devices online now. */
  resources: z.array(z.enum(CHAT_RESOURCES)),
});
/** A message for this user; seq is the user's mailbox position, acked with AckFrame. Input-state messages have no seq. */
export const MessageFrame = z.object({
  kind: z.literal('message'),
  seq: z.number().int().nullable(),
  message: ChatMessage,
});
export type MessageFrame = z.infer<typeof MessageFrame>;
/** Offline replay finished: every stored message up to seq has been sent. */
export const SyncedFrame = z.object({ kind: z.literal('synced'), seq: z.number().int() });
/** Receipts to the sender: 25 stored (with the server id), 26 delivered to the recipient. */
export const ReceiptFrame = z.object({
  kind: z.literal('receipt'),
  type: z.union([z.literal(MSG_TYPE_RECEIPT_STORED), z.literal(MSG_TYPE_RECEIPT_DELIVERED)]),
  messageId: z.string(),
  messageIdWeb: z.string(),
  toUserId: z.string(),
  timeSend: z.string(),
});
export type ReceiptFrame = z.infer<typeof ReceiptFrame>;
export const PresenceNotice = z.object({
  kind: z.literal('presence'),
  userId: z.string(),
  resource: z.enum(CHAT_RESOURCES),
  status: z.enum(['online', 'away', 'busy', 'offline']),
});
export const ProbeResult = z.object({
  kind: z.literal('probe-result'),
  users: z.array(z.object({ userId: z.string(), resources: z.array(z.enum(CHAT_RESOURCES)) })),
});
/** A conversation was read on another device (or by readMessage). */
export const ReadNotice = z.object({ kind: z.literal('read'), peerId: z.string() });
/** Where one of the sender's messages stands after a read: readCount of memberCount recipients read it (1 of 1 one to one). */
export const SeenCount = z.object({
  messageId: z.string(),
  messageIdWeb: z.string(),
  readCount: z.number().int(),
  memberCount: z.number().int(),
});
export type SeenCount = z.infer<typeof SeenCount>;
/**
 * Read marker (issue 14), its own frame beside receipts 25 and 26 (which stay "stored" and "delivered"): a
 * recipient who shares read receipts read these messages of the sender. `peerId` is the conversation from the
 * sender's side (the reader one to one, the group otherwise). Sent to every device of the sender.
 */
export const SeenFrame = z.object({
  kind: z.literal('seen'),
  peerId: z.string(),
  readerId: z.string(),
  readerName: z.string(),
  at: z.string(),
  messages: z.array(SeenCount),
});
export type SeenFrame = z.infer<typeof SeenFrame>;
/** A conversation was muted or unmuted (by this user, on any device): every device of the user is told. */
export const MutedFrame = z.object({ kind: z.literal('muted'), peerId: z.string(), muted: z.boolean() });
export type MutedFrame = z.infer<typeof MutedFrame>;
/** 4.1 "stream-termination": a newer login of the same kind replaced this session; do not reconnect. */
export const ConflictFrame = z.object({
  kind: z.literal('conflict'),
  resource: z.enum(CHAT_RESOURCES),
  msg: z.string(),
});
export const ErrorFrame = z.object({
  kind: z.literal('error'),
  status: z.number().int(),
  msg: z.string(),
  messageIdWeb: z.string().optional(),
});
export const PongFrame = z.object({ kind: z.literal('pong'), id: z.string().optional(), serverTime: z.string() });
/** A group's announcement: its text, when and by whom it was set (the name as the user is called now). */
export const GroupNotice = z.object({ text: z.string(), at: z.string(), byUserId: z.string(), byUserName: z.string() });
export type GroupNotice = z.infer<typeof GroupNotice>;

/**
 * What happened to a group, sent to the people it concerns and never stored (the server's state is what the
 * list and the group calls answer after a reconnect):
 * - created: to every member of a new group (the owner's other devices too), whose list shows it at once, before
 *   its first message (`userIds` holds the members);
 * - renamed, ownerChanged, membersAdded, noticeChanged: to every member;
 * - membersRemoved: to the members left and to the removed ones (`userIds`), whose list drops the group;
 * - left: to the members left and to the leaver's other devices (`userIds` holds the leaver);
 * - dissolved: to every member it had; the group leaves their lists.
 */
export const GROUP_EVENTS = [
  'created',
  'renamed',
  'ownerChanged',
  'membersAdded',
  'membersRemoved',
  'left',
  'dissolved',
  'noticeChanged',
] as const;
export type GroupEventName = (typeof GROUP_EVENTS)[number];
export const GroupEventFrame = z.object({
  kind: z.literal('group'),
  event: z.enum(GROUP_EVENTS),
  groupId: z.string(),
  /** The group's name after the change. */
  name: z.string(),
  /** The owner after the change. */
  ownerId: z.string(),
  /** Who the change is about: added or removed members, the leaver, the new owner; empty for renamed, dissolved and noticeChanged. */
  userIds: z.array(z.string()),
  /** On noticeChanged: the announcement now (null when the owner cleared it). */
  notice: GroupNotice.nullable().optional(),
  /** Who made the change. */
  byUserId: z.string(),
  byUserName: z.string(),
  at: z.string(),
});
export type GroupEventFrame = z.infer<typeof GroupEventFrame>;

export const ServerFrame = z.discriminatedUnion('kind', [
  ReadyFrame,
  MessageFrame,
  SyncedFrame,
  ReceiptFrame,
  PresenceNotice,
  ProbeResult,
  ReadNotice,
  SeenFrame,
  ConflictFrame,
  ErrorFrame,
  PongFrame,
  GroupEventFrame,
  MutedFrame,
]);
export type ServerFrame = z.infer<typeof ServerFrame>;

// ---------------------------------------------------------------- HTTP shapes

/** Section 3, "IM user info: userId, access_token" (POST /api/chat/login); the socket accepts this token. */
export const ImUserInfo = z.object({
  userId: z.string(),
  access_token: z.string(),
  userName: z.string(),
  tenantId: z.string(),
  /** Path of the chat socket on this server. */
  wsPath: z.string(),
  resources: z.array(z.enum(CHAT_RESOURCES)),
});
export type ImUserInfo = z.infer<typeof ImUserInfo>;

/** IM configuration (limits the client checks before sending). */
export const ImConfig = z.object({
  revokeWindowMs: z.number().int(),
  textMaxLength: z.number().int(),
  imageMaxBytes: z.number().int(),
  fileMaxBytes: z.number().int(),
  imageExtensions: z.array(z.string()),
  fileExtensions: z.array(z.string()),
  mediaExtensions: z.array(z.string()),
  fileTransferHelperId: z.string(),
});
export type ImConfig = z.infer<typeof ImConfig>;

/** Section 3, "Conversation list entry: jid, unreadNumber, timeSend, content, type, mpType, name." */
export const ConversationEntry = z.object({
  jid: z.string(),
  name: z.string(),
  /** 1 person, 2 group, 3 public account; null for 30001. */
  mpType: z.number().int().nullable(),
  toUserType: z.number().int(),
  unreadNumber: z.number().int(),
  timeSend: z.string().nullable(),
  content: z.string(),
  type: z.number().int().nullable(),
  fromUserId: z.string().nullable(),
  openTopChatTime: z.string().nullable(),
  /** Muted by the user (免打扰): its unread still counts, quietly, with no badge or notification. */
  muted: z.boolean().optional(),
  /** An unread message of the conversation @-mentions the user (shown even when it is muted). */
  mentioned: z.boolean().optional(),
});
export type ConversationEntry = z.infer<typeof ConversationEntry>;

/** "Contact entries also carry id, mpType, openTopChatTime, timeSend." */
export const ContactEntry = z.object({
  id: z.string(),
  name: z.string(),
  mpType: z.number().int().nullable(),
  openTopChatTime: z.string().nullable(),
  timeSend: z.string().nullable(),
});
export type ContactEntry = z.infer<typeof ContactEntry>;

/**
 * 4.1 ordering: pinned contacts (openTopChatTime) first, most recently pinned first, then the rest by timeSend
 * descending. "Only contacts with an mpType, or with id 30001, are kept."
 */
export function sortChatList<
  T extends {
    jid?: string;
    id?: string;
    mpType: number | null;
    openTopChatTime: string | null;
    timeSend: string | null;
  },
>(entries: readonly T[]): T[] {
  const key = (e: T) => e.jid ?? e.id ?? '';
  return entries
    .filter((e) => e.mpType != null || key(e) === FILE_TRANSFER_HELPER_ID)
    .toSorted((a, b) => {
      if (a.openTopChatTime && !b.openTopChatTime) return -1;
      if (!a.openTopChatTime && b.openTopChatTime) return 1;
      if (a.openTopChatTime && b.openTopChatTime && a.openTopChatTime !== b.openTopChatTime)
        return a.openTopChatTime < b.openTopChatTime ? 1 : -1;
      return (b.timeSend ?? '').localeCompare(a.timeSend ?? '');
    });
}

export const PeerRequest = z.object({ peerId: Id });
export const TopChatRequest = z.object({ peerId: Id, top: z.boolean() });
/** POST /api/chat/conversation/mute: mutes (免打扰) or unmutes a conversation for the caller, on every device. */
export const MuteChatRequest = z.object({ peerId: Id, muted: z.boolean() });
export const HistoryRequest = z.object({
  peerId: Id,
  /** Messages before this mailbox position (exclusive); omitted for the newest page. */
  beforeSeq: int32().min(1).optional(),
  pageSize: z.number().int().min(1).max(CHAT_HISTORY_PAGE_MAX).default(30),
});
export const HistoryItem = z.object({
  seq: z.number().int(),
  message: ChatMessage,
  /** On the caller's own one-to-one messages: a device of the recipient has it (receipt 26), so a reloaded page still shows it. */
  delivered: z.boolean().optional(),
  /** On the caller's own messages to a person or a group: how many of its recipients read it (read markers), of how many. */
  readCount: z.number().int().optional(),
  memberCount: z.number().int().optional(),
});
export const HistoryPage = z.object({ records: z.array(HistoryItem), hasMore: z.boolean() });
export type HistoryPage = z.infer<typeof HistoryPage>;
/** POST /api/chat/message/readers (the sender only): who of a message's recipients read it, and who not yet. */
export const MessageReadersRequest = z.object({ messageId: Id });
export const MessageReaders = z.object({
  messageId: z.string(),
  readCount: z.number().int(),
  /** The recipients now: in a group its members other than the sender (one who left is not counted). */
  memberCount: z.number().int(),
  readers: z.array(z.object({ userId: z.string(), userName: z.string(), readAt: z.string() })),
  unread: z.array(z.object({ userId: z.string(), userName: z.string() })),
});
export type MessageReaders = z.infer<typeof MessageReaders>;
/** The chat privacy settings of the personal center: whether the user's reads are told to senders (on by default). */
export const ChatPrivacy = z.object({ readReceipts: z.boolean() });
export type ChatPrivacy = z.infer<typeof ChatPrivacy>;
/** POST /api/chat/search: the caller's own conversations (their mailbox), words and Chinese segments as the service search. */
export const CHAT_SEARCH_MAX_RESULTS = 50;
export const ChatSearchRequest = z.object({
  keyword: z.string().trim().min(1).max(100),
  /** Only this conversation. */
  peerId: Id.optional(),
});
export const ChatSearchHit = z.object({
  /** The conversation it is in, from the caller's side, and its name. */
  peerId: z.string(),
  peerName: z.string(),
  /** The caller's mailbox position: history before seq + 1 shows it with what came before. */
  seq: z.number().int(),
  message: ChatMessage,
  score: z.number(),
});
export type ChatSearchHit = z.infer<typeof ChatSearchHit>;
export const DeleteMessagesRequest = z.object({ messageIds: z.array(Id).min(1).max(100) });

/** Result of POST /api/chat/upload; objectId goes into a type 2, 8 or 9 message. */
export const UploadedFile = z.object({
  objectId: z.string(),
  fileName: z.string(),
  fileTypeName: z.string(),
  fileSize: z.number().int(),
  /** The type the message should carry: 2 image, 8 document, 9 media. */
  type: z.number().int(),
  /** A signed link, valid CHAT_FILE_LINK_TTL_MS, that needs no header (for <img src>). */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof UploadedFile>;
/** POST /api/chat/file/sign: a fresh signed link to a file the caller may read. */
export const FileLinkRequest = z.object({ objectId: z.string().trim().min(1).max(64) });
export const FileLink = z.object({ url: z.string(), expiresAt: z.string() });

export const ChatGroup = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** The announcement (群公告), null when there is none. */
  notice: GroupNotice.nullable(),
});
export type ChatGroup = z.infer<typeof ChatGroup>;
export const GroupMember = z.object({
  userId: z.string(),
  userName: z.string(),
  nickName: z.string(),
  joinedAt: z.string(),
});
/** A group's name: required, trimmed, at most CHAT_GROUP_NAME_MAX_LENGTH characters, no control characters. */
export const GroupName = z
  .string({ error: CHAT_TEXTS.groupNameRequired })
  .trim()
  .min(1, CHAT_TEXTS.groupNameRequired)
  .max(CHAT_GROUP_NAME_MAX_LENGTH, CHAT_TEXTS.groupNameTooLong)
  .refine((s) => !hasControlCharacters(s), CHAT_TEXTS.groupNameControl);
export const CreateGroupRequest = z.object({ name: GroupName, memberIds: z.array(Id).min(1).max(500) });
export const GroupRequest = z.object({ groupId: Id });
/** POST /api/chat/group/rename (owner only): every member's list shows the new name at once. */
export const RenameGroupRequest = z.object({ groupId: Id, name: GroupName });
/**
 * A group's announcement as the owner types it: trimmed, at most CHAT_GROUP_NOTICE_MAX_LENGTH characters, line
 * breaks allowed but no other control characters; an empty one clears the announcement.
 */
export const GroupNoticeText = z
  .string({ error: MESSAGES.badRequest })
  .trim()
  .max(CHAT_GROUP_NOTICE_MAX_LENGTH, CHAT_TEXTS.groupNoticeTooLong)
  .refine((s) => !hasControlCharacters(s), MESSAGES.controlCharacters);
/** POST /api/chat/group/setNotice (owner only): every member is told at once (a `noticeChanged` group frame). */
export const SetGroupNoticeRequest = z.object({ groupId: Id, notice: GroupNoticeText });
/** POST /api/chat/group/transferOwner (owner only): the new owner must be a member; the old owner stays as a plain member. */
export const TransferGroupOwnerRequest = z.object({ groupId: Id, userId: Id });
export const AddMembersRequest = z.object({ groupId: Id, memberIds: z.array(Id).min(1).max(500) });
/** POST /api/chat/group/removeMembers (group owner only): the members leave the group; their history stays with them. */
export const RemoveMembersRequest = z.object({ groupId: Id, memberIds: z.array(Id).min(1).max(500) });
