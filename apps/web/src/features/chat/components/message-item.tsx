import { DownloadOutlined, FileOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  CHAT_REVOKE_WINDOW_MS,
  CHAT_TEXT_MAX_LENGTH,
  MSG_TYPE_FILE,
  MSG_TYPE_IMAGE,
  MSG_TYPE_MEDIA_FILE,
  MSG_TYPE_NOTICE,
  MSG_TYPE_REVOKE,
  MSG_TYPE_TEXT,
  NoticeContent,
} from '@portal/contracts/chat';
import { Button, Popover, Space, Spin } from 'antd';
import { useState } from 'react';
import { serverText, useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { signChatFile, useChatFileLink } from '../api/sign-chat-file.ts';
import { useMessageReaders } from '../api/get-message-readers.ts';
import { SEND_TIMED_OUT, sendStateOf, type ClientMessage } from '../lib/chat-state.ts';
import { ImageViewer } from './image-viewer.tsx';
import { formatFileSize } from '../../../lib/file-size.ts';
import { TenantTime } from '../../../components/tenant-time.tsx';

export function parseNotice(content: string): NoticeContent | null {
  try {
    const parsed = NoticeContent.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The preview line of a conversation's last message. */
export function previewOf(type: number | null, content: string, t: TFunction): string {
  if (type === MSG_TYPE_IMAGE) return t('chat.image');
  if (type === MSG_TYPE_FILE || type === MSG_TYPE_MEDIA_FILE) return `${t('chat.file')} ${content}`;
  if (type === MSG_TYPE_NOTICE) return `${t('chat.notice')} ${parseNotice(content)?.title ?? content}`;
  if (type === MSG_TYPE_REVOKE) return t('chat.revokedBy', { name: '' }).trim();
  return content;
}

function ChatImage({ objectId, name }: { objectId: string; name: string }) {
  const { t } = useTranslation();
  const link = useChatFileLink(objectId);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  if (link.isError || failed)
    return (
      <span role="img" aria-label={name}>
        {t('chat.imageViewer.loadingFailed')}
      </span>
    );
  return (
    <>
      <button
        type="button"
        className="chat-image-button"
        onClick={() => setOpen(true)}
        aria-label={`${t('chat.imageViewer.title')} ${name}`}
      >
        {link.data ? (
          <img
            src={link.data.url}
            alt={name}
            onError={() => setFailed(true)}
            style={{ maxWidth: 200, maxHeight: 160, display: 'block' }}
          />
        ) : (
          t('chat.image')
        )}
      </button>
      <ImageViewer open={open} src={link.data?.url ?? null} alt={name} onClose={() => setOpen(false)} />
    </>
  );
}

function ChatFile({ m }: { m: ClientMessage }) {
  const { t } = useTranslation();
  const download = async () => {
    if (!m.objectId) return;
    const { url } = await signChatFile(m.objectId);
    const a = document.createElement('a');
    a.href = url;
    a.download = m.content;
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <Space>
      <FileOutlined aria-hidden />
      <span>
        {m.content} <span className="chat-file-size">{formatFileSize(m.fileSize)}</span>
      </span>
      {m.objectId && (
        <Button
          size="small"
          icon={<DownloadOutlined aria-hidden />}
          onClick={() => void download()}
          aria-label={`${t('chat.download')} ${m.content}`}
        >
          {t('chat.download')}
        </Button>
      )}
    </Space>
  );
}

function NoticeCard({ m, onOpenNotice }: { m: ClientMessage; onOpenNotice: (id: string) => void }) {
  const { t } = useTranslation();
  const n = parseNotice(m.content);
  if (!n) return <span>{m.content}</span>;
  return (
    <div>
      <strong>{n.title}</strong>
      {n.summary && <p style={{ margin: '4px 0' }}>{n.summary}</p>}
      <Button size="small" type="link" style={{ padding: 0 }} onClick={() => onOpenNotice(n.noticeId)}>
        {t('chat.notices.open')}
      </Button>
    </div>
  );
}

/** "已读 N/M" of a group message: opens who read it and who not yet (asked when opened). */
function ReadersPopover({ messageId, label }: { messageId: string; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const readers = useMessageReaders(messageId, open);
  const content = !readers.data ? (
    <Spin size="small" />
  ) : (
    <div className="chat-readers" data-testid="readers-list">
      <div>
        <strong>{t('chat.readers.read', { n: readers.data.readCount })}</strong>
        <ul>
          {readers.data.readers.map((r) => (
            <li key={r.userId}>{r.userName}</li>
          ))}
        </ul>
      </div>
      <div>
        <strong>{t('chat.readers.unread', { n: readers.data.unread.length })}</strong>
        <ul>
          {readers.data.unread.map((r) => (
            <li key={r.userId}>{r.userName}</li>
          ))}
        </ul>
      </div>
    </div>
  );
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" title={t('chat.readers.title')} content={content}>
      <Button
        size="small"
        type="link"
        style={{ padding: 0, height: 'auto' }}
        data-testid="send-state"
        aria-label={t('chat.readers.button', { state: label })}
      >
        {label}
      </Button>
    </Popover>
  );
}

/** One message: its content by type, and for own messages the isSendType of 4.1 with resend and revoke. */
/** A text cut at each `@name` of a member it mentions (the server's structured mentions), for highlighting. */
export function mentionSegments(
  content: string,
  mentions: ReadonlyArray<{ userId: string; userName: string }> | undefined,
): Array<{ text: string; userId?: string }> {
  const names = (mentions ?? []).filter((m) => m.userName).sort((a, b) => b.userName.length - a.userName.length);
  if (!names.length) return [{ text: content }];
  const out: Array<{ text: string; userId?: string }> = [];
  let rest = content;
  while (rest) {
    let best: { at: number; m: (typeof names)[number] } | null = null;
    for (const m of names) {
      const at = rest.indexOf(`@${m.userName}`);
      if (at >= 0 && (!best || at < best.at)) best = { at, m };
    }
    if (!best) {
      out.push({ text: rest });
      break;
    }
    if (best.at > 0) out.push({ text: rest.slice(0, best.at) });
    out.push({ text: `@${best.m.userName}`, userId: best.m.userId });
    rest = rest.slice(best.at + best.m.userName.length + 1);
  }
  return out;
}

function MentionText({ m, me }: { m: ClientMessage; me: string }) {
  return (
    <span className="chat-text">
      {mentionSegments(m.content, m.mentions).map((s, i) =>
        s.userId ? (
          <mark key={i} className={s.userId === me ? 'chat-mention chat-mention-me' : 'chat-mention'}>
            {s.text}
          </mark>
        ) : (
          s.text
        ),
      )}
    </span>
  );
}

export function MessageItem({
  m,
  me,
  showSender,
  now,
  onResend,
  onRevoke,
  onOpenNotice,
}: {
  m: ClientMessage;
  me: string;
  showSender: boolean;
  now: number;
  onResend: (m: ClientMessage) => void;
  onRevoke: (m: ClientMessage) => void;
  onOpenNotice: (id: string) => void;
}) {
  const { t } = useTranslation();
  const own = m.fromUserId === me;
  if (m.type === MSG_TYPE_REVOKE) {
    return (
      <li className="chat-system-line">
        {own ? t('chat.revokedByMe') : t('chat.revokedBy', { name: m.fromUserName })}
      </li>
    );
  }
  let body: React.ReactNode;
  const mentionsMe = !own && Boolean(m.mentions?.some((x) => x.userId === me));
  if (m.type === MSG_TYPE_TEXT && m.mentions?.length) body = <MentionText m={m} me={me} />;
  else if (m.type === MSG_TYPE_TEXT) body = <span className="chat-text">{m.content}</span>;
  else if (m.type === MSG_TYPE_IMAGE && m.objectId) body = <ChatImage objectId={m.objectId} name={m.content} />;
  else if (m.type === MSG_TYPE_FILE || m.type === MSG_TYPE_MEDIA_FILE) body = <ChatFile m={m} />;
  else if (m.type === MSG_TYPE_NOTICE) body = <NoticeCard m={m} onOpenNotice={onOpenNotice} />;
  else body = <span>{m.content}</span>;

  const sendState = sendStateOf(m);
  const state =
    sendState.kind === 'readOf' ? t('chat.readOf', { n: sendState.n, m: sendState.m }) : t(`chat.${sendState.kind}`);
  const canRevoke = own && m.isSendType === 0 && !!m.messageId && now - Date.parse(m.timeSend) < CHAT_REVOKE_WINDOW_MS;

  return (
    <li
      className={['chat-message', own ? 'own' : '', mentionsMe ? 'mentions-me' : ''].filter(Boolean).join(' ')}
      data-message-id={m.messageId || undefined}
    >
      <div className="chat-meta">
        {(showSender || !own) && <span className="chat-sender">{own ? '' : m.fromUserName}</span>}{' '}
        <TenantTime time={m.timeSend} format="MM-DD HH:mm" />
        {mentionsMe && <span className="chat-mention-tag">{t('chat.mention.you')}</span>}
      </div>
      <div className="chat-bubble">{body}</div>
      {own && (
        <div className="chat-state">
          {sendState.kind === 'readOf' && m.messageId ? (
            <ReadersPopover messageId={m.messageId} label={state} />
          ) : (
            <span
              data-testid="send-state"
              className={m.isSendType === SEND_TIMED_OUT ? 'chat-state-failed' : undefined}
            >
              {state}
              {m.error ? `${t('app.colon')}${serverText(m.error)}` : ''}
            </span>
          )}
          {/* A text longer than the server takes (one written before the composer held such texts back) is refused
              again however often it is sent: no resend for it. */}
          {m.isSendType === SEND_TIMED_OUT &&
            !(m.type === MSG_TYPE_TEXT && m.content.length > CHAT_TEXT_MAX_LENGTH) && (
              <Button size="small" type="link" icon={<ReloadOutlined aria-hidden />} onClick={() => onResend(m)}>
                {t('chat.resend')}
              </Button>
            )}
          {canRevoke && (
            <Button
              size="small"
              type="link"
              onClick={() => onRevoke(m)}
              aria-label={`${t('chat.revoke')} ${m.type === MSG_TYPE_TEXT ? m.content : ''}`.trim()}
            >
              {t('chat.revoke')}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
