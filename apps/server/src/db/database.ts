import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database schema as Kysely sees it. Times are ISO-8601 UTC strings in text columns, the same on
 * SQLite and PostgreSQL; booleans are integers 0/1. Row types carry the Row suffix (house style 3).
 */

export interface TenantTable {
  tenant_id: string;
  tenant_name: string;
  status: number;
  created_at: string;
  /** IANA name; Asia/Shanghai by default (migration 2026-11-24T11-00). */
  time_zone: ColumnType<string, string | undefined, string>;
}

export interface RoleTable {
  id: string;
  tenant_id: string;
  role_name: string;
  role_alias: string;
  /** admin | teacher | student | staff | visitor */
  role_type: string;
  sort: number;
}

export interface RoleMenuTable {
  tenant_id: string;
  role_id: string;
  menu_name: string;
}

export interface UserTable {
  id: string;
  tenant_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  password_hash: string;
  role_id: string;
  is_demo: number;
  status: number;
  created_at: string;
}

export interface SessionTable {
  id: string;
  tenant_id: string;
  user_id: string;
  access_token_hash: string;
  access_expires_at: string;
  /** The access token a refresh replaced, still taken until previous_access_until (REFRESH_REUSE_GRACE_SECONDS). */
  previous_access_hash: string | null;
  previous_access_until: string | null;
  cas_ticket: string;
  tgt: string;
  /** When the session (CAS ticket) ends unless extended by updateSessionValidTime. */
  expires_at: string;
  client_ip: string;
  user_agent: string;
  created_at: string;
  revoked_at: string | null;
}

export interface RefreshTokenTable {
  token_hash: string;
  session_id: string;
  tenant_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginConfigTable {
  tenant_id: string;
  identity_auth_status: number;
  is_self_cas: number;
  out_log_tip: string;
}

export interface PasswordConfigTable {
  tenant_id: string;
  regex: string;
  message: string;
  min_length: number;
  max_length: number;
  require_letter: number;
  require_digit: number;
  require_symbol: number;
  expire_days: number;
}

/** Login throttling counters (migration 2026-11-24T01-00_login-throttle, modules/auth/login-throttle.ts). */
export interface LoginThrottleTable {
  /** 'account:{tenant}:{account}' or 'address:{ip}' */
  key: string;
  /** account: attempts claimed in the window; address: failures in the window */
  attempts: number;
  window_started_ms: number;
  /** address: end of the last reserved attempt slot (epoch ms) */
  next_at_ms: number;
}

export interface RobotConfigTable {
  tenant_id: string;
  robot_name: string;
  robot_avatar: string;
  greeting: string;
  enabled: number;
  /** ADR 0074: English of the name and greeting ('' none). */
  robot_name_en: Generated<string>;
  greeting_en: Generated<string>;
}

import type { AuditTables } from './tables/audit.ts';
import type { CatalogueTables } from './tables/catalogue.ts';
import type { EfficiencyTables } from './tables/efficiency.ts';
import type { FileTables } from './tables/files.ts';
import type { IdentityTables } from './tables/identity.ts';
import type { PersonalTables } from './tables/personal.ts';
import type { TransferTables } from './tables/transfer.ts';
import type { WorkbenchTables } from './tables/workbench.ts';

/** Every table. Capabilities keep their own table types in db/tables/<capability>.ts. */
export interface Database
  extends
    AuditTables,
    CatalogueTables,
    EfficiencyTables,
    WorkbenchTables,
    TransferTables,
    PersonalTables,
    FileTables,
    IdentityTables {
  tenants: TenantTable;
  roles: RoleTable;
  role_menus: RoleMenuTable;
  users: UserTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  login_configs: LoginConfigTable;
  password_configs: PasswordConfigTable;
  login_throttle: LoginThrottleTable;
  robot_configs: RobotConfigTable;
  transport_replay: TransportReplayTable;
  svc_visits: SvcVisitTable;
  chat_settings: ChatSettingTable;
  chat_messages: ChatMessageTable;
  chat_user_state: ChatUserStateTable;
  chat_inbox: ChatInboxTable;
  chat_device_cursors: ChatDeviceCursorTable;
  chat_conversations: ChatConversationTable;
  chat_groups: ChatGroupTable;
  chat_group_members: ChatGroupMemberTable;
  chat_public_accounts: ChatPublicAccountTable;
  chat_files: ChatFileTable;
  notices: NoticeTable;
  user_depts: UserDeptTable;
  scheduled_notices: ScheduledNoticeTable;
  question_scenes: QuestionSceneTable;
  faq_entries: FaqEntryTable;
  robot_questions: RobotQuestionTable;
  question_feedback: QuestionFeedbackTable;
}

/** One counted visit per visitor, service and hour (migration 2026-11-24T03-00_notice-audience-and-visits). */
export interface SvcVisitTable {
  tenant_id: string;
  service_id: string;
  /** A user id, or 'anon:' and a keyed hash of address and user agent. */
  visitor: string;
  /** UTC hour, 'YYYY-MM-DDTHH'. */
  hour: string;
}

/** 7.1 request ids seen within the replay window (migration 2026-11-24T02-00_transport-replay). */
export interface TransportReplayTable {
  request_id: string;
  expires_at: string;
}

export type TenantRow = Selectable<TenantTable>;
export type RoleRow = Selectable<RoleTable>;
export type UserRow = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type SessionUpdate = Updateable<SessionTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
export type LoginConfigRow = Selectable<LoginConfigTable>;
export type PasswordConfigRow = Selectable<PasswordConfigTable>;

// Messaging (migration 2026-11-22T14-00_messaging): chat, mailboxes, public accounts, notices, robot assistant.
export interface ChatSettingTable {
  key: string;
  value: string;
}
export interface ChatMessageTable {
  id: string;
  tenant_id: string;
  message_id_web: string;
  from_user_id: string;
  from_user_name: string;
  from_resource: string;
  to_user_id: string;
  to_user_name: string;
  /** 1 person (or 30001), 2 group, 3 from a public account */
  to_user_type: number;
  mp_type: number | null;
  type: number;
  content: string;
  file_type_name: string | null;
  file_size: number | null;
  object_id: string | null;
  time_send: string;
  revoked_at: string | null;
  /** Group members the message mentions, JSON [{ userId, userName }] (migration 2026-11-24T10-20_chat-mentions). */
  mentions: ColumnType<string | null, string | null | undefined, string | null>;
}
/** The last mailbox position of a user; incremented under a row lock, so seq order is commit order. */
/** read_receipts: the user shares read receipts (1, the default) or not (0). */
export interface ChatUserStateTable {
  tenant_id: string;
  user_id: string;
  seq: number;
  read_receipts: ColumnType<number, number | undefined, number>;
}
/** One row per message per user (sender included): offline delivery, history, unread and delete state. */
export interface ChatInboxTable {
  tenant_id: string;
  user_id: string;
  seq: number;
  message_id: string;
  /** The conversation from this user's side: the other person, the group, the public account or 30001. */
  peer_id: string;
  from_user_id: string;
  read_at: string | null;
  delivered_at: string | null;
  deleted: number;
  /** When the user read it while sharing read receipts (what the sender is told and counted from). */
  seen_at: ColumnType<string | null, string | null | undefined, string | null>;
}
/** How far each device kind of a user has acknowledged its mailbox. */
export interface ChatDeviceCursorTable {
  tenant_id: string;
  user_id: string;
  resource: string;
  acked_seq: number;
  last_login_at: string;
}
export interface ChatConversationTable {
  tenant_id: string;
  user_id: string;
  peer_id: string;
  /** 1 person, 2 group, 3 public account, 4 file transfer helper */
  peer_type: number;
  mp_type: number | null;
  name: string;
  last_message_id: string | null;
  last_type: number | null;
  last_content: string;
  last_from_user_id: string | null;
  time_send: string | null;
  open_top_chat_time: string | null;
  hidden: number;
  /** 1 when the user muted the conversation (migration 2026-11-24T10-10_chat-mute): unread counts quietly. */
  muted: ColumnType<number, number | undefined, number>;
}
export interface ChatGroupTable {
  id: string;
  tenant_id: string;
  name: string;
  owner_id: string;
  created_at: string;
  /** Set when the owner dissolved the group: it stays as a tombstone, with the members it had then. */
  dissolved_at: string | null;
  /** The announcement (群公告) set by the owner, when and by whom (migration 2026-11-23T16-50); all null without one. */
  notice: string | null;
  notice_at: string | null;
  notice_by: string | null;
}
export interface ChatGroupMemberTable {
  tenant_id: string;
  group_id: string;
  user_id: string;
  joined_at: string;
}
export interface ChatPublicAccountTable {
  id: string;
  tenant_id: string;
  name: string;
  mp_type: number;
  avatar: string;
  intro: string;
  sort: number;
  created_at: string;
}
export interface ChatFileTable {
  id: string;
  tenant_id: string;
  owner_id: string;
  file_name: string;
  file_type_name: string;
  mime: string;
  size: number;
  msg_type: number;
  /** Relative to DATA_DIR/files. */
  storage_path: string;
  created_at: string;
}
export interface NoticeTable {
  message_id: string;
  tenant_id: string;
  mp_id: string;
  title: string;
  summary: string;
  body: string;
  url: string;
  important: number;
  field_set: string;
  file_id: string | null;
  recipients: number;
  created_by: string;
  created_at: string;
  deleted_at: string | null;
  /**
   * '*' everyone in the tenant, else comma-joined role ids and `dept:<id>` departments; null: sent before audiences
   * were kept (recipients only).
   */
  audience: string | null;
}
/** A user's department (osp_depts), for notices to a department (migration 2026-11-24T10-30). */
export interface UserDeptTable {
  tenant_id: string;
  dept_id: string;
  user_id: string;
  /** 'identity' (the school's sign-in) or 'admin' (set by hand, ADR 0035); migration 2026-11-25T02-00. */
  source: ColumnType<string, string | undefined, string>;
}
/** A notice to publish later (migration 2026-11-24T10-30): payload is the request as it will be published. */
export interface ScheduledNoticeTable {
  id: string;
  tenant_id: string;
  mp_id: string;
  title: string;
  payload: string;
  publish_at: string;
  created_by: string;
  created_at: string;
  claimed_at: string | null;
  published_at: string | null;
  cancelled_at: string | null;
}
export interface QuestionSceneTable {
  id: string;
  tenant_id: string;
  scene_name: string;
  icon: string;
  sort: number;
}
export interface FaqEntryTable {
  id: string;
  tenant_id: string;
  scene_id: string;
  question: string;
  answer: string;
  keywords: string;
  url: string;
  sort: number;
  hits: number;
  enabled: number;
  updated_at: string;
  /** Other ways of asking the question (migration 2026-11-24T10-40_faq-synonyms). */
  synonyms: ColumnType<string, string | undefined, string>;
}
export interface RobotQuestionTable {
  id: string;
  tenant_id: string;
  user_id: string;
  user_name: string;
  question: string;
  faq_id: string | null;
  answered: number;
  solved: number | null;
  /** 'search' (asked the robot) | 'record' (passed on by the user) */
  source: string;
  created_at: string;
}
export interface QuestionFeedbackTable {
  id: string;
  tenant_id: string;
  user_id: string;
  user_name: string;
  question: string;
  content: string;
  contact: string;
  scene_id: string | null;
  record_id: string | null;
  status: number;
  reply: string;
  created_at: string;
  updated_at: string;
}
export type ChatMessageRow = Selectable<ChatMessageTable>;
export type NewChatMessageRow = Insertable<ChatMessageTable>;
export type ChatConversationRow = Selectable<ChatConversationTable>;
export type ChatFileRow = Selectable<ChatFileTable>;
export type NoticeRow = Selectable<NoticeTable>;
export type FaqEntryRow = Selectable<FaqEntryTable>;
export type QuestionFeedbackRow = Selectable<QuestionFeedbackTable>;
