import { LockOutlined, UserOutlined, BankOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { TokenResult } from '@portal/contracts/auth';
import { IDENTITY_MESSAGES } from '@portal/contracts/identity-messages';
import { partialMatchKey, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Form, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getUserInfo } from '../api/get-user-info.ts';
import { login } from '../api/login.ts';
import { loginInit } from '../api/login-init.ts';
import { useTenantDetail } from '../api/get-tenant-detail.ts';
import { getAddress } from '../api/get-address.ts';
import { exchangeSignIn } from '../api/exchange-sign-in.ts';
import { ldapLogin } from '../api/ldap-login.ts';
import { useLoginMode } from '../api/model-login.ts';
import { authKeys } from '../api/query-keys.ts';
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
/** A return path inside the portal only (the server checks it again). */
const safePath = (p: string | null) => (p && p.startsWith('/') && !p.startsWith('//') && !p.includes('\\') ? p : null);

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Break-glass: the password form of a tenant that switched it off, for its administrators.
  const [localAnyway, setLocalAnyway] = useState(false);
  const tenantId = Form.useWatch('tenantId', form) ?? params.get('tenantId') ?? DEFAULT_TENANT;
  const tenant = useTenantDetail(tenantId);
  // 7.3 modelLogin: the password form, the school's sign-in, or both.
  const mode = useLoginMode(tenantId);

  const loggedOut = params.get('logout') === 'true' || params.get('logout') === '1';
  const reLogin = params.get('isLogin') === 'true';
  const ssoCode = params.get('sso');
  const ssoError = params.get('ssoError');
  const provider = mode.data?.provider ?? null;
  const redirectProvider = provider && provider.type !== 'ldap' ? provider : null;
  const showForm = !mode.data || mode.data.localLogin || provider?.type === 'ldap' || localAnyway;
  const useDirectory = provider?.type === 'ldap' && !localAnyway;

  const queryClient = useQueryClient();
  useEffect(() => {
    // Arriving here after a logout or a forced re-login: whatever session was kept is gone, and with it every
    // answer cached for it.
    if (!loggedOut && !reLogin) return;
    sessionStore.getState().logoutClear();
    queryClient.removeQueries({ predicate: (q) => !partialMatchKey(q.queryKey, authKeys.signIn()) });
  }, [loggedOut, reLogin, queryClient]);

  const showError = (err: unknown) => {
    const text =
      err instanceof HttpError
        ? loginMessage(err.msg, i18n.language)
        : err instanceof Error
          ? err.message
          : String(err);
    setError(text);
    message.error(text);
  };

  /** Tokens in hand (password, directory or the school's sign-in): user info, login init, then the page wanted. */
  const enter = async (tokens: TokenResult, redirect: string | null) => {
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
    navigate(safePath(redirect) ?? '/home/homePage', { replace: true });
  };

  // Back from the school's sign-in with a one-time code: exchange it (once) for the portal's session.
  const exchanged = useRef(false);
  useEffect(() => {
    if (!ssoCode || exchanged.current) return;
    exchanged.current = true;
    setSubmitting(true);
    exchangeSignIn(params.get('tenantId') ?? DEFAULT_TENANT, ssoCode, { silent: true })
      .then((tokens) => enter(tokens, tokens.redirect))
      .catch(showError)
      .finally(() => setSubmitting(false));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ssoCode]);

  const goToSchool = async () => {
    setLeaving(true);
    try {
      const address = await getAddress({ tenantId, redirect: safePath(params.get('redirect')) ?? '/home/homePage' });
      window.location.assign(address.loginUrl);
    } catch (err) {
      setLeaving(false);
      showError(err);
    }
  };

  // Password login switched off: straight on to the school's sign-in (not after a logout or a failed sign-in).
  const autoStarted = useRef(false);
  useEffect(() => {
    if (
      !mode.data ||
      mode.data.localLogin ||
      !redirectProvider ||
      ssoCode ||
      ssoError ||
      loggedOut ||
      reLogin ||
      autoStarted.current
    )
      return;
    autoStarted.current = true;
    void goToSchool();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode.data, ssoCode, ssoError, loggedOut, reLogin]);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setError(null);
    try {
      const tokens = useDirectory ? await ldapLogin(values, { silent: true }) : await login(values, { silent: true });
      await enter(tokens, params.get('redirect'));
    } catch (err) {
      showError(err);
    } finally {
      setSubmitting(false);
    }
  };

  const ssoErrorKey = ssoError && ssoError in IDENTITY_MESSAGES ? ssoError : ssoError ? 'providerFailed' : null;

  return (
    <div className="login-page">
      {/* A plain box, not Ant Design's Card: the Card brings its tabs (about 24 KB gzip) into /login's first script. */}
      <section className="login-card" aria-labelledby="login-title">
        <h1 className="login-title" id="login-title">
          {tenant.data?.tenantName ?? ''} {t('app.title')}
        </h1>
        <p className="login-subtitle">{t('login.title')}</p>
        {loggedOut && <Alert type="success" showIcon title={t('login.loggedOut')} style={{ marginBottom: 16 }} />}
        {reLogin && <Alert type="warning" showIcon title={t('login.reLogin')} style={{ marginBottom: 16 }} />}
        {ssoErrorKey && (
          <Alert
            type="error"
            showIcon
            title={t(`identity.errors.${ssoErrorKey}`)}
            style={{ marginBottom: 16 }}
            role="alert"
          />
        )}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        {redirectProvider && (
          <>
            <Button
              type="primary"
              block
              size="large"
              icon={<SafetyCertificateOutlined />}
              loading={leaving || (submitting && !!ssoCode)}
              onClick={() => void goToSchool()}
            >
              {t('identity.login.button', { name: redirectProvider.name })}
            </Button>
            {showForm && <Divider plain>{t('identity.login.or')}</Divider>}
          </>
        )}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ tenantId: params.get('tenantId') ?? DEFAULT_TENANT }}
          onFinish={onFinish}
          requiredMark={false}
          style={showForm ? undefined : { display: 'none' }}
        >
          <Form.Item
            label={t('login.tenant')}
            name="tenantId"
            rules={[{ required: true, message: t('login.tenantRequired') }]}
          >
            <Input prefix={<BankOutlined />} autoComplete="organization" />
          </Form.Item>
          <Form.Item
            label={useDirectory ? t('identity.login.directoryAccount', { name: provider!.name }) : t('login.account')}
            name="username"
            rules={[{ required: true, message: t('login.accountRequired') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus={!redirectProvider} />
          </Form.Item>
          <Form.Item
            label={t('login.password')}
            name="password"
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button
            type={redirectProvider ? 'default' : 'primary'}
            htmlType="submit"
            block
            size="large"
            loading={submitting && !ssoCode}
          >
            {t('login.submit')}
          </Button>
        </Form>
        {/* Its line is kept while the tenant's details load, so the hint arriving moves nothing below it. */}
        {tenant.isPending && showForm && (
          <p className="login-hint" aria-hidden="true" style={{ visibility: 'hidden' }}>
            {t('login.demoHint')}
          </p>
        )}
        {tenant.data?.demo && showForm && <p className="login-hint">{t('login.demoHint')}</p>}
        <p className="login-links">
          {provider && (!mode.data?.localLogin || provider.type === 'ldap') && (
            <Button type="link" size="small" onClick={() => setLocalAnyway((v) => !v)}>
              {localAnyway ? t('identity.login.backToSchool') : t('identity.login.adminLogin')}
            </Button>
          )}
          <Link to="/">{t('login.toLanding')}</Link>
        </p>
      </section>
    </div>
  );
}
