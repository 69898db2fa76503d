import './chat.css';
import { MessageOutlined } from '@ant-design/icons';
import { formatCount } from '@portal/contracts/constants';
import { App, Badge, Button } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session/session-store.ts';
import { chatClient, useChat } from '../lib/chat-runtime.ts';
import { totalUnread } from '../lib/chat-state.ts';
import { loadPart } from '../../../lib/lazy/load-part.ts';
import { useMessageNotifications, useTitleCount } from './chat-attention.tsx';

// The panel (conversations, composer, robot, groups) is a code part of its own, loaded at the first opening.
const ChatPanel = lazy(() => loadPart(() => import('./chat-panel.tsx')).then((m) => ({ default: m.ChatPanel })));

/**
 * The chat entry of the shell header: starts the chat connection for the logged-in user, shows the unread
 * badge, and opens the chat panel.
 */
export function ChatEntry({ className }: { className?: string }) {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const unread = useChat((s) => totalUnread(s.conversations));
  const status = useChat((s) => s.status);
  const { message } = App.useApp();
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
    if (status === 'conflict') void message.warning(t('chat.status.conflict'));
  }, [status, message, t]);

  useEffect(() => {
    if (!token || !user) return;
    chatClient.start({ userId: user.user_id, userName: user.user_name, token });
  }, [token, user?.user_id]); // eslint-disable-line react-hooks/exhaustive-deps

  const label = unread ? `${t('chat.entry')} ${t('chat.unreadCount', { count: unread })}` : t('chat.entry');
  return (
    <>
      <Badge count={unread ? formatCount(unread) : 0} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          className={className}
          icon={<MessageOutlined />}
          aria-label={label}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        />
      </Badge>
      {opened && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
