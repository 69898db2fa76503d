import { PaperClipOutlined, ReloadOutlined } from '@ant-design/icons';
import type { NoticeManageItem } from '@portal/contracts/messages';
import { App, Button, Form, Input, Modal, Popconfirm, Radio, Select, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { useManagedNotices, useNoticeOptions, usePublishNotice, useWithdrawNotice } from '../api/manage-notices.ts';
import { uploadChatFile } from '../api/upload-chat-file.ts';

type FormValues = { mpId: string; title: string; summary?: string; body?: string; audience: 'everyone' | 'roles'; roleIds?: string[]; important: boolean };

/** The notice form: account, title, summary, rich-text body, audience, importance and attachment; publishes at once. */
function NoticeForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const options = useNoticeOptions();
  const publish = usePublishNotice();
  const [file, setFile] = useState<{ objectId: string; fileName: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const audience = Form.useWatch('audience', form);
  const submit = async () => {
    const v = await form.validateFields();
    const result = await publish.mutateAsync({
      mpId: v.mpId,
      title: v.title,
      summary: v.summary ?? '',
      body: v.body ?? '',
      important: v.important,
      ...(v.audience === 'roles' ? { roleIds: v.roleIds ?? [] } : {}),
      ...(file ? { fileId: file.objectId } : {}),
    });
    void message.success(t('chat.noticeAdmin.published', { count: result.recipients }));
    form.resetFields();
    setFile(null);
    onClose();
  };
  const labels = {
    bold: t('chat.noticeAdmin.editor.bold'),
    italic: t('chat.noticeAdmin.editor.italic'),
    underline: t('chat.noticeAdmin.editor.underline'),
    orderedList: t('chat.noticeAdmin.editor.orderedList'),
    bulletList: t('chat.noticeAdmin.editor.bulletList'),
    link: t('chat.noticeAdmin.editor.link'),
    linkPrompt: t('chat.noticeAdmin.editor.linkPrompt'),
  };
  return (
    <Modal
      open={open}
      title={t('chat.noticeAdmin.write')}
      onCancel={onClose}
      width={760}
      okText={t('chat.noticeAdmin.publish')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={publish.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ audience: 'everyone', important: false, mpId: options.data?.accounts[0]?.id }} preserve={false}>
        <Form.Item name="mpId" label={t('chat.noticeAdmin.account')} rules={[{ required: true, message: t('chat.noticeAdmin.accountRequired') }]}>
          <Select options={(options.data?.accounts ?? []).map((a) => ({ value: a.id, label: a.name }))} loading={options.isPending} />
        </Form.Item>
        <Form.Item name="title" label={t('chat.noticeAdmin.titleLabel')} rules={[{ required: true, whitespace: true, message: '请输入标题' }, { max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="summary" label={t('chat.noticeAdmin.summary')} rules={[{ max: 500 }]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="body" label={t('chat.noticeAdmin.body')} htmlFor="notice-body">
          <RichTextEditor id="notice-body" label={t('chat.noticeAdmin.body')} labels={labels} />
        </Form.Item>
        <Form.Item name="audience" label={t('chat.noticeAdmin.audience')}>
          <Radio.Group
            options={[
              { value: 'everyone', label: t('chat.noticeAdmin.everyone') },
              { value: 'roles', label: t('chat.noticeAdmin.byRole') },
            ]}
          />
        </Form.Item>
        {audience === 'roles' && (
          <Form.Item name="roleIds" label={t('chat.noticeAdmin.roles')} rules={[{ required: true, message: t('chat.noticeAdmin.rolesRequired') }]}>
            <Select mode="multiple" options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))} />
          </Form.Item>
        )}
        <Form.Item name="important" label={t('chat.noticeAdmin.important')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('chat.noticeAdmin.attachment')}>
          <Space>
            <Upload
              showUploadList={false}
              beforeUpload={(f) => {
                setUploading(true);
                uploadChatFile(f)
                  .then((u) => setFile({ objectId: u.objectId, fileName: u.fileName }))
                  .catch(() => undefined)
                  .finally(() => setUploading(false));
                return false;
              }}
            >
              <Button icon={<PaperClipOutlined />} loading={uploading}>
                {t('chat.noticeAdmin.chooseFile')}
              </Button>
            </Upload>
            {file && <span data-testid="notice-attachment">{file.fileName}</span>}
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /home/noticeManageConfig (configuration menu noticeManageConfig): notices with audience and read counts; write, publish, withdraw. */
export function NoticeManagePage() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [writing, setWriting] = useState(false);
  const list = useManagedNotices(current, 10);
  const options = useNoticeOptions();
  const withdraw = useWithdrawNotice();
  const roleName = (id: string) => options.data?.roles.find((r) => r.id === id)?.name ?? id;
  return (
    <div style={{ padding: 24 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('chat.noticeAdmin.title')}
        </Typography.Title>
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            {t('chat.noticeAdmin.refresh')}
          </Button>
          <Button type="primary" onClick={() => setWriting(true)}>
            {t('chat.noticeAdmin.write')}
          </Button>
        </Space>
      </Space>
      <Table<NoticeManageItem>
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        pagination={{ current, total: list.data?.total ?? 0, pageSize: 10, onChange: setCurrent }}
        columns={[
          {
            title: t('chat.noticeAdmin.titleLabel'),
            dataIndex: 'title',
            render: (title: string, n) => (
              <Space>
                {n.important && <Tag color="red">{t('chat.noticeAdmin.important')}</Tag>}
                <span>{title}</span>
                {n.fileName && <PaperClipOutlined aria-label={n.fileName} />}
              </Space>
            ),
          },
          { title: t('chat.noticeAdmin.account'), dataIndex: 'mpName' },
          { title: t('chat.noticeAdmin.audience'), render: (_, n) => (n.everyone ? t('chat.noticeAdmin.everyone') : n.roleIds.map(roleName).join('、')) },
          {
            title: t('chat.noticeAdmin.readCount'),
            render: (_, n) => <span data-testid="notice-read-count">{t('chat.noticeAdmin.readOf', { n: n.readCount, m: n.recipients })}</span>,
          },
          { title: t('chat.noticeAdmin.publishedAt'), dataIndex: 'createdAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          {
            title: t('chat.noticeAdmin.actions'),
            render: (_, n) =>
              n.withdrawnAt ? (
                <Tag>{t('chat.noticeAdmin.withdrawn')}</Tag>
              ) : (
                <Popconfirm title={t('chat.noticeAdmin.withdrawConfirm')} onConfirm={() => withdraw.mutateAsync(n.id)}>
                  <Button size="small" danger>
                    {t('chat.noticeAdmin.withdraw')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <NoticeForm open={writing} onClose={() => setWriting(false)} />
    </div>
  );
}
