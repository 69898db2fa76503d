import { Form, Input, Modal } from 'antd';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useLocation, useNavigate } from 'react-router';
import { lockScreen } from '../lock.ts';

/** Sets a lock password and locks the screen (the /lock page unlocks it). */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [form] = Form.useForm<{ password: string }>();
  const submit = async () => {
    // An empty field: the form says so under it (a rejected promise here was an uncaught error).
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { password } = values;
    await lockScreen(password);
    form.resetFields();
    onClose();
    navigate('/lock', { state: { from: pathname + search } });
  };
  return (
    <Modal
      open={open}
      title={t('lock.setTitle')}
      okText={t('lock.lockNow')}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('lock.password')}
          name="password"
          // Spaces alone are no password (they would unlock with any run of spaces): asked for as an empty field is.
          rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
