import { CloseOutlined, NotificationOutlined } from '@ant-design/icons';
import type { GroupNotice } from '@portal/contracts/chat';
import { Button } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useChatGroups } from '../api/get-chat-groups.ts';
import { useChat } from '../lib/chat-runtime.ts';
import { dismissNotice, isNoticeDismissed } from '../lib/dismissed-notices.ts';
import { formatTenantTime } from '../../../lib/time-zone.ts';

/** An announcement longer than this, or on several lines, shows two lines until expanded. */
const SHORT_NOTICE_CHARS = 60;

/** "李老师 发布于 2026-11-23 14:05": who set an announcement, and when. */
export function noticeMeta(notice: GroupNotice, t: (key: string, values: Record<string, string>) => string): string {
  return t('chat.group.announcement.setBy', {
    name: notice.byUserName,
    time: formatTenantTime(notice.at, 'YYYY-MM-DD HH:mm'),
  });
}

/**
 * The group's announcement at the top of its conversation: the text, who set it and when. The user may close it
 * for this session (a new or changed announcement shows again); it is read from the group list, which a
 * `noticeChanged` frame updates at once. `onDismissed` receives the focus once the banner is gone.
 */
export function GroupNoticeBanner({ groupId, onDismissed }: { groupId: string; onDismissed?: () => void }) {
  const { t } = useTranslation();
  const me = useChat((s) => s.me?.userId ?? '');
  const groups = useChatGroups(true);
  const notice = groups.data?.find((g) => g.id === groupId)?.notice ?? null;
  const [closed, setClosed] = useState<string | null>(null);
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  useEffect(() => setExpanded(false), [groupId, notice?.at]);
  if (!notice || closed === `${groupId}|${notice.at}` || isNoticeDismissed(me, groupId, notice.at)) return null;

  const long = notice.text.length > SHORT_NOTICE_CHARS || notice.text.includes('\n');
  const dismiss = () => {
    dismissNotice(me, groupId, notice.at);
    setClosed(`${groupId}|${notice.at}`);
    onDismissed?.();
  };
  return (
    <section className="chat-group-notice" aria-label={t('chat.group.announcement.title')}>
      <NotificationOutlined aria-hidden className="chat-group-notice-icon" />
      <div className="chat-group-notice-body">
        <p id={textId} className={long && !expanded ? 'chat-group-notice-text clamped' : 'chat-group-notice-text'}>
          <strong>
            {t('chat.group.announcement.title')}
            {t('app.colon')}
          </strong>
          <span>{notice.text}</span>
        </p>
        <p className="chat-group-notice-meta">
          <time dateTime={notice.at}>{noticeMeta(notice, t)}</time>
          {long && (
            <Button
              type="link"
              size="small"
              aria-expanded={expanded}
              aria-controls={textId}
              onClick={() => setExpanded((x) => !x)}
            >
              {expanded ? t('chat.group.announcement.collapse') : t('chat.group.announcement.expand')}
            </Button>
          )}
        </p>
      </div>
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined aria-hidden />}
        aria-label={t('chat.group.announcement.dismiss')}
        onClick={dismiss}
      />
    </section>
  );
}
