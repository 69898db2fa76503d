import { NEWS_HTML_MAX, NewsSaveRequest, type NewsKind, type NewsPage } from '@portal/contracts/news';
import { Button, DatePicker, Form, Input, Modal, Segmented, Select, Skeleton, Space, Switch, Tag } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { actionOn } from '../../../lib/action-on.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { formatTenantTime, tenantTimeZone } from '../../../lib/time-zone.ts';
import { useNewsForEditor } from '../api/get-news-for-editor.ts';
import { useNewsPage } from '../api/get-news-page.ts';
import { useRemoveNews } from '../api/remove-news.ts';
import { useSaveNews } from '../api/save-news.ts';
import { fromPickerTime, toPickerTime } from '../lib/news-time.ts';
import { useConfirmRemove } from '../lib/use-confirm-remove.ts';
import { SearchInput } from '../../../components/search-input.tsx';
import { clearable } from '../../../components/clearable.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';
import { useToast } from '../../../components/toast.tsx';

type Row = NewsPage['records'][number];
type Values = {
  kind: NewsKind;
  title: string;
  category: string;
  fieldSet: string;
  important: boolean;
  releaseTime: Dayjs;
  url: string;
  content: string;
};

const plain = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** The editor of one item (a new one when `id` is null): title, kind, category, column, importance, time, body or link. */
function NewsEditor({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<Values>();
  const detail = useNewsForEditor(id);
  const save = useSaveNews();
  const kind = Form.useWatch('kind', form);
  useEffect(() => {
    if (detail.data)
      form.setFieldsValue({
        ...detail.data,
        releaseTime: toPickerTime(detail.data.releaseTime),
      });
  }, [detail.data, form]);
  const labels = {
    bold: t('richText.bold'),
    italic: t('richText.italic'),
    underline: t('richText.underline'),
    orderedList: t('richText.orderedList'),
    bulletList: t('richText.bulletList'),
    link: t('richText.link'),
    linkPrompt: t('richText.linkPrompt'),
  };
  const submit = (v: Values) =>
    save.mutate(
      {
        ...(id ? { id } : {}),
        kind: v.kind,
        title: v.title,
        category: v.kind === 'news' ? (v.category ?? '') : '',
        fieldSet: v.fieldSet ?? '',
        important: !!v.important,
        releaseTime: fromPickerTime(v.releaseTime),
        url: (v.url ?? '').trim(),
        content: plain(v.content ?? '').trim() ? (v.content ?? '') : '',
      },
      {
        onSuccess: () => {
          void message.success(t('workbench.newsAdmin.saved'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={id ? t('workbench.newsAdmin.editTitle') : t('workbench.newsAdmin.newTitle')}
      width={760}
      okText={t('workbench.newsAdmin.save')}
      cancelText={t('workbench.config.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, disabled: !!id && detail.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      {id && detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Form
          form={form}
          // Its fields' ids (news_url, news_category): the card form of the same page has a url and a category too, and
          // two inputs with one id left these labels tied to the other form's.
          name="news"
          layout="vertical"
          onFinish={submit}
          initialValues={{
            kind: 'news',
            title: '',
            category: '',
            fieldSet: '',
            important: false,
            releaseTime: toPickerTime(Date.now()),
            url: '',
            content: '',
          }}
        >
          <Form.Item name="kind" label={t('workbench.newsAdmin.kind')}>
            <Segmented
              aria-label={t('workbench.newsAdmin.kind')}
              options={(['news', 'announcement'] as const).map((k) => ({
                value: k,
                label: t(`workbench.newsAdmin.kinds.${k}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="title"
            label={t('workbench.newsAdmin.titleField')}
            rules={[{ required: true, whitespace: true, message: t('workbench.newsAdmin.titleRequired') }]}
          >
            <Input maxLength={maxLengthOf(NewsSaveRequest.shape.title)} />
          </Form.Item>
          <Space wrap size="middle" align="start">
            {kind !== 'announcement' && (
              <Form.Item
                name="category"
                label={t('workbench.newsAdmin.category')}
                extra={t('workbench.newsAdmin.categoryHelp')}
              >
                <Input maxLength={maxLengthOf(NewsSaveRequest.shape.category)} style={{ width: 200 }} />
              </Form.Item>
            )}
            <Form.Item
              name="fieldSet"
              label={t('workbench.newsAdmin.fieldSet')}
              extra={t('workbench.newsAdmin.fieldSetHelp')}
            >
              <Input maxLength={maxLengthOf(NewsSaveRequest.shape.fieldSet)} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="important" label={t('workbench.newsAdmin.important')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item
            name="releaseTime"
            label={t('workbench.newsAdmin.releaseTime')}
            extra={t('workbench.newsAdmin.releaseHelp', { zone: tenantTimeZone() })}
            rules={[{ required: true }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('workbench.newsAdmin.url')}
            extra={t('workbench.newsAdmin.urlHelp')}
            rules={[
              {
                validator: (_r, v: string | undefined) =>
                  !v?.trim() || /^https?:\/\/\S+$/i.test(v.trim())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('workbench.newsAdmin.badLink'))),
              },
            ]}
          >
            <Input maxLength={maxLengthOf(NewsSaveRequest.shape.url)} placeholder="https://" />
          </Form.Item>
          <Form.Item
            name="content"
            label={t('workbench.newsAdmin.content')}
            dependencies={['url']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_r, v: string | undefined) => {
                  if ((v ?? '').length > NEWS_HTML_MAX)
                    return Promise.reject(new Error(t('workbench.newsAdmin.tooLong')));
                  if (!plain(v ?? '').trim() && !String(getFieldValue('url') ?? '').trim())
                    return Promise.reject(new Error(t('workbench.newsAdmin.bodyOrLink')));
                  return Promise.resolve();
                },
              }),
            ]}
          >
            <RichTextEditor id="news-content" label={t('workbench.newsAdmin.content')} labels={labels} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 卡片业务配置: campus news and announcements administrators write, edit and delete (after a confirmation). */
export function NewsSection() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<NewsKind | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const page = useNewsPage({ kind, keyword: keyword || undefined, current, size: 10 });
  const { remove, refresh } = useRemoveNews();
  const confirmRemove = useConfirmRemove();
  const now = Date.now();
  return (
    <section aria-label={t('workbench.newsAdmin.title')}>
      <h2 style={{ fontSize: 16 }}>{t('workbench.newsAdmin.title')}</h2>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          aria-label={t('workbench.newsAdmin.kind')}
          allowClear={clearable(t)}
          placeholder={t('workbench.newsAdmin.kind')}
          style={{ width: 160 }}
          value={kind}
          onChange={(v) => {
            setKind(v);
            setCurrent(1);
          }}
          options={(['news', 'announcement'] as const).map((k) => ({
            value: k,
            label: t(`workbench.newsAdmin.kinds.${k}`),
          }))}
        />
        <SearchInput
          aria-label={t('workbench.newsAdmin.search')}
          placeholder={t('workbench.newsAdmin.search')}
          allowClear={clearable(t)}
          onSearch={(v) => {
            setKeyword(v.trim());
            setCurrent(1);
          }}
          style={{ width: 220 }}
        />
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('workbench.newsAdmin.add')}
        </Button>
      </Space>
      <DataTable<Row>
        label={t('workbench.newsAdmin.title')}
        size="small"
        rowKey="id"
        loading={page.isPending}
        dataSource={page.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          ...pagerNames(t),
          current,
          pageSize: 10,
          total: page.data?.total ?? 0,
          onChange: setCurrent,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: t('workbench.newsAdmin.titleField'),
            dataIndex: 'title',
            render: (title: string, r) => (
              <Space size={4}>
                {r.important && <Tag color="red">{t('workbench.important')}</Tag>}
                <span>{title}</span>
              </Space>
            ),
          },
          {
            title: t('workbench.newsAdmin.kind'),
            dataIndex: 'kind',
            render: (k: NewsKind) => t(`workbench.newsAdmin.kinds.${k}`),
          },
          {
            title: `${t('workbench.newsAdmin.category')} / ${t('workbench.newsAdmin.fieldSet')}`,
            key: 'c',
            render: (_, r) => [r.category, r.fieldSet].filter(Boolean).join(' / '),
          },
          {
            title: t('workbench.newsAdmin.releaseTime'),
            dataIndex: 'releaseTime',
            render: (v: string) => (
              <Space size={4}>
                <span>{formatTenantTime(v)}</span>
                {Date.parse(v) > now && <Tag color="blue">{t('workbench.newsAdmin.scheduled')}</Tag>}
              </Space>
            ),
          },
          {
            title: `${t('workbench.newsAdmin.body')} / ${t('workbench.newsAdmin.link')}`,
            key: 'b',
            render: (_, r) =>
              r.url ? t('workbench.newsAdmin.link') : r.hasContent ? t('workbench.newsAdmin.body') : '',
          },
          {
            title: t('workbench.newsAdmin.actions'),
            key: 'a',
            render: (_, r) => (
              <Space size="small">
                <Button
                  size="small"
                  aria-label={actionOn(t('workbench.newsAdmin.edit'), r.title)}
                  onClick={() => setEditing(r.id)}
                >
                  {t('workbench.newsAdmin.edit')}
                </Button>
                <Button
                  size="small"
                  danger
                  aria-label={actionOn(t('workbench.config.remove'), r.title)}
                  onClick={() =>
                    confirmRemove(
                      t('workbench.newsAdmin.removeConfirm', { name: r.title }),
                      () => remove(r.id),
                      refresh,
                    )
                  }
                >
                  {t('workbench.config.remove')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing !== undefined && <NewsEditor id={editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
