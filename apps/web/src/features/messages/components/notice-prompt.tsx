import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { UNREAD_NOTICE_LIST_SIZE } from '@portal/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { isShowMsgQueryKey, useIsShowMsg } from '../api/get-is-show-msg.ts';
import { dismissedPromptNotices, dismissPrompt } from '../lib/dismissed-prompt.ts';
import './messages.css';
import { useOpenNotice } from './use-open-notice.ts';
import type { NoticeSocket } from './public-accounts.tsx';

/**
 * The bottom-right unread-notice prompt of 2.4: unread important notices, the latest 10, one per page with
 * paging. A notice arriving over the chat socket refreshes it; opening one follows 4.2. What the socket tells
 * (connected, notices arrived) is given by app/, which composes the chat and the message center.
 */
export function NoticePrompt({
  enabled,
  connected,
  noticeVersion,
  onRead,
}: {
  enabled: boolean;
  /** A notice opened from the prompt was read: app/ refreshes the chat's unread counts (the header's badge). */
  onRead?: () => void;
} & NoticeSocket) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Asked once the chat socket has accepted the token (the prompt and the chat share the session).
  const query = useIsShowMsg(enabled && connected);
  const openNoticeOnly = useOpenNotice();
  const openNotice = async (id: string) => {
    await openNoticeOnly(id);
    onRead?.();
  };
  const [page, setPage] = useState(1);
  // 关闭提醒 lasts for the browser session (a reload too), for this user and the notices the prompt then held: a
  // notice arriving since shows it again.
  const user = useSession((s) => (s.user ? `${s.user.tenant_id}|${s.user.user_id}` : ''));
  const [closed, setClosed] = useState(() => ({ user, ids: dismissedPromptNotices(user) }));
  if (closed.user !== user) setClosed({ user, ids: dismissedPromptNotices(user) });

  useEffect(() => {
    if (noticeVersion === 0) return;
    void queryClient.invalidateQueries({ queryKey: isShowMsgQueryKey });
  }, [noticeVersion, queryClient]);

  const list = (query.data?.list ?? []).slice(0, UNREAD_NOTICE_LIST_SIZE);
  const dismissed = closed.user === user && list.every((n) => closed.ids.has(n.id));
  const dismiss = () => {
    const ids = list.map((n) => n.id);
    dismissPrompt(user, ids);
    setClosed({ user, ids: new Set(ids) });
  };
  useEffect(() => {
    if (page > list.length && list.length) setPage(list.length);
  }, [list.length, page]);

  // Room at the end of the page as tall as the prompt: scrolled to the bottom, the footer stands above the prompt
  // instead of under it (on a phone the prompt spans the screen's width, issue 10).
  const [room, setRoom] = useState(0);
  const measure = useCallback((el: HTMLElement | null) => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setRoom(el.offsetHeight + 24));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  if (!enabled || dismissed || !query.data?.isShowMsg || !list.length) return null;
  const notice = list[Math.min(page, list.length) - 1]!;
  return (
    <>
      <div className="notice-prompt-room" style={{ height: room }} aria-hidden="true" />
      <aside className="notice-prompt" aria-labelledby="notice-prompt-title" ref={measure}>
        <div className="notice-prompt-header">
          <h2 id="notice-prompt-title">{t('messages.notices.promptTitle')}</h2>
          <button
            type="button"
            className="plain-button plain-button-text plain-button-small"
            aria-label={t('messages.notices.close')}
            onClick={dismiss}
          >
            <PlainIcon icon={CloseOutlined} />
          </button>
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
          <nav className="notice-prompt-pager" aria-label={t('messages.notices.pager')}>
            <button
              type="button"
              className="plain-button plain-button-text plain-button-small"
              aria-label={t('pager.prev')}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              ‹
            </button>
            <span aria-live="polite">
              {Math.min(page, list.length)} / {list.length}
            </span>
            <button
              type="button"
              className="plain-button plain-button-text plain-button-small"
              aria-label={t('pager.next')}
              disabled={page >= list.length}
              onClick={() => setPage(page + 1)}
            >
              ›
            </button>
          </nav>
          <button
            type="button"
            className="plain-button plain-button-primary plain-button-small"
            onClick={() => void openNotice(notice.id)}
          >
            {t('messages.notices.open')}
          </button>
        </div>
      </aside>
    </>
  );
}
