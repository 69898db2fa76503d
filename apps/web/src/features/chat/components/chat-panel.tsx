import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  BellOutlined,
  DeleteOutlined,
  PaperClipOutlined,
  PictureOutlined,
  PushpinOutlined,
  StopOutlined,
  SendOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import {
  CHAT_IMAGE_EXTENSIONS,
  MP_TYPE_PERSON,
  MP_TYPE_PUBLIC_ACCOUNT,
  TO_USER_TYPE_GROUP,
  type ChatGroup,
} from '@portal/contracts/chat';
import { CHAT_PARTNER_REFRESH_SKIP_MS, formatCount } from '@portal/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Drawer, Empty, Grid, Popconfirm, Select, Space, Tabs, Tooltip } from 'antd';
import { tabsMore } from '../../../components/tabs-more.tsx';
import { cycleFocus } from '../../../components/focus-cycle.tsx';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { deleteConversation } from '../api/delete-conversation.ts';
import { chatGroupsQueryKey } from '../api/get-chat-groups.ts';
import { groupMembersQueryKey, useGroupMembers } from '../api/get-group-members.ts';
import { imUserDetailQueryOptions, useImUserDetail } from '../api/get-im-user-detail.ts';
import { usePeople } from '../api/get-im-user-page.ts';
import { setMuteChat } from '../api/set-mute-chat.ts';
import { setTopChat } from '../api/set-top-chat.ts';
import { NotificationOffer } from './chat-attention.tsx';
import { MessageInput, mentionsIn, textTooLong, type MentionCandidate } from './message-input.tsx';
import { uploadChatFile } from '../api/upload-chat-file.ts';
import { isFileHelper } from '../lib/chat-client.ts';
import { chatClient, useChat } from '../lib/chat-runtime.ts';
import { conversationList, createRefreshSkipper, type Conversation } from '../lib/chat-state.ts';
import { GroupMembersDialog } from './group-members-dialog.tsx';
import { GroupNoticeBanner } from './group-notice-banner.tsx';
import { MessageItem, previewOf } from './message-item.tsx';
import { MessageSearch, jumpToHit } from './message-search.tsx';
import { NewGroupDialog } from './new-group-dialog.tsx';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { POPCONFIRM_ICON } from '../../../components/popconfirm-icon.tsx';
import { useToast } from '../../../components/toast.tsx';

const partnerSkipper = createRefreshSkipper(CHAT_PARTNER_REFRESH_SKIP_MS);
/** How close to the bottom of the messages counts as at the bottom (a line of text, rounding of the zoom). */
const NEAR_BOTTOM_PX = 48;

/** A conversation to open: a person, a group or a public account. */
export type ChatPeer = {
  jid: string;
  name: string;
  mpType: number | null;
  toUserType?: number;
  timeSend?: string | null;
};

/**
 * The message center's part of the panel (public accounts and their notices), given by app/ (ADR 0033): features
 * never import each other.
 */
export type PublicAccountsSlot = {
  /** Unread notices over every public account: the badge of the "public accounts" tab. */
  unread: number;
  /** The tab's list of public accounts; picking one opens it as a conversation. */
  list: (props: { active: string | null; onPick: (peer: ChatPeer) => void }) => ReactNode;
  /** What an opened public account shows instead of chat messages: its notices. */
  view: (props: { mpId: string; name: string }) => ReactNode;
  /** A public account was opened (its notices read): its unread count is asked for again. */
  onOpened: () => Promise<unknown>;
};

/** What app/ puts into the chat panel from other features (ADR 0033). */
export type ChatPanelSlots = {
  /** Beside the panel's title: the robot assistant's entry. */
  headerExtra?: ReactNode;
  /** The public accounts tab and the view of an opened public account. */
  publicAccounts?: PublicAccountsSlot;
  /** Opens the notice of a notice card (type 80) in a conversation, the 4.2 way. */
  onOpenNotice?: (id: string) => void;
};

const noNotice = () => undefined;

function ConversationList({
  items,
  active,
  onPick,
}: {
  items: Conversation[];
  active: string | null;
  onPick: (c: Conversation) => void;
}) {
  const { t } = useTranslation();
  if (!items.length) return <Empty description={t('chat.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <ul className="chat-conversations" aria-label={t('chat.conversations')}>
      {items.map((c) => {
        const name = isFileHelper(c.jid) ? t('chat.fileHelper') : c.name;
        return (
          <li key={c.jid}>
            <button
              type="button"
              className={c.jid === active ? 'chat-conversation active' : 'chat-conversation'}
              aria-current={c.jid === active ? 'true' : undefined}
              onClick={() => onPick(c)}
            >
              <span className="chat-conversation-top">
                <span className="chat-conversation-name">
                  {c.openTopChatTime && <PushpinOutlined aria-hidden style={{ marginRight: 4 }} />}
                  {name}
                  {c.muted && <StopOutlined className="chat-muted-icon" role="img" aria-label={t('chat.muted')} />}
                </span>
                {c.timeSend && (
                  <time className="chat-conversation-time">{formatTenantTime(c.timeSend, 'MM-DD HH:mm')}</time>
                )}
              </span>
              <span className="chat-conversation-bottom">
                <span className="chat-conversation-preview">
                  {c.mentioned && c.unreadNumber > 0 && (
                    <span className="chat-mention-flag">{t('chat.mention.flag')}</span>
                  )}
                  {previewOf(c.type, c.content, t)}
                </span>
                {c.unreadNumber > 0 && !c.muted && (
                  <>
                    <Badge count={formatCount(c.unreadNumber)} aria-hidden />
                    <span className="chat-sr-only">{t('chat.unreadCount', { count: c.unreadNumber })}</span>
                  </>
                )}
                {c.unreadNumber > 0 && c.muted && (
                  <>
                    <Badge count={formatCount(c.unreadNumber)} className="chat-muted-badge" aria-hidden />
                    <span className="chat-sr-only">{t('chat.mutedUnread', { count: c.unreadNumber })}</span>
                  </>
                )}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function PartnerStatus({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useImUserDetail(userId);
  useEffect(() => {
    // 4.1: a user-info refresh for a chat partner is skipped if it was fetched within the last 60 s.
    if (partnerSkipper.shouldFetch(userId) && query.dataUpdatedAt)
      void queryClient.invalidateQueries({ queryKey: imUserDetailQueryOptions(userId).queryKey });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
  // Live from presence frames once the socket has told of the partner; the user info until then.
  const live = useChat((s) => s.presence[userId]);
  const online = live ? live.length > 0 : query.data?.online;
  if (online === undefined) return null;
  return (
    <span role="status" aria-live="polite">
      <Badge status={online ? 'success' : 'default'} text={online ? t('chat.online') : t('chat.offlineUser')} />
    </span>
  );
}

export function Composer({ peer }: { peer: Conversation }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const me = useChat((s) => s.me?.userId ?? '');
  const isGroup = peer.toUserType === TO_USER_TYPE_GROUP;
  const membersQuery = useGroupMembers(peer.jid, isGroup);
  const members = useMemo(
    () =>
      isGroup
        ? (membersQuery.data ?? [])
            .filter((m) => m.userId !== me)
            .map((m) => ({ userId: m.userId, userName: m.userName }))
        : null,
    [isGroup, membersQuery.data, me],
  );
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);

  const send = (raw: string = text, mentions: MentionCandidate[] = []) => {
    const value = raw.trim();
    // Never a text the server refuses for its length (it would stay in the conversation as not sent).
    if (!value || textTooLong(value)) return;
    chatClient.sendText(peer.jid, value, mentions);
    setText('');
  };
  const sendFile = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadChatFile(file);
      chatClient.sendFile(peer.jid, uploaded);
    } catch {
      // The HTTP layer has shown the server's message.
    } finally {
      setUploading(false);
    }
  };
  useEffect(() => setText(''), [peer.jid]);

  return (
    <div className="chat-composer">
      <Space>
        <Tooltip title={t('chat.sendImage')}>
          <Button
            aria-label={t('chat.sendImage')}
            icon={<PictureOutlined aria-hidden />}
            loading={uploading}
            onClick={() => imageInput.current?.click()}
          />
        </Tooltip>
        <Tooltip title={t('chat.sendFile')}>
          <Button
            aria-label={t('chat.sendFile')}
            icon={<PaperClipOutlined aria-hidden />}
            loading={uploading}
            onClick={() => fileInput.current?.click()}
          />
        </Tooltip>
        <input
          ref={imageInput}
          type="file"
          hidden
          accept={CHAT_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
          aria-label={t('chat.sendImage')}
          data-testid="chat-image-input"
          onChange={(e) => {
            void sendFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <input
          ref={fileInput}
          type="file"
          hidden
          aria-label={t('chat.sendFile')}
          data-testid="chat-file-input"
          onChange={(e) => {
            void sendFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Space>
      <MessageInput
        value={text}
        members={members}
        onChange={(value) => {
          setText(value);
          if (value.trim()) chatClient.sendTyping(peer.jid);
        }}
        onSend={send}
      />
      <div style={{ textAlign: 'right', marginTop: 8 }}>
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          onClick={() => send(text, members ? mentionsIn(text, members) : [])}
          disabled={!text.trim() || textTooLong(text)}
        >
          {t('chat.send')}
        </Button>
      </div>
    </div>
  );
}

function TypingLine({ peerId }: { peerId: string }) {
  const { t } = useTranslation();
  const until = useChat((s) => s.typing[peerId] ?? 0);
  const [, rerender] = useState(0);
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => rerender((n) => n + 1), left);
    return () => clearTimeout(timer);
  }, [until]);
  return (
    <div className="chat-typing" aria-live="polite">
      {until > Date.now() ? t('chat.typing') : ''}
    </div>
  );
}

function ConversationView({
  peer,
  onBack,
  publicAccountView,
  onOpenNotice,
  takeFocus = false,
  onFocusTaken,
}: {
  peer: Conversation;
  onBack?: () => void;
  publicAccountView?: PublicAccountsSlot['view'];
  onOpenNotice: (id: string) => void;
  /** The user has just opened this conversation: the focus goes to its message box. */
  takeFocus?: boolean;
  onFocusTaken?: () => void;
}) {
  const { t } = useTranslation();
  const me = useChat((s) => s.me?.userId ?? '');
  const listRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A conversation opened from 发起会话 or the list (by keyboard, touch or mouse): what the user types next is a
  // message, not a search for another person (it went into the search box and was lost). A public account has no
  // message box: its name takes the focus when the list that had it is gone (on a phone).
  useEffect(() => {
    if (!takeFocus) return;
    const box = viewRef.current?.querySelector<HTMLTextAreaElement>('.chat-composer textarea');
    if (box) box.focus();
    else if (!document.activeElement || document.activeElement === document.body) headingRef.current?.focus();
    onFocusTaken?.();
  }, [takeFocus, peer.jid, onFocusTaken]);
  const [membersOpen, setMembersOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  // The messages follow the newest one only while the user is at (near) the bottom, or when the user sent it: one
  // who scrolled up to read older messages stays where they are reading, and is offered the new ones (newCount).
  const atBottom = useRef(true);
  const [newCount, setNewCount] = useState(0);
  const last = peer.messages.at(-1);
  const lastKey = last ? `${last.fromUserId}:${last.messageIdWeb}` : null;
  const shownLast = useRef<{ jid: string; key: string | null; length: number } | null>(null);
  const toBottom = () => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setNewCount(0);
  };
  useEffect(() => {
    const before = shownLast.current;
    shownLast.current = { jid: peer.jid, key: lastKey, length: peer.messages.length };
    if (!before || before.jid !== peer.jid) return toBottom();
    if (before.key === lastKey && before.length === peer.messages.length) return;
    if (atBottom.current || (last && last.fromUserId === me && before.key !== lastKey)) return toBottom();
    // Scrolled up: older messages loaded above, or new ones below that wait for the user.
    if (before.key !== lastKey) setNewCount((n) => n + Math.max(1, peer.messages.length - before.length));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [peer.messages.length, lastKey, peer.jid]);
  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
    if (atBottom.current) setNewCount(0);
  };

  const name = isFileHelper(peer.jid) ? t('chat.fileHelper') : peer.name;
  const pin = async () => {
    await setTopChat(peer.jid, !peer.openTopChatTime);
    await chatClient.refreshList();
  };
  const mute = async () => {
    await setMuteChat(peer.jid, !peer.muted);
    chatClient.markMuted(peer.jid, !peer.muted);
  };
  const remove = async () => {
    await deleteConversation(peer.jid);
    chatClient.forget(peer.jid);
  };
  return (
    <section className="chat-view" aria-label={t('chat.messagesOf', { name })} ref={viewRef}>
      <header className="chat-view-header">
        {onBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined aria-hidden />}
            aria-label={t('chat.backToList')}
            onClick={onBack}
          />
        )}
        {/* The whole name: on a phone it wraps (CSS); where it is cut short (beside the buttons) the title has it. */}
        <h2 ref={headingRef} tabIndex={-1} title={name}>
          {name}
        </h2>
        {peer.mpType === MP_TYPE_PERSON && <PartnerStatus userId={peer.jid} />}
        {peer.toUserType === TO_USER_TYPE_GROUP && (
          <Button size="small" icon={<TeamOutlined aria-hidden />} onClick={() => setMembersOpen(true)}>
            {t('chat.group.manage')}
          </Button>
        )}
        <Button size="small" icon={<PushpinOutlined aria-hidden />} onClick={() => void pin()}>
          {peer.openTopChatTime ? t('chat.unpin') : t('chat.pin')}
        </Button>
        {peer.mpType !== MP_TYPE_PUBLIC_ACCOUNT && !isFileHelper(peer.jid) && (
          <Button
            size="small"
            icon={peer.muted ? <BellOutlined aria-hidden /> : <StopOutlined aria-hidden />}
            onClick={() => void mute()}
          >
            {peer.muted ? t('chat.unmute') : t('chat.mute')}
          </Button>
        )}
        <Popconfirm
          icon={POPCONFIRM_ICON}
          title={t('chat.deleteConfirm')}
          onConfirm={() => void remove()}
          okText={t('chat.delete')}
          cancelText={t('chat.cancel')}
        >
          <Button size="small" icon={<DeleteOutlined aria-hidden />}>
            {t('chat.delete')}
          </Button>
        </Popconfirm>
      </header>
      {peer.toUserType === TO_USER_TYPE_GROUP && (
        <GroupNoticeBanner groupId={peer.jid} onDismissed={() => listRef.current?.focus()} />
      )}
      {peer.mpType === MP_TYPE_PUBLIC_ACCOUNT && publicAccountView ? (
        publicAccountView({ mpId: peer.jid, name })
      ) : (
        <>
          <div
            className="chat-messages"
            ref={listRef}
            role="log"
            aria-live="polite"
            tabIndex={0}
            aria-label={t('chat.messagesOf', { name })}
            onScroll={onScroll}
          >
            <ol className="chat-message-list">
              {peer.hasMore && (
                <li className="chat-system-line">
                  <Button size="small" type="link" onClick={() => void chatClient.loadOlder(peer.jid)}>
                    {t('chat.loadOlder')}
                  </Button>
                </li>
              )}
              {peer.messages.map((m) => (
                <MessageItem
                  key={`${m.fromUserId}:${m.messageIdWeb}`}
                  m={m}
                  me={me}
                  now={now}
                  showSender={peer.toUserType === TO_USER_TYPE_GROUP}
                  onResend={(x) => chatClient.resend(peer.jid, x.messageIdWeb)}
                  onRevoke={(x) => chatClient.revoke(peer.jid, x.messageId)}
                  onOpenNotice={onOpenNotice}
                />
              ))}
            </ol>
          </div>
          {newCount > 0 && (
            <div className="chat-new-messages">
              <Button
                size="small"
                shape="round"
                icon={<ArrowDownOutlined aria-hidden />}
                onClick={() => {
                  toBottom();
                  // The button goes: the focus goes to the messages, where the new ones are.
                  listRef.current?.focus();
                }}
              >
                {t('chat.newMessages', { count: newCount })}
              </Button>
            </div>
          )}
          <TypingLine peerId={peer.jid} />
          <Composer peer={peer} />
        </>
      )}
      {peer.toUserType === TO_USER_TYPE_GROUP && (
        <GroupMembersDialog group={{ jid: peer.jid, name }} open={membersOpen} onClose={() => setMembersOpen(false)} />
      )}
    </section>
  );
}

/** 发起会话: a person picked opens their conversation, on a phone too (it was only marked in the list there). */
export function NewChat({ onPick }: { onPick: (peer: ChatPeer) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const me = useChat((s) => s.me?.userId);
  const people = usePeople(keyword);
  const options = (people.data?.records ?? [])
    .filter((u) => u.userId !== me)
    .map((u) => ({
      value: u.userId,
      label: t('chat.person', { name: u.userName, account: u.account }),
      name: u.userName,
    }));
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={null}
      placeholder={t('chat.newChat')}
      aria-label={t('chat.searchPeople')}
      style={{ flex: 1, minWidth: 0 }}
      options={options}
      loading={people.isFetching}
      onChange={(value: string) => {
        const picked = options.find((o) => o.value === value);
        if (picked) onPick({ jid: picked.value, name: picked.name, mpType: MP_TYPE_PERSON });
      }}
    />
  );
}

function StatusBanner() {
  const { t } = useTranslation();
  const status = useChat((s) => s.status);
  if (status === 'conflict')
    return (
      <Alert
        type="warning"
        showIcon
        title={t('chat.status.conflict')}
        action={
          <Button size="small" onClick={() => chatClient.reconnect()}>
            {t('chat.status.reconnect')}
          </Button>
        }
      />
    );
  if (status === 'offline') return <Alert type="info" showIcon title={t('chat.status.offline')} />;
  if (status === 'unauthorized') return <Alert type="error" showIcon title={t('chat.status.unauthorized')} />;
  return null;
}

/**
 * The chat panel of 4.1: status, conversation list (pinned first, then by time), the open conversation; app/ adds
 * the robot and the public accounts (slots).
 */
export function ChatPanel({
  open,
  onClose,
  headerExtra,
  publicAccounts,
  onOpenNotice = noNotice,
}: { open: boolean; onClose: () => void } & ChatPanelSlots) {
  const { t } = useTranslation();
  const message = useToast();
  const conversations = useChat((s) => s.conversations);
  const active = useChat((s) => s.activePeer);
  const lastError = useChat((s) => s.lastError);
  const [groupOpen, setGroupOpen] = useState(false);
  const [tab, setTab] = useState<'chats' | 'publicAccounts' | 'search'>('chats');
  // On a phone (under Ant Design's md breakpoint) the panel fills the screen and shows the list or one conversation.
  const compact = Grid.useBreakpoint().md === false;
  const [listOnPhone, setListOnPhone] = useState(true);
  const queryClient = useQueryClient();
  const mpUnread = publicAccounts?.unread ?? 0;
  const items = useMemo(() => conversationList(conversations), [conversations]);
  const peer = active ? conversations[active] : undefined;
  // The conversation the user has just opened, whose message box takes the focus once it shows.
  const [focusFor, setFocusFor] = useState<string | null>(null);
  const focusTaken = useCallback(() => setFocusFor(null), []);
  const pick = async (c: ChatPeer) => {
    setListOnPhone(false);
    setFocusFor(c.jid);
    await chatClient.open(c);
    // Opening a public account reads its notices (app/msg/read): its unread count goes.
    if (c.mpType === MP_TYPE_PUBLIC_ACCOUNT) await publicAccounts?.onOpened();
  };

  useEffect(() => {
    chatClient.setPanelOpen(open);
  }, [open]);
  useEffect(() => {
    if (lastError) void message.error(serverText(lastError.msg));
  }, [lastError, message]);
  const groupEvent = useChat((s) => s.lastGroupEvent);
  const me = useChat((s) => s.me?.userId);
  useEffect(() => {
    if (!groupEvent) return;
    // A new announcement shows at once from the frame; the groups are asked for again below anyway.
    if (groupEvent.event === 'noticeChanged') {
      const notice = groupEvent.notice ?? null;
      queryClient.setQueryData<ChatGroup[]>(chatGroupsQueryKey, (gs) =>
        gs?.map((g) => (g.id === groupEvent.groupId ? { ...g, notice } : g)),
      );
    }
    // A group changed (here or elsewhere): its members and the user's groups are asked for again, unless the
    // group is gone for this user (asking would only be refused).
    void queryClient.invalidateQueries({ queryKey: chatGroupsQueryKey });
    if (groupEvent.gone) queryClient.removeQueries({ queryKey: groupMembersQueryKey(groupEvent.groupId) });
    else void queryClient.invalidateQueries({ queryKey: groupMembersQueryKey(groupEvent.groupId) });
    if (groupEvent.byUserId === me) return;
    const name = groupEvent.name;
    if (groupEvent.gone && groupEvent.event === 'dissolved')
      void message.info(t('chat.group.notice.dissolved', { name }));
    else if (groupEvent.gone && groupEvent.event === 'membersRemoved')
      void message.info(t('chat.group.notice.removed', { name }));
    else if (groupEvent.event === 'ownerChanged' && groupEvent.ownerId === me)
      void message.info(t('chat.group.notice.owner', { name }));
  }, [groupEvent]); // eslint-disable-line react-hooks/exhaustive-deps
  const status = useChat((s) => s.status);
  useEffect(() => {
    // Back online: group frames sent meanwhile were missed, so the groups (announcements included) are asked for again.
    if (status === 'online') void queryClient.invalidateQueries({ queryKey: chatGroupsQueryKey });
  }, [status, queryClient]);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('chat.panelTitle')}
      size={compact ? '100%' : 920}
      closable={{ 'aria-label': t('chat.close') }}
      extra={headerExtra}
      styles={{ body: { padding: 0, display: 'flex', flexDirection: 'column' } }}
      drawerRender={cycleFocus}
    >
      <StatusBanner />
      <NotificationOffer />
      <div className={compact ? 'chat-layout compact' : 'chat-layout'}>
        {(!compact || listOnPhone || !peer) && (
          <nav className="chat-sidebar" aria-label={t('chat.conversations')}>
            <div style={{ padding: 8, display: 'flex', gap: 8 }}>
              <NewChat onPick={(c) => void pick(c)} />
              <Tooltip title={t('chat.group.open')}>
                <Button
                  icon={<UsergroupAddOutlined aria-hidden />}
                  aria-label={t('chat.group.open')}
                  onClick={() => setGroupOpen(true)}
                />
              </Tooltip>
            </div>
            <Tabs
              className="chat-sidebar-tabs"
              size="small"
              tabBarGutter={16}
              // Should the tabs ever not fit, the button that lists the hidden ones says what it is.
              more={tabsMore(t('chat.tabs.more'))}
              activeKey={tab}
              onChange={(key) => setTab(key as typeof tab)}
              items={[
                {
                  key: 'chats',
                  label: t('chat.tabs.chats'),
                  children: <ConversationList items={items} active={active} onPick={(c) => void pick(c)} />,
                },
                ...(publicAccounts
                  ? [
                      {
                        key: 'publicAccounts',
                        label: (
                          <span>
                            {t('chat.tabs.publicAccounts')}
                            {mpUnread > 0 && (
                              <>
                                <Badge count={formatCount(mpUnread)} size="small" offset={[4, -2]} aria-hidden />
                                <span className="chat-sr-only">{t('chat.unreadCount', { count: mpUnread })}</span>
                              </>
                            )}
                          </span>
                        ),
                        children: publicAccounts.list({ active, onPick: (peer) => void pick(peer) }),
                      },
                    ]
                  : []),
                {
                  key: 'search',
                  label: t('chat.search.tab'),
                  children: (
                    <MessageSearch
                      onJump={(hit) => {
                        setListOnPhone(false);
                        void jumpToHit(hit);
                      }}
                    />
                  ),
                },
              ]}
            />
          </nav>
        )}
        {compact ? (
          !listOnPhone &&
          peer && (
            <ConversationView
              peer={peer}
              onBack={() => setListOnPhone(true)}
              publicAccountView={publicAccounts?.view}
              onOpenNotice={onOpenNotice}
              takeFocus={focusFor === peer.jid}
              onFocusTaken={focusTaken}
            />
          )
        ) : peer ? (
          <ConversationView
            peer={peer}
            publicAccountView={publicAccounts?.view}
            onOpenNotice={onOpenNotice}
            takeFocus={focusFor === peer.jid}
            onFocusTaken={focusTaken}
          />
        ) : (
          <Empty className="chat-view-empty" description={t('chat.pickConversation')} />
        )}
      </div>
      <NewGroupDialog open={groupOpen} onClose={() => setGroupOpen(false)} onCreated={pick} />
    </Drawer>
  );
}
