import { CrownOutlined, EditOutlined, UserDeleteOutlined } from '@ant-design/icons';
import {
  CHAT_GROUP_NAME_MAX_LENGTH,
  CHAT_GROUP_NOTICE_MAX_LENGTH,
  type ChatGroup,
  type GroupNotice,
} from '@portal/contracts/chat';
import { hasControlCharacters } from '@portal/contracts/services';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Spin, Tag } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { addGroupMembers } from '../api/add-group-members.ts';
import { dissolveChatGroup } from '../api/dissolve-chat-group.ts';
import { chatGroupsQueryKey, useChatGroups } from '../api/get-chat-groups.ts';
import { groupMembersQueryKey, useGroupMembers } from '../api/get-group-members.ts';
import { usePeople } from '../api/get-im-user-page.ts';
import { quitGroup } from '../api/quit-group.ts';
import { removeGroupMembers } from '../api/remove-group-members.ts';
import { renameChatGroup } from '../api/rename-chat-group.ts';
import { setGroupNotice } from '../api/set-group-notice.ts';
import { transferGroupOwner } from '../api/transfer-group-owner.ts';
import { chatClient, useChat } from '../lib/chat-runtime.ts';
import { noticeMeta } from './group-notice-banner.tsx';
import { POPCONFIRM_ICON } from '../../../components/popconfirm-icon.tsx';
import { useToast } from '../../../components/toast.tsx';

/** The owner renames the group: the name is required, trimmed, and as long as on creation at most. */
function RenameGroup({
  name,
  busy,
  onRename,
}: {
  name: string;
  busy: boolean;
  onRename: (name: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)} disabled={busy}>
        {t('chat.group.rename')}
      </Button>
    );
  }
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values && (await onRename(values.name.trim()))) setEditing(false);
  };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ name }}
      onFinish={() => void save()}
      className="group-rename"
      aria-label={t('chat.group.rename')}
    >
      <Form.Item
        name="name"
        label={t('chat.group.newName')}
        rules={[
          { required: true, whitespace: true, message: t('chat.group.nameRequired') },
          {
            max: CHAT_GROUP_NAME_MAX_LENGTH,
            message: t('chat.group.nameTooLong', { max: CHAT_GROUP_NAME_MAX_LENGTH }),
          },
        ]}
      >
        <Input maxLength={CHAT_GROUP_NAME_MAX_LENGTH} autoFocus />
      </Form.Item>
      <Space size={4}>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('chat.group.save')}
        </Button>
        <Button onClick={() => setEditing(false)}>{t('chat.cancel')}</Button>
      </Space>
    </Form>
  );
}

/**
 * The group's announcement, for every member; its owner edits it (a textarea with a counter), saves it, or clears
 * it. The text is checked as the server checks it: trimmed, at most CHAT_GROUP_NOTICE_MAX_LENGTH characters, no
 * control characters (line breaks are fine).
 */
function GroupNoticeSection({
  notice,
  isOwner,
  busy,
  onSave,
}: {
  notice: GroupNotice | null;
  isOwner: boolean;
  busy: boolean;
  onSave: (text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  return (
    <section className="group-notice" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('chat.group.announcement.title')}</h3>
      {editing ? (
        <GroupNoticeEditor notice={notice} busy={busy} onSave={onSave} onDone={() => setEditing(false)} />
      ) : (
        <>
          {notice ? (
            <>
              <p className="group-notice-text">{notice.text}</p>
              <p className="chat-conversation-time">
                <time dateTime={notice.at}>{noticeMeta(notice, t)}</time>
              </p>
            </>
          ) : (
            <p className="chat-conversation-time">{t('chat.group.announcement.none')}</p>
          )}
          {isOwner && (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)} disabled={busy}>
              {t('chat.group.announcement.edit')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

/** The owner's editor of the announcement, starting from the current text each time it opens. */
function GroupNoticeEditor({
  notice,
  busy,
  onSave,
  onDone,
}: {
  notice: GroupNotice | null;
  busy: boolean;
  onSave: (text: string) => Promise<boolean>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ notice: string }>();
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values && (await onSave((values.notice ?? '').trim()))) onDone();
  };
  const clear = async () => {
    if (await onSave('')) onDone();
  };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ notice: notice?.text ?? '' }}
      onFinish={() => void save()}
      className="group-notice-form"
    >
      <Form.Item
        name="notice"
        label={t('chat.group.announcement.label')}
        rules={[
          {
            validator: (_, v?: string) =>
              (v ?? '').trim().length > CHAT_GROUP_NOTICE_MAX_LENGTH
                ? Promise.reject(new Error(t('chat.group.announcement.tooLong', { max: CHAT_GROUP_NOTICE_MAX_LENGTH })))
                : Promise.resolve(),
          },
          {
            validator: (_, v?: string) =>
              hasControlCharacters(v ?? '')
                ? Promise.reject(new Error(t('chat.group.announcement.control')))
                : Promise.resolve(),
          },
        ]}
      >
        <Input.TextArea
          count={{ show: true, max: CHAT_GROUP_NOTICE_MAX_LENGTH }}
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder={t('chat.group.announcement.placeholder')}
          autoFocus
        />
      </Form.Item>
      <Space size={4} wrap>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('chat.group.save')}
        </Button>
        {notice && (
          <Popconfirm
            icon={POPCONFIRM_ICON}
            title={t('chat.group.announcement.clearConfirm')}
            onConfirm={() => void clear()}
            okText={t('chat.group.announcement.clear')}
            cancelText={t('chat.cancel')}
          >
            <Button danger disabled={busy}>
              {t('chat.group.announcement.clear')}
            </Button>
          </Popconfirm>
        )}
        <Button onClick={onDone}>{t('chat.cancel')}</Button>
      </Space>
    </Form>
  );
}

/**
 * The members of a group and what can be done with it. Its owner adds people of the tenant, removes members,
 * sets the announcement, renames the group, hands it over to a member and dissolves it; any other member sees the list and can leave.
 * The server refuses anyone else (403 for a member who is not the owner).
 */
export function GroupMembersDialog({
  group,
  open,
  onClose,
}: {
  group: { jid: string; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const queryClient = useQueryClient();
  const me = useChat((s) => s.me?.userId ?? '');
  // Once the caller left or dissolved the group its members are no longer theirs to ask for (the server would refuse).
  const [ended, setEnded] = useState(false);
  const groups = useChatGroups(open);
  const members = useGroupMembers(group.jid, open && !ended);
  const current = groups.data?.find((g) => g.id === group.jid);
  const owner = current?.ownerId ?? null;
  const isOwner = owner !== null && owner === me;
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const people = usePeople(keyword, open && isOwner);
  const inGroup = new Set((members.data ?? []).map((m) => m.userId));
  const options = (people.data?.records ?? [])
    .filter((u) => !inGroup.has(u.userId))
    .map((u) => ({ value: u.userId, label: t('chat.person', { name: u.userName, account: u.account }) }));

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupMembersQueryKey(group.jid) }),
      queryClient.invalidateQueries({ queryKey: chatGroupsQueryKey }),
    ]);
  const gone = () => {
    setEnded(true);
    queryClient.removeQueries({ queryKey: groupMembersQueryKey(group.jid) });
    return queryClient.invalidateQueries({ queryKey: chatGroupsQueryKey });
  };
  const run = async (action: () => Promise<unknown>, done: string, after: () => Promise<unknown> = refresh) => {
    setBusy(true);
    try {
      await action();
      void message.success(done);
      await after();
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
    if (await run(() => quitGroup(group.jid), t('chat.group.quitDone'), gone)) {
      chatClient.forget(group.jid);
      onClose();
    }
  };
  const rename = async (name: string) => {
    const ok = await run(() => renameChatGroup(group.jid, name), t('chat.group.renamed'));
    if (ok) chatClient.rename(group.jid, name);
    return ok;
  };
  const saveNotice = (text: string) =>
    run(
      async () => {
        const saved = await setGroupNotice(group.jid, text);
        // The banner of the open conversation follows at once; the refresh after confirms it.
        queryClient.setQueryData<ChatGroup[]>(chatGroupsQueryKey, (gs) =>
          gs?.map((g) => (g.id === saved.id ? saved : g)),
        );
      },
      text ? t('chat.group.announcement.saved') : t('chat.group.announcement.cleared'),
    );
  const transfer = (userId: string) =>
    void run(() => transferGroupOwner(group.jid, userId), t('chat.group.transferred'));
  const dissolve = async () => {
    if (await run(() => dissolveChatGroup(group.jid), t('chat.group.dissolved'), gone)) {
      chatClient.forget(group.jid);
      onClose();
    }
  };
  const list = members.data ?? [];

  return (
    // AccessibleTheme: the announcement's counter, the member select's placeholder and the red buttons keep 4.5:1.
    <AccessibleTheme>
      <Modal
        open={open}
        title={t('chat.group.manageTitle', { name: group.name })}
        onCancel={onClose}
        footer={null}
        destroyOnHidden
      >
        {members.isLoading || groups.isLoading || (owner === null && groups.isFetching) ? (
          <Spin />
        ) : (
          <>
            <GroupNoticeSection notice={current?.notice ?? null} isOwner={isOwner} busy={busy} onSave={saveNotice} />
            <p className="chat-conversation-time">{t('chat.group.count', { count: list.length })}</p>
            <ul className="group-members" aria-label={t('chat.group.members')}>
              {list.map((m) => (
                <li key={m.userId} className="group-member">
                  <span className="group-member-name">
                    {m.userName}
                    {m.nickName && m.nickName !== m.userName ? t('chat.nickName', { nickName: m.nickName }) : ''}
                  </span>
                  <Space size={4}>
                    {m.userId === owner && <Tag color="blue">{t('chat.group.owner')}</Tag>}
                    {isOwner && m.userId !== me && (
                      <Popconfirm
                        icon={POPCONFIRM_ICON}
                        title={t('chat.group.transferConfirm', { name: m.userName })}
                        onConfirm={() => transfer(m.userId)}
                        okText={t('chat.group.transfer')}
                        cancelText={t('chat.cancel')}
                      >
                        <Button
                          size="small"
                          icon={<CrownOutlined aria-hidden />}
                          disabled={busy}
                          aria-label={t('chat.group.transferTo', { name: m.userName })}
                        >
                          {t('chat.group.transfer')}
                        </Button>
                      </Popconfirm>
                    )}
                    {isOwner && m.userId !== me && (
                      <Popconfirm
                        icon={POPCONFIRM_ICON}
                        title={t('chat.group.removeConfirm', { name: m.userName })}
                        onConfirm={() => remove(m.userId)}
                        okText={t('chat.group.remove')}
                        cancelText={t('chat.cancel')}
                      >
                        <Button
                          size="small"
                          danger
                          icon={<UserDeleteOutlined aria-hidden />}
                          disabled={busy}
                          aria-label={t('chat.group.removeMember', { name: m.userName })}
                        >
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
            {isOwner ? (
              <section className="group-settings" aria-label={t('chat.group.settings')}>
                <RenameGroup name={group.name} busy={busy} onRename={rename} />
                <p className="chat-conversation-time">{t('chat.group.ownerQuitHint')}</p>
                <div style={{ textAlign: 'right' }}>
                  <Popconfirm
                    icon={POPCONFIRM_ICON}
                    title={t('chat.group.dissolveConfirm')}
                    onConfirm={() => void dissolve()}
                    okText={t('chat.group.dissolve')}
                    cancelText={t('chat.cancel')}
                  >
                    <Button danger disabled={busy}>
                      {t('chat.group.dissolve')}
                    </Button>
                  </Popconfirm>
                </div>
              </section>
            ) : (
              <div style={{ textAlign: 'right', marginTop: 12 }}>
                <Popconfirm
                  icon={POPCONFIRM_ICON}
                  title={t('chat.group.quitConfirm')}
                  onConfirm={() => void quit()}
                  okText={t('chat.group.quit')}
                  cancelText={t('chat.cancel')}
                >
                  <Button danger disabled={busy}>
                    {t('chat.group.quit')}
                  </Button>
                </Popconfirm>
              </div>
            )}
          </>
        )}
      </Modal>
    </AccessibleTheme>
  );
}
