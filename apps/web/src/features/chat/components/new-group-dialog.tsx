import { CHAT_GROUP_NAME_MAX_LENGTH, MP_TYPE_GROUP, TO_USER_TYPE_GROUP } from '@portal/contracts/chat';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { createChatGroup } from '../api/create-chat-group.ts';
import { chatGroupsQueryKey } from '../api/get-chat-groups.ts';
import { usePeople } from '../api/get-im-user-page.ts';
import { useChat } from '../lib/chat-runtime.ts';

type Values = { name: string; memberIds: string[] };

/** The conversation of a group just created, for the panel to open (dated by its creation: first in the list). */
export type CreatedGroup = { jid: string; name: string; mpType: number; toUserType: number; timeSend: string };

/**
 * Creates a group with people of the tenant; `onCreated` opens its conversation (the panel does, so that on a phone
 * the conversation shows instead of the list, as when a conversation is picked).
 */
export function NewGroupDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (group: CreatedGroup) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const me = useChat((s) => s.me?.userId);
  const people = usePeople(keyword, open);
  const options = (people.data?.records ?? [])
    .filter((u) => u.userId !== me)
    .map((u) => ({ value: u.userId, label: t('chat.person', { name: u.userName, account: u.account }) }));

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    setSaving(true);
    try {
      const group = await createChatGroup(values);
      void queryClient.invalidateQueries({ queryKey: chatGroupsQueryKey });
      form.resetFields();
      onClose();
      await onCreated({
        jid: group.id,
        name: group.name,
        mpType: MP_TYPE_GROUP,
        toUserType: TO_USER_TYPE_GROUP,
        timeSend: group.createdAt,
      });
    } catch {
      // The HTTP layer has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('chat.group.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('chat.group.create')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="name"
          label={t('chat.group.name')}
          rules={[{ required: true, whitespace: true, message: t('chat.group.nameRequired') }]}
        >
          <Input maxLength={CHAT_GROUP_NAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          name="memberIds"
          label={t('chat.group.members')}
          rules={[{ required: true, message: t('chat.group.membersRequired') }]}
        >
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            options={options}
            loading={people.isFetching}
            placeholder={t('chat.searchPeople')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
