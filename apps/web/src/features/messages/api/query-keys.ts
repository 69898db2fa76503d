/**
 * The one query-key factory of the message center (issue 15): public accounts, notices, the unread-notice prompt
 * and notice management. Its keys began with 'chat' while this code lived in the chat feature.
 */
export const messagesKeys = {
  all: ['messages'] as const,
  isShowMsg: () => [...messagesKeys.all, 'isShowMsg'] as const,
  publicAccounts: () => [...messagesKeys.all, 'publicAccounts'] as const,
  publicAccountMessages: (mpId: string) => [...messagesKeys.all, 'publicAccountMessages', mpId] as const,
  publicAccountMessagesPage: (mpId: string, current: number) =>
    [...messagesKeys.publicAccountMessages(mpId), current] as const,
  publicDetail: (id: string, tenantId?: string) => [...messagesKeys.all, 'publicDetail', id, tenantId] as const,
  manage: () => [...messagesKeys.all, 'manage'] as const,
  managedNotices: (current: number, size: number) => [...messagesKeys.manage(), 'page', current, size] as const,
  noticeOptions: () => [...messagesKeys.manage(), 'options'] as const,
  scheduledNotices: () => [...messagesKeys.manage(), 'scheduled'] as const,
};
