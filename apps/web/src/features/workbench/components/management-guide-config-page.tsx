import { GUIDE_HTML_MAX } from '@portal/contracts/guides';
import type { CardService } from '@portal/contracts/workbench';
import { Button, Form, Modal, Skeleton, Space, Tag } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { useServiceList } from '../api/get-service-list.ts';
import { useGuideDetail } from '../api/get-guide-detail.ts';
import { useRemoveGuide } from '../api/remove-guide.ts';
import { useSaveGuide } from '../api/save-guide.ts';
import { useConfirmRemove } from '../lib/use-confirm-remove.ts';
import '../workbench.css';
import { SearchInput } from '../../../components/search-input.tsx';
import { clearable } from '../../../components/clearable.tsx';
import { pagerNames } from '../../../components/pager-names.tsx';
import { useToast } from '../../../components/toast.tsx';

/** The editor of one service's guide: loads what is written, saves cleaned rich text. */
function GuideEditor({ service, onClose }: { service: CardService; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<{ content: string }>();
  const detail = useGuideDetail(service.serviceId);
  const save = useSaveGuide();
  useEffect(() => {
    if (detail.data) form.setFieldsValue({ content: detail.data.content });
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
  const submit = ({ content }: { content: string }) =>
    save.mutate(
      { serviceId: service.serviceId, content },
      {
        onSuccess: () => {
          void message.success(t('workbench.guideAdmin.saved'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={t('workbench.guideAdmin.editTitle', { name: service.serviceName })}
      width={720}
      okText={t('workbench.guideAdmin.save')}
      cancelText={t('workbench.config.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending, disabled: detail.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            name="content"
            label={t('workbench.guideAdmin.content')}
            rules={[
              {
                validator: (_r, v: string | undefined) => {
                  const text = new DOMParser().parseFromString(v ?? '', 'text/html').body.textContent ?? '';
                  if (!text.trim()) return Promise.reject(new Error(t('workbench.guideAdmin.empty')));
                  if ((v ?? '').length > GUIDE_HTML_MAX)
                    return Promise.reject(new Error(t('workbench.guideAdmin.tooLong')));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <RichTextEditor id="guide-content" label={t('workbench.guideAdmin.content')} labels={labels} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** /home/managementGuideConfig: services and their guides; an administrator writes, edits and deletes a guide. */
export function ManagementGuideConfigPage() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<CardService | null>(null);
  const services = useServiceList(keyword);
  const { remove, refresh } = useRemoveGuide();
  const confirmRemove = useConfirmRemove();
  return (
    <div className="wb-config">
      <h1 style={{ fontSize: 20, margin: 0 }}>{t('pages.managementGuideConfig')}</h1>
      <SearchInput
        aria-label={t('workbench.config.guideServices')}
        placeholder={t('workbench.config.guideSearch')}
        allowClear={clearable(t)}
        style={{ maxWidth: 320 }}
        onSearch={setKeyword}
      />
      <DataTable
        label={t('pages.managementGuideConfig')}
        rowKey="serviceId"
        size="small"
        loading={services.isPending}
        dataSource={services.data ?? []}
        pagination={{ ...pagerNames(t) }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('workbench.config.guideServices'), dataIndex: 'serviceName' },
          { title: t('workbench.guideAdmin.dept'), dataIndex: 'serviceDeptName' },
          {
            title: t('workbench.guideAdmin.state'),
            key: 'g',
            render: (_, s) =>
              s.hasGuide ? (
                <Tag className="wb-tag-ok">{t('workbench.config.hasGuide')}</Tag>
              ) : (
                <Tag>{t('workbench.config.noGuide')}</Tag>
              ),
          },
          {
            title: t('workbench.guideAdmin.actions'),
            key: 'a',
            render: (_, s) => (
              <Space size="small">
                <Button
                  type="link"
                  size="small"
                  aria-label={t('workbench.guideAdmin.editAria', {
                    verb: s.hasGuide ? t('workbench.guideAdmin.edit') : t('workbench.guideAdmin.write'),
                    name: s.serviceName,
                  })}
                  onClick={() => setEditing(s)}
                >
                  {s.hasGuide ? t('workbench.guideAdmin.edit') : t('workbench.guideAdmin.write')}
                </Button>
                {s.hasGuide && (
                  <Button
                    type="link"
                    size="small"
                    danger
                    aria-label={t('workbench.guideAdmin.removeAria', { name: s.serviceName })}
                    onClick={() =>
                      confirmRemove(
                        t('workbench.guideAdmin.removeConfirm', { name: s.serviceName }),
                        () => remove(s.serviceId),
                        refresh,
                      )
                    }
                  >
                    {t('workbench.config.remove')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <GuideEditor service={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
