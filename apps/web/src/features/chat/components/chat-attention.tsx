import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import { formatCount } from '@portal/contracts/constants';
import {
  MSG_TYPE_FILE,
  MSG_TYPE_IMAGE,
  MSG_TYPE_MEDIA_FILE,
  TO_USER_TYPE_GROUP,
} from '@portal/contracts/chat-constants';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { isFileHelper, type IncomingNotice } from '../lib/chat-client.ts';
import {
  browserNotificationApi,
  createMessageNotifier,
  notificationPermission,
  requestNotificationPermission,
  type NotificationPermissionState,
} from '../lib/browser-notifications.ts';

/** The page title with the unread count before it, "(3) 首页 - 门户": any count put there before is replaced. */
export function titleWithCount(title: string, count: number): string {
  const base = title.replace(/^\(\d+\+?\) /, '');
  return count > 0 ? `(${formatCount(count)}) ${base}` : base;
}

/**
 * Keeps the unread count (of conversations not muted) in the tab title: the router sets the title on each page,
 * so a change of the title element puts the count back.
 */
export function useTitleCount(count: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithCount(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      const base = titleWithCount(document.title, 0);
      if (base !== document.title) document.title = base;
    };
  }, [count]);
}

/**
 * Browser notifications of new messages while the tab is hidden (issue 14), for as long as the component is
 * mounted; clicking one brings the page forward with the conversation open.
 */
export function useMessageNotifications(
  subscribe: (listener: (notice: IncomingNotice) => void) => () => void,
  onOpen: (peerId: string) => void,
): void {
  const { t } = useTranslation();
  useEffect(() => {
    const notify = createMessageNotifier({
      api: browserNotificationApi,
      hidden: () => document.visibilityState === 'hidden',
      format: ({ message: m, conversation: c }) => {
        const text =
          m.type === MSG_TYPE_IMAGE
            ? t('chat.notifications.image')
            : m.type === MSG_TYPE_FILE || m.type === MSG_TYPE_MEDIA_FILE
              ? `${t('chat.notifications.file')} ${m.content}`
              : m.content.length > 100
                ? `${m.content.slice(0, 100)}…`
                : m.content;
        const name = isFileHelper(c.jid) ? t('chat.fileHelper') : c.name;
        return c.toUserType === TO_USER_TYPE_GROUP
          ? { title: name, body: `${m.fromUserName}: ${text}` }
          : { title: name, body: text };
      },
      onOpen: (peerId) => {
        window.focus();
        onOpen(peerId);
      },
    });
    return subscribe((notice) => void notify(notice));
  }, [subscribe, onOpen, t]);
}

/**
 * The offer to turn on desktop notifications, with its reason: the permission is asked only when the user clicks
 * (never at page load); once decided it shows no more (a refusal says where to change it).
 */
export function NotificationOffer() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<NotificationPermissionState>(() => notificationPermission());
  const [asked, setAsked] = useState(false);
  if (permission === 'unsupported' || permission === 'granted') return null;
  // Refused before: nothing to offer (the browser would not ask again); refused just now: where to change it.
  if (permission === 'denied' && !asked) return null;
  if (permission === 'denied')
    return (
      <p className="chat-notification-offer" role="note">
        {t('chat.notifications.denied')}
      </p>
    );
  return (
    <div className="chat-notification-offer">
      <span id="chat-notification-reason">{t('chat.notifications.reason')}</span>
      <button
        type="button"
        className="plain-button plain-button-small"
        aria-describedby="chat-notification-reason"
        onClick={() => {
          setAsked(true);
          void requestNotificationPermission().then(setPermission);
        }}
      >
        <PlainIcon icon={BellOutlined} />
        {t('chat.notifications.enable')}
      </button>
    </div>
  );
}
