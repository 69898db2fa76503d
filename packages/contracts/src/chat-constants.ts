import { ASSISTANT_CONTACT_ID } from './constants.ts';

/**
 * The chat's constants, texts, send pacing and list order, without zod (issue 10): the /home shell and the home page
 * start the chat client, and importing `chat.ts` would build every chat schema and bring zod (25 KB gzip) into their
 * first script. `chat.ts` re-exports all of this, so the server and the chat panel import from either.
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
/**
 * Sending limit per user (messages and input states, on all of the user's sockets on one node): a steady rate with
 * a burst allowance. It outlives a socket, so reconnecting does not fill it again (ADR 0068).
 */
export const CHAT_SEND_RATE_PER_SECOND = 20;
export const CHAT_SEND_BURST = 100;
/**
 * Limit per user of every other frame (read markers, presence, probes, syncs, pings, acknowledgements of nothing
 * new, and frames that are not understood), apart from the messages' (ADR 0068); an acknowledgement of a position
 * delivered and not yet acknowledged is free. The web client sends far less: a presence when it connects, a probe
 * when a conversation opens.
 */
export const CHAT_OTHER_FRAMES_RATE_PER_SECOND = 50;
export const CHAT_OTHER_FRAMES_BURST = 200;
/**
 * A socket whose frames were refused as too fast (429) this many times, less CHAT_REFUSALS_FORGIVEN_PER_SECOND a
 * second, is a script that ignores the refusals: it is closed with CHAT_CLOSE_TOO_FAST (ADR 0068).
 */
export const CHAT_REFUSALS_BEFORE_CLOSE = 200;
export const CHAT_REFUSALS_FORGIVEN_PER_SECOND = 2;
/**
 * The sending limit as a token bucket: `burst` at once, then `perSecond`. The server keeps one per user
 * (CHAT_SEND_BURST, CHAT_SEND_RATE_PER_SECOND); a client paces what it sends with one of the same kind a little
 * below it (CHAT_CLIENT_SEND_BURST, CHAT_CLIENT_SEND_RATE_PER_SECOND), so that a long offline queue drains
 * without a refusal (429): the server's bucket, filling since the user last sent and checked later than the
 * client's, holds at least as much, unless the user's other devices sent meanwhile (then the client waits and
 * sends again, CHAT_TOO_FAST_RETRIES).
 */
/** Date.now looked up at each call, not once per bucket: a bucket follows whichever clock is installed (tests fake it). */
const wallClock = () => Date.now();

export class SendBucket {
  // Plain fields and methods on the prototype, no closures: the server keeps a few per sending user (issue 13).
  private tokens: number;
  private at: number;
  private readonly burst: number;
  private readonly perSecond: number;
  private readonly now: () => number;

  constructor(burst: number, perSecond: number, now: () => number = wallClock) {
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

  /** Whether the bucket is full: one this full is the same as a new one (the server then forgets it). */
  full(): boolean {
    this.refill();
    return this.tokens >= this.burst;
  }

  /** Empty (the server refused one: it counts differently from here). */
  empty(): void {
    this.refill();
    this.tokens = 0;
  }
}

export const createSendBucket = (burst: number, perSecond: number, now: () => number = wallClock): SendBucket =>
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
/**
 * The chat files one user may keep stored, all together (the sum of their chat_files sizes), in MB unless the operator
 * sets CHAT_UPLOAD_QUOTA_MB: a user uploading file after file, within the rate limit, over days, cannot fill the disk.
 */
export const CHAT_UPLOAD_QUOTA_MB_DEFAULT = 500;
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
/** 1008 "policy violation": the socket kept sending after its frames were refused as too fast (ADR 0068). */
export const CHAT_CLOSE_TOO_FAST = 1008;

/**
 * The chat socket's subprotocol. A client may log in during the upgrade by offering its access token beside it
 * as `portal.token.<token>` (Sec-WebSocket-Protocol; the server answers only `portal.chat`), or by a first
 * `login` frame. Never in the URL: the server refuses a token there.
 */
export const CHAT_PROTOCOL = 'portal.chat';
export const CHAT_TOKEN_PROTOCOL_PREFIX = 'portal.token.';

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
      // ISO times compare as strings; localeCompare would make the page's first ICU collator (10+ ms, issue 10).
      const x = a.timeSend ?? '';
      const y = b.timeSend ?? '';
      return x === y ? 0 : x < y ? 1 : -1;
    });
}
