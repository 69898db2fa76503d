import { Button, Form, Input, Skeleton, Space, Switch } from 'antd';
import { PreLoginConfig, WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { ImageUploadButton } from '../../../components/image-upload-button.tsx';
import { PreLoginLinksSection } from './pre-login-links-section.tsx';
import { usePreLogin } from '../api/get-pre-login.ts';
import { submitPreLogin } from '../api/submit-pre-login.ts';
import '../workbench.css';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { useToast } from '../../../components/toast.tsx';

const SWITCHES = [
  'showStatistic',
  'showScenes',
  'showDepts',
  'showTypes',
  'showNewly',
  'showPopular',
  'showTools',
] as const;

function ImageField({ value, onChange, label }: { value?: string; onChange?: (v: string) => void; label: string }) {
  return (
    <Space>
      {value && <img src={value} alt="" height={32} />}
      <ImageUploadButton onUploaded={(url) => onChange?.(url)} ariaLabel={label}>
        {label}
      </ImageUploadButton>
    </Space>
  );
}

/** /home/userFrameConfig/preLoginConfig: the pre-login landing page (what / shows on its next load) and its header links. */
export function PreLoginConfigPage() {
  const { t } = useTranslation();
  const message = useToast();
  const config = usePreLogin();
  if (config.isPending) return <Skeleton active />;
  return (
    <div className="wb-config">
      <h1 style={{ fontSize: 20, margin: 0 }}>{t('pages.preLoginConfig')}</h1>
      <Form<PreLoginConfig>
        layout="vertical"
        initialValues={config.data}
        style={{ maxWidth: 640 }}
        onFinish={(v) =>
          void submitPreLogin({ ...config.data!, ...v }).then(() => message.success(t('workbench.config.saved')))
        }
      >
        <Form.Item
          name="title"
          label={t('workbench.config.title')}
          rules={[{ required: true, whitespace: true, message: serverText(WORKBENCH_MESSAGES.titleRequired) }]}
        >
          <Input maxLength={maxLengthOf(PreLoginConfig.shape.title)} />
        </Form.Item>
        <Form.Item name="titleEn" label={t('workbench.config.titleEn')}>
          <Input maxLength={maxLengthOf(PreLoginConfig.shape.titleEn)} />
        </Form.Item>
        <Form.Item name="subtitle" label={t('workbench.config.subtitle')}>
          <Input maxLength={maxLengthOf(PreLoginConfig.shape.subtitle)} />
        </Form.Item>
        <Form.Item name="subtitleEn" label={t('workbench.config.subtitleEn')}>
          <Input maxLength={maxLengthOf(PreLoginConfig.shape.subtitleEn)} />
        </Form.Item>
        <Form.Item name="searchPlaceholder" label={t('workbench.config.searchPlaceholder')}>
          <Input maxLength={maxLengthOf(PreLoginConfig.shape.searchPlaceholder)} />
        </Form.Item>
        <Form.Item name="searchPlaceholderEn" label={t('workbench.config.searchPlaceholderEn')}>
          <Input maxLength={maxLengthOf(PreLoginConfig.shape.searchPlaceholderEn)} />
        </Form.Item>
        <Form.Item name="logo" label={t('workbench.config.logo')}>
          <ImageField label={t('workbench.config.logo')} />
        </Form.Item>
        <Form.Item name="banner" label={t('workbench.config.banner')}>
          <ImageField label={t('workbench.config.banner')} />
        </Form.Item>
        <Form.Item name="jumpServerUrl" label={t('workbench.config.jumpServerUrl')}>
          <Input maxLength={maxLengthOf(PreLoginConfig.shape.jumpServerUrl)} />
        </Form.Item>
        {SWITCHES.map((k) => (
          <Form.Item key={k} name={k} label={t(`workbench.config.${k}`)} valuePropName="checked">
            <Switch />
          </Form.Item>
        ))}
        <Button htmlType="submit" type="primary">
          {t('workbench.config.save')}
        </Button>
      </Form>
      <PreLoginLinksSection />
    </div>
  );
}
