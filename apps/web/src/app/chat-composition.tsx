import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect } from 'react';
import { AntdIsland } from '../components/antd-island.tsx';
import { ChatEntry } from '../features/chat/components/chat-entry.tsx';
import { chatClient, setPublicAccountReader, useChat } from '../features/chat/lib/chat-runtime.ts';
import { readPublicAccount } from '../features/messages/api/read-public-account.ts';
import { NoticePrompt } from '../features/messages/components/notice-prompt.tsx';
import { workbenchKeys } from '../features/workbench/api/query-keys.ts';
import { loadPart } from '../lib/lazy/load-part.ts';

/*
 * The chat, the message center and the robot assistant meet here (ADR 0033): the chat socket tells the message
 * center when it is connected and when a notice arrived, opening a public account reads its notices through the
 * message center, and the chat panel shows the public accounts and the robot in its slots.
 */
setPublicAccountReader(readPublicAccount);

// The panel (conversations, composer, robot, groups, public accounts) is a code part of its own, loaded at the
// first opening.
const ComposedChatPanel = lazy(() =>
  loadPart(() => import('./chat-panel-composition.tsx')).then((m) => ({ default: m.ComposedChatPanel })),
);

/** The panel in an island of Ant Design: the shell paints without it (issue 10). */
function ChatPanelIsland(props: { open: boolean; onClose: () => void }) {
  return (
    <AntdIsland>
      <ComposedChatPanel {...props} />
    </AntdIsland>
  );
}

/** The shell header's chat entry, opening the chat panel with the robot and the public accounts. */
export function ShellChatEntry({ className, openAtStart }: { className?: string; openAtStart?: boolean }) {
  return <ChatEntry className={className} panel={ChatPanelIsland} openAtStart={openAtStart} />;
}

/** The shell's unread-notice prompt (2.4), refreshed by notices arriving over the chat socket. */
export function ShellNoticePrompt({ enabled }: { enabled: boolean }) {
  const connected = useChat((s) => s.connected);
  const noticeVersion = useChat((s) => s.noticeVersion);
  return (
    <NoticePrompt
      enabled={enabled}
      connected={connected}
      noticeVersion={noticeVersion}
      // The notice's conversation lost an unread message: the header's badge and the list follow at once (they kept
      // their count until a reload).
      onRead={() => void chatClient.refreshList()}
    />
  );
}

/**
 * The tenant's configuration changed (an administrator saved cards, navigation, tools, tabs or the footer, or reverted
 * such a change): the chat socket says so, and what the page shows of the workbench is fetched again (the queries
 * on screen at once, the others when next shown). Before, a signed-in user saw the change only after a reload.
 */
export function ShellConfigFreshness() {
  const configVersion = useChat((s) => s.configVersion);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (configVersion > 0) void queryClient.invalidateQueries({ queryKey: workbenchKeys.all });
  }, [configVersion, queryClient]);
  return null;
}
