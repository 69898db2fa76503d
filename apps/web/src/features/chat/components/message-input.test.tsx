import { CHAT_TEXT_MAX_LENGTH } from '@portal/contracts/chat-constants';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ClientMessage } from '../lib/chat-state.ts';
import { incoming } from '../lib/chat-fixtures.ts';
import { MessageItem, mentionSegments } from './message-item.tsx';
import { MessageInput, mentionsIn, type MentionCandidate } from './message-input.tsx';

const MEMBERS: MentionCandidate[] = [
  { userId: 'u-zhang', userName: '张同学' },
  { userId: 'u-wang', userName: '王老师' },
];

function Harness({
  onSend,
  members,
}: {
  onSend: (t: string, m: MentionCandidate[]) => void;
  members: MentionCandidate[] | null;
}) {
  const [value, setValue] = useState('');
  return (
    <MessageInput
      value={value}
      onChange={setValue}
      members={members}
      onSend={(text, mentions) => {
        onSend(text, mentions);
        setValue('');
      }}
    />
  );
}

const type = (box: HTMLElement, text: string) => {
  (box as HTMLTextAreaElement).setSelectionRange?.(text.length, text.length);
  fireEvent.change(box, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });
  fireEvent.keyUp(box, { key: text.at(-1) });
};

describe('@mentions in the composer (issue 14)', () => {
  it('opens a picker of the group’s members on @; picking one with the keyboard inserts it, Enter then sends it as structured data', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} members={MEMBERS} />);
    const box = screen.getByRole('textbox', { name: '消息内容' });
    box.focus();
    type(box, '@王');
    const option = await screen.findByRole('menuitem', { name: '王老师' }).catch(() => screen.findByText('王老师'));
    expect(option).toBeTruthy();
    // Enter picks the member (it does not send while the picker is open).
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    expect(onSend).not.toHaveBeenCalled();
    await vi.waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('@王老师 '));
    type(box, '@王老师 请看一下');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    expect(onSend).toHaveBeenCalledWith('@王老师 请看一下', [{ userId: 'u-wang', userName: '王老师' }]);
  });

  it('one to one there is no picker, and Enter sends at once', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} members={null} />);
    const box = screen.getByRole('textbox', { name: '消息内容' });
    type(box, '@王老师 你好');
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    expect(onSend).toHaveBeenCalledWith('@王老师 你好', []);
  });

  it('in a group too, holds back a text longer than the server takes and says so', () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} members={MEMBERS} />);
    const box = screen.getByRole('textbox', { name: '消息内容' });
    type(box, `@张同学 ${'长'.repeat(CHAT_TEXT_MAX_LENGTH)}`);
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      `消息内容不能超过${CHAT_TEXT_MAX_LENGTH}个字，请删去5个字后再发送`,
    );
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('keeps only the picked members still named in the text, once each', () => {
    expect(mentionsIn('@张同学 @张同学 你好', [MEMBERS[0]!, MEMBERS[0]!, MEMBERS[1]!])).toEqual([MEMBERS[0]]);
  });

  it('highlights the mentioned names in the message, the user’s own name most, and says so', () => {
    expect(mentionSegments('请@张同学和@王老师看', MEMBERS)).toEqual([
      { text: '请' },
      { text: '@张同学', userId: 'u-zhang' },
      { text: '和' },
      { text: '@王老师', userId: 'u-wang' },
      { text: '看' },
    ]);
    const m: ClientMessage = {
      ...incoming('@张同学 请交作业', { toUserId: 'g1', toUserType: 2 }),
      mentions: [MEMBERS[0]!],
    };
    const { container } = render(
      <ol>
        <MessageItem
          m={m}
          me="u-zhang"
          showSender
          now={Date.now()}
          onResend={() => undefined}
          onRevoke={() => undefined}
          onOpenNotice={() => undefined}
        />
      </ol>,
    );
    expect(container.querySelector('mark.chat-mention-me')?.textContent).toBe('@张同学');
    expect(container.querySelector('li.mentions-me')).not.toBeNull();
    expect(screen.getByText('提到了你')).toBeTruthy();
  });
});
