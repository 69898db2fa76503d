import { CHAT_TEXT_MAX_LENGTH } from '@portal/contracts/chat-constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

vi.mock('../../../lib/http/clients.ts', () => ({
  chatHttp: { post: vi.fn(), get: vi.fn() },
  platformHttp: { post: vi.fn(), get: vi.fn(), postForFile: vi.fn() },
  ospHttp: { post: vi.fn(), get: vi.fn() },
}));

const { Composer } = await import('./chat-panel.tsx');
const { chatClient } = await import('../lib/chat-runtime.ts');
const { emptyConversation } = await import('../lib/chat-state.ts');

const PEER = emptyConversation({ jid: 's2', name: '王同学', mpType: 1, toUserType: 1 });
const enter = (box: HTMLElement) => fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });

function renderComposer() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>
          <Composer peer={PEER} />
        </App>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('textbox', { name: 'Message' });
}

describe('a message longer than the server takes (CHAT_TEXT_MAX_LENGTH)', () => {
  let sendText: ReturnType<typeof vi.spyOn>;
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
    chatClient.store.setState({ me: { userId: 's1', userName: '张同学' } });
    sendText = vi.spyOn(chatClient, 'sendText').mockImplementation(() => ({}) as never);
    vi.spyOn(chatClient, 'sendTyping').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    chatClient.store.setState({ me: null, conversations: {} });
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('is not sent by Enter or the Send button: the box says how much to remove, and keeps the text', async () => {
    const box = renderComposer();
    fireEvent.change(box, { target: { value: 'L'.repeat(CHAT_TEXT_MAX_LENGTH + 200) } });
    expect(screen.getByText(`${CHAT_TEXT_MAX_LENGTH + 200}/${CHAT_TEXT_MAX_LENGTH}`)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      `A message holds at most ${CHAT_TEXT_MAX_LENGTH} characters; remove 200 to send it`,
    );
    expect(box.getAttribute('aria-invalid')).toBe('true');
    enter(box);
    expect((screen.getByRole('button', { name: /Send$/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(sendText).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toHaveLength(CHAT_TEXT_MAX_LENGTH + 200);

    // Shortened to the limit (trailing blanks are not sent, so not counted), it goes.
    fireEvent.change(box, { target: { value: `${'L'.repeat(CHAT_TEXT_MAX_LENGTH)}  \n` } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box.getAttribute('aria-invalid')).toBeNull();
    enter(box);
    expect(sendText).toHaveBeenCalledWith('s2', 'L'.repeat(CHAT_TEXT_MAX_LENGTH), []);
  });

  it('is held back when pasted too', async () => {
    const user = userEvent.setup();
    const box = renderComposer();
    await user.click(box);
    await user.paste('粘'.repeat(CHAT_TEXT_MAX_LENGTH + 1));
    expect(screen.getByRole('alert').textContent).toContain('remove 1 to send it');
    await user.click(screen.getByRole('button', { name: /Send$/ }));
    enter(box);
    expect(sendText).not.toHaveBeenCalled();
  });

  it('shows the count as the limit nears, before it is reached', () => {
    const box = renderComposer();
    fireEvent.change(box, { target: { value: 'a'.repeat(100) } });
    expect(screen.queryByText(`100/${CHAT_TEXT_MAX_LENGTH}`)).toBeNull();
    fireEvent.change(box, { target: { value: 'a'.repeat(CHAT_TEXT_MAX_LENGTH - 300) } });
    const count = screen.getByText(`${CHAT_TEXT_MAX_LENGTH - 300}/${CHAT_TEXT_MAX_LENGTH}`);
    expect(box.getAttribute('aria-describedby')).toBe(count.parentElement!.id);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
