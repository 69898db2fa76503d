import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ chat: vi.fn(), platform: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  chatHttp: { post: http.chat, get: vi.fn() },
  platformHttp: { post: http.platform, get: vi.fn(), postForFile: vi.fn() },
  ospHttp: { post: vi.fn(), get: vi.fn() },
}));

const { NewChat } = await import('./chat-panel.tsx');
const { NewGroupDialog } = await import('./new-group-dialog.tsx');
const { GroupMembersDialog } = await import('./group-members-dialog.tsx');
const { chatClient } = await import('../lib/chat-runtime.ts');

const ME = 't1';
http.platform.mockImplementation(async (path: string) => {
  if (path !== '/app/userList/page') throw new Error(`unexpected ${path}`);
  return {
    records: [{ userId: 's2', userName: '王同学', nickName: '', account: 'student02', roleName: '学生' }],
    total: 1,
    size: 20,
    current: 1,
    pages: 1,
  };
});
http.chat.mockImplementation(async (path: string) => {
  if (path === '/group/list')
    return [
      { id: 'g1', name: '期末答疑群', ownerId: ME, memberCount: 2, createdAt: '2026-11-23T08:00:00Z', notice: null },
    ];
  if (path === '/group/members')
    return [
      { userId: ME, userName: '李老师', nickName: '李老师', joinedAt: '2026-11-23T08:00:00Z' },
      { userId: 's1', userName: '张同学', nickName: '小张', joinedAt: '2026-11-23T08:00:00Z' },
    ];
  throw new Error(`unexpected ${path}`);
});

function renderIn(node: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={i18n}>
        <App>{node}</App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
  chatClient.store.setState({ me: null, conversations: {} });
});

describe('people in the chat pickers, in the interface’s language', () => {
  it.each([
    ['zh-CN', '王同学（student02）'],
    ['en-US', '王同学 (student02)'],
  ] as const)('%s: the new-conversation search shows %s', async (lang, label) => {
    await act(() => i18n.changeLanguage(lang));
    chatClient.store.setState({ me: { userId: ME, userName: '李老师' } });
    renderIn(<NewChat onPick={vi.fn()} />);
    await userEvent.click(screen.getByRole('combobox'));
    expect(await screen.findByText(label)).toBeTruthy();
  });

  it('en-US: the new-group member picker uses ASCII brackets', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    chatClient.store.setState({ me: { userId: ME, userName: '李老师' } });
    renderIn(<NewGroupDialog open onClose={vi.fn()} onCreated={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getAllByRole('combobox').at(-1)!);
    expect(await screen.findByText('王同学 (student02)')).toBeTruthy();
    expect(screen.queryByText('王同学（student02）')).toBeNull();
  });

  it('en-US: the group members list and its add-members picker use ASCII brackets', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    chatClient.store.setState({ me: { userId: ME, userName: '李老师' } });
    renderIn(<GroupMembersDialog group={{ jid: 'g1', name: '期末答疑群' }} open onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('张同学 (小张)')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Add members' }));
    expect(await screen.findByText('王同学 (student02)')).toBeTruthy();
  });
});
