import { REPORT_BLOCKS, type ReportConfig } from '@portal/contracts/efficiency';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Spin, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { reportConfigQueryOptions, saveReportConfig } from '../api/efficiency.ts';
import { EfficiencyTheme } from './efficiency-theme.tsx';

/** /home/userFrameConfig/effectivenessMonitoringConfig: which blocks the supervision page shows. */
function EfficiencyConfigBody() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<ReportConfig['blocks']>();
  const config = useQuery(reportConfigQueryOptions());
  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data.blocks);
  }, [config.data, form]);

  const save = async (blocks: ReportConfig['blocks']) => {
    await saveReportConfig({ blocks });
    message.success(t('efficiency.saved'));
    await qc.invalidateQueries({ queryKey: ['efficiency'] });
  };

  return (
    <div style={{ padding: 16 }}>
      <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('efficiency.configTitle')}</h1>}>
        <p style={{ marginTop: 0 }}>{t('efficiency.configIntro')}</p>
        {!config.data ? (
          <Spin aria-label={t('efficiency.loading')} />
        ) : (
          <Form form={form} layout="horizontal" labelCol={{ xs: { span: 24 }, sm: { span: 8 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }} style={{ maxWidth: 480 }} onFinish={(v) => void save({ ...config.data.blocks, ...v }).catch(() => undefined)}>
            {REPORT_BLOCKS.map((b) => (
              <Form.Item key={b} name={b} label={t(`efficiency.blocks.${b}`)} valuePropName="checked" htmlFor={`eff-block-${b}`}>
                <Switch id={`eff-block-${b}`} />
              </Form.Item>
            ))}
            <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 8, span: 16 } }}>
              <Button type="primary" htmlType="submit">
                {t('efficiency.save')}
              </Button>
            </Form.Item>
          </Form>
        )}
      </Card>
    </div>
  );
}

export function EfficiencyConfigPage() {
  return (
    <EfficiencyTheme>
      <EfficiencyConfigBody />
    </EfficiencyTheme>
  );
}
