import './zod-setup.ts';
import { z } from 'zod';
import { CHAT_RESOURCES } from './chat.ts';
import { PageRequest } from './envelope.ts';
import { safeLink } from './input.ts';

/**
 * Public accounts, notices and the message center (spec 2.4, 4.2, 7.8 app/*, 7.9).
 * A notice is a type-80 chat message from a public account; the message center reads the same records.
 */

export { STATUS_MESSAGE_DELETED } from './constants.ts';

export const MESSAGE_TEXTS = {
  noSuchAccount: '公众号不存在',
  noSuchNotice: '消息不存在',
  notYourMessage: '只能标记自己的消息',
  noAttachment: '该消息没有附件',
  adminOnly: '只有管理员可以发布或删除通知',
  noSuchDept: '部门不存在',
  noSuchRole: '角色不存在',
  badPublishAt: '发布时间格式不正确',
  publishAtPast: '定时发布的时间须晚于现在',
  publishAtTooFar: '定时发布的时间不能超过一年',
} as const;

const Id = z.string().trim().min(1).max(64);

export const PublicAccount = z.object({
  id: z.string(),
  name: z.string(),
  mpType: z.number().int(),
  avatar: z.string(),
  intro: z.string(),
});
export type PublicAccount = z.infer<typeof PublicAccount>;

/** POST app/service/mpMsgListByUser: every public account of the tenant with the user's last message and unread count. */
export const MpMsgListEntry = PublicAccount.extend({
  jid: z.string(),
  unreadNumber: z.number().int(),
  timeSend: z.string().nullable(),
  content: z.string(),
  type: z.number().int().nullable(),
  openTopChatTime: z.string().nullable(),
});
export type MpMsgListEntry = z.infer<typeof MpMsgListEntry>;

/** POST app/userList/page: people of the tenant to start a chat with. */
export const UserListRequest = PageRequest.extend({ keyword: z.string().trim().max(64).optional() });
export const ImUser = z.object({
  userId: z.string(),
  userName: z.string(),
  nickName: z.string(),
  account: z.string(),
  roleName: z.string(),
});
export type ImUser = z.infer<typeof ImUser>;

/** POST app/userList/detail (imWebUserGet): a chat partner, with the devices online now. */
export const ImUserDetailRequest = z.object({ userId: Id });
export const ImUserDetail = ImUser.extend({ online: z.boolean(), resources: z.array(z.enum(CHAT_RESOURCES)) });
export type ImUserDetail = z.infer<typeof ImUserDetail>;

/** A notice as lists show it. */
export const NoticeItem = z.object({
  id: z.string(),
  mpId: z.string(),
  mpName: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  important: z.boolean(),
  fieldSet: z.string(),
  timeSend: z.string(),
  read: z.boolean(),
  fileName: z.string().nullable(),
});
export type NoticeItem = z.infer<typeof NoticeItem>;

/** POST app/msg/page: the notices of one public account to the user, newest first. */
export const MpMsgPageRequest = PageRequest.extend({ mpId: Id });
/** POST app/msg/read: marks every message of one public account read. */
export const MpReadRequest = z.object({ mpId: Id });

/** POST app/msg/send (administrator): publishes a notice from a public account, delivered in real time (type 80). */
export const SendNoticeRequest = z.object({
  mpId: Id,
  title: z.string().trim().min(1, '请输入标题').max(200),
  summary: z.string().trim().max(500).default(''),
  body: z.string().max(100_000).default(''),
  /** An external page to open; empty opens the detail page (/generalDetailsTow). */
  url: safeLink(1000).default(''),
  important: z.boolean().default(false),
  fieldSet: z.string().trim().max(50).default(''),
  /** An attachment uploaded through /api/chat/upload. */
  fileId: Id.optional(),
  /** Roles to deliver to; with deptIds the audience is their union; both empty or absent: everyone in the tenant. */
  roleIds: z.array(Id).max(50).optional(),
  /** Departments to deliver to (their members and the members of the departments under them). */
  deptIds: z.array(Id).max(50).optional(),
  /**
   * Publish later: the tenant's wall-clock time 'YYYY-MM-DD HH:mm' (its time zone, as the reports use); the notice
   * reaches its audience only from then. Absent: at once.
   */
  publishAt: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/, MESSAGE_TEXTS.badPublishAt)
    .optional(),
});
export type SendNoticeRequest = z.infer<typeof SendNoticeRequest>;
export const SendNoticeResult = z.object({
  id: z.string(),
  /** Delivered to this many now (0 when scheduled). */
  recipients: z.number().int(),
  /** When a scheduled notice will be published (ISO), null when it was published at once. */
  publishAt: z.string().nullable().optional(),
});
/** A notice waiting for its publication time (the notice page lists them above the published ones). */
export const ScheduledNoticeItem = z.object({
  id: z.string(),
  title: z.string(),
  mpName: z.string(),
  important: z.boolean(),
  everyone: z.boolean(),
  roleIds: z.array(z.string()),
  deptIds: z.array(z.string()),
  /** ISO instant, and the same as the tenant's wall clock ('YYYY-MM-DD HH:mm'). */
  publishAt: z.string(),
  publishAtLocal: z.string(),
  createdByName: z.string(),
});
export type ScheduledNoticeItem = z.infer<typeof ScheduledNoticeItem>;

export const IdRequest = z.object({ id: Id });

/** The notice page of the configuration menu (issue 14): notices of the tenant with their audience and read counts. */
export const NOTICE_MANAGE_MENU = 'noticeManageConfig';
export const NoticeManageItem = z.object({
  id: z.string(),
  title: z.string(),
  mpId: z.string(),
  mpName: z.string(),
  important: z.boolean(),
  /** Everyone in the tenant, or the roles it went to (ids). */
  everyone: z.boolean(),
  roleIds: z.array(z.string()),
  deptIds: z.array(z.string()).default([]),
  recipients: z.number().int(),
  /** How many of its recipients opened (read) it. */
  readCount: z.number().int(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string(),
  /** Withdrawn: it opens the deleted page (4.2) and leaves the lists. */
  withdrawnAt: z.string().nullable(),
});
export type NoticeManageItem = z.infer<typeof NoticeManageItem>;
/** What the notice form offers: the tenant's public accounts and roles. */
export const NoticeManageOptions = z.object({
  accounts: z.array(z.object({ id: z.string(), name: z.string() })),
  roles: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The tenant's departments (a notice to one reaches the departments under it too). */
  depts: z.array(z.object({ id: z.string(), name: z.string(), parentId: z.string() })).default([]),
  /** The tenant's time zone: a publication time is its wall clock. */
  timeZone: z.string().default('Asia/Shanghai'),
});
export type NoticeManageOptions = z.infer<typeof NoticeManageOptions>;

/** POST messageCenterHistoryMsg/detail: status 1000 with the url to open. */
export const MessageCenterDetail = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  mpName: z.string(),
  timeSend: z.string(),
  read: z.boolean(),
});
export type MessageCenterDetail = z.infer<typeof MessageCenterDetail>;

/** GET nobody/messageCenter/messageDetail/{id}: what the detail page (/generalDetailsTow) shows. */
export const PublicMessageDetail = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  url: z.string(),
  fieldSet: z.string(),
  mpName: z.string(),
  timeSend: z.string(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
});
export type PublicMessageDetail = z.infer<typeof PublicMessageDetail>;

/** POST mpManage/readMessage (messageId, userId). */
export const ReadMessageRequest = z.object({ messageId: Id, userId: Id });

/** POST homePage/getIsShowMsg: the bottom-right prompt of unread important notices (latest 10, one per page). */
export const IsShowMsg = z.object({
  isShowMsg: z.boolean(),
  total: z.number().int(),
  list: z.array(NoticeItem),
});
export type IsShowMsg = z.infer<typeof IsShowMsg>;
