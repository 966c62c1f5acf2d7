// Password recovery in three steps: username (a code is sent), the one-time code (gives a reset
// token), the new password. Then back to login.
import { type ReactNode, useState } from 'react';
import { Button, Card, Form, Input, Steps, Typography } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { useT } from '../i18n/useT';
import { PublicShell } from '../layout/PublicShell';
import { recovery } from '../providers/authProvider';
import { toast } from '../providers/notify';
import { getRecovery, setRecovery } from './recoveryState';

type Step = 'username' | 'otp' | 'reset';
const STEP_INDEX: Record<Step, number> = { username: 0, otp: 1, reset: 2 };

function Frame({ step, children }: { step: Step; children: ReactNode }) {
  const t = useT();
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
  const [busy, setBusy] = useState(false);
  return (
    <Frame step="username">
      <Typography.Paragraph>{t('auth.forgotUsernameHelp', 'Enter your username and we will send a code to your e-mail.')}</Typography.Paragraph>
      <Form<{ username: string }>
        layout="vertical"
        onFinish={async ({ username }) => {
          setBusy(true);
          try {
            const answer = await recovery.request(username.trim());
            if (answer?.message) toast('success', answer.message);
            setRecovery({ username: username.trim() });
            navigate('/forgot-otp');
          } catch {
            // the HTTP layer has shown the error
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
  const [busy, setBusy] = useState(false);
  const { username } = getRecovery();
  if (!username) return <Navigate to="/forgot-username" replace />;
  return (
    <Frame step="otp">
      <Typography.Paragraph>{t('auth.codeHelp', 'Enter the 6-digit code we sent you.')}</Typography.Paragraph>
      <Form<{ code: string }>
        layout="vertical"
        onFinish={async ({ code }) => {
          setBusy(true);
          try {
            const answer = await recovery.verify(username, code.trim());
            if (answer?.message) toast('success', answer.message);
            setRecovery({ username, token: answer.token });
            navigate('/forgot-reset');
          } catch {
            // shown by the HTTP layer
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Item name="code" label={t('auth.code', 'Code')} rules={[{ required: true, message: t('validation.required', 'This field is required') }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus dir="ltr" />
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
  const [busy, setBusy] = useState(false);
  const { username, token } = getRecovery();
  if (!username || !token) return <Navigate to="/forgot-username" replace />;
  const min = 12;
  return (
    <Frame step="reset">
      <Form<{ password: string; password_confirmation: string }>
        layout="vertical"
        onFinish={async ({ password, password_confirmation }) => {
          setBusy(true);
          try {
            const answer = await recovery.reset(username, token, password, password_confirmation);
            toast('success', answer?.message ?? t('messages.passwordReset', 'Your password has been changed. Please log in'));
            setRecovery(null);
            navigate('/login');
          } catch {
            // shown by the HTTP layer
          } finally {
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
