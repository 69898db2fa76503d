import { DEFAULT_TIME_ZONE, REPORT_BLOCKS, type ReportConfig } from '@portal/contracts/efficiency';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Select, Spin, Switch } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useReportConfig } from '../api/get-report-config.ts';
import { efficiencyKeys } from '../api/query-keys.ts';
import { saveReportConfig } from '../api/save-report-config.ts';
import { EfficiencyTheme } from './efficiency-theme.tsx';
import { useToast } from '../../../components/toast.tsx';

type ConfigForm = ReportConfig['blocks'] & { timeZone: string };

/** The time zones this browser knows (IANA names), with the one given among them. */
function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** /home/userFrameConfig/effectivenessMonitoringConfig: which blocks the supervision page shows, and the tenant's time zone. */
function EfficiencyConfigBody() {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<ConfigForm>();
  const qc = useQueryClient();
  const config = useReportConfig();
  const timeZone = config.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const zones = useMemo(() => timeZones(timeZone).map((z) => ({ value: z, label: z })), [timeZone]);
  useEffect(() => {
    if (config.data)
      form.setFieldsValue({ ...config.data.blocks, timeZone: config.data.timeZone ?? DEFAULT_TIME_ZONE });
  }, [config.data, form]);

  const save = async ({ timeZone, ...blocks }: ConfigForm) => {
    await saveReportConfig({ blocks, timeZone });
    message.success(t('efficiency.saved'));
    // The time zone changes every day's figures: every report reads again.
    await qc.invalidateQueries({ queryKey: efficiencyKeys.all });
  };

  return (
    <div style={{ padding: 16 }}>
      <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('efficiency.configTitle')}</h1>}>
        <p style={{ marginTop: 0 }}>{t('efficiency.configIntro')}</p>
        {!config.data ? (
          <Spin aria-label={t('efficiency.loading')} />
        ) : (
          <Form
            form={form}
            layout="horizontal"
            labelCol={{ xs: { span: 24 }, sm: { span: 8 } }}
            wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }}
            style={{ maxWidth: 480 }}
            onFinish={(v) => void save({ ...config.data.blocks, ...v }).catch(() => undefined)}
          >
            {REPORT_BLOCKS.map((b) => (
              <Form.Item
                key={b}
                name={b}
                label={t(`efficiency.blocks.${b}`)}
                valuePropName="checked"
                htmlFor={`eff-block-${b}`}
              >
                <Switch id={`eff-block-${b}`} />
              </Form.Item>
            ))}
            <Form.Item
              name="timeZone"
              label={t('efficiency.timeZone')}
              extra={t('efficiency.timeZoneHelp')}
              htmlFor="eff-time-zone"
            >
              <Select id="eff-time-zone" showSearch options={zones} />
            </Form.Item>
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
