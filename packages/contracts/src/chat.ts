import './zod-setup.ts';
import { z } from 'zod';
import { MESSAGES } from './errors.ts';
import { int32 } from './input.ts';
import { hasControlCharacters } from './services.ts';

/**
 * Instant messaging (spec 3, 4.1, 7.8): the chat message entity, the conversation list, the IM user info,
 * and the JSON frames of the chat WebSocket (`GET /api/chat/ws`), XMPP-like: login, presence, message,
 * receipts, acks, conflict. Server and clients parse frames with these schemas.
 */

export * from './chat-constants.ts';
export * from './chat-texts.ts';
import {
  CHAT_GROUP_NAME_MAX_LENGTH,
  CHAT_GROUP_NOTICE_MAX_LENGTH,
  CHAT_HISTORY_PAGE_MAX,
  CHAT_MENTIONS_MAX,
  CHAT_RESOURCES,
  CHAT_TEXT_MAX_LENGTH,
  GROUP_EVENTS,
  MSG_TYPE_RECEIPT_DELIVERED,
  MSG_TYPE_RECEIPT_STORED,
  TO_USER_TYPE_GROUP,
  TO_USER_TYPE_USER,
} from './chat-constants.ts';
import { CHAT_TEXTS } from './chat-texts.ts';

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

/**
 * The tenant's configuration changed (home page cards, navigation, tools, tabs, footer …, by an administrator or a
 * revert): the page refreshes what it shows of it. `kinds` are the audit log's kinds of what changed.
 */
export const ConfigFrame = z.object({ kind: z.literal('config'), kinds: z.array(z.string()) });
export type ConfigFrame = z.infer<typeof ConfigFrame>;

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
  ConfigFrame,
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
