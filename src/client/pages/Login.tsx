// Central and clinic login (the host decides which endpoint). A wrong password shows the
// server's message. Kept light (issue 7: the login page's first load): the auth provider is called
// directly, not through Refine's useLogin, and the two required fields are checked here rather
// than by antd's Form (whose validation engine, grid and label tooltips it would otherwise load).
// On success the session opens and GuestOnly moves to the application (or to the page a login
// link names). An account with two-step verification gets a second step (the code, or enrolment
// when the staff policy requires it), loaded only then.
import { type FormEvent, type ReactNode, Suspense, lazy, useEffect, useState } from 'react';
import { Button, theme } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Link, useLocation } from 'react-router';
import { appScope } from '../host';
import { useT } from '../i18n/useT';
import { PublicShell } from '../layout/PublicShell';
import { PublicCard, PublicTitle } from '../layout/PublicCard';
import { type MfaStep, authProvider } from '../providers/authProvider';
import { sessionEnded } from '../providers/returnPath';
import { usePublicTitle } from '../pageTitle';

const LoginSecondStep = lazy(() => import('./mfa/LoginSecondStep'));
// Shown only after a failed attempt or an ended session: loaded then.
const Alert = lazy(() => import('antd/es/alert'));

type Name = 'username' | 'password';
type Values = Record<Name, string>;

/** A vertical form row as antd's Form.Item draws it: label, control, the field's error. */
function Row({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: error ? token.marginLG - token.fontSize * token.lineHeight : token.marginLG }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}_help`} role="alert" style={{ color: token.colorError, minHeight: token.fontSize * token.lineHeight }}>
          {error}
        </div>
      )}
    </div>
  );
}

export default function Login() {
  const t = useT();
  // Back from a password reset: the username is given, only the new password is left to type.
  const given = (useLocation().state as { username?: unknown } | null)?.username;
  const prefilled = typeof given === 'string' && given ? given : '';
  const [values, setValues] = useState<Values>({ username: prefilled, password: '' });
  const [invalid, setInvalid] = useState<Partial<Record<Name, boolean>>>({});
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const [mfa, setMfa] = useState<MfaStep | null>(null);
  // The server ended the last session (expired, revoked): say so rather than a bare login.
  const [ended] = useState(sessionEnded);
  const title = appScope() === 'central' ? t('auth.centralTitle', 'Sign in to the administration') : t('auth.clinicTitle', 'Sign in to your clinic');
  const requiredText = t('validation.required', 'This field is required');
  usePublicTitle(t('auth.signIn', 'Sign in'));
  // The application behind the login, fetched while the username and password are typed: a
  // second after the page shows (no one has typed a username by then), when the thread is idle.
  useEffect(() => {
    const warm = () => void import('../warmup').then((m) => m.warmSignedIn(appScope()), () => undefined);
    const timer = setTimeout(() => ('requestIdleCallback' in window ? window.requestIdleCallback(warm, { timeout: 2000 }) : warm()), 1000);
    return () => clearTimeout(timer);
  }, []);

  const change = (name: Name, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setInvalid((e) => ({ ...e, [name]: !value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = { username: !values.username, password: !values.password };
    setInvalid(missing);
    if (missing.username || missing.password || isPending) return;
    setError(null);
    setPending(true);
    try {
      const result = await authProvider.login(values);
      // Signed in: GuestOnly moves to the application, and the button spins on until it is drawn.
      if (result.success) return;
      if (result.mfa) setMfa(result.mfa as MfaStep);
      else setError(result.error?.message ?? t('auth.loginFailed', 'Login failed'));
    } catch (err) {
      setError(err instanceof Error ? err.message : t('auth.loginFailed', 'Login failed'));
    }
    setPending(false);
  };

  const field = (name: Name) => ({
    id: name,
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => change(name, e.target.value),
    status: invalid[name] ? ('error' as const) : undefined,
    'aria-required': true,
    'aria-invalid': invalid[name] || undefined,
    'aria-describedby': invalid[name] ? `${name}_help` : undefined,
  });

  return (
    <PublicShell>
      <PublicCard width={400}>
        <PublicTitle level={3}>{mfa ? t('mfa.title', 'Two-step verification') : title}</PublicTitle>
        <Suspense fallback={null}>
          {ended && !error && !mfa && (
            <Alert type="warning" showIcon message={t('auth.sessionEnded', 'Your session ended. Log in again.')} style={{ marginBottom: 16 }} data-testid="session-ended" />
          )}
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" role="alert" />}
        </Suspense>
        {mfa ? (
          <Suspense fallback={null}>
            <LoginSecondStep
              step={mfa}
              onRestart={(message) => {
                setMfa(null);
                setValues((v) => ({ ...v, password: '' }));
                setError(message ?? null);
              }}
            />
          </Suspense>
        ) : (
          <>
            <form noValidate onSubmit={(e) => void submit(e)}>
              <Row id="username" label={t('auth.username', 'Username')} error={invalid.username ? requiredText : undefined}>
                <Input {...field('username')} autoComplete="username" autoFocus={!prefilled} />
              </Row>
              <Row id="password" label={t('auth.password', 'Password')} error={invalid.password ? requiredText : undefined}>
                <Password {...field('password')} autoComplete="current-password" autoFocus={!!prefilled} />
              </Row>
              <Button type="primary" htmlType="submit" block loading={isPending} data-testid="login-submit">
                {t('auth.signIn', 'Sign in')}
              </Button>
            </form>
            <div style={{ marginTop: 16 }}>
              <Link to="/forgot-username">{t('auth.forgotPassword', 'Forgot your password?')}</Link>
            </div>
          </>
        )}
      </PublicCard>
    </PublicShell>
  );
}
