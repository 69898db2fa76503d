import { ExternalApiSubmit, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { Alert, Button, Form, Input, Space } from 'antd';
import { DataTable } from '../../../components/data-table.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { actionOn } from '../../../lib/action-on.ts';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { apiListQueryKey, useApiList } from '../api/get-api-list.ts';
import { submitApi } from '../api/submit-api.ts';
import { removeApi } from '../api/remove-api.ts';
import { useConfirmRemove } from '../lib/use-confirm-remove.ts';
import { verifyUrl } from '../api/verify-url.ts';

type Values = { apiName: string; url: string; listPath: string };

/**
 * External data sources of card columns: register an HTTP JSON API and check its url once. The server
 * refuses private, loopback and link-local targets; its message is shown as it is.
 */
export function DataSourceSection() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const apis = useApiList();
  const [form] = Form.useForm<Values>();
  const confirmRemove = useConfirmRemove();
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const failed = (err: unknown) =>
    setResult({ type: 'error', text: err instanceof HttpError ? serverText(err.msg) : String(err) });

  const verify = async () => {
    const url = form.getFieldValue('url') as string | undefined;
    if (!url) return;
    setResult(null);
    try {
      const r = await verifyUrl(url);
      setResult({ type: 'success', text: `${t('workbench.config.verified')}: ${r.fields.join(', ') || '—'}` });
    } catch (err) {
      failed(err);
    }
  };
  const save = async (v: Values) => {
    setResult(null);
    try {
      const fields = await verifyUrl(v.url).then(
        (r) => r.fields,
        () => [] as string[],
      );
      await submitApi({
        apiName: v.apiName,
        url: v.url,
        listPath: v.listPath ?? '',
        returnParams: fields.map((f) => ({ field: f, paramType: 'string', chineseName: f })),
      });
      form.resetFields();
      setResult({ type: 'success', text: t('workbench.config.saved') });
      await qc.invalidateQueries({ queryKey: apiListQueryKey });
    } catch (err) {
      failed(err);
    }
  };

  return (
    <section aria-label={t('workbench.config.dataSources')}>
      <h2 style={{ fontSize: 16 }}>{t('workbench.config.dataSources')}</h2>
      <DataTable
        label={t('workbench.config.dataSources')}
        size="small"
        rowKey="id"
        pagination={false}
        loading={apis.isPending}
        dataSource={apis.data ?? []}
        columns={[
          { title: t('workbench.config.apiName'), dataIndex: 'apiName' },
          { title: t('workbench.config.configPath'), dataIndex: 'url' },
          {
            title: t('workbench.config.fields'),
            key: 'f',
            render: (_, a) => a.returnParams.map((p) => p.field).join(', '),
          },
          {
            title: t('workbench.config.actions'),
            key: 'a',
            render: (_, a) => (
              <Button
                size="small"
                danger
                aria-label={actionOn(t('workbench.config.remove'), a.apiName)}
                onClick={() =>
                  confirmRemove(
                    t('workbench.config.removeApiConfirm', { name: a.apiName }),
                    () => removeApi(a.id),
                    () => qc.invalidateQueries({ queryKey: apiListQueryKey }),
                  )
                }
              >
                {t('workbench.config.remove')}
              </Button>
            ),
          },
        ]}
      />
      <Form form={form} layout="inline" style={{ marginTop: 8, rowGap: 8 }} onFinish={(v) => void save(v)}>
        <Form.Item
          name="apiName"
          label={t('workbench.config.apiName')}
          rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.apiNameRequired) }]}
        >
          <Input maxLength={maxLengthOf(ExternalApiSubmit.shape.apiName)} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('workbench.config.configPath')}
          rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.linkRequired) }]}
        >
          <Input maxLength={maxLengthOf(ExternalApiSubmit.shape.url)} placeholder="https://" style={{ width: 320 }} />
        </Form.Item>
        <Form.Item name="listPath" label={t('workbench.config.listPath')}>
          <Input maxLength={maxLengthOf(ExternalApiSubmit.shape.listPath)} placeholder="result" />
        </Form.Item>
        <Space>
          <Button onClick={() => void verify()}>{t('workbench.config.verify')}</Button>
          <Button htmlType="submit" type="primary">
            {t('workbench.config.save')}
          </Button>
        </Space>
      </Form>
      {result && (
        <Alert
          style={{ marginTop: 8 }}
          type={result.type}
          showIcon
          message={result.text}
          role={result.type === 'error' ? 'alert' : 'status'}
        />
      )}
    </section>
  );
}
