// Central and clinic login (the host decides which endpoint). A wrong password shows the
// server's message.
import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useLogin } from '@refinedev/core';
import { Link } from 'react-router';
import { appScope } from '../host';
import { useT } from '../i18n/useT';
import { PublicShell } from '../layout/PublicShell';

interface LoginValues {
  username: string;
  password: string;
}

export default function Login() {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const { mutate: login, isPending } = useLogin<LoginValues>();
  const title = appScope() === 'central' ? t('auth.centralTitle', 'Sign in to the administration') : t('auth.clinicTitle', 'Sign in to your clinic');
  const required = [{ required: true, message: t('validation.required', 'This field is required') }];
  return (
    <PublicShell>
      <Card style={{ width: 400, maxWidth: '100%', marginTop: 48 }}>
        <Typography.Title level={3}>{title}</Typography.Title>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" role="alert" />}
        <Form<LoginValues>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => {
            setError(null);
            login(values, {
              onSuccess: (result) => {
                if (!result.success) setError(result.error?.message ?? t('auth.loginFailed', 'Login failed'));
              },
            });
          }}
        >
          <Form.Item name="username" label={t('auth.username', 'Username')} rules={required}>
            <Input autoComplete="username" autoFocus id="username" />
          </Form.Item>
          <Form.Item name="password" label={t('auth.password', 'Password')} rules={required}>
            <Input.Password autoComplete="current-password" id="password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending} data-testid="login-submit">
            {t('auth.signIn', 'Sign in')}
          </Button>
        </Form>
        <div style={{ marginTop: 16 }}>
          <Link to="/forgot-username">{t('auth.forgotPassword', 'Forgot your password?')}</Link>
        </div>
      </Card>
    </PublicShell>
  );
}
