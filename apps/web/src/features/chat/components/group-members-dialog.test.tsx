import type { ChatGroup } from '@portal/contracts/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n.ts';

const http = vi.hoisted(() => ({ chat: vi.fn(), platform: vi.fn() }));
vi.mock('../../../lib/http/clients.ts', () => ({
  chatHttp: { post: http.chat, get: vi.fn() },
  platformHttp: { post: http.platform, get: vi.fn(), postForFile: vi.fn() },
  ospHttp: { post: vi.fn(), get: vi.fn() },
}));

const { GroupMembersDialog } = await import('./group-members-dialog.tsx');
const { chatClient } = await import('../lib/chat-runtime.ts');
const { emptyConversation } = await import('../lib/chat-state.ts');

const TEACHER = 't1';
const STUDENT = 's1';
const ADMIN = 'a1';
const group = (ownerId: string): ChatGroup => ({ id: 'g1', name: '期末答疑群', ownerId, memberCount: 2, createdAt: '2026-11-23T08:00:00Z' });

function serve(ownerId: string) {
  let members = [
    { userId: TEACHER, userName: '李老师', nickName: '李老师', joinedAt: '2026-11-23T08:00:00Z' },
    { userId: STUDENT, userName: '张同学', nickName: '小张', joinedAt: '2026-11-23T08:00:00Z' },
  ];
  http.chat.mockImplementation(async (path: string, body: { groupId: string; memberIds?: string[] }) => {
    if (path === '/group/list') return [group(ownerId)];
    if (path === '/group/members') return members;
    if (path === '/group/removeMembers') {
      members = members.filter((m) => !body.memberIds!.includes(m.userId));
      return null;
    }
    if (path === '/group/addMembers') {
      members = [...members, ...body.memberIds!.map((userId) => ({ userId, userName: '管理员', nickName: '', joinedAt: '2026-11-23T09:00:00Z' }))];
      return null;
    }
    if (path === '/group/quit') return null;
    throw new Error(`unexpected ${path}`);
  });
  http.platform.mockImplementation(async (path: string) => {
    if (path === '/app/userList/page') {
      return {
        records: [
          { userId: STUDENT, userName: '张同学', nickName: '小张', account: 'student01', roleName: '学生' },
          { userId: ADMIN, userName: '管理员', nickName: '', account: 'admin', roleName: '管理员' },
        ],
        total: 2,
        size: 20,
        current: 1,
        pages: 1,
      };
    }
    throw new Error(`unexpected ${path}`);
  });
}

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <App>
          <GroupMembersDialog group={{ jid: 'g1', name: '期末答疑群' }} open onClose={onClose} />
        </App>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

describe('group members (the owner edits them)', () => {
  beforeEach(() => {
    void i18n.changeLanguage('zh-CN');
  });
  afterEach(() => {
    chatClient.store.setState({ me: null, conversations: {} });
    vi.clearAllMocks();
  });

  it('lets the owner remove a member and add people of the tenant', async () => {
    serve(TEACHER);
    chatClient.store.setState({ me: { userId: TEACHER, userName: '李老师' } });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    const list = await within(dialog).findByRole('list', { name: '群成员' });
    await within(list).findByText('张同学（小张）');
    expect(within(list).getByText('群主')).toBeTruthy();
    // The owner is not offered for removal.
    expect(within(list).queryByRole('button', { name: '移出 李老师' })).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: '移出 张同学' }));
    await userEvent.click(await screen.findByRole('button', { name: /^移\s*出$/ }));
    await waitFor(() => expect(http.chat).toHaveBeenCalledWith('/group/removeMembers', { groupId: 'g1', memberIds: [STUDENT] }));
    await waitFor(() => expect(within(list).queryByText('张同学（小张）')).toBeNull());

    await userEvent.click(within(dialog).getByRole('combobox', { name: '添加成员' }));
    await userEvent.click(await screen.findByText('管理员（admin）'));
    await userEvent.click(within(dialog).getByRole('button', { name: /^添\s*加$/ }));
    await waitFor(() => expect(http.chat).toHaveBeenCalledWith('/group/addMembers', { groupId: 'g1', memberIds: [ADMIN] }));
    await within(list).findByText('管理员');
  });

  it('shows a member who is not the owner the list only, and lets them leave', async () => {
    serve(TEACHER);
    chatClient.store.setState({
      me: { userId: STUDENT, userName: '张同学' },
      conversations: { g1: emptyConversation({ jid: 'g1', name: '期末答疑群', mpType: 2, toUserType: 2 }) },
      activePeer: 'g1',
    });
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    await within(dialog).findByText('只有群主可以添加或移出成员');
    expect(within(dialog).queryByRole('button', { name: /^移出 / })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: '添加成员' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: /退出群聊/ }));
    const confirm = await screen.findAllByRole('button', { name: /退出群聊/ });
    await userEvent.click(confirm.at(-1)!);
    await waitFor(() => expect(http.chat).toHaveBeenCalledWith('/group/quit', { groupId: 'g1' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(chatClient.store.getState().conversations.g1).toBeUndefined();
    expect(chatClient.store.getState().activePeer).toBeNull();
  });
});
