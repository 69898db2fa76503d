import { LockOutlined, UserOutlined, BankOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getUserInfo } from '../api/get-user-info.ts';
import { login } from '../api/login.ts';
import { loginInit } from '../api/login-init.ts';
import { getTenantDetail } from '../api/get-tenant-detail.ts';
import { sessionStore } from '../../../lib/session/session-store.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { loginMessage } from '../lib/login-message.ts';

const DEFAULT_TENANT = '000000';

type Values = { tenantId: string; username: string; password: string };

/**
 * /login. `logout` in the query: the user has just logged out; `isLogin`: the session ended and the
 * user must log in again. After login: user info, then login init (login config and session), then the
 * page the user wanted (redirect) or the home page.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tenantId = Form.useWatch('tenantId', form) ?? DEFAULT_TENANT;
  const tenant = useQuery({ queryKey: ['tenantDetail', tenantId], queryFn: () => getTenantDetail(tenantId), retry: false, enabled: !!tenantId });

  const loggedOut = params.get('logout') === 'true';
  const reLogin = params.get('isLogin') === 'true';

  useEffect(() => {
    // Arriving here after a logout or a forced re-login: whatever session was kept is gone.
    if (loggedOut || reLogin) sessionStore.getState().logoutClear();
  }, [loggedOut, reLogin]);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setError(null);
    try {
      const tokens = await login(values, { silent: true });
      sessionStore.getState().setTokens(tokens);
      const user = await getUserInfo({ silent: true });
      sessionStore.getState().setUser(user);
      try {
        const init = await loginInit({ silent: true });
        sessionStore.getState().setSession(init.session);
        sessionStore.getState().setLoginConfig(init.eduSystemManageIdentityAuth);
      } catch {
        sessionStore.getState().logoutClear();
        throw new Error(t('errors.loginConfig'));
      }
      const redirect = params.get('redirect');
      navigate(redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/home/homePage', { replace: true });
    } catch (err) {
      const text = err instanceof HttpError ? loginMessage(err.msg, i18n.language) : err instanceof Error ? err.message : String(err);
      setError(text);
      message.error(text);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <Card className="login-card" variant="borderless">
        <h1 className="login-title">
          {tenant.data?.tenantName ?? ''} {t('app.title')}
        </h1>
        <p className="login-subtitle">{t('login.title')}</p>
        {loggedOut && <Alert type="success" showIcon title={t('login.loggedOut')} style={{ marginBottom: 16 }} />}
        {reLogin && <Alert type="warning" showIcon title={t('login.reLogin')} style={{ marginBottom: 16 }} />}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form form={form} layout="vertical" initialValues={{ tenantId: DEFAULT_TENANT }} onFinish={onFinish} requiredMark={false}>
          <Form.Item label={t('login.tenant')} name="tenantId" rules={[{ required: true, message: t('login.tenantRequired') }]}>
            <Input prefix={<BankOutlined />} autoComplete="organization" />
          </Form.Item>
          <Form.Item label={t('login.account')} name="username" rules={[{ required: true, message: t('login.accountRequired') }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form>
        {tenant.data?.demo && <p className="login-hint">{t('login.demoHint')}</p>}
        <p className="login-links">
          <Link to="/">{t('login.toLanding')}</Link>
        </p>
      </Card>
    </div>
  );
}
