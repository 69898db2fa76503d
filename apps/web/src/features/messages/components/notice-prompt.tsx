import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import MinusOutlined from '@ant-design/icons-svg/es/asn/MinusOutlined';
import NotificationOutlined from '@ant-design/icons-svg/es/asn/NotificationOutlined';
import { UNREAD_NOTICE_LIST_SIZE } from '@portal/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { TenantTime } from '../../../components/tenant-time.tsx';
import { isShowMsgQueryKey, useIsShowMsg } from '../api/get-is-show-msg.ts';
import {
  collapsedPromptNotices,
  collapsePrompt,
  dismissedPromptNotices,
  dismissPrompt,
} from '../lib/dismissed-prompt.ts';
import './messages.css';
import { useOpenNotice } from './use-open-notice.ts';
import type { NoticeSocket } from './public-accounts.tsx';

/** The notices the prompt held when the user closed or collapsed it, for this user. */
type Held = { user: string; ids: ReadonlySet<string> };

/**
 * The bottom-right unread-notice prompt of 2.4: unread important notices, the latest 10, one per page with
 * paging. A notice arriving over the chat socket refreshes it; opening one follows 4.2. What the socket tells
 * (connected, notices arrived) is given by app/, which composes the chat and the message center.
 *
 * A notice that arrives while the page is open is shown and announced once by its title (a polite status); the
 * notices already there when the page loads are not announced (the prompt is a named landmark), and paging says
 * only where the user is. The prompt never hides the page for good: the page ends with room as tall as the prompt and
 * keyboard focus scrolls clear of it (scroll-padding), and 收起提醒 folds it into a small badge at the corner for the
 * browser session, until a notice it did not hold arrives.
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
  // Whether the prompt opened a notice since it was last shown (the focus it leaves behind, below).
  const openedHere = useRef(false);
  const openNotice = async (id: string) => {
    await openNoticeOnly(id);
    onRead?.();
    openedHere.current = true;
  };
  const [page, setPage] = useState(1);
  // 关闭提醒 and 收起提醒 last for the browser session (a reload too), for this user and the notices the prompt then
  // held: a notice arriving since shows it again.
  const user = useSession((s) => (s.user ? `${s.user.tenant_id}|${s.user.user_id}` : ''));
  const [closed, setClosed] = useState<Held>(() => ({ user, ids: dismissedPromptNotices(user) }));
  if (closed.user !== user) setClosed({ user, ids: dismissedPromptNotices(user) });
  const [folded, setFolded] = useState<Held>(() => ({ user, ids: collapsedPromptNotices(user) }));
  if (folded.user !== user) setFolded({ user, ids: collapsedPromptNotices(user) });

  useEffect(() => {
    if (noticeVersion === 0) return;
    void queryClient.invalidateQueries({ queryKey: isShowMsgQueryKey });
  }, [noticeVersion, queryClient]);

  const list = (query.data?.list ?? []).slice(0, UNREAD_NOTICE_LIST_SIZE);
  const holds = (held: Held) => held.user === user && held.ids.size > 0 && list.every((n) => held.ids.has(n.id));
  const dismissed = holds(closed);
  const collapsed = holds(folded);
  const dismiss = () => {
    const ids = list.map((n) => n.id);
    dismissPrompt(user, ids);
    setClosed({ user, ids: new Set(ids) });
  };
  // Focus follows the control that replaced the one pressed: the badge after 收起, 收起 after the badge.
  const toggled = useRef(false);
  const collapseButton = useRef<HTMLButtonElement>(null);
  const expandButton = useRef<HTMLButtonElement>(null);
  const setCollapsed = (on: boolean) => {
    const ids = on ? list.map((n) => n.id) : null;
    collapsePrompt(user, ids);
    setFolded({ user, ids: new Set(ids) });
    toggled.current = true;
  };
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (collapsed ? expandButton : collapseButton).current?.focus();
  }, [collapsed]);
  useEffect(() => {
    if (page > list.length && list.length) setPage(list.length);
  }, [list.length, page]);

  // What the status line says: a notice that arrived while the page is open, by its title, or where paging went.
  // The notices of the first answer (and of another user's) are known, not announced.
  const [status, setStatus] = useState('');
  const known = useRef<Held | null>(null);
  const answer = query.data;
  useEffect(() => {
    if (!answer) return;
    const current = (answer.list ?? []).slice(0, UNREAD_NOTICE_LIST_SIZE);
    const before = known.current;
    known.current = { user, ids: new Set(current.map((n) => n.id)) };
    if (!before || before.user !== user || !answer.isShowMsg) return;
    const index = current.findIndex((n) => !before.ids.has(n.id));
    if (index < 0) return;
    setPage(index + 1);
    setStatus(t('messages.notices.arrived', { title: current[index]!.title }));
  }, [answer, user, t]);
  const goTo = (next: number) => {
    setPage(next);
    setStatus(t('messages.notices.position', { page: next, total: list.length, title: list[next - 1]?.title ?? '' }));
  };

  // Room at the end of the page as tall as the prompt: scrolled to the bottom, the footer stands above the prompt
  // instead of under it (on a phone the prompt spans the screen's width, issue 10).
  const [room, setRoom] = useState(0);
  const measure = useCallback((el: HTMLElement | null) => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setRoom(el.offsetHeight + 24));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const shown = enabled && !dismissed && !!query.data?.isShowMsg && list.length > 0;
  // The last notice opened in another tab (another site's page) takes the prompt, and the focus, with it: the page's
  // main landmark gets the focus rather than <body>. A portal notice's page gives it to the notice's heading.
  useEffect(() => {
    if (shown || !openedHere.current) return;
    openedHere.current = false;
    if (document.activeElement === document.body || !document.activeElement)
      document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [shown]);
  // A control the keyboard reaches anywhere on the page is scrolled clear of the prompt, not under it (a table's
  // pager at the bottom of the window, WCAG 2.4.11).
  useEffect(() => {
    if (!shown || !room) return;
    const root = document.documentElement;
    root.style.scrollPaddingBottom = `${room}px`;
    return () => {
      root.style.scrollPaddingBottom = '';
    };
  }, [shown, room]);

  if (!enabled) return null;
  // Always there while the prompt may be, so that what it says is announced (a live region that arrives with its
  // text is not).
  const statusLine = (
    <div className="notice-prompt-status" role="status" aria-live="polite" aria-atomic="true">
      {status}
    </div>
  );
  if (!shown) return statusLine;
  const notice = list[Math.min(page, list.length) - 1]!;
  return (
    <>
      {statusLine}
      <div className="notice-prompt-room" style={{ height: room }} aria-hidden="true" />
      {collapsed ? (
        <aside
          className="notice-prompt notice-prompt-collapsed"
          aria-label={t('messages.notices.promptTitle')}
          ref={measure}
        >
          <button
            type="button"
            ref={expandButton}
            className="notice-prompt-expand"
            aria-expanded="false"
            aria-label={t('messages.notices.expand', { count: list.length })}
            onClick={() => setCollapsed(false)}
          >
            <PlainIcon icon={NotificationOutlined} />
            <span>{t('messages.notices.promptTitle')}</span>
            <span className="notice-prompt-count">{list.length}</span>
          </button>
        </aside>
      ) : (
        <aside className="notice-prompt" aria-labelledby="notice-prompt-title" ref={measure}>
          <div className="notice-prompt-header">
            <h2 id="notice-prompt-title">{t('messages.notices.promptTitle')}</h2>
            <span className="notice-prompt-actions">
              <button
                type="button"
                ref={collapseButton}
                className="plain-button plain-button-text plain-button-small"
                aria-label={t('messages.notices.collapse')}
                aria-expanded="true"
                onClick={() => setCollapsed(true)}
              >
                <PlainIcon icon={MinusOutlined} />
              </button>
              <button
                type="button"
                className="plain-button plain-button-text plain-button-small"
                aria-label={t('messages.notices.close')}
                onClick={dismiss}
              >
                <PlainIcon icon={CloseOutlined} />
              </button>
            </span>
          </div>
          <div className="notice-prompt-body">
            <button type="button" className="notice-prompt-title" onClick={() => void openNotice(notice.id)}>
              {notice.title}
            </button>
            <p className="notice-prompt-meta">
              {notice.mpName} · <TenantTime time={notice.timeSend} />
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
                onClick={() => goTo(page - 1)}
              >
                ‹
              </button>
              <span>
                {Math.min(page, list.length)} / {list.length}
              </span>
              <button
                type="button"
                className="plain-button plain-button-text plain-button-small"
                aria-label={t('pager.next')}
                disabled={page >= list.length}
                onClick={() => goTo(page + 1)}
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
      )}
    </>
  );
}
