import { MSG_TYPE_NOTICE, TO_USER_TYPE_USER, type NoticeContent } from '@portal/contracts/chat';
import { UNREAD_NOTICE_LIST_SIZE } from '@portal/contracts/constants';
import { MESSAGES } from '@portal/contracts/errors';
import {
  MESSAGE_TEXTS,
  STATUS_MESSAGE_DELETED,
  type ImUser,
  type ImUserDetail,
  type IsShowMsg,
  type MessageCenterDetail,
  type MpMsgListEntry,
  type NoticeItem,
  type NoticeManageItem,
  type NoticeManageOptions,
  type PublicMessageDetail,
  type ScheduledNoticeItem,
  type SendNoticeRequest,
} from '@portal/contracts/messages';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { DeptNodeT } from '@portal/contracts/transfer';
import { tenantTimeZone } from '../efficiency/efficiency.service.ts';
import { deptTree } from '../three-lists/three-lists.service.ts';
import type { Envelope } from '@portal/contracts/envelope';
import type { NewChatMessageRow } from '../../db/database.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { isSafeLink } from '@portal/contracts/input';
import { newId } from '../../platform/crypto.ts';
import { sanitizeRichText } from '../../platform/rich-text.ts';
import { fail, ok } from '../../platform/envelope.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { pageResult, type Page } from '../../platform/page.ts';
import type { ChatRuntime } from '../chat/chat.hub.ts';
import { PEER_PUBLIC_ACCOUNT } from '../chat/chat.repository.ts';
import { markConversationRead, storeAndPublish } from '../chat/chat.service.ts';
import { withSubDepartments } from '../services/departments.ts';
import { messagesRepository, type MessagesRepository } from './messages.repository.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const repoOf = (rt: ChatRuntime) => messagesRepository(rt.deps.db);

function requireAdmin(ctx: RequestContext): void {
  if (ctx.roleType !== 'admin') throw forbidden(MESSAGE_TEXTS.adminOnly);
}

/**
 * Where opening a notice goes: its own url, else the detail page of 2.1 (/generalDetailsTow, a new window). A url
 * stored before links were checked that is not http(s) or a path of this site is never handed out.
 */
export function noticeUrl(n: { url: string; message_id: string; tenant_id: string }): string {
  return n.url && isSafeLink(n.url)
    ? n.url
    : `/generalDetailsTow?id=${encodeURIComponent(n.message_id)}&tenantId=${encodeURIComponent(n.tenant_id)}`;
}

/**
 * Who a notice is for, as stored: '*' everyone in the tenant, else the role ids and the departments as
 * `dept:<id>` (sorted, comma-joined).
 */
export const AUDIENCE_EVERYONE = '*';
const DEPT_PREFIX = 'dept:';
const audienceOf = (roleIds: string[] | undefined, deptIds: string[] | undefined = []) =>
  roleIds?.length || deptIds?.length
    ? [...new Set([...(roleIds ?? []), ...(deptIds ?? []).map((d) => `${DEPT_PREFIX}${d}`)])].sort().join(',')
    : AUDIENCE_EVERYONE;
const audienceParts = (audience: string | null) => {
  const parts = audience && audience !== AUDIENCE_EVERYONE ? audience.split(',') : [];
  return {
    everyone: audience === AUDIENCE_EVERYONE || audience === null,
    roleIds: parts.filter((p) => !p.startsWith(DEPT_PREFIX)),
    deptIds: parts.filter((p) => p.startsWith(DEPT_PREFIX)).map((p) => p.slice(DEPT_PREFIX.length)),
  };
};

/** How often a process looks for scheduled notices whose time has come. */
export const NOTICE_SCHEDULE_POLL_MS = 15_000;
/** A claim of a scheduled notice older than this is taken again (the process that took it stopped). */
const NOTICE_CLAIM_STALE_MS = 60_000;
const NOTICE_SCHEDULE_MAX_MS = 366 * 24 * 3600_000;

/**
 * The chosen departments with every department under them (a notice to 教务处 reaches 考试中心 too); an id that
 * is not one of the tenant's departments is refused.
 */
async function withSubDepts(rt: ChatRuntime, tenantId: string, deptIds: string[] | undefined) {
  if (!deptIds?.length) return [];
  const depts = await tenantDepts(rt, tenantId);
  const known = new Set(depts.map((d) => d.id));
  const unknown = deptIds.filter((d) => !known.has(d));
  if (unknown.length) throw badRequest(MESSAGE_TEXTS.noSuchDept, unknown.join(','));
  return [...withSubDepartments(depts, deptIds)];
}

/** The tenant's departments (the three-lists module keeps them), flat, parents before children. */
async function tenantDepts(rt: ChatRuntime, tenantId: string) {
  const flat: Array<{ id: string; name: string; parentId: string }> = [];
  const walk = (nodes: DeptNodeT[]) => {
    for (const n of nodes) {
      flat.push({ id: n.id, name: n.title, parentId: n.parentId });
      walk(n.children);
    }
  };
  walk(await deptTree(rt.deps, tenantId));
  return flat;
}

/** The tenant's wall-clock time 'YYYY-MM-DD HH:mm' as an instant, or a 400 when it names no such time. */
function wallClockToInstant(wall: string, timeZone: string): number {
  const text = wall.replace('T', ' ');
  const at = dayjs.tz(text, timeZone);
  if (!at.isValid() || at.format('YYYY-MM-DD HH:mm') !== text) throw badRequest(MESSAGE_TEXTS.badPublishAt, wall);
  return at.valueOf();
}

type NoticeListRow = {
  message_id: string;
  mp_id: string;
  mp_name: string;
  title: string;
  summary: string;
  url: string;
  important: number;
  field_set: string;
  created_at: string;
  file_name: string | null;
  read_at: string | null;
};

const noticeItem = (tenantId: string, r: NoticeListRow): NoticeItem => ({
  id: r.message_id,
  mpId: r.mp_id,
  mpName: r.mp_name,
  title: r.title,
  summary: r.summary,
  url: noticeUrl({ url: r.url, message_id: r.message_id, tenant_id: tenantId }),
  important: r.important === 1,
  fieldSet: r.field_set,
  timeSend: r.created_at,
  read: r.read_at !== null,
  fileName: r.file_name,
});

// ---------------------------------------------------------------- public accounts (app/*)

/** app/service/mpMsgListByUser: every public account with the user's last message from it and unread count. */
export async function mpMsgListByUser(rt: ChatRuntime, ctx: RequestContext): Promise<MpMsgListEntry[]> {
  const [accounts, conversations, unread] = await Promise.all([
    rt.repo.publicAccounts(ctx.tenantId),
    rt.repo.conversations(ctx.tenantId, ctx.userId),
    rt.repo.unreadByPeer(ctx.tenantId, ctx.userId),
  ]);
  const conv = new Map(conversations.map((c) => [c.peer_id, c]));
  return accounts
    .map((a) => {
      const c = conv.get(a.id);
      return {
        id: a.id,
        jid: a.id,
        name: a.name,
        mpType: a.mp_type,
        avatar: a.avatar,
        intro: a.intro,
        unreadNumber: unread.get(a.id) ?? 0,
        timeSend: c?.time_send ?? null,
        content: c?.last_type === MSG_TYPE_NOTICE ? noticeTitle(c.last_content) : (c?.last_content ?? ''),
        type: c?.last_type ?? null,
        openTopChatTime: c?.open_top_chat_time ?? null,
      };
    })
    .sort((x, y) => (y.timeSend ?? '').localeCompare(x.timeSend ?? ''));
}

function noticeTitle(content: string): string {
  try {
    return (JSON.parse(content) as NoticeContent).title;
  } catch {
    return content;
  }
}

/** app/userList/page: people of the caller's tenant (never another tenant's). */
export async function userPage(
  rt: ChatRuntime,
  ctx: RequestContext,
  input: { keyword?: string | undefined; current: number; size: number },
): Promise<Page<ImUser>> {
  const { rows, total } = await rt.repo.searchUsers(
    ctx.tenantId,
    input.keyword || undefined,
    (input.current - 1) * input.size,
    input.size,
  );
  return pageResult(
    rows.map((u) => ({
      userId: u.id,
      userName: u.user_name,
      nickName: u.nick_name,
      account: u.account,
      roleName: u.role_name,
    })),
    total,
    input.current,
    input.size,
  );
}

/** app/userList/detail (imWebUserGet): a chat partner of the same tenant, with the devices online now. */
export async function userDetail(rt: ChatRuntime, ctx: RequestContext, userId: string): Promise<ImUserDetail> {
  const u = await rt.repo.user(ctx.tenantId, userId);
  if (!u) throw notFound(MESSAGES.notFound);
  const resources = (await rt.presence.resources(ctx.tenantId, [u.id])).get(u.id) ?? [];
  return {
    userId: u.id,
    userName: u.user_name,
    nickName: u.nick_name,
    account: u.account,
    roleName: u.role_name,
    online: resources.length > 0,
    resources,
  };
}

/** app/msg/page: the notices of one public account to the user, newest first. */
export async function mpMessagePage(
  rt: ChatRuntime,
  ctx: RequestContext,
  input: { mpId: string; current: number; size: number },
): Promise<Page<NoticeItem>> {
  if (!(await rt.repo.publicAccount(ctx.tenantId, input.mpId))) throw notFound(MESSAGE_TEXTS.noSuchAccount);
  const { rows, total } = await repoOf(rt).userNoticePage(
    ctx.tenantId,
    ctx.userId,
    input.mpId,
    (input.current - 1) * input.size,
    input.size,
  );
  return pageResult(
    rows.map((r) => noticeItem(ctx.tenantId, r)),
    total,
    input.current,
    input.size,
  );
}

/** app/msg/read: every message of one public account read. */
export async function readMp(rt: ChatRuntime, ctx: RequestContext, mpId: string): Promise<number> {
  if (!(await rt.repo.publicAccount(ctx.tenantId, mpId))) throw notFound(MESSAGE_TEXTS.noSuchAccount);
  return markConversationRead(rt, ctx, mpId);
}

/**
 * app/msg/send (administrator): a notice from a public account to everyone in the tenant (or some roles),
 * stored in every recipient's mailbox and delivered at once over the socket as type 80.
 */
export async function sendNotice(
  rt: ChatRuntime,
  ctx: RequestContext,
  input: SendNoticeRequest,
): Promise<{ id: string; recipients: number; publishAt?: string }> {
  requireAdmin(ctx);
  return publishFromPage(rt, ctx, input);
}

/** The notice page (its configuration menu checked by the route): publishes a notice to its audience at once. */
export async function publishFromPage(
  rt: ChatRuntime,
  ctx: RequestContext,
  input: SendNoticeRequest,
): Promise<{ id: string; recipients: number; publishAt?: string }> {
  const account = await rt.repo.publicAccount(ctx.tenantId, input.mpId);
  if (!account) throw notFound(MESSAGE_TEXTS.noSuchAccount);
  // The attachment is a file this administrator uploaded (/api/chat/upload): never another user's private chat file.
  const found = input.fileId ? await rt.repo.file(ctx.tenantId, input.fileId) : undefined;
  const file = found && found.owner_id === ctx.userId ? found : undefined;
  if (input.fileId && !file) throw badRequest(MESSAGE_TEXTS.noAttachment, input.fileId);
  const repo = repoOf(rt);
  const depts = await withSubDepts(rt, ctx.tenantId, input.deptIds);
  if (input.publishAt) {
    // Later: kept until its time, in the tenant's time zone; the audience is resolved when it is published.
    const at = wallClockToInstant(input.publishAt, await tenantTimeZone(rt.deps, ctx.tenantId));
    if (at <= Date.now()) throw badRequest(MESSAGE_TEXTS.publishAtPast);
    if (at - Date.now() > NOTICE_SCHEDULE_MAX_MS) throw badRequest(MESSAGE_TEXTS.publishAtTooFar);
    const id = newId();
    const { publishAt: _wall, ...rest } = input;
    await repo.insertScheduled({
      id,
      tenant_id: ctx.tenantId,
      mp_id: account.id,
      title: input.title,
      payload: JSON.stringify({ ...rest, body: sanitizeRichText(input.body) }),
      publish_at: nowIso(at),
      created_by: ctx.userId,
      created_at: nowIso(),
      claimed_at: null,
      published_at: null,
      cancelled_at: null,
    });
    return { id, recipients: 0, publishAt: nowIso(at) };
  }
  const users = await repo.recipientUsers(ctx.tenantId, input.roleIds, depts);
  return publishNotice(rt, repo, ctx.tenantId, {
    account,
    createdBy: ctx.userId,
    file: file ?? null,
    userIds: users.map((u) => u.id),
    ...input,
    body: sanitizeRichText(input.body),
    audience: audienceOf(input.roleIds, input.deptIds),
  });
}

/**
 * Publishes the scheduled notices whose time has come (every process looks every NOTICE_SCHEDULE_POLL_MS; one
 * claims each notice, and a second publication of the same id is stored once). The audience is who it is now.
 */
export async function publishDueNotices(rt: ChatRuntime, now: number = Date.now()): Promise<number> {
  const repo = repoOf(rt);
  const at = nowIso(now);
  let published = 0;
  for (const s of await repo.dueScheduled(at, nowIso(now - NOTICE_CLAIM_STALE_MS))) {
    if (!(await repo.claimScheduled(s.id, s.claimed_at, at))) continue;
    const input = JSON.parse(s.payload) as SendNoticeRequest;
    const account = await rt.repo.publicAccount(s.tenant_id, s.mp_id);
    if (!account) {
      await repo.cancelScheduled(s.tenant_id, s.id);
      continue;
    }
    const file = input.fileId ? await rt.repo.file(s.tenant_id, input.fileId) : undefined;
    const depts = await withSubDepts(rt, s.tenant_id, input.deptIds).catch(() => []);
    const users = await repo.recipientUsers(s.tenant_id, input.roleIds, depts);
    await publishNotice(rt, repo, s.tenant_id, {
      ...input,
      id: s.id,
      account,
      createdBy: s.created_by,
      file: file ?? null,
      userIds: users.map((u) => u.id),
      audience: audienceOf(input.roleIds, input.deptIds),
      at,
    });
    await repo.markScheduledPublished(s.id, at);
    published++;
  }
  return published;
}

/** The notices of the tenant waiting for their time (the notice page), with the time as the tenant's wall clock. */
export async function scheduledNotices(rt: ChatRuntime, ctx: RequestContext): Promise<ScheduledNoticeItem[]> {
  const [rows, timeZone] = await Promise.all([
    repoOf(rt).pendingScheduled(ctx.tenantId),
    tenantTimeZone(rt.deps, ctx.tenantId),
  ]);
  return rows.map((r) => {
    const input = JSON.parse(r.payload) as SendNoticeRequest;
    return {
      id: r.id,
      title: r.title,
      mpName: r.mp_name ?? '',
      important: Boolean(input.important),
      ...audienceParts(audienceOf(input.roleIds, input.deptIds)),
      publishAt: r.publish_at,
      publishAtLocal: dayjs(r.publish_at).tz(timeZone).format('YYYY-MM-DD HH:mm'),
      createdByName: r.created_by_name ?? '',
    };
  });
}

/** Stores and delivers a notice; also used by the demo seed (with no socket listening). */
export async function publishNotice(
  rt: Pick<ChatRuntime, 'repo' | 'bus'>,
  repo: MessagesRepository,
  tenantId: string,
  n: {
    id?: string;
    account: { id: string; name: string; mp_type: number };
    createdBy: string;
    file: { id: string; file_type_name: string; size: number } | null;
    userIds: string[];
    title: string;
    summary: string;
    body: string;
    url: string;
    important: boolean;
    fieldSet: string;
    /** Who may open it on the detail page: AUDIENCE_EVERYONE, or the comma-joined role ids it went to (audienceOf). */
    audience: string;
    at?: string;
  },
): Promise<{ id: string; recipients: number }> {
  const id = n.id ?? newId();
  const now = n.at ?? nowIso();
  const content: NoticeContent = {
    noticeId: id,
    title: n.title,
    summary: n.summary,
    url: noticeUrl({ url: n.url, message_id: id, tenant_id: tenantId }),
    important: n.important,
    fieldSet: n.fieldSet,
  };
  const row: NewChatMessageRow = {
    id,
    tenant_id: tenantId,
    message_id_web: id,
    from_user_id: n.account.id,
    from_user_name: n.account.name,
    from_resource: '',
    // One message for many recipients: each socket sees itself as the addressee.
    to_user_id: '',
    to_user_name: '',
    to_user_type: TO_USER_TYPE_USER,
    mp_type: n.account.mp_type,
    type: MSG_TYPE_NOTICE,
    content: JSON.stringify(content),
    file_type_name: n.file?.file_type_name ?? null,
    file_size: n.file?.size ?? null,
    object_id: n.file?.id ?? null,
    time_send: now,
    revoked_at: null,
  };
  const recipients = n.userIds.map((userId) => ({
    userId,
    peerId: n.account.id,
    peerType: PEER_PUBLIC_ACCOUNT,
    mpType: n.account.mp_type,
    peerName: n.account.name,
    unread: true,
    own: false,
  }));
  await storeAndPublish(rt, tenantId, row, recipients, null, {
    after: (trx) =>
      repo.insertNotice(trx, {
        message_id: id,
        tenant_id: tenantId,
        mp_id: n.account.id,
        title: n.title,
        summary: n.summary,
        body: n.body,
        url: n.url,
        important: n.important ? 1 : 0,
        field_set: n.fieldSet,
        file_id: n.file?.id ?? null,
        recipients: recipients.length,
        audience: n.audience,
        created_by: n.createdBy,
        created_at: now,
        deleted_at: null,
      }),
  });
  return { id, recipients: recipients.length };
}

/** app/msg/remove (administrator): the notice is deleted; opening it then says '消息已被删除'. */
export async function removeNotice(rt: ChatRuntime, ctx: RequestContext, id: string): Promise<void> {
  requireAdmin(ctx);
  await withdrawNotice(rt, ctx, id);
}

/** Withdraws a notice (the notice page): it leaves every list and its detail opens the deleted page (4.2). */
export async function withdrawNotice(rt: ChatRuntime, ctx: RequestContext, id: string): Promise<void> {
  // A scheduled notice not yet published is cancelled: it never reaches anyone.
  if (await repoOf(rt).cancelScheduled(ctx.tenantId, id)) return;
  if (!(await repoOf(rt).removeNotice(ctx.tenantId, id))) throw notFound(MESSAGE_TEXTS.noSuchNotice);
}

/** The notice page's list: the tenant's notices, newest first, with audience, recipients and how many read them. */
export async function manageNoticePage(rt: ChatRuntime, ctx: RequestContext, input: { current: number; size: number }) {
  const { rows, total } = await repoOf(rt).manageNoticePage(ctx.tenantId, (input.current - 1) * input.size, input.size);
  const records: NoticeManageItem[] = rows.map((r) => ({
    id: r.message_id,
    title: r.title,
    mpId: r.mp_id,
    mpName: r.mp_name ?? '',
    important: Number(r.important) === 1,
    ...audienceParts(r.audience),
    recipients: Number(r.recipients),
    readCount: Number(r.read_count ?? 0),
    fileName: r.file_name ?? null,
    createdAt: r.created_at,
    createdByName: r.created_by_name ?? '',
    withdrawnAt: r.deleted_at,
  }));
  return pageResult(records, total, input.current, input.size);
}

export async function manageOptions(rt: ChatRuntime, ctx: RequestContext): Promise<NoticeManageOptions> {
  const [accounts, roles, depts, timeZone] = await Promise.all([
    rt.repo.publicAccounts(ctx.tenantId),
    repoOf(rt).roles(ctx.tenantId),
    tenantDepts(rt, ctx.tenantId),
    tenantTimeZone(rt.deps, ctx.tenantId),
  ]);
  return {
    accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
    roles: roles.map((r) => ({ id: r.id, name: r.role_name })),
    depts,
    timeZone,
  };
}

// ---------------------------------------------------------------- message center (7.9)

const deleted = (): Envelope<null> => fail(STATUS_MESSAGE_DELETED, MESSAGES.messageDeleted);

/** messageCenterHistoryMsg/detail: status 1000 with the url to open, or the deleted status (4.2). */
export async function messageCenterDetail(
  rt: ChatRuntime,
  ctx: RequestContext,
  id: string,
): Promise<Envelope<MessageCenterDetail | null>> {
  const repo = repoOf(rt);
  const entry = await repo.recipientEntry(ctx.tenantId, ctx.userId, id);
  const notice = entry ? await repo.notice(ctx.tenantId, id) : undefined;
  if (!entry || !notice) throw notFound(MESSAGE_TEXTS.noSuchNotice);
  if (notice.deleted_at) return deleted();
  return ok({
    id,
    title: notice.title,
    url: noticeUrl(notice),
    mpName: notice.mp_name,
    timeSend: notice.created_at,
    read: entry.read_at !== null,
  });
}

/** The attachment of a notice sent to the user (messageCenterHistoryMsg/downloadFile). */
export async function noticeAttachment(rt: ChatRuntime, ctx: RequestContext, id: string) {
  const repo = repoOf(rt);
  const entry = await repo.recipientEntry(ctx.tenantId, ctx.userId, id);
  const notice = entry ? await repo.notice(ctx.tenantId, id) : undefined;
  if (!entry || !notice) throw notFound(MESSAGE_TEXTS.noSuchNotice);
  if (notice.deleted_at) return { deleted: true as const };
  const file = notice.file_id ? await rt.repo.file(ctx.tenantId, notice.file_id) : undefined;
  if (!file) throw notFound(MESSAGE_TEXTS.noAttachment);
  return { deleted: false as const, file };
}

/**
 * nobody/messageCenter/messageDetail/{id}: what the detail page shows. Only notices, and only to those they were
 * for: anonymous visitors see notices addressed to everyone; a logged-in user also those sent to them or to
 * their role, and an administrator those they sent. Any other notice reads as missing (no hint that it exists).
 */
export async function publicDetail(
  rt: ChatRuntime,
  viewer: RequestContext | null,
  tenantId: string,
  id: string,
): Promise<Envelope<PublicMessageDetail | null>> {
  const repo = repoOf(rt);
  const notice = await repo.notice(tenantId, id);
  if (!notice) throw notFound(MESSAGE_TEXTS.noSuchNotice);
  const forEveryone = notice.audience === AUDIENCE_EVERYONE;
  const forViewer =
    !!viewer &&
    (notice.created_by === viewer.userId ||
      (notice.audience ?? '').split(',').includes(viewer.roleId) ||
      !!(await repo.recipientEntry(viewer.tenantId, viewer.userId, id)));
  if (!forEveryone && !forViewer) throw notFound(MESSAGE_TEXTS.noSuchNotice);
  if (notice.deleted_at) return deleted();
  return ok({
    id,
    title: notice.title,
    summary: notice.summary,
    // Cleaned again on the way out: notices stored before bodies were cleaned on sending.
    body: sanitizeRichText(notice.body),
    url: notice.url && isSafeLink(notice.url) ? notice.url : '',
    fieldSet: notice.field_set,
    mpName: notice.mp_name,
    timeSend: notice.created_at,
    fileName: notice.file_name,
    fileSize: notice.file_size === null ? null : Number(notice.file_size),
  });
}

/** mpManage/readMessage (messageId, userId): one message read, for the caller only. */
export async function readMessage(
  rt: ChatRuntime,
  ctx: RequestContext,
  input: { messageId: string; userId: string },
): Promise<void> {
  if (input.userId !== ctx.userId) throw forbidden(MESSAGE_TEXTS.notYourMessage);
  const { found } = await rt.repo.markMessageRead(ctx.tenantId, ctx.userId, input.messageId);
  if (!found) throw notFound(MESSAGE_TEXTS.noSuchNotice);
}

/** homePage/getIsShowMsg: the unread important notices of the prompt (latest UNREAD_NOTICE_LIST_SIZE). */
export async function isShowMsg(rt: ChatRuntime, ctx: RequestContext): Promise<IsShowMsg> {
  const { rows, total } = await repoOf(rt).unreadImportant(ctx.tenantId, ctx.userId, UNREAD_NOTICE_LIST_SIZE);
  return { isShowMsg: total > 0, total, list: rows.map((r) => noticeItem(ctx.tenantId, r)) };
}
