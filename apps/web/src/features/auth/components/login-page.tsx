import type { TokenResult } from '@portal/contracts/auth';
import { IDENTITY_MESSAGES } from '@portal/contracts/identity-messages';
import { partialMatchKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
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
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import {
  announceLogin,
  onLoginElsewhere,
  sessionStorageBackend,
  sessionStore,
} from '../../../lib/session/session-store.ts';
import { HttpError } from '../../../lib/http/errors.ts';
import { loginMessage } from '../lib/login-message.ts';
import { defaultTenant } from '../../../lib/default-tenant.ts';
import { isGuarded, isRepeatClick } from '../../../lib/click-guard.ts';

type Values = { tenantId: string; username: string; password: string };
type Field = keyof Values;

/** A message block: the inline alerts of the form (plain, ADR 0038). */
function Notice({ kind, children }: { kind: 'success' | 'warning' | 'error'; children: ReactNode }) {
  return (
    <div className={`plain-alert plain-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span className="plain-alert-mark" aria-hidden>
        {kind === 'success' ? '✓' : kind === 'warning' ? '!' : '✕'}
      </span>
      <span>{children}</span>
    </div>
  );
}

/** A labelled input with its required-field message under it, tied to it for assistive technology. */
function TextField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  autoFocus,
  trailing,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  type?: 'text' | 'password';
  autoComplete: string;
  autoFocus?: boolean;
  trailing?: ReactNode;
}) {
  const id = useId();
  return (
    <div className={`login-field${error ? ' login-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="login-input">
        <input
          id={id}
          type={type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {trailing}
      </div>
      {error && (
        <p className="login-field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A button that shows it is busy and cannot be pressed twice meanwhile. */
function PlainButton({
  primary,
  loading,
  children,
  ...rest
}: { primary?: boolean; loading?: boolean; children: ReactNode } & (
  { type: 'submit'; onClick?: undefined } | { type: 'button'; onClick: () => void }
)) {
  return (
    <button
      {...rest}
      className={`plain-button plain-button-block plain-button-large${primary ? ' plain-button-primary' : ''}`}
      disabled={loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="plain-spinner plain-spinner-small" aria-hidden />}
      {children}
    </button>
  );
}

/**
 * /login. `logout` in the query: the user has just logged out; `isLogin`: the session ended and the
 * user must log in again. After login: user info, then login init (login config and session), then the
 * page the user wanted (redirect) or the home page.
 */
/** A return path inside the portal only (the server checks it again). */
const safePath = (p: string | null) => (p && p.startsWith('/') && !p.startsWith('//') && !p.includes('\\') ? p : null);

/** The click guard's key of a login sent from the form. */
const SUBMIT_KEY = 'login:submit';

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [values, setValues] = useState<Values>({
    tenantId: params.get('tenantId') ?? defaultTenant(),
    username: '',
    password: '',
  });
  const [invalid, setInvalid] = useState<Partial<Record<Field, boolean>>>({});
  const [passwordShown, setPasswordShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // The form's error, numbered so that the same words answered again are read out again (a new line in the alert).
  const [error, setError] = useState<{ text: string; n: number } | null>(null);
  // Break-glass: the password form of a tenant that switched it off, for its administrators.
  const [localAnyway, setLocalAnyway] = useState(false);
  const tenantId = values.tenantId.trim() || defaultTenant();
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
    sessionStore.getState().logoutClear({ reason: reLogin ? 'relogin' : 'logout' });
    queryClient.removeQueries({ predicate: (q) => !partialMatchKey(q.queryKey, authKeys.signIn()) });
  }, [loggedOut, reLogin, queryClient]);

  // A re-login page (the session ended in every tab at once) takes the session the user logs in to in another tab, and
  // goes on to its page as a login here would: the user logs in once, not once per tab.
  useEffect(() => {
    if (!reLogin) return;
    return onLoginElsewhere(async () => {
      await sessionStore.persist.rehydrate();
      if (!sessionStore.getState().token) return;
      queryClient.removeQueries({ predicate: (q) => !partialMatchKey(q.queryKey, authKeys.signIn()) });
      navigate(safePath(params.get('redirect')) ?? '/home/homePage', { replace: true });
    });
  }, [reLogin, queryClient, navigate, params]);

  const showError = (err: unknown) => {
    const text =
      err instanceof HttpError
        ? loginMessage(err.msg, i18n.language)
        : err instanceof Error
          ? err.message
          : String(err);
    // Once, in the form's alert (read out by a screen reader): not a toast of the same words beside it.
    setError((e) => ({ text, n: (e?.n ?? 0) + 1 }));
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
    // The session is stored (encrypted, so a turn or two later) before the user is let in: a reload of the first page
    // at once found no session and went back to /login (one load in three when the reload came within ~50 ms).
    await sessionStorageBackend.flush();
    announceLogin(tokens.tenant_id);
    // What a visitor was answered is not what the user may see: the three lists offer a visitor fewer services than a
    // student, under the same query keys. Only the sign-in's own answers are kept.
    queryClient.removeQueries({ predicate: (q) => !partialMatchKey(q.queryKey, authKeys.signIn()) });
    navigate(safePath(redirect) ?? '/home/homePage', { replace: true });
  };

  // Back from the school's sign-in with a one-time code: exchange it (once) for the portal's session.
  const exchanged = useRef(false);
  useEffect(() => {
    if (!ssoCode || exchanged.current) return;
    exchanged.current = true;
    setSubmitting(true);
    exchangeSignIn(params.get('tenantId') ?? defaultTenant(), ssoCode, { silent: true })
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

  const required: Record<Field, string> = {
    tenantId: t('login.tenantRequired'),
    username: t('login.accountRequired'),
    password: t('login.passwordRequired'),
  };
  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid((v) => ({ ...v, [field]: !value.trim() }));
  };
  // A login under way: a second submit sends nothing (the state may not have re-rendered the button yet).
  const inFlight = useRef(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (submitting || inFlight.current) return;
    const missing = {
      tenantId: !values.tenantId.trim(),
      username: !values.username.trim(),
      password: !values.password,
    };
    setInvalid(missing);
    if (Object.values(missing).some(Boolean)) return;
    // Section 9's 800 ms repeat-click guard: a double tap is one login.
    if (isRepeatClick(SUBMIT_KEY)) return;
    void onFinish(values);
  };

  // A tap within 800 ms of sending is the second of a double tap on 登录: should anything have moved under the finger,
  // it activates nothing (on a phone it landed on 返回门户首页 when the error above the button went away).
  const onClickCapture = (e: MouseEvent) => {
    if (!isGuarded(SUBMIT_KEY)) return;
    if (e.target instanceof Element && e.target.closest('button[type="submit"]')) return;
    e.preventDefault();
    e.stopPropagation();
  };

  const onFinish = async (values: Values) => {
    inFlight.current = true;
    setSubmitting(true);
    // The error stays where it is until the answer replaces it: taking it away moved the button up under the finger.
    try {
      const tokens = useDirectory ? await ldapLogin(values, { silent: true }) : await login(values, { silent: true });
      await enter(tokens, params.get('redirect'));
    } catch (err) {
      showError(err);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  const ssoErrorKey = ssoError && ssoError in IDENTITY_MESSAGES ? ssoError : ssoError ? 'providerFailed' : null;

  return (
    <div className="login-page">
      {/* The language before the login too: an English speaker sent here by a link had no way to read the form. */}
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      {/* Plain React and CSS, no Ant Design: /login's first script and style sheet stay small (issue 10, ADR 0038). */}
      <main className="login-card" aria-labelledby="login-title" onClickCapture={onClickCapture}>
        <h1 className="login-title" id="login-title">
          {tenant.data?.tenantName ?? ''} {t('app.title')}
        </h1>
        <p className="login-subtitle">{t('login.title')}</p>
        {loggedOut && <Notice kind="success">{t('login.loggedOut')}</Notice>}
        {reLogin && <Notice kind="warning">{t('login.reLogin')}</Notice>}
        {ssoErrorKey && <Notice kind="error">{t(`identity.errors.${ssoErrorKey}`)}</Notice>}
        {error && (
          <Notice kind="error">
            <span key={error.n}>{error.text}</span>
          </Notice>
        )}
        {/* A tenant the operator disabled (403 该租户已停用) says so before anyone types: the form would fail anyway. */}
        {!error && tenant.error instanceof HttpError && tenant.error.httpStatus === 403 && (
          <Notice kind="error">{loginMessage(tenant.error.msg, i18n.language)}</Notice>
        )}
        {redirectProvider && (
          <>
            <PlainButton
              type="button"
              primary
              loading={leaving || (submitting && !!ssoCode)}
              onClick={() => void goToSchool()}
            >
              {t('identity.login.button', { name: redirectProvider.name })}
            </PlainButton>
            {showForm && (
              <p className="login-divider" role="separator">
                <span>{t('identity.login.or')}</span>
              </p>
            )}
          </>
        )}
        <form onSubmit={onSubmit} noValidate hidden={!showForm}>
          <TextField
            label={t('login.tenant')}
            value={values.tenantId}
            onChange={set('tenantId')}
            error={invalid.tenantId ? required.tenantId : null}
            autoComplete="organization"
          />
          <TextField
            label={useDirectory ? t('identity.login.directoryAccount', { name: provider!.name }) : t('login.account')}
            value={values.username}
            onChange={set('username')}
            error={invalid.username ? required.username : null}
            autoComplete="username"
            autoFocus={!redirectProvider}
          />
          <TextField
            label={t('login.password')}
            type={passwordShown ? 'text' : 'password'}
            value={values.password}
            onChange={set('password')}
            error={invalid.password ? required.password : null}
            autoComplete="current-password"
            trailing={
              <button
                type="button"
                className="login-reveal"
                aria-pressed={passwordShown}
                aria-label={passwordShown ? t('login.hidePassword') : t('login.showPassword')}
                onClick={() => setPasswordShown((v) => !v)}
              >
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden focusable="false">
                  <path
                    fill="currentColor"
                    d="M12 5C7 5 2.7 8.1 1 12c1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z"
                  />
                  {!passwordShown && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
                </svg>
              </button>
            }
          />
          <PlainButton type="submit" primary={!redirectProvider} loading={submitting && !ssoCode}>
            {t('login.submit')}
          </PlainButton>
        </form>
        {/* Its line is kept while the tenant's details load, so the hint arriving moves nothing below it. */}
        {tenant.isPending && showForm && (
          <p className="login-hint" aria-hidden="true" style={{ visibility: 'hidden' }}>
            {t('login.demoHint')}
          </p>
        )}
        {tenant.data?.demo && showForm && <p className="login-hint">{t('login.demoHint')}</p>}
        <p className="login-links">
          {provider && (!mode.data?.localLogin || provider.type === 'ldap') && (
            <button type="button" className="plain-link" onClick={() => setLocalAnyway((v) => !v)}>
              {localAnyway ? t('identity.login.backToSchool') : t('identity.login.adminLogin')}
            </button>
          )}
          <Link to="/">{t('login.toLanding')}</Link>
        </p>
      </main>
    </div>
  );
}
