import { PaperClipOutlined, ReloadOutlined } from '@ant-design/icons';
import { SendNoticeRequest, type NoticeManageItem } from '@portal/contracts/messages';
import {
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
  Upload,
  DatePicker,
} from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { useEffect, useState } from 'react';
import { actionOn } from '../../../lib/action-on.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { deptTree } from '../../../lib/dept-tree.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { useManagedNotices } from '../api/get-managed-notices.ts';
import { useNoticeOptions } from '../api/get-notice-options.ts';
import { useScheduledNotices } from '../api/get-scheduled-notices.ts';
import { usePublishNotice } from '../api/publish-notice.ts';
import { useWithdrawNotice } from '../api/withdraw-notice.ts';
import { ListedTreeSelect } from '../../../components/listed-tree-select.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';
import { POPCONFIRM_ICON } from '../../../components/popconfirm-icon.tsx';
import { useToast } from '../../../components/toast.tsx';

dayjs.extend(utc);
dayjs.extend(timezone);

type FormValues = {
  mpId: string;
  title: string;
  summary?: string;
  body?: string;
  audience: 'everyone' | 'roles' | 'depts';
  roleIds?: string[];
  deptIds?: string[];
  when: 'now' | 'later';
  publishAt?: Dayjs;
  important: boolean;
};

/** The notice form: account, title, summary, rich-text body, audience, importance and attachment; publishes at once. */
/**
 * Uploads a notice's attachment: the chat's file upload (a notice is a public account's chat message), given by
 * app/ (features never import each other).
 */
export type UploadNoticeFile = (file: File) => Promise<{ objectId: string; fileName: string }>;

function NoticeForm({
  open,
  onClose,
  uploadFile,
}: {
  open: boolean;
  onClose: () => void;
  uploadFile: UploadNoticeFile;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<FormValues>();
  const options = useNoticeOptions();
  const publish = usePublishNotice();
  const [file, setFile] = useState<{ objectId: string; fileName: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const audience = Form.useWatch('audience', form);
  const when = Form.useWatch('when', form);
  const tz = options.data?.timeZone ?? 'Asia/Shanghai';
  // The form may open before the accounts arrive (a busy server): the first account is chosen when they do, unless
  // the administrator chose one already. Without this the form opened early had no account and 发布 did nothing.
  const firstAccount = options.data?.accounts[0]?.id;
  useEffect(() => {
    if (open && firstAccount && !form.getFieldValue('mpId')) form.setFieldValue('mpId', firstAccount);
  }, [open, firstAccount, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows what is missing
    // The picked date and time are the tenant's wall clock (its time zone), whatever the browser's zone is.
    const publishAt = v.when === 'later' && v.publishAt ? v.publishAt.format('YYYY-MM-DD HH:mm') : undefined;
    const result = await publish.mutateAsync({
      mpId: v.mpId,
      title: v.title,
      summary: v.summary ?? '',
      body: v.body ?? '',
      important: v.important,
      ...(v.audience === 'roles' ? { roleIds: v.roleIds ?? [] } : {}),
      ...(v.audience === 'depts' ? { deptIds: v.deptIds ?? [] } : {}),
      ...(file ? { fileId: file.objectId } : {}),
      ...(publishAt ? { publishAt } : {}),
    });
    void message.success(
      publishAt
        ? t('messages.noticeAdmin.scheduledOk', { time: publishAt, tz })
        : t('messages.noticeAdmin.published', { count: result.recipients }),
    );
    form.resetFields();
    setFile(null);
    onClose();
  };
  const labels = {
    bold: t('messages.noticeAdmin.editor.bold'),
    italic: t('messages.noticeAdmin.editor.italic'),
    underline: t('messages.noticeAdmin.editor.underline'),
    orderedList: t('messages.noticeAdmin.editor.orderedList'),
    bulletList: t('messages.noticeAdmin.editor.bulletList'),
    link: t('messages.noticeAdmin.editor.link'),
    linkPrompt: t('messages.noticeAdmin.editor.linkPrompt'),
  };
  return (
    <Modal
      open={open}
      title={t('messages.noticeAdmin.write')}
      onCancel={onClose}
      width={760}
      okText={t('messages.noticeAdmin.publish')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={publish.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ audience: 'everyone', when: 'now', important: false, mpId: options.data?.accounts[0]?.id }}
        preserve={false}
      >
        <Form.Item
          name="mpId"
          label={t('messages.noticeAdmin.account')}
          rules={[{ required: true, message: t('messages.noticeAdmin.accountRequired') }]}
        >
          <Select
            options={(options.data?.accounts ?? []).map((a) => ({ value: a.id, label: a.name }))}
            loading={options.isPending}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('messages.noticeAdmin.titleLabel')}
          rules={[
            { required: true, whitespace: true, message: '请输入标题' },
            { max: maxLengthOf(SendNoticeRequest.shape.title) },
          ]}
        >
          <Input maxLength={maxLengthOf(SendNoticeRequest.shape.title)} />
        </Form.Item>
        <Form.Item
          name="summary"
          label={t('messages.noticeAdmin.summary')}
          rules={[{ max: maxLengthOf(SendNoticeRequest.shape.summary) }]}
        >
          <Input.TextArea
            maxLength={maxLengthOf(SendNoticeRequest.shape.summary)}
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
        <Form.Item name="body" label={t('messages.noticeAdmin.body')} htmlFor="notice-body">
          <RichTextEditor id="notice-body" label={t('messages.noticeAdmin.body')} labels={labels} />
        </Form.Item>
        <Form.Item name="audience" label={t('messages.noticeAdmin.audience')}>
          <Radio.Group
            aria-label={t('messages.noticeAdmin.audience')}
            options={[
              { value: 'everyone', label: t('messages.noticeAdmin.everyone') },
              { value: 'roles', label: t('messages.noticeAdmin.byRole') },
              { value: 'depts', label: t('messages.noticeAdmin.byDept') },
            ]}
          />
        </Form.Item>
        {audience === 'depts' && (
          <Form.Item
            name="deptIds"
            label={t('messages.noticeAdmin.depts')}
            rules={[{ required: true, message: t('messages.noticeAdmin.deptsRequired') }]}
          >
            <ListedTreeSelect
              multiple
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeData={deptTree(options.data?.depts ?? [])}
            />
          </Form.Item>
        )}
        {audience === 'roles' && (
          <Form.Item
            name="roleIds"
            label={t('messages.noticeAdmin.roles')}
            rules={[{ required: true, message: t('messages.noticeAdmin.rolesRequired') }]}
          >
            <Select
              mode="multiple"
              options={(options.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="when" label={t('messages.noticeAdmin.when')}>
          <Radio.Group
            aria-label={t('messages.noticeAdmin.when')}
            options={[
              { value: 'now', label: t('messages.noticeAdmin.now') },
              { value: 'later', label: t('messages.noticeAdmin.later') },
            ]}
          />
        </Form.Item>
        {when === 'later' && (
          <Form.Item
            name="publishAt"
            label={t('messages.noticeAdmin.publishAt', { tz })}
            rules={[{ required: true, message: t('messages.noticeAdmin.publishAtRequired') }]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(dayjs().tz(tz).startOf('day').format('YYYY-MM-DD'), 'day')}
            />
          </Form.Item>
        )}
        <Form.Item name="important" label={t('messages.noticeAdmin.important')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('messages.noticeAdmin.attachment')}>
          <Space>
            <Upload
              showUploadList={false}
              beforeUpload={(f) => {
                setUploading(true);
                uploadFile(f)
                  .then((u) => setFile({ objectId: u.objectId, fileName: u.fileName }))
                  .catch(() => undefined)
                  .finally(() => setUploading(false));
                return false;
              }}
            >
              <Button icon={<PaperClipOutlined aria-hidden />} loading={uploading}>
                {t('messages.noticeAdmin.chooseFile')}
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
export function NoticeManagePage({ uploadFile }: { uploadFile: UploadNoticeFile }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [writing, setWriting] = useState(false);
  const list = useManagedNotices(current, 10);
  const options = useNoticeOptions();
  const withdraw = useWithdrawNotice();
  const scheduled = useScheduledNotices();
  const roleName = (id: string) => options.data?.roles.find((r) => r.id === id)?.name ?? id;
  const deptName = (id: string) => options.data?.depts.find((d) => d.id === id)?.name ?? id;
  const audienceText = (n: { everyone: boolean; roleIds: string[]; deptIds?: string[] }) =>
    n.everyone
      ? t('messages.noticeAdmin.everyone')
      : [...n.roleIds.map(roleName), ...(n.deptIds ?? []).map(deptName)].join('、');
  const tz = options.data?.timeZone ?? 'Asia/Shanghai';
  return (
    <div className="page-inset">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {t('messages.noticeAdmin.title')}
        </Typography.Title>
        <Space>
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void list.refetch()}>
            {t('messages.noticeAdmin.refresh')}
          </Button>
          <Button type="primary" onClick={() => setWriting(true)}>
            {t('messages.noticeAdmin.write')}
          </Button>
        </Space>
      </Space>
      {(scheduled.data?.length ?? 0) > 0 && (
        <section aria-labelledby="notice-scheduled-title" style={{ marginBottom: 16 }}>
          <Typography.Title level={2} id="notice-scheduled-title" style={{ fontSize: 20 }}>
            {t('messages.noticeAdmin.scheduled')}
          </Typography.Title>
          <ul className="notice-scheduled-list">
            {scheduled.data!.map((s) => (
              <li key={s.id} data-testid="notice-scheduled">
                <Space wrap>
                  {s.important && <Tag color="red">{t('messages.noticeAdmin.important')}</Tag>}
                  <strong>{s.title}</strong>
                  <span>{t('messages.noticeAdmin.scheduledAt', { time: s.publishAtLocal, tz })}</span>
                  <span>{audienceText(s)}</span>
                  <Popconfirm
                    icon={POPCONFIRM_ICON}
                    title={t('messages.noticeAdmin.cancelConfirm')}
                    onConfirm={() => withdraw.mutateAsync(s.id)}
                  >
                    <Button size="small" aria-label={actionOn(t('messages.noticeAdmin.cancelScheduled'), s.title)}>
                      {t('messages.noticeAdmin.cancelScheduled')}
                    </Button>
                  </Popconfirm>
                </Space>
              </li>
            ))}
          </ul>
        </section>
      )}
      <DataTable<NoticeManageItem>
        label={t('messages.noticeAdmin.title')}
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        pagination={{ ...pagerNames(t), current, total: list.data?.total ?? 0, pageSize: 10, onChange: setCurrent }}
        columns={[
          {
            title: t('messages.noticeAdmin.titleLabel'),
            dataIndex: 'title',
            render: (title: string, n) => (
              <Space>
                {n.important && <Tag color="red">{t('messages.noticeAdmin.important')}</Tag>}
                <span>{title}</span>
                {n.fileName && <PaperClipOutlined aria-label={n.fileName} />}
              </Space>
            ),
          },
          { title: t('messages.noticeAdmin.account'), dataIndex: 'mpName' },
          {
            title: t('messages.noticeAdmin.audience'),
            render: (_, n) => audienceText(n),
          },
          {
            title: t('messages.noticeAdmin.readCount'),
            render: (_, n) => (
              <span data-testid="notice-read-count">
                {t('messages.noticeAdmin.readOf', { n: n.readCount, m: n.recipients })}
              </span>
            ),
          },
          {
            title: t('messages.noticeAdmin.publishedAt'),
            dataIndex: 'createdAt',
            render: (v: string) => dayjs(v).tz(tz).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: t('messages.noticeAdmin.actions'),
            render: (_, n) =>
              n.withdrawnAt ? (
                <Tag>{t('messages.noticeAdmin.withdrawn')}</Tag>
              ) : (
                <Popconfirm
                  icon={POPCONFIRM_ICON}
                  title={t('messages.noticeAdmin.withdrawConfirm')}
                  onConfirm={() => withdraw.mutateAsync(n.id)}
                >
                  <Button size="small" danger aria-label={actionOn(t('messages.noticeAdmin.withdraw'), n.title)}>
                    {t('messages.noticeAdmin.withdraw')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <NoticeForm open={writing} onClose={() => setWriting(false)} uploadFile={uploadFile} />
    </div>
  );
}
