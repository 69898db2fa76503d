import { THREE_LISTS_INTRODUCTION_MAX, THREE_LISTS_TITLE_MAX, type ThreeListConfig } from '@portal/contracts/transfer';
import { Button, Card, Form, Input, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { AccessibleTheme } from '../../../components/accessible-theme.tsx';
import { useThreeListConfig } from '../api/get-three-list-config.ts';
import { useSaveThreeListConfig } from '../api/save-three-list-config.ts';
import { useToast } from '../../../components/toast.tsx';

/** /home/userFrameConfig/threeListsConfig: the three-lists page's title, introduction and switches. */
function ThreeListsConfigPageBody() {
  const { t } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<ThreeListConfig>();
  const config = useThreeListConfig();
  const saveConfig = useSaveThreeListConfig();
  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);

  const save = async (values: ThreeListConfig) => {
    await saveConfig.mutateAsync(values);
    message.success(t('threeLists.saved'));
  };

  return (
    <div style={{ padding: 16 }}>
      <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{t('threeLists.pageConfigTitle')}</h1>}>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void save(v).catch(() => undefined)}
          style={{ maxWidth: 560 }}
        >
          <Form.Item
            name="pageTitle"
            label={t('threeLists.pageTitle')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('threeLists.pleaseInput', { name: t('threeLists.pageTitle') }),
              },
              { max: THREE_LISTS_TITLE_MAX },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="pageTitleEn" label={t('threeLists.pageTitleEn')} rules={[{ max: THREE_LISTS_TITLE_MAX }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="introduction"
            label={t('threeLists.introduction')}
            rules={[{ max: THREE_LISTS_INTRODUCTION_MAX }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item
            name="introductionEn"
            label={t('threeLists.introductionEn')}
            rules={[{ max: THREE_LISTS_INTRODUCTION_MAX }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name="showServices" label={t('threeLists.showServices')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="dutyTypeMust" label={t('threeLists.dutyTypeMust')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            {t('threeLists.save')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

export function ThreeListsConfigPage() {
  return (
    <AccessibleTheme>
      <ThreeListsConfigPageBody />
    </AccessibleTheme>
  );
}
