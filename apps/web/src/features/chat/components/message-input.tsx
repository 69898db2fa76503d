import { CHAT_TEXT_MAX_LENGTH } from '@portal/contracts/chat-constants';
import { Input, Mentions } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

export type MentionCandidate = { userId: string; userName: string };

/**
 * The length the server checks (CHAT_TEXT_MAX_LENGTH): of the text as sent, trimmed, in UTF-16 code units as
 * JavaScript's `length` counts them.
 */
export const sentLength = (text: string) => text.trim().length;
/** Whether the server would refuse the text as too long: the composer does not send it. */
export const textTooLong = (text: string) => sentLength(text) > CHAT_TEXT_MAX_LENGTH;
/** The count shows from this length on, so the limit is seen before it is reached. */
export const COUNT_SHOWN_FROM = CHAT_TEXT_MAX_LENGTH - 500;

/** Whether the text before the caret is an @ being typed (the member picker is open then). */
const typingMention = (text: string, caret: number) => /(^|\s)@[^\s@]*$/.test(text.slice(0, caret));

/** The members still named in the text (`@name`), of those picked: one the user deleted again is not mentioned. */
export function mentionsIn(text: string, picked: readonly MentionCandidate[]): MentionCandidate[] {
  const seen = new Set<string>();
  return picked.filter((m) => {
    if (seen.has(m.userId) || !text.includes(`@${m.userName}`)) return false;
    seen.add(m.userId);
    return true;
  });
}

/**
 * The composer's text field: Enter sends, Shift+Enter breaks the line. In a group (`members` given) typing @
 * opens a picker of its members (arrow keys and Enter pick one, Escape closes it); the picked members go with
 * the message as structured mentions. Near CHAT_TEXT_MAX_LENGTH a count shows under the field; beyond it (typed
 * or pasted: the text is kept, not cut) the field is marked invalid, an inline message says how much to remove
 * and Enter does not send, so no message the server must refuse for its length joins the conversation.
 */
export function MessageInput({
  value,
  onChange,
  onSend,
  members,
}: {
  value: string;
  onChange: (text: string) => void;
  onSend: (text: string, mentions: MentionCandidate[]) => void;
  /** The group's members other than the user; null one to one (no picker). */
  members: MentionCandidate[] | null;
}) {
  const { t } = useTranslation();
  const picked = useRef<MentionCandidate[]>([]);
  const [picking, setPicking] = useState(false);
  const countId = useId();
  const length = sentLength(value);
  const tooLong = length > CHAT_TEXT_MAX_LENGTH;
  const send = () => {
    if (tooLong) return;
    onSend(value, mentionsIn(value, picked.current));
    picked.current = [];
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') setPicking(false);
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && !picking) {
      e.preventDefault();
      send();
    }
  };
  const common = {
    'aria-label': t('chat.inputLabel'),
    placeholder: members ? t('chat.mention.placeholder') : t('chat.inputPlaceholder'),
    autoSize: { minRows: 2, maxRows: 5 },
    onKeyDown,
    status: tooLong ? ('error' as const) : undefined,
    'aria-invalid': tooLong || undefined,
    'aria-describedby': length >= COUNT_SHOWN_FROM ? countId : undefined,
  };
  const count = length >= COUNT_SHOWN_FROM && (
    <div id={countId} className={tooLong ? 'chat-count chat-count-over' : 'chat-count'}>
      <span>{t('chat.count', { count: length, max: CHAT_TEXT_MAX_LENGTH })}</span>
      {tooLong && (
        <span role="alert">
          {t('chat.tooLong', { max: CHAT_TEXT_MAX_LENGTH, over: length - CHAT_TEXT_MAX_LENGTH })}
        </span>
      )}
    </div>
  );
  if (!members)
    return (
      <>
        <Input.TextArea {...common} value={value} onChange={(e) => onChange(e.target.value)} />
        {count}
      </>
    );
  return (
    <>
      <Mentions
        {...common}
        value={value}
        prefix="@"
        split=" "
        notFoundContent={t('chat.mention.none')}
        options={members.map((m) => ({ value: m.userName, key: m.userId, label: m.userName }))}
        onSearch={() => setPicking(true)}
        onSelect={(option) => {
          setPicking(false);
          const m = members.find((x) => x.userId === option.key) ?? members.find((x) => x.userName === option.value);
          if (m) picked.current = [...picked.current, m];
        }}
        onBlur={() => setPicking(false)}
        onChange={(text) => {
          const el = document.activeElement as HTMLTextAreaElement | null;
          const caret = el && 'selectionStart' in el && el.selectionStart !== null ? el.selectionStart : text.length;
          if (!typingMention(text, caret)) setPicking(false);
          onChange(text);
        }}
      />
      {count}
    </>
  );
}
