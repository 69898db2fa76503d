import { useQueryClient } from '@tanstack/react-query';
import { RobotEntry } from '../features/assistant/components/robot-entry.tsx';
import { ChatPanel, type PublicAccountsSlot } from '../features/chat/components/chat-panel.tsx';
import { useChat } from '../features/chat/lib/chat-runtime.ts';
import { publicAccountsQueryKey } from '../features/messages/api/get-public-accounts.ts';
import {
  PublicAccountList,
  PublicAccountMessages,
  usePublicAccountsUnread,
} from '../features/messages/components/public-accounts.tsx';
import { useOpenNotice } from '../features/messages/components/use-open-notice.ts';
import { assistantZhCN } from '../features/assistant/i18n.ts';
import { addTexts } from '../lib/i18n/i18n.ts';
import { addChatPanelTexts } from '../features/chat/panel-i18n.ts';

// The panel can open over the plain home page, outside the Ant Design layout that registers every feature's texts.
addTexts(assistantZhCN, () => import('../features/assistant/i18n.en-US.ts').then((m) => m.assistantEnUS));
// The panel's own texts: the shell carries only its entry's and the attention's (features/chat/i18n.ts).
addChatPanelTexts();

/**
 * The chat panel with what other features add to it (ADR 0033): the robot assistant beside its title, the message
 * center's public accounts as a tab and as the view of an opened public account, and the 4.2 opening of a notice
 * card.
 */
export function ComposedChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const openNotice = useOpenNotice();
  const connected = useChat((s) => s.connected);
  const noticeVersion = useChat((s) => s.noticeVersion);
  // The unread count of the public accounts tab, fetched while the panel is open.
  const unread = usePublicAccountsUnread(connected && open, noticeVersion);
  const publicAccounts: PublicAccountsSlot = {
    unread,
    list: ({ active, onPick }) => (
      <PublicAccountList
        active={active}
        onPick={(a) => onPick({ jid: a.id, name: a.name, mpType: a.mpType })}
        connected={connected}
        noticeVersion={noticeVersion}
      />
    ),
    view: ({ mpId, name }) => <PublicAccountMessages mpId={mpId} name={name} noticeVersion={noticeVersion} />,
    onOpened: () => queryClient.invalidateQueries({ queryKey: publicAccountsQueryKey }),
  };
  return (
    <ChatPanel
      open={open}
      onClose={onClose}
      headerExtra={<RobotEntry />}
      publicAccounts={publicAccounts}
      onOpenNotice={(id) => void openNotice(id)}
    />
  );
}
