// Password recovery in three steps: username (a code is sent), the one-time code (gives a reset
// token), the new password. Then back to login with the username filled in. A wrong or expired
// code, a refused password or an expired reset is said on its field (or above the form).
import { type ReactNode, useState } from 'react';
import { Alert, Button, Card, Input, Steps, Typography } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { useT } from '../i18n/useT';
import { PublicShell } from '../layout/PublicShell';
import { recovery } from '../providers/authProvider';
import { toast } from '../providers/notify';
import { usePublicTitle } from '../pageTitle';
import { getRecovery, setRecovery } from './recoveryState';
import { refusalElsewhere } from './recoveryErrors';
import { FormField, FormLayout, useHandForm } from '../engine/kit/form';
import { NewPasswordFields } from './profile/NewPasswordFields';

type Step = 'username' | 'otp' | 'reset';
const STEP_INDEX: Record<Step, number> = { username: 0, otp: 1, reset: 2 };

function Frame({ step, error, children }: { step: Step; error?: string | null; children: ReactNode }) {
  const t = useT();
  usePublicTitle(t('auth.forgotTitle', 'Reset your password'));
  return (
    <PublicShell>
      <Card style={{ width: 440, maxWidth: '100%', marginTop: 48 }}>
        <Typography.Title level={3}>{t('auth.forgotTitle', 'Reset your password')}</Typography.Title>
        <Steps
          size="small"
          current={STEP_INDEX[step]}
          style={{ marginBottom: 24 }}
          items={[{ title: t('auth.username', 'Username') }, { title: t('auth.code', 'Code') }, { title: t('auth.newPassword', 'New password') }]}
        />
        {error && (
          <Alert
            type="error"
            showIcon
            role="alert"
            data-testid="recovery-error"
            style={{ marginBottom: 16 }}
            message={error}
            action={
              <Link to="/forgot-username" onClick={() => setRecovery(null)}>
                {t('auth.startOver', 'Start again')}
              </Link>
            }
          />
        )}
        {children}
        <div style={{ marginTop: 16 }}>
          <Link to="/login" onClick={() => setRecovery(null)}>
            {t('auth.backToLogin', 'Back to login')}
          </Link>
        </div>
      </Card>
    </PublicShell>
  );
}

const USERNAME = ['username'] as const;
const CODE = ['code'] as const;
const PASSWORDS = ['password', 'password_confirmation'] as const;

export function ForgotUsername() {
  const t = useT();
  const navigate = useNavigate();
  const { control, handleSubmit, showErrors, setError } = useHandForm<{ username: string }>({ fields: USERNAME, defaultValues: { username: '' } });
  const [busy, setBusy] = useState(false);
  const send = async ({ username }: { username: string }) => {
    setBusy(true);
    try {
      const answer = await recovery.request(username.trim());
      if (answer?.message) toast('success', answer.message);
      setRecovery({ username: username.trim() });
      navigate('/forgot-otp');
    } catch (err) {
      showErrors(err);
      const rest = refusalElsewhere(err, USERNAME);
      if (rest) setError('username', { type: 'server', message: rest });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Frame step="username">
      <Typography.Paragraph>{t('auth.forgotUsernameHelp', 'Enter your username and we will send a code to your e-mail.')}</Typography.Paragraph>
      <form noValidate onSubmit={(e) => void handleSubmit(send)(e)}>
        <FormLayout>
          <FormField control={control} name="username" htmlFor="username" label={t('auth.username', 'Username')} rules={{ required: t('validation.required', 'This field is required') }}>
            {(f) => <Input id="username" autoComplete="username" autoFocus value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
          </FormField>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('auth.sendCode', 'Send code')}
          </Button>
        </FormLayout>
      </form>
    </Frame>
  );
}

export function ForgotOtp() {
  const t = useT();
  const navigate = useNavigate();
  const { control, handleSubmit, showErrors, setError } = useHandForm<{ code: string }>({ fields: CODE, defaultValues: { code: '' } });
  const [busy, setBusy] = useState(false);
  // Read once: leaving the step changes the stored progress before this page unmounts.
  const [{ username }] = useState(getRecovery);
  if (!username) return <Navigate to="/forgot-username" replace />;
  const verify = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      const answer = await recovery.verify(username, code.trim());
      if (answer?.message) toast('success', answer.message);
      setRecovery({ username, token: answer.token });
      navigate('/forgot-reset');
    } catch (err) {
      // A wrong or expired code: said on the code field.
      showErrors(err);
      const rest = refusalElsewhere(err, CODE);
      if (rest) setError('code', { type: 'server', message: rest });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Frame step="otp">
      <Typography.Paragraph>{t('auth.codeHelp', 'Enter the 6-digit code we sent you.')}</Typography.Paragraph>
      <form noValidate onSubmit={(e) => void handleSubmit(verify)(e)}>
        <FormLayout>
          <FormField control={control} name="code" htmlFor="code" label={t('auth.code', 'Code')} rules={{ required: t('validation.required', 'This field is required') }}>
            {(f) => <Input id="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus dir="ltr" data-testid="recovery-code" value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
          </FormField>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('auth.verify', 'Verify')}
          </Button>
        </FormLayout>
      </form>
    </Frame>
  );
}

type Passwords = { password: string; password_confirmation: string };

export function ForgotReset() {
  const t = useT();
  const navigate = useNavigate();
  const { control, handleSubmit, showErrors } = useHandForm<Passwords>({ fields: PASSWORDS, defaultValues: { password: '', password_confirmation: '' } });
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState<string | null>(null);
  // Read once: a finished reset clears the stored progress while this page is still shown.
  const [{ username, token }] = useState(getRecovery);
  if (!username || !token) return <Navigate to="/forgot-username" replace />;
  const change = async ({ password, password_confirmation }: Passwords) => {
    setBusy(true);
    try {
      const answer = await recovery.reset(username, token, password, password_confirmation);
      toast('success', answer?.message ?? t('messages.passwordReset', 'Your password has been changed. Please log in'));
      setRecovery(null);
      // Login with the username filled in: only the new password is left to type.
      navigate('/login', { replace: true, state: { username } });
    } catch (err) {
      // A refused password on its field; an expired reset above the form, with a way back.
      showErrors(err);
      setExpired(refusalElsewhere(err, PASSWORDS));
      setBusy(false);
    }
  };
  return (
    <Frame step="reset" error={expired}>
      <form noValidate onSubmit={(e) => void handleSubmit(change)(e)}>
        <FormLayout>
          <NewPasswordFields control={control} autoFocus />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('auth.resetPassword', 'Change password')}
          </Button>
        </FormLayout>
      </form>
    </Frame>
  );
}
