// Password recovery in three steps: username (a code is sent), the one-time code (gives a reset
// token), the new password. Then back to login with the username filled in. A wrong or expired
// code, a refused password or an expired reset is said on its field (or above the form).
import { type ReactNode, useState } from 'react';
import { Alert, Button, Card, Form, Input, Steps, Typography } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { useT } from '../i18n/useT';
import { PublicShell } from '../layout/PublicShell';
import { recovery } from '../providers/authProvider';
import { toast } from '../providers/notify';
import { usePublicTitle } from '../pageTitle';
import { getRecovery, setRecovery } from './recoveryState';
import { refusalOnFields } from './recoveryErrors';

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

export function ForgotUsername() {
  const t = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ username: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Frame step="username">
      <Typography.Paragraph>{t('auth.forgotUsernameHelp', 'Enter your username and we will send a code to your e-mail.')}</Typography.Paragraph>
      <Form<{ username: string }>
        form={form}
        layout="vertical"
        onFinish={async ({ username }) => {
          setBusy(true);
          try {
            const answer = await recovery.request(username.trim());
            if (answer?.message) toast('success', answer.message);
            setRecovery({ username: username.trim() });
            navigate('/forgot-otp');
          } catch (err) {
            const rest = refusalOnFields(form, err, ['username']);
            if (rest) form.setFields([{ name: 'username', errors: [rest] }]);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="username" label={t('auth.username', 'Username')} rules={[{ required: true, message: t('validation.required', 'This field is required') }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.sendCode', 'Send code')}
        </Button>
      </Form>
    </Frame>
  );
}

export function ForgotOtp() {
  const t = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  // Read once: leaving the step changes the stored progress before this page unmounts.
  const [{ username }] = useState(getRecovery);
  if (!username) return <Navigate to="/forgot-username" replace />;
  return (
    <Frame step="otp">
      <Typography.Paragraph>{t('auth.codeHelp', 'Enter the 6-digit code we sent you.')}</Typography.Paragraph>
      <Form<{ code: string }>
        form={form}
        layout="vertical"
        onFinish={async ({ code }) => {
          setBusy(true);
          try {
            const answer = await recovery.verify(username, code.trim());
            if (answer?.message) toast('success', answer.message);
            setRecovery({ username, token: answer.token });
            navigate('/forgot-reset');
          } catch (err) {
            // A wrong or expired code: said on the code field.
            const rest = refusalOnFields(form, err, ['code']);
            if (rest) form.setFields([{ name: 'code', errors: [rest] }]);
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="code" label={t('auth.code', 'Code')} rules={[{ required: true, message: t('validation.required', 'This field is required') }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus dir="ltr" data-testid="recovery-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.verify', 'Verify')}
        </Button>
      </Form>
    </Frame>
  );
}

export function ForgotReset() {
  const t = useT();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ password: string; password_confirmation: string }>();
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState<string | null>(null);
  // Read once: a finished reset clears the stored progress while this page is still shown.
  const [{ username, token }] = useState(getRecovery);
  if (!username || !token) return <Navigate to="/forgot-username" replace />;
  const min = 12;
  return (
    <Frame step="reset" error={expired}>
      <Form<{ password: string; password_confirmation: string }>
        form={form}
        layout="vertical"
        onFinish={async ({ password, password_confirmation }) => {
          setBusy(true);
          try {
            const answer = await recovery.reset(username, token, password, password_confirmation);
            toast('success', answer?.message ?? t('messages.passwordReset', 'Your password has been changed. Please log in'));
            setRecovery(null);
            // Login with the username filled in: only the new password is left to type.
            navigate('/login', { replace: true, state: { username } });
          } catch (err) {
            // A refused password on its field; an expired reset above the form, with a way back.
            setExpired(refusalOnFields(form, err, ['password', 'password_confirmation']));
            setBusy(false);
          }
        }}
      >
        <Form.Item
          name="password"
          label={t('auth.newPassword', 'New password')}
          rules={[
            { required: true, message: t('validation.required', 'This field is required') },
            { min, message: t('validation.minLength', { limit: min }) },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="password_confirmation"
          label={t('auth.confirmPassword', 'Confirm password')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('validation.required', 'This field is required') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('validation.confirmed', 'The confirmation does not match'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('auth.resetPassword', 'Change password')}
        </Button>
      </Form>
    </Frame>
  );
}
