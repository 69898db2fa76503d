import { CommonToolSave, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { Button, Form, Input, Space } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { actionOn } from '../../../lib/action-on.ts';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { ImageUploadButton } from '../../../components/image-upload-button.tsx';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { toolsQueryKey, useTools } from '../api/get-tools.ts';
import { saveTool } from '../api/save-tool.ts';
import { removeTool } from '../api/remove-tool.ts';
import { useConfirmRemove } from '../lib/use-confirm-remove.ts';
import { useToast } from '../../../components/toast.tsx';

type Values = { tools_name: string; tools_url: string; tools_type: string };

/** Common tools of the tools card (commonTool/save), with an icon uploaded through common/upload. */
export function ToolsSection() {
  const { t } = useTranslation();
  const message = useToast();
  const qc = useQueryClient();
  const tools = useTools();
  const [icon, setIcon] = useState('');
  const [form] = Form.useForm<Values>();
  const confirmRemove = useConfirmRemove();
  const save = async (v: Values) => {
    await saveTool({ ...v, tools_icon: icon });
    form.resetFields();
    setIcon('');
    void message.success(t('workbench.config.saved'));
    await qc.invalidateQueries({ queryKey: toolsQueryKey });
  };
  return (
    <section aria-label={t('workbench.cardTypes.commonTools')}>
      <h2 style={{ fontSize: 16 }}>{t('workbench.cardTypes.commonTools')}</h2>
      <DataTable
        label={t('workbench.cardTypes.commonTools')}
        size="small"
        rowKey="id"
        pagination={false}
        loading={tools.isPending}
        dataSource={tools.data ?? []}
        columns={[
          {
            title: '',
            key: 'i',
            width: 48,
            render: (_, x) => (x.tools_icon ? <img src={x.tools_icon} alt="" width={24} height={24} /> : null),
          },
          { title: t('workbench.config.toolName'), dataIndex: 'tools_name' },
          { title: t('workbench.config.category'), dataIndex: 'tools_type' },
          { title: t('workbench.config.configPath'), dataIndex: 'tools_url' },
          {
            title: t('workbench.config.actions'),
            key: 'a',
            render: (_, x) => (
              <Button
                size="small"
                danger
                aria-label={actionOn(t('workbench.config.remove'), x.tools_name)}
                onClick={() =>
                  confirmRemove(
                    t('workbench.config.removeToolConfirm', { name: x.tools_name }),
                    () => removeTool(x.id),
                    () => qc.invalidateQueries({ queryKey: toolsQueryKey }),
                  )
                }
              >
                {t('workbench.config.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Form
        form={form}
        layout="inline"
        style={{ marginTop: 8, rowGap: 8 }}
        onFinish={(v) => void save(v).catch(() => undefined)}
      >
        <Form.Item
          name="tools_name"
          label={t('workbench.config.toolName')}
          rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.toolNameRequired) }]}
        >
          <Input maxLength={maxLengthOf(CommonToolSave.shape.tools_name)} />
        </Form.Item>
        <Form.Item
          name="tools_type"
          label={t('workbench.config.category')}
          rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.toolCategoryRequired) }]}
        >
          <Input maxLength={maxLengthOf(CommonToolSave.shape.tools_type)} />
        </Form.Item>
        <Form.Item
          name="tools_url"
          label={t('workbench.config.configPath')}
          rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.linkRequired) }]}
        >
          <Input maxLength={maxLengthOf(CommonToolSave.shape.tools_url)} placeholder="https://" />
        </Form.Item>
        <Space>
          <ImageUploadButton onUploaded={setIcon}>{t('workbench.config.icon')}</ImageUploadButton>
          {icon && <img src={icon} alt="" width={24} height={24} />}
          <Button htmlType="submit" type="primary">
            {t('workbench.config.save')}
          </Button>
        </Space>
      </Form>
    </section>
  );
}
