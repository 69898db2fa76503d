import { CloseOutlined } from '@ant-design/icons';
import { UNREAD_NOTICE_LIST_SIZE } from '@portal/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Pagination } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { isShowMsgQueryKey, useIsShowMsg } from '../api/get-is-show-msg.ts';
import './messages.css';
import { useOpenNotice } from './use-open-notice.ts';
import type { NoticeSocket } from './public-accounts.tsx';

/**
 * The bottom-right unread-notice prompt of 2.4: unread important notices, the latest 10, one per page with
 * paging. A notice arriving over the chat socket refreshes it; opening one follows 4.2. What the socket tells
 * (connected, notices arrived) is given by app/, which composes the chat and the message center.
 */
export function NoticePrompt({ enabled, connected, noticeVersion }: { enabled: boolean } & NoticeSocket) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Asked once the chat socket has accepted the token (the prompt and the chat share the session).
  const query = useIsShowMsg(enabled && connected);
  const openNotice = useOpenNotice();
  const [page, setPage] = useState(1);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (noticeVersion === 0) return;
    setDismissed(false);
    void queryClient.invalidateQueries({ queryKey: isShowMsgQueryKey });
  }, [noticeVersion, queryClient]);

  const list = (query.data?.list ?? []).slice(0, UNREAD_NOTICE_LIST_SIZE);
  useEffect(() => {
    if (page > list.length && list.length) setPage(list.length);
  }, [list.length, page]);

  if (!enabled || dismissed || !query.data?.isShowMsg || !list.length) return null;
  const notice = list[Math.min(page, list.length) - 1]!;
  return (
    <aside className="notice-prompt" aria-labelledby="notice-prompt-title">
      <div className="notice-prompt-header">
        <h2 id="notice-prompt-title">{t('messages.notices.promptTitle')}</h2>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('messages.notices.close')}
          onClick={() => setDismissed(true)}
        />
      </div>
      <div className="notice-prompt-body">
        <button type="button" className="notice-prompt-title" onClick={() => void openNotice(notice.id)}>
          {notice.title}
        </button>
        <p className="notice-prompt-meta">
          {notice.mpName} · {formatTenantTime(notice.timeSend)}
        </p>
        {notice.summary && <p className="notice-prompt-summary">{notice.summary}</p>}
      </div>
      <div className="notice-prompt-footer">
        <Pagination
          simple
          size="small"
          current={page}
          pageSize={1}
          total={list.length}
          onChange={setPage}
          aria-label={t('messages.notices.pager')}
        />
        <Button type="primary" size="small" onClick={() => void openNotice(notice.id)}>
          {t('messages.notices.open')}
        </Button>
      </div>
    </aside>
  );
}
