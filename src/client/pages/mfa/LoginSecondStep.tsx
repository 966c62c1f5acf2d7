// The login's second step (loaded only when a login needs it): the code from the authenticator app
// or a recovery code; or, when the staff policy requires two-step verification of an account that
// has none, enrolment first (scan, confirm with a code, keep the recovery codes) and then in.
// A challenge that ended (five minutes, five wrong codes, used) sends back to the password.
import { type FormEvent, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { useT } from '../../i18n/useT';
import { type LoginAnswer, type MfaStep, openSession, verifyMfa } from '../../providers/authProvider';
import { ApiError } from '../../providers/http';
import { CodeField } from './CodeField';
import { EnrolSecret } from './EnrolSecret';
import { RecoveryCodes } from './RecoveryCodes';

export default function LoginSecondStep({ step, onRestart }: { step: MfaStep; onRestart: (message?: string) => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // An enrolment's answer waits until its recovery codes were seen (the session opens after).
  const [enrolled, setEnrolled] = useState<LoginAnswer | null>(null);
  const enrolling = step.mfa === 'enrol';

  const enter = async (answer: LoginAnswer) => {
    setPending(true);
    const result = await openSession(answer);
    // Signed in: GuestOnly moves to the application, and the button spins on until it is drawn.
    if (result.success) return;
    setPending(false);
    setError(result.error.message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const complete = recovery ? code.length >= 8 : code.length === 6;
    if (!complete) {
      setFieldError(recovery ? t('mfa.recoveryCodeHelp', 'Enter one of your recovery codes') : t('mfa.codeHelp', 'Enter the 6-digit code your app shows'));
      return;
    }
    if (pending) return;
    setPending(true);
    setFieldError(undefined);
    setError(null);
    try {
      const answer = await verifyMfa(step.challenge, code);
      setPending(false);
      if (answer.recovery_codes) setEnrolled(answer);
      else await enter(answer);
    } catch (err) {
      setPending(false);
      if (err instanceof ApiError && err.statusCode === 401) return onRestart(err.message);
      if (err instanceof ApiError && err.statusCode === 422) {
        setFieldError(err.errors?.code?.[0] ?? err.message);
        setCode('');
      } else setError(err instanceof Error ? err.message : t('auth.loginFailed', 'Login failed'));
    }
  };

  if (enrolled) {
    return (
      <div data-testid="mfa-login-codes">
        <Typography.Paragraph>{t('mfa.enrolledAtLogin', 'Two-step verification is on. From now on you will be asked for a code from your app when you sign in.')}</Typography.Paragraph>
        <RecoveryCodes codes={enrolled.recovery_codes ?? []} />
        {error && <Alert type="error" showIcon message={error} style={{ marginTop: 16 }} />}
        <Button type="primary" block loading={pending} onClick={() => void enter(enrolled)} style={{ marginTop: 16 }} data-testid="mfa-continue">
          {t('mfa.savedContinue', 'I have kept them, continue')}
        </Button>
      </div>
    );
  }

  return (
    <div data-testid={enrolling ? 'mfa-login-enrol' : 'mfa-login-code'}>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      {enrolling && step.secret && step.uri ? (
        <>
          <Alert type="info" showIcon message={t('mfa.enrolRequired', 'Your account must use two-step verification. Set it up now to sign in.')} style={{ marginBottom: 16 }} />
          <EnrolSecret secret={step.secret} uri={step.uri} />
          <Typography.Paragraph style={{ marginTop: 16 }}>{t('mfa.confirmHelp', 'Then enter the 6-digit code the app shows to confirm.')}</Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph>{recovery ? t('mfa.recoveryCodeHelp', 'Enter one of your recovery codes') : t('mfa.codeHelp', 'Enter the 6-digit code your app shows')}</Typography.Paragraph>
      )}
      <form noValidate onSubmit={(e) => void submit(e)}>
        <CodeField
          id="mfa-code"
          value={code}
          onChange={(v) => {
            setCode(v);
            setFieldError(undefined);
          }}
          error={fieldError}
          autoFocus={!enrolling}
          recovery={
            enrolling
              ? undefined
              : {
                  on: recovery,
                  onToggle: (on) => {
                    setRecovery(on);
                    setCode('');
                    setFieldError(undefined);
                  },
                }
          }
        />
        <Button type="primary" htmlType="submit" block loading={pending} data-testid="mfa-submit">
          {enrolling ? t('mfa.confirm', 'Confirm') : t('auth.verify', 'Verify')}
        </Button>
      </form>
      <Button type="link" block onClick={() => onRestart()} style={{ marginTop: 8 }}>
        {t('auth.backToLogin', 'Back to login')}
      </Button>
    </div>
  );
}
