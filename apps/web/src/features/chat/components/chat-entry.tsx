import './chat.css';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { formatCount } from '@portal/contracts/constants';
import { Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { PlainIcon } from '../../../components/plain-icon.tsx';
import { notifyWarning } from '../../../lib/http/notify.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { chatClient, useChat } from '../lib/chat-runtime.ts';
import { totalUnread } from '../lib/chat-state.ts';
import { useMessageNotifications, useTitleCount } from './chat-attention.tsx';

/** The chat panel as the entry opens it: ChatPanel with what app/ adds to it (the robot, the public accounts). */
export type ChatPanelHost = ComponentType<{ open: boolean; onClose: () => void }>;

/**
 * The chat entry of the shell header: starts the chat connection for the logged-in user, shows the unread
 * badge, and opens the chat panel. The panel (conversations, composer, robot, groups) is a code part of its own,
 * loaded at the first opening: app/ gives it as a lazy component.
 */
export function ChatEntry({
  className,
  panel: Panel,
  openAtStart = false,
}: {
  className?: string;
  panel: ChatPanelHost;
  /** The entry was pressed before this component's code part arrived: the panel opens at once. */
  openAtStart?: boolean;
}) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(openAtStart);
  const [opened, setOpened] = useState(openAtStart);
  const unread = useChat((s) => totalUnread(s.conversations));
  const status = useChat((s) => s.status);
  // The unread count (muted conversations left out) in the tab title, and desktop notifications while hidden.
  useTitleCount(unread);
  const openFromNotification = useCallback((peerId: string) => {
    const c = chatClient.store.getState().conversations[peerId];
    setOpened(true);
    setOpen(true);
    if (c) void chatClient.open(c);
  }, []);
  useMessageNotifications(chatClient.onIncoming, openFromNotification);

  useEffect(() => {
    // 4.1: a remote stream-termination flags the user as logged in elsewhere.
    if (status === 'conflict') notifyWarning(t('chat.status.conflict'));
  }, [status, t]);

  useEffect(() => {
    if (!token || !user) return;
    chatClient.start({ userId: user.user_id, userName: user.user_name, token });
  }, [token, user?.user_id]); // eslint-disable-line react-hooks/exhaustive-deps

  const label = unread ? `${t('chat.entry')} ${t('chat.unreadCount', { count: unread })}` : t('chat.entry');
  return (
    <>
      <span className="chat-entry">
        <button
          type="button"
          className={`plain-button plain-button-text ${className ?? ''}`}
          aria-label={label}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <PlainIcon icon={MessageOutlined} />
        </button>
        {unread > 0 && (
          <span className="chat-entry-badge" aria-hidden="true">
            {formatCount(unread)}
          </span>
        )}
      </span>
      {opened && (
        <Suspense fallback={null}>
          <Panel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
