import {
  RobotBaseInfoSubmit,
  ROBOT_TEXTS,
  type RobotBaseInfo,
  type RobotBaseInfoSubmit as RobotBaseInfoInput,
} from '@portal/contracts/assistant';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { ImageUploadButton } from '../../../components/image-upload-button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { HttpError } from '../../../lib/http/errors.ts';
import { serverText, useTranslation } from '../../../lib/i18n/i18n.ts';
import { maxLengthOf } from '../../../lib/form-limits.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { getRobotBaseInfo } from '../api/get-robot-base-info.ts';
import { assistantKeys } from '../api/query-keys.ts';
import { saveRobotBaseInfo } from '../api/save-robot-base-info.ts';
import { RobotAvatar } from './robot-avatar.tsx';

type Values = Omit<RobotBaseInfoInput, 'version'>;
const valuesOf = (i: RobotBaseInfo): Values => ({
  robotName: i.robotName,
  robotNameEn: i.robotNameEn ?? '',
  greeting: i.greeting,
  greetingEn: i.greetingEn ?? '',
  enabled: i.enabled,
  robotAvatar: i.robotAvatar,
});

/** The avatar: shown as the robot will show it, uploaded through common/upload, removable. */
function AvatarField({ id, value, onChange }: { id?: string; value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      <RobotAvatar src={value} size={40} />
      <ImageUploadButton id={id} onUploaded={(url) => onChange?.(url)}>
        {t('assistant.settings.uploadAvatar')}
      </ImageUploadButton>
      {value && <Button onClick={() => onChange?.('')}>{t('assistant.settings.removeAvatar')}</Button>}
    </Space>
  );
}

/**
 * 助手设置 on the knowledge page: the robot's name and greeting, each with its English (ADR 0074), its avatar and
 * whether it is on.
 * The save names the version it read (ADR 0075): refused because another administrator saved meanwhile, it says so
 * beside a 重新加载 that shows what they saved.
 */
export function RobotSettingsSection() {
  const { t } = useTranslation();
  const message = useToast();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [loaded, setLoaded] = useState<RobotBaseInfo | null>(null);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);
  const load = async () => {
    const info = await getRobotBaseInfo();
    setLoaded(info);
    setStale(false);
    form.setFieldsValue(valuesOf(info));
  };
  useEffect(() => {
    void load().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const save = async (v: Values) => {
    setSaving(true);
    try {
      const saved = await saveRobotBaseInfo({ ...v, version: loaded?.version });
      setLoaded(saved);
      form.setFieldsValue(valuesOf(saved));
      // This administrator's own robot follows at once; other users' on their next sign-in (fetched once a session).
      sessionStore.getState().setRobotConfig(saved);
      void qc.invalidateQueries({ queryKey: assistantKeys.greet() });
      void message.success(t('assistant.settings.saved'));
    } catch (err) {
      if (err instanceof HttpError && err.msg === WORKBENCH_MESSAGES.changedMeanwhile) setStale(true);
    } finally {
      setSaving(false);
    }
  };
  const shape = RobotBaseInfoSubmit.shape;
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('assistant.settings.title')}</h2>}>
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={serverText(WORKBENCH_MESSAGES.changedMeanwhile)}
          action={
            <Button size="small" onClick={() => void load()}>
              {t('assistant.settings.reload')}
            </Button>
          }
        />
      )}
      <Form form={form} layout="vertical" disabled={!loaded} onFinish={(v) => void save(v)}>
        <Form.Item
          name="robotName"
          label={t('assistant.settings.name')}
          rules={[{ required: true, whitespace: true, message: serverText(ROBOT_TEXTS.robotNameRequired) }]}
        >
          <Input maxLength={maxLengthOf(shape.robotName)} />
        </Form.Item>
        <Form.Item name="robotNameEn" label={t('assistant.settings.nameEn')}>
          <Input maxLength={maxLengthOf(shape.robotNameEn)} />
        </Form.Item>
        <Form.Item
          name="greeting"
          label={t('assistant.settings.greeting')}
          rules={[{ required: true, whitespace: true, message: serverText(ROBOT_TEXTS.greetingRequired) }]}
        >
          <Input.TextArea autoSize={{ minRows: 2 }} maxLength={maxLengthOf(shape.greeting)} />
        </Form.Item>
        <Form.Item name="greetingEn" label={t('assistant.settings.greetingEn')}>
          <Input.TextArea autoSize={{ minRows: 2 }} maxLength={maxLengthOf(shape.greetingEn)} />
        </Form.Item>
        <Form.Item name="robotAvatar" label={t('assistant.settings.avatar')} extra={t('assistant.settings.avatarHint')}>
          <AvatarField />
        </Form.Item>
        <Form.Item name="enabled" label={t('assistant.settings.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('assistant.settings.save')}
        </Button>
      </Form>
    </Card>
  );
}
