import { DownloadOutlined } from '@ant-design/icons';
import { MP_TYPE_PUBLIC_ACCOUNT } from '@portal/contracts/chat';
import { formatCount } from '@portal/contracts/constants';
import type { MpMsgListEntry, NoticeItem } from '@portal/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Pagination, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import {
  PUBLIC_ACCOUNT_PAGE_SIZE,
  publicAccountMessagesQueryKey,
  usePublicAccountMessages,
} from '../api/get-public-account-messages.ts';
import { publicAccountsQueryKey, usePublicAccounts } from '../api/get-public-accounts.ts';
import { useDownloadMessageFile } from './use-download-message-file.ts';
import './messages.css';
import { useOpenNotice } from './use-open-notice.ts';
import { TenantTime } from '../../../components/tenant-time.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';

/**
 * What the chat socket tells the message center, given by app/ (features never import each other): whether it is
 * connected, and a counter that goes up with each notice (type 80) arriving over it.
 */
export type NoticeSocket = { connected: boolean; noticeVersion: number };

/** Refetches a query whenever a notice (type 80) arrives over the chat socket. */
function useRefetchOnNotice(queryKey: readonly unknown[], noticeVersion: number) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (noticeVersion) void queryClient.invalidateQueries({ queryKey });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [noticeVersion]);
}

/** Unread notices over every public account (the badge of the "public accounts" tab). */
export function usePublicAccountsUnread(enabled: boolean, noticeVersion: number): number {
  const accounts = usePublicAccounts(enabled);
  useRefetchOnNotice(publicAccountsQueryKey, noticeVersion);
  return (accounts.data ?? []).reduce((n, a) => n + a.unreadNumber, 0);
}

/**
 * The public accounts of the tenant (app/service/mpMsgListByUser), each with the user's last message from it
 * and the unread count; picking one opens its messages.
 */
export function PublicAccountList({
  active,
  onPick,
  connected,
  noticeVersion,
}: { active: string | null; onPick: (a: MpMsgListEntry) => void } & NoticeSocket) {
  const { t } = useTranslation();
  const accounts = usePublicAccounts(connected);
  useRefetchOnNotice(publicAccountsQueryKey, noticeVersion);
  if (accounts.isLoading) return <Spin style={{ display: 'block', margin: 24 }} />;
  const items = accounts.data ?? [];
  if (!items.length)
    return <Empty description={t('messages.publicAccounts.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul className="chat-conversations" aria-label={t('messages.publicAccounts.list')}>
      {items.map((a) => (
        <li key={a.id}>
          <button
            type="button"
            className={a.id === active ? 'chat-conversation active' : 'chat-conversation'}
            aria-current={a.id === active ? 'true' : undefined}
            onClick={() => onPick(a)}
          >
            <span className="chat-conversation-top">
              <span className="chat-conversation-name">{a.name}</span>
              {a.timeSend && <TenantTime className="chat-conversation-time" time={a.timeSend} format="MM-DD HH:mm" />}
            </span>
            <span className="chat-conversation-bottom">
              <span className="chat-conversation-preview">
                {a.content || a.intro || t('messages.publicAccounts.noMessages')}
              </span>
              {a.unreadNumber > 0 && (
                <>
                  <Badge count={formatCount(a.unreadNumber)} aria-hidden />
                  <span className="chat-sr-only">
                    {t('messages.publicAccounts.unreadCount', { count: a.unreadNumber })}
                  </span>
                </>
              )}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function NoticeEntry({
  n,
  onOpen,
  onDownload,
}: {
  n: NoticeItem;
  onOpen: (n: NoticeItem) => void;
  onDownload: (n: NoticeItem) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="mp-notice">
      <article aria-label={n.title}>
        <div className="mp-notice-top">
          <Button
            type="link"
            className="mp-notice-title"
            onClick={() => onOpen(n)}
            aria-label={t('messages.publicAccounts.open', { title: n.title })}
          >
            {n.title}
          </Button>
          <TenantTime className="chat-conversation-time" time={n.timeSend} format="YYYY-MM-DD HH:mm" />
        </div>
        <Space size={4} wrap>
          {n.important && <Tag className="mp-notice-important">{t('messages.publicAccounts.important')}</Tag>}
          {n.fieldSet && <Tag>{n.fieldSet}</Tag>}
          <span className={n.read ? 'mp-notice-state' : 'mp-notice-state unread'}>
            {n.read ? t('messages.publicAccounts.read') : t('messages.publicAccounts.unread')}
          </span>
        </Space>
        {n.summary && <p className="mp-notice-summary">{n.summary}</p>}
        {n.fileName && (
          <Button
            size="small"
            className="mp-notice-download"
            icon={<DownloadOutlined aria-hidden />}
            onClick={() => onDownload(n)}
            aria-label={t('messages.publicAccounts.downloadAttachment', { name: n.fileName })}
          >
            {n.fileName}
          </Button>
        )}
      </article>
    </li>
  );
}

/**
 * The messages of one public account (app/msg/page), newest first, a page at a time. Opening one follows 4.2
 * (read, then its url; a deleted one opens /deleteNoPag); an attachment downloads through the message center.
 */
export function PublicAccountMessages({
  mpId,
  name,
  noticeVersion,
}: {
  mpId: string;
  name: string;
  noticeVersion: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState(1);
  const page = usePublicAccountMessages(mpId, current);
  const openNotice = useOpenNotice();
  const download = useDownloadMessageFile();
  useRefetchOnNotice(publicAccountMessagesQueryKey(mpId), noticeVersion);
  useEffect(() => setCurrent(1), [mpId]);

  const open = async (n: NoticeItem) => {
    await openNotice(n.id);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: publicAccountMessagesQueryKey(mpId) }),
      queryClient.invalidateQueries({ queryKey: publicAccountsQueryKey }),
    ]);
  };
  const records = page.data?.records ?? [];
  return (
    <div
      className="chat-messages mp-notices"
      role="region"
      aria-label={t('messages.publicAccounts.messages', { name })}
      tabIndex={0}
    >
      {page.isLoading && <Spin />}
      {!page.isLoading && !records.length && (
        <Empty description={t('messages.publicAccounts.noMessages')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
      <ol className="chat-message-list">
        {records.map((n) => (
          <NoticeEntry
            key={n.id}
            n={n}
            onOpen={(x) => void open(x)}
            onDownload={(x) => void download(x.id, x.fileName ?? x.title)}
          />
        ))}
      </ol>
      {(page.data?.total ?? 0) > PUBLIC_ACCOUNT_PAGE_SIZE && (
        <nav
          aria-label={t('messages.publicAccounts.pager')}
          style={{ marginTop: 12, display: 'flex', justifyContent: 'center' }}
        >
          <Pagination
            {...pagerNames(t)}
            size="small"
            current={current}
            pageSize={PUBLIC_ACCOUNT_PAGE_SIZE}
            total={page.data?.total ?? 0}
            showSizeChanger={false}
            onChange={setCurrent}
          />
        </nav>
      )}
    </div>
  );
}

export const isPublicAccount = (mpType: number | null) => mpType === MP_TYPE_PUBLIC_ACCOUNT;
