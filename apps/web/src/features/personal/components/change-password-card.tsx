import { PASSWORD_MAX_LENGTH, PASSWORD_TEXTS } from '@portal/contracts/password';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useChangePasswordInfo } from '../api/get-change-password-info.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { SectionCard } from './section-card.tsx';
import { useToast } from '../../../components/toast.tsx';

type Fields = { oldPassword: string; newPassword: string; confirm: string };

/** The server says why in zh-CN (its answer's one text); an English interface shows the same reason in en-US. */
export function reasonIn(language: string, reason: string): string {
  const texts = Object.values(PASSWORD_TEXTS).find(([zh]) => zh === reason);
  return texts && language === 'en-US' ? texts[1] : reason;
}

/** Change password (issue 16): the current password, a new one by the tenant's rule, typed twice. */
export function ChangePasswordCard() {
  const { t, i18n } = useTranslation();
  const message = useToast();
  const [form] = Form.useForm<Fields>();
  const info = useChangePasswordInfo();
  const change = useChangePassword();

  const submit = (v: Fields) =>
    change.mutate(
      { oldPassword: v.oldPassword, newPassword: v.newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success(t('personal.password.changed'));
        },
      },
    );

  let body;
  // Until the answer: a bar the size of the one-line notice most users get (a school's sign-in, a demo account), so
  // what is below moves not at all for them and only further down for those who get the form (issue 10).
  if (info.isPending) body = <div className="pc-pending-notice" aria-busy="true" />;
  else if (info.isError) body = <LoadFailed name={t('personal.password.title')} onRetry={() => void info.refetch()} />;
  else if (!info.data.allowed) body = <Alert type="info" showIcon title={reasonIn(i18n.language, info.data.reason)} />;
  else {
    const rule = info.data;
    let pattern: RegExp | undefined;
    try {
      pattern = rule.regex ? new RegExp(rule.regex) : undefined;
    } catch {
      pattern = undefined;
    }
    body = (
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} style={{ maxWidth: 420 }}>
        <Form.Item
          name="oldPassword"
          label={t('personal.password.old')}
          rules={[{ required: true, message: t('personal.password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('personal.password.new')}
          extra={rule.message}
          // The length and the pattern share the rule's one message: said once, not twice.
          validateFirst
          rules={[
            { required: true, message: t('personal.password.newRequired') },
            { min: rule.minLength, max: rule.maxLength, message: rule.message },
            ...(pattern ? [{ pattern, message: rule.message }] : []),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('personal.password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('personal.password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_r, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('personal.password.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('personal.password.submit')}
        </Button>
      </Form>
    );
  }
  return <SectionCard title={t('personal.password.title')}>{body}</SectionCard>;
}
