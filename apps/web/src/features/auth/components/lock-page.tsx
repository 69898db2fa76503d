import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FOCUS_MAIN } from '../../../lib/focus-main.ts';
import { useSession } from '../../../lib/session/session-store.ts';
import { unlockScreen } from '../lock.ts';

/** /lock: the screen stays locked until the lock password is entered; logging out is the other way out. */
export function LockPage({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const locked = useSession((s) => s.lock);
  const [wrong, setWrong] = useState(false);
  // Back where the screen was locked (a page of the shell), else the home page.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const back = typeof from === 'string' && /^\/home\/[^/]/.test(from) ? from : '/home/homePage';
  // The page returned to gets the focus on its main landmark (the menu that locked the screen is gone with its shell).
  if (!locked) return <Navigate to={back} replace state={FOCUS_MAIN} />;
  const onFinish = async ({ password }: { password: string }) => {
    if (await unlockScreen(password)) navigate(back, { replace: true, state: FOCUS_MAIN });
    else setWrong(true);
  };
  // The login page's card (400 px on a desktop, the screen's width less its margins on a phone), not an Ant Design
  // Card: its max-width of 100 % won over the card's 400 px, and the lock screen spanned a laptop's width.
  return (
    <main className="login-page">
      <div className="login-card">
        <h1 className="login-title">
          <LockOutlined aria-hidden /> {t('lock.title')}
        </h1>
        <p className="login-subtitle">{user?.user_name}</p>
        {wrong && <Alert type="error" showIcon title={t('lock.wrong')} style={{ marginBottom: 16 }} role="alert" />}
        <Form layout="vertical" onFinish={onFinish} requiredMark={false}>
          <Form.Item
            label={t('lock.password')}
            name="password"
            rules={[{ required: true, message: t('lock.passwordRequired') }]}
          >
            <Input.Password autoFocus autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            {t('lock.unlock')}
          </Button>
        </Form>
        <Button type="link" block onClick={onLogout} style={{ marginTop: 8 }}>
          {t('lock.logout')}
        </Button>
      </div>
    </main>
  );
}
