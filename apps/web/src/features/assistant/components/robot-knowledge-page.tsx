import { ImportOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { FaqSaveRequest, type FaqEntry } from '@portal/contracts/assistant';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Typography } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { useEnableFaq } from '../api/enable-faq.ts';
import { useAfterFaqChange, useFaqPage, type FaqFilter } from '../api/get-faq-page.ts';
import { useSceneOptions } from '../api/get-scene-options.ts';
import { useRemoveFaq } from '../api/remove-faq.ts';
import { useSaveFaq } from '../api/save-faq.ts';
import { formatTenantTime } from '../../../lib/time-zone.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import { clearable } from '../../../components/clearable.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';
import { POPCONFIRM_ICON } from '../../../components/popconfirm-icon.tsx';
import { useToast } from '../../../components/toast.tsx';
import { RobotSettingsSection } from './robot-settings-section.tsx';

type FormValues = {
  question: string;
  answer: string;
  keywords?: string;
  synonyms?: string;
  sceneId: string;
  enabled: boolean;
};

/** Adding or editing one entry: question, answer, keywords, other ways of asking it, scene, on or off. */
function FaqForm({
  entry,
  open,
  onClose,
  from,
}: {
  entry: FaqEntry | null;
  open: boolean;
  onClose: () => void;
  /** An unanswered question this new entry answers (from the unanswered list): it leaves that list. */
  from?: { id: string; question: string } | null;
}) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<FormValues>();
  const scenes = useSceneOptions();
  const save = useSaveFaq();
  // Opened before the scenes came (straight from the unanswered list): the first scene once they are there.
  useEffect(() => {
    const first = scenes.data?.[0]?.dictKey;
    if (open && !entry && first && !form.getFieldValue('sceneId')) form.setFieldsValue({ sceneId: first });
  }, [open, entry, scenes.data, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows what is missing
    await save.mutateAsync({
      ...(entry ? { id: entry.id } : {}),
      question: v.question,
      answer: v.answer,
      keywords: v.keywords ?? '',
      synonyms: v.synonyms ?? '',
      sceneId: v.sceneId,
      enabled: v.enabled,
      ...(!entry && from ? { fromQuestionId: from.id } : {}),
    });
    void message.success(t('assistant.knowledge.saved'));
    onClose();
  };
  return (
    <Modal
      open={open}
      title={entry ? t('assistant.knowledge.edit') : t('assistant.knowledge.add')}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('assistant.knowledge.save')}
      confirmLoading={save.isPending}
      width={680}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          entry
            ? { ...entry }
            : {
                enabled: true,
                sceneId: scenes.data?.[0]?.dictKey,
                keywords: '',
                synonyms: '',
                question: from?.question ?? '',
                answer: '',
              }
        }
      >
        <Form.Item
          name="question"
          label={t('assistant.knowledge.question')}
          rules={[
            { required: true, whitespace: true, message: t('assistant.knowledge.questionRequired') },
            { max: maxLengthOf(FaqSaveRequest.shape.question) },
          ]}
        >
          <Input maxLength={maxLengthOf(FaqSaveRequest.shape.question)} />
        </Form.Item>
        <Form.Item
          name="answer"
          label={t('assistant.knowledge.answer')}
          rules={[
            { required: true, whitespace: true, message: t('assistant.knowledge.answerRequired') },
            { max: maxLengthOf(FaqSaveRequest.shape.answer) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={maxLengthOf(FaqSaveRequest.shape.answer)} />
        </Form.Item>
        <Form.Item
          name="synonyms"
          label={t('assistant.knowledge.synonyms')}
          extra={t('assistant.knowledge.synonymsHelp')}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={maxLengthOf(FaqSaveRequest.shape.synonyms)}
          />
        </Form.Item>
        <Form.Item
          name="keywords"
          label={t('assistant.knowledge.keywords')}
          extra={t('assistant.knowledge.keywordsHelp')}
        >
          <Input maxLength={maxLengthOf(FaqSaveRequest.shape.keywords)} />
        </Form.Item>
        <Form.Item
          name="sceneId"
          label={t('assistant.knowledge.scene')}
          rules={[{ required: true, message: t('assistant.knowledge.sceneRequired') }]}
        >
          <Select
            loading={scenes.isPending}
            options={(scenes.data ?? []).map((s) => ({ value: s.dictKey, label: s.dictValue }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('assistant.knowledge.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /home/robotKnowledgeConfig (configuration menu robotKnowledgeConfig, checked again by every call): the robot's
 * knowledge, searched by keyword and scene; add, edit, turn on or off, delete; and the robot's own settings.
 */
export function RobotKnowledgePage({
  importDialog,
}: {
  /** The import dialog of 2.7 for the data set robotFaq (composed by the route: features do not import each other). */
  importDialog?: (props: { onClose: () => void; onDone: () => void }) => ReactNode;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<FaqFilter>({ current: 1, size: 10 });
  // From the unanswered list (?fromQuestion=…&question=…): the form opens with the question written in.
  const [params, setParams] = useSearchParams();
  const from = params.get('fromQuestion')
    ? { id: params.get('fromQuestion')!, question: params.get('question') ?? '' }
    : null;
  const [editing, setEditing] = useState<FaqEntry | 'new' | null>(from ? 'new' : null);
  const [importing, setImporting] = useState(false);
  const afterFaqChange = useAfterFaqChange();
  const list = useFaqPage(filter);
  const scenes = useSceneOptions();
  const enable = useEnableFaq();
  const remove = useRemoveFaq();
  return (
    <AccessibleTheme>
      <div style={{ padding: 24 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {t('assistant.knowledge.title')}
          </Typography.Title>
          <Space wrap>
            <SearchInput
              allowClear={clearable(t)}
              aria-label={t('assistant.knowledge.search')}
              placeholder={t('assistant.knowledge.search')}
              onSearch={(keyword) => setFilter((f) => ({ ...f, current: 1, keyword: keyword.trim() || undefined }))}
              style={{ width: 240 }}
            />
            <Select
              allowClear={clearable(t)}
              aria-label={t('assistant.knowledge.scene')}
              placeholder={t('assistant.knowledge.scene')}
              style={{ width: 160 }}
              options={(scenes.data ?? []).map((s) => ({ value: s.dictKey, label: s.dictValue }))}
              onChange={(sceneId?: string) => setFilter((f) => ({ ...f, current: 1, sceneId }))}
            />
            <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void list.refetch()}>
              {t('assistant.knowledge.refresh')}
            </Button>
            {importDialog && (
              <Button icon={<ImportOutlined aria-hidden />} onClick={() => setImporting(true)}>
                {t('assistant.knowledge.import')}
              </Button>
            )}
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
              {t('assistant.knowledge.add')}
            </Button>
          </Space>
        </Space>
        <DataTable<FaqEntry>
          label={t('assistant.knowledge.title')}
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          pagination={{
            ...pagerNames(t),
            current: filter.current,
            pageSize: filter.size,
            total: list.data?.total ?? 0,
            onChange: (current, size) => setFilter((f) => ({ ...f, current, size })),
          }}
          columns={[
            { title: t('assistant.knowledge.question'), dataIndex: 'question' },
            { title: t('assistant.knowledge.scene'), dataIndex: 'sceneName', width: 120 },
            {
              title: t('assistant.knowledge.synonyms'),
              dataIndex: 'synonyms',
              render: (s: string) => s.split(/\n+/).filter(Boolean).join('、'),
            },
            { title: t('assistant.knowledge.hits'), dataIndex: 'hits', width: 90 },
            {
              title: t('assistant.knowledge.enabled'),
              width: 90,
              render: (_, e) => (
                <Switch
                  checked={e.enabled}
                  aria-label={`${t('assistant.knowledge.enabled')} ${e.question}`}
                  onChange={(on) => void enable.mutateAsync({ id: e.id, enabled: on })}
                />
              ),
            },
            {
              title: t('assistant.knowledge.updatedAt'),
              dataIndex: 'updatedAt',
              width: 150,
              render: (v: string) => formatTenantTime(v, 'YYYY-MM-DD HH:mm'),
            },
            {
              title: t('assistant.knowledge.actions'),
              width: 150,
              render: (_, e) => (
                <Space>
                  <Button
                    size="small"
                    onClick={() => setEditing(e)}
                    aria-label={`${t('assistant.knowledge.edit')} ${e.question}`}
                  >
                    {t('assistant.knowledge.edit')}
                  </Button>
                  <Popconfirm
                    icon={POPCONFIRM_ICON}
                    title={t('assistant.knowledge.removeConfirm')}
                    onConfirm={() => remove.mutateAsync(e.id)}
                  >
                    <Button size="small" danger aria-label={`${t('assistant.knowledge.remove')} ${e.question}`}>
                      {t('assistant.knowledge.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
        <FaqForm
          entry={editing === 'new' ? null : editing}
          from={from}
          open={editing !== null}
          onClose={() => {
            setEditing(null);
            if (from) setParams({}, { replace: true });
          }}
        />
        <div style={{ marginTop: 24, maxWidth: 720 }}>
          <RobotSettingsSection />
        </div>
        {importing &&
          importDialog?.({
            onClose: () => setImporting(false),
            onDone: () => void afterFaqChange(),
          })}
      </div>
    </AccessibleTheme>
  );
}
