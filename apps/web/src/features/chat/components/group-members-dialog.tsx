import { UserDeleteOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal, Popconfirm, Select, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addGroupMembers } from '../api/add-group-members.ts';
import { chatGroupsQueryKey, useChatGroups } from '../api/get-chat-groups.ts';
import { groupMembersQueryKey, useGroupMembers } from '../api/get-group-members.ts';
import { getImUserPage } from '../api/get-im-user-page.ts';
import { quitGroup } from '../api/quit-group.ts';
import { removeGroupMembers } from '../api/remove-group-members.ts';
import { chatClient, useChat } from '../lib/chat-runtime.ts';

/**
 * The members of a group. Its owner adds people of the tenant and removes members; any other member sees the
 * list and can leave. The server refuses anyone else (403 for a member who is not the owner).
 */
export function GroupMembersDialog({ group, open, onClose }: { group: { jid: string; name: string }; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const me = useChat((s) => s.me?.userId ?? '');
  const groups = useChatGroups(open);
  const members = useGroupMembers(group.jid, open);
  const owner = groups.data?.find((g) => g.id === group.jid)?.ownerId ?? null;
  const isOwner = owner !== null && owner === me;
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const people = useQuery({
    queryKey: ['chat', 'people', keyword],
    queryFn: () => getImUserPage({ keyword: keyword || undefined, size: 20 }),
    enabled: open && isOwner,
    staleTime: 30_000,
  });
  const inGroup = new Set((members.data ?? []).map((m) => m.userId));
  const options = (people.data?.records ?? []).filter((u) => !inGroup.has(u.userId)).map((u) => ({ value: u.userId, label: `${u.userName}（${u.account}）` }));

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: groupMembersQueryKey(group.jid) }), queryClient.invalidateQueries({ queryKey: chatGroupsQueryKey })]);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      void message.success(done);
      await refresh();
      return true;
    } catch {
      // The HTTP layer has shown the server's message.
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async () => {
    if (!picked.length) return;
    if (await run(() => addGroupMembers(group.jid, picked), t('chat.group.added'))) setPicked([]);
  };
  const remove = (userId: string) => void run(() => removeGroupMembers(group.jid, [userId]), t('chat.group.removed'));
  const quit = async () => {
    if (await run(() => quitGroup(group.jid), t('chat.group.quit'))) {
      chatClient.forget(group.jid);
      onClose();
    }
  };
  const list = members.data ?? [];

  return (
    <Modal open={open} title={t('chat.group.manageTitle', { name: group.name })} onCancel={onClose} footer={null} destroyOnHidden>
      {members.isLoading || groups.isLoading ? (
        <Spin />
      ) : (
        <>
          <p className="chat-conversation-time">{t('chat.group.count', { count: list.length })}</p>
          <ul className="group-members" aria-label={t('chat.group.members')}>
            {list.map((m) => (
              <li key={m.userId} className="group-member">
                <span>
                  {m.userName}
                  {m.nickName && m.nickName !== m.userName ? `（${m.nickName}）` : ''}
                </span>
                <Space size={4}>
                  {m.userId === owner && <Tag color="blue">{t('chat.group.owner')}</Tag>}
                  {isOwner && m.userId !== me && (
                    <Popconfirm
                      title={t('chat.group.removeConfirm', { name: m.userName })}
                      onConfirm={() => remove(m.userId)}
                      okText={t('chat.group.remove')}
                      cancelText={t('chat.cancel')}
                    >
                      <Button size="small" danger icon={<UserDeleteOutlined />} disabled={busy} aria-label={t('chat.group.removeMember', { name: m.userName })}>
                        {t('chat.group.remove')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              </li>
            ))}
          </ul>
          {isOwner ? (
            <div className="group-members-add">
              <Select
                mode="multiple"
                aria-label={t('chat.group.addMembers')}
                placeholder={t('chat.group.addPlaceholder')}
                value={picked}
                onChange={setPicked}
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                options={options}
                loading={people.isFetching}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button type="primary" onClick={() => void add()} disabled={!picked.length} loading={busy}>
                {t('chat.group.add')}
              </Button>
            </div>
          ) : (
            <p className="chat-conversation-time">{t('chat.group.ownerOnly')}</p>
          )}
          {(!isOwner || list.length <= 1) && (
            <div style={{ textAlign: 'right', marginTop: 12 }}>
              <Popconfirm title={t('chat.group.quitConfirm')} onConfirm={() => void quit()} okText={t('chat.group.quit')} cancelText={t('chat.cancel')}>
                <Button danger disabled={busy}>
                  {t('chat.group.quit')}
                </Button>
              </Popconfirm>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
