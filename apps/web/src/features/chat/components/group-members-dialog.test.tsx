import { CHAT_GROUP_NOTICE_MAX_LENGTH, type ChatGroup, type GroupNotice } from '@portal/contracts/chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, I18nProvider } from '../../../lib/i18n/i18n.ts';

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
const group = (ownerId: string, name = '期末答疑群', notice: GroupNotice | null = null): ChatGroup => ({
  id: 'g1',
  name,
  ownerId,
  memberCount: 2,
  createdAt: '2026-11-23T08:00:00Z',
  notice,
});

function serve(initialOwner: string, initialNotice: GroupNotice | null = null) {
  let ownerId = initialOwner;
  let name = '期末答疑群';
  let notice = initialNotice;
  let members = [
    { userId: TEACHER, userName: '李老师', nickName: '李老师', joinedAt: '2026-11-23T08:00:00Z' },
    { userId: STUDENT, userName: '张同学', nickName: '小张', joinedAt: '2026-11-23T08:00:00Z' },
  ];
  http.chat.mockImplementation(
    async (
      path: string,
      body: { groupId: string; memberIds?: string[]; name?: string; userId?: string; notice?: string },
    ) => {
      if (path === '/group/list') return [group(ownerId, name, notice)];
      if (path === '/group/rename') {
        name = body.name!;
        return group(ownerId, name, notice);
      }
      if (path === '/group/transferOwner') {
        ownerId = body.userId!;
        return group(ownerId, name, notice);
      }
      if (path === '/group/setNotice') {
        notice = body.notice
          ? { text: body.notice, at: '2026-11-23T09:30:00Z', byUserId: ownerId, byUserName: '李老师' }
          : null;
        return group(ownerId, name, notice);
      }
      if (path === '/group/dissolve') return null;
      if (path === '/group/members') return members;
      if (path === '/group/removeMembers') {
        members = members.filter((m) => !body.memberIds!.includes(m.userId));
        return null;
      }
      if (path === '/group/addMembers') {
        members = [
          ...members,
          ...body.memberIds!.map((userId) => ({
            userId,
            userName: '管理员',
            nickName: '',
            joinedAt: '2026-11-23T09:00:00Z',
          })),
        ];
        return null;
      }
      if (path === '/group/quit') return null;
      throw new Error(`unexpected ${path}`);
    },
  );
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

function renderDialog(onClose = vi.fn(), name = '期末答疑群') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <App>
          <GroupMembersDialog group={{ jid: 'g1', name }} open onClose={onClose} />
        </App>
      </I18nProvider>
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
    await waitFor(() =>
      expect(http.chat).toHaveBeenCalledWith('/group/removeMembers', { groupId: 'g1', memberIds: [STUDENT] }),
    );
    await waitFor(() => expect(within(list).queryByText('张同学（小张）')).toBeNull());

    await userEvent.click(within(dialog).getByRole('combobox', { name: '添加成员' }));
    await userEvent.click(await screen.findByText('管理员（admin）'));
    await userEvent.click(within(dialog).getByRole('button', { name: /^添\s*加$/ }));
    await waitFor(() =>
      expect(http.chat).toHaveBeenCalledWith('/group/addMembers', { groupId: 'g1', memberIds: [ADMIN] }),
    );
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

  const asOwner = () =>
    chatClient.store.setState({
      me: { userId: TEACHER, userName: '李老师' },
      conversations: { g1: emptyConversation({ jid: 'g1', name: '期末答疑群', mpType: 2, toUserType: 2 }) },
      activePeer: 'g1',
    });

  it('lets the owner rename the group: the name is required, and the list shows the new one', async () => {
    serve(TEACHER);
    asOwner();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    const settings = await within(dialog).findByRole('region', { name: '群设置' });
    // The owner hands over or dissolves; leaving is not offered.
    expect(within(dialog).queryByRole('button', { name: /退出群聊/ })).toBeNull();
    within(settings).getByText('群主需先转让群主才能退出群聊');

    await userEvent.click(within(settings).getByRole('button', { name: /重命名/ }));
    const input = within(settings).getByRole('textbox', { name: '新群名称' });
    expect((input as HTMLInputElement).value).toBe('期末答疑群');
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    await within(settings).findByText('请输入群名称');
    expect(http.chat).not.toHaveBeenCalledWith('/group/rename', expect.anything());

    await userEvent.clear(input);
    await userEvent.type(input, '  期末复习群 {Enter}');
    await waitFor(() => expect(http.chat).toHaveBeenCalledWith('/group/rename', { groupId: 'g1', name: '期末复习群' }));
    await waitFor(() => expect(chatClient.store.getState().conversations.g1!.name).toBe('期末复习群'));
    await within(settings).findByRole('button', { name: /重命名/ });
  });

  it('is usable from the keyboard: the owner reaches 重命名 with Tab and renames with Enter', async () => {
    serve(TEACHER);
    asOwner();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    const rename = await within(dialog).findByRole('button', { name: /重命名/ });
    for (let i = 0; i < 40 && document.activeElement !== rename; i++) await userEvent.tab();
    expect(document.activeElement).toBe(rename);
    await userEvent.keyboard('{Enter}');
    const input = await within(dialog).findByRole('textbox', { name: '新群名称' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await userEvent.keyboard('{Control>}a{/Control}键盘改名{Enter}');
    await waitFor(() => expect(http.chat).toHaveBeenCalledWith('/group/rename', { groupId: 'g1', name: '键盘改名' }));
  });

  it('checks the owner’s announcement as the server does: counted against the limit, no control characters', async () => {
    serve(TEACHER);
    asOwner();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    const section = await within(dialog).findByRole('region', { name: '群公告' });
    within(section).getByText('暂无群公告');
    await userEvent.click(within(section).getByRole('button', { name: /编辑群公告/ }));
    const box = within(section).getByRole('textbox', { name: '群公告内容' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    within(section).getByText(`0 / ${CHAT_GROUP_NOTICE_MAX_LENGTH}`);
    const save = () => userEvent.click(within(section).getByRole('button', { name: /保\s*存/ }));

    // Too long, and control characters: refused here with the server's wording, nothing sent.
    await userEvent.paste('告'.repeat(CHAT_GROUP_NOTICE_MAX_LENGTH + 1));
    within(section).getByText(`${CHAT_GROUP_NOTICE_MAX_LENGTH + 1} / ${CHAT_GROUP_NOTICE_MAX_LENGTH}`);
    await save();
    await within(section).findByText(`群公告不能超过${CHAT_GROUP_NOTICE_MAX_LENGTH}个字`);
    await userEvent.clear(box);
    await userEvent.paste('公告\u0007响铃');
    await save();
    await within(section).findByText('输入内容包含不可见的控制字符，请删除后重试');
    expect(http.chat).not.toHaveBeenCalledWith('/group/setNotice', expect.anything());
  });

  it('lets the owner publish the announcement (trimmed, line breaks kept), edit it from the current text, and clear it after a confirmation', async () => {
    serve(TEACHER);
    asOwner();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    const section = await within(dialog).findByRole('region', { name: '群公告' });
    await userEvent.click(within(section).getByRole('button', { name: /编辑群公告/ }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(section).getByRole('textbox', { name: '群公告内容' })),
    );
    await userEvent.paste('  周五下午三点答疑\n请带好草稿纸  ');
    await userEvent.click(within(section).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(http.chat).toHaveBeenCalledWith('/group/setNotice', {
        groupId: 'g1',
        notice: '周五下午三点答疑\n请带好草稿纸',
      }),
    );
    await within(section).findByText(/周五下午三点答疑\s+请带好草稿纸/);
    within(section).getByText('李老师 发布于 2026-11-23 17:30');
    expect(within(section).queryByRole('textbox')).toBeNull();
    await screen.findByText('群公告已更新');

    // Editing starts from the current text; clearing asks first.
    await userEvent.click(within(section).getByRole('button', { name: /编辑群公告/ }));
    expect((within(section).getByRole('textbox', { name: '群公告内容' }) as HTMLTextAreaElement).value).toBe(
      '周五下午三点答疑\n请带好草稿纸',
    );
    await userEvent.click(within(section).getByRole('button', { name: /清除群公告/ }));
    const question = await screen.findByText('清除后所有成员都将看不到该群公告，确定清除吗？');
    await userEvent.click(
      within(question.closest<HTMLElement>('.ant-popover')!).getByRole('button', { name: /清除群公告/ }),
    );
    await waitFor(() => expect(http.chat).toHaveBeenCalledWith('/group/setNotice', { groupId: 'g1', notice: '' }));
    await within(section).findByText('暂无群公告');
  });

  it('shows a member who is not the owner the announcement, without a way to edit it', async () => {
    serve(TEACHER, { text: '请按时提交作业', at: '2026-11-23T08:30:00Z', byUserId: TEACHER, byUserName: '李老师' });
    chatClient.store.setState({ me: { userId: STUDENT, userName: '张同学' } });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    const section = await within(dialog).findByRole('region', { name: '群公告' });
    await within(section).findByText('请按时提交作业');
    within(section).getByText('李老师 发布于 2026-11-23 16:30');
    expect(within(section).queryByRole('button', { name: /编辑群公告/ })).toBeNull();
    expect(within(section).queryByRole('textbox')).toBeNull();
  });

  it('lets the owner hand the group over after a confirmation, and then shows the member view', async () => {
    serve(TEACHER);
    asOwner();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    const list = await within(dialog).findByRole('list', { name: '群成员' });
    await within(list).findByText('张同学（小张）');
    expect(within(list).queryByRole('button', { name: '转让群主给 李老师' })).toBeNull();

    await userEvent.click(within(list).getByRole('button', { name: '转让群主给 张同学' }));
    await screen.findByText('确定将群主转让给 张同学 吗？转让后您将成为普通成员。');
    const confirm = await screen.findAllByRole('button', { name: /转让群主/ });
    await userEvent.click(confirm.at(-1)!);
    await waitFor(() =>
      expect(http.chat).toHaveBeenCalledWith('/group/transferOwner', { groupId: 'g1', userId: STUDENT }),
    );
    // Now a plain member: no management, and the way out is leaving.
    await within(dialog).findByText('只有群主可以添加或移出成员');
    expect(within(dialog).queryByRole('region', { name: '群设置' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^移出 / })).toBeNull();
    within(dialog).getByRole('button', { name: /退出群聊/ });
  });

  it('lets the owner dissolve the group after a confirmation; it leaves the list and the dialog closes', async () => {
    serve(TEACHER);
    asOwner();
    const onClose = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    const settings = await within(dialog).findByRole('region', { name: '群设置' });
    await userEvent.click(within(settings).getByRole('button', { name: /解散群聊/ }));
    await screen.findByText(/解散后所有成员都将无法在该群中收发消息/);
    expect(http.chat).not.toHaveBeenCalledWith('/group/dissolve', expect.anything());
    const membersCalls = () => http.chat.mock.calls.filter(([path]) => path === '/group/members').length;
    const before = membersCalls();
    const confirm = await screen.findAllByRole('button', { name: /解散群聊/ });
    await userEvent.click(confirm.at(-1)!);
    await waitFor(() => expect(http.chat).toHaveBeenCalledWith('/group/dissolve', { groupId: 'g1' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // The members of a dissolved group are not asked for again (the server would refuse).
    expect(membersCalls()).toBe(before);
    expect(chatClient.store.getState().conversations.g1).toBeUndefined();
    expect(chatClient.store.getState().activePeer).toBeNull();
  });

  it('offers a member who is not the owner none of the owner’s actions', async () => {
    serve(TEACHER);
    chatClient.store.setState({ me: { userId: STUDENT, userName: '张同学' } });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: '期末答疑群 的群成员' });
    await within(dialog).findByText('只有群主可以添加或移出成员');
    for (const name of [/重命名/, /解散群聊/, /^转让群主给 /])
      expect(within(dialog).queryByRole('button', { name })).toBeNull();
    within(dialog).getByRole('button', { name: /退出群聊/ });
  });
});
