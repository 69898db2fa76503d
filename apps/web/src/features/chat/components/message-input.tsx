import { Input, Mentions } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';

export type MentionCandidate = { userId: string; userName: string };

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
 * the message as structured mentions.
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
  const send = () => {
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
  };
  if (!members) return <Input.TextArea {...common} value={value} onChange={(e) => onChange(e.target.value)} />;
  return (
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
  );
}
