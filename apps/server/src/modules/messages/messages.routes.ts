import { envelope, OptionalPageRequest, pageOf } from '@portal/contracts/envelope';
import { MESSAGES } from '@portal/contracts/errors';
import {
  IdRequest,
  ImUser,
  ImUserDetail,
  ImUserDetailRequest,
  IsShowMsg,
  MessageCenterDetail,
  MpMsgListEntry,
  MpMsgPageRequest,
  MpReadRequest,
  NOTICE_MANAGE_MENU,
  NoticeItem,
  NoticeManageItem,
  NoticeManageOptions,
  PublicMessageDetail,
  ReadMessageRequest,
  ScheduledNoticeItem,
  SendNoticeRequest,
  SendNoticeResult,
  STATUS_MESSAGE_DELETED,
  UserListRequest,
  MESSAGE_TEXTS,
} from '@portal/contracts/messages';
import { z } from 'zod';
import { defaultTenantOf, enabledTenant } from '../../platform/auth.ts';
import { fail, ok } from '../../platform/envelope.ts';
import { GROUPS, typed, userOf, type App } from '../../platform/http.ts';
import { sendStoredFile } from '../chat/chat.files.ts';
import { chatRuntime } from '../chat/chat.hub.ts';
import * as messages from './messages.service.ts';
import { limitOf } from '../../platform/rate-limit.ts';

/**
 * Public accounts and their messages (7.8 app/*), the message center (7.9) and the unread-notice prompt
 * (7.6 homePage/getIsShowMsg).
 */
export async function messagesRoutes(app: App): Promise<void> {
  const rt = await chatRuntime(app);
  // Scheduled notices are published when their time comes, by whichever process looks first.
  const publishDue = () =>
    void messages.publishDueNotices(rt).catch((err) => app.log.warn({ err }, 'scheduled notices not published'));
  app.addHook('onReady', async () => publishDue());
  const schedule = setInterval(publishDue, messages.NOTICE_SCHEDULE_POLL_MS);
  schedule.unref();
  app.addHook('onClose', async () => clearInterval(schedule));
  const r = typed(app);
  const P = GROUPS.platform;
  const tags = ['messages'];

  r.post(
    `${P}/app/service/mpMsgListByUser`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Public accounts with the last message and unread count for the caller',
        response: { 200: envelope(z.array(MpMsgListEntry)) },
      },
    },
    async (request) => ok(await messages.mpMsgListByUser(rt, userOf(request))),
  );
  r.post(
    `${P}/app/userList/page`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'People of the tenant to chat with',
        body: UserListRequest,
        response: { 200: envelope(pageOf(ImUser)) },
      },
    },
    async (request) => ok(await messages.userPage(rt, userOf(request), request.body)),
  );
  r.post(
    `${P}/app/userList/detail`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A chat partner (imWebUserGet) with the devices online now',
        body: ImUserDetailRequest,
        response: { 200: envelope(ImUserDetail) },
      },
    },
    async (request) => ok(await messages.userDetail(rt, userOf(request), request.body.userId)),
  );
  r.post(
    `${P}/app/msg/page`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Notices of one public account to the caller, newest first',
        body: MpMsgPageRequest,
        response: { 200: envelope(pageOf(NoticeItem)) },
      },
    },
    async (request) => ok(await messages.mpMessagePage(rt, userOf(request), request.body)),
  );
  r.post(
    `${P}/app/msg/read`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mark every message of a public account read',
        body: MpReadRequest,
        response: { 200: envelope(z.object({ read: z.number().int() })) },
      },
    },
    async (request) => ok({ read: await messages.readMp(rt, userOf(request), request.body.mpId) }),
  );
  r.post(
    `${P}/app/msg/send`,
    {
      config: { access: 'user', admin: MESSAGE_TEXTS.adminOnly, rateLimit: limitOf('notice') },
      schema: {
        tags,
        summary: 'Publish a notice from a public account (administrator); delivered at once as type 80',
        body: SendNoticeRequest,
        response: { 200: envelope(SendNoticeResult) },
      },
    },
    async (request) => ok(await messages.sendNotice(rt, userOf(request), request.body)),
  );
  r.post(
    `${P}/app/msg/remove`,
    {
      config: { access: 'user', admin: MESSAGE_TEXTS.adminOnly },
      schema: {
        tags,
        summary: 'Delete a notice (administrator)',
        body: IdRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await messages.removeNotice(rt, userOf(request), request.body.id);
      return ok(null);
    },
  );

  // The notice page of the configuration menu (issue 14): whoever holds the menu writes, publishes, withdraws and follows notices.
  r.post(
    `${P}/app/msg/manage/page`,
    {
      config: { menu: NOTICE_MANAGE_MENU },
      schema: {
        tags,
        summary: "The tenant's notices with audience, recipients and read counts (notice page)",
        body: OptionalPageRequest,
        response: { 200: envelope(pageOf(NoticeManageItem)) },
      },
    },
    async (request) => ok(await messages.manageNoticePage(rt, userOf(request), request.body)),
  );
  r.post(
    `${P}/app/msg/manage/options`,
    {
      config: { menu: NOTICE_MANAGE_MENU },
      schema: {
        tags,
        summary: 'Public accounts and roles a notice can be sent from and to (notice page)',
        response: { 200: envelope(NoticeManageOptions) },
      },
    },
    async (request) => ok(await messages.manageOptions(rt, userOf(request))),
  );
  r.post(
    `${P}/app/msg/manage/publish`,
    {
      config: { menu: NOTICE_MANAGE_MENU, rateLimit: limitOf('notice') },
      schema: {
        tags,
        summary: 'Publish a notice (rich text cleaned, audience, importance, attachment) from the notice page',
        body: SendNoticeRequest,
        response: { 200: envelope(SendNoticeResult) },
      },
    },
    async (request) => ok(await messages.publishFromPage(rt, userOf(request), request.body)),
  );
  r.post(
    `${P}/app/msg/manage/scheduled`,
    {
      config: { menu: NOTICE_MANAGE_MENU },
      schema: {
        tags,
        summary: 'Notices waiting for their publication time (the tenant’s wall clock beside the instant)',
        response: { 200: envelope(z.array(ScheduledNoticeItem)) },
      },
    },
    async (request) => ok(await messages.scheduledNotices(rt, userOf(request))),
  );
  r.post(
    `${P}/app/msg/manage/withdraw`,
    {
      config: { menu: NOTICE_MANAGE_MENU },
      schema: {
        tags,
        summary: 'Withdraw a notice: it opens the deleted page from then on (4.2)',
        body: IdRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await messages.withdrawNotice(rt, userOf(request), request.body.id);
      return ok(null);
    },
  );

  r.post(
    `${P}/messageCenterHistoryMsg/detail`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: `A message of the message center: status 1000 with its url, or ${STATUS_MESSAGE_DELETED} '${MESSAGES.messageDeleted}'`,
        body: IdRequest,
        response: { 200: envelope(MessageCenterDetail.nullable()) },
      },
    },
    async (request) => messages.messageCenterDetail(rt, userOf(request), request.body.id),
  );
  r.post(
    `${P}/messageCenterHistoryMsg/downloadFile`,
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Download the attachment of a message of the message center', body: IdRequest },
    },
    async (request, reply) => {
      const found = await messages.noticeAttachment(rt, userOf(request), request.body.id);
      if (found.deleted) return reply.send(fail(STATUS_MESSAGE_DELETED, MESSAGES.messageDeleted));
      return sendStoredFile(reply, app.deps.files, found.file);
    },
  );
  r.get(
    `${P}/nobody/messageCenter/messageDetail/:id`,
    {
      // Optional: with a token the caller's own notices (by recipient, role or sender) are found too.
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'What the message detail page (/generalDetailsTow) shows, without login',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ tenantId: z.string().optional() }),
        response: { 200: envelope(PublicMessageDetail.nullable()) },
      },
    },
    // Always within one tenant: the caller's, the one the address names, else the one addresses without a tenant open
    // on (DEFAULT_TENANT), when it is enabled. A notice's id alone found it in any tenant, a disabled one included.
    async (request) =>
      messages.publicDetail(
        rt,
        request.ctx,
        request.ctx?.tenantId ?? request.tenantId ?? (await enabledTenant(app, defaultTenantOf(app))).tenantId,
        request.params.id,
      ),
  );
  r.post(
    `${P}/mpManage/readMessage`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mark one message read (messageId, userId of the caller)',
        body: ReadMessageRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await messages.readMessage(rt, userOf(request), request.body);
      return ok(null);
    },
  );
  r.post(
    `${GROUPS.osp}/homePage/getIsShowMsg`,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Unread important notices for the bottom-right prompt (latest 10)',
        response: { 200: envelope(IsShowMsg) },
      },
    },
    async (request) => ok(await messages.isShowMsg(rt, userOf(request))),
  );
}
