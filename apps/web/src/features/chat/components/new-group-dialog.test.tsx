import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AntdTheme } from '../../../components/antd-theme.tsx';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

vi.mock('../api/get-im-user-page.ts', () => ({
  usePeople: () => ({ data: { records: [] }, isFetching: false }),
}));
vi.mock('../api/create-chat-group.ts', () => ({ createChatGroup: vi.fn() }));
vi.mock('../lib/chat-runtime.ts', () => ({
  chatClient: { open: vi.fn() },
  useChat: <T,>(select: (s: { me: { userId: string } }) => T) => select({ me: { userId: 'u1' } }),
}));
const { NewGroupDialog } = await import('./new-group-dialog.tsx');

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        发起群聊
      </button>
      <NewGroupDialog open={open} onClose={() => setOpen(false)} onCreated={async () => undefined} />
    </>
  );
}

describe('the new group dialog', () => {
  it('opened from the keyboard, has the focus in the group name: the user types it at once', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={i18n}>
          <AntdTheme>
            <Opener />
          </AntdTheme>
        </I18nProvider>
      </QueryClientProvider>,
    );
    screen.getByRole('button', { name: '发起群聊' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: i18n.t('chat.group.name') });
    await waitFor(() => expect(document.activeElement).toBe(name));
    await userEvent.keyboard('期末答疑群');
    expect((name as HTMLInputElement).value).toBe('期末答疑群');
  });
});
