// Profile → Two-step verification: whether it is on; turning it on (scan or type the secret,
// confirm with a code, keep the ten recovery codes shown once); new recovery codes (asks the
// password); turning it off (asks the password and a code; refused on the field while the
// platform or the clinic requires it).
import { useState } from 'react';
import { Alert, Button, Card, Input, Skeleton, Space, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { appScope } from '../../host';
import { useT } from '../../i18n/useT';
import { onFields, useAction } from '../../engine/useAction';
import { useApiGet } from '../../engine/useApiGet';
import { LoadError } from '../../engine/LoadError';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { CodeField } from '../mfa/CodeField';
import { EnrolSecret } from '../mfa/EnrolSecret';
import { type MfaStatus, mfaApi } from '../mfa/mfaApi';
import { RecoveryCodes } from '../mfa/RecoveryCodes';
import { latinDigits } from '../../../shared/digits';
import { fieldErrors } from './profileApi';

type Mode = { kind: 'idle' } | { kind: 'enrol'; secret: string; uri: string } | { kind: 'codes'; codes: string[] } | { kind: 'renew' } | { kind: 'disable' };

interface PasswordCode {
  current_password: string;
  code?: string;
}

const EMPTY: PasswordCode = { current_password: '', code: '' };

export function TwoStepCard() {
  const t = useT();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  // Read on opening and again after each change; a failure is said on the card, with a Retry.
  const read = useApiGet<{ data: MfaStatus }>(mfaApi.status(), undefined, true, undefined, true);
  const status = read.data?.data ?? null;
  // Refusals are said on their fields (the code, the password).
  const { run: act, busy } = useAction({ failure: onFields });
  const { control, reset, handleSubmit, showErrors } = useHandForm<PasswordCode>({ fields: ['current_password', 'code'], defaultValues: EMPTY });
  const required = t('validation.required', 'This field is required');

  const load = () => read.refetch();

  const start = () =>
    act(mfaApi.setup())
      .then((body) => {
        setCode('');
        setCodeError(undefined);
        setMode({ kind: 'enrol', ...body.data });
      })
      .catch(() => undefined);

  const confirm = async () => {
    if (code.length !== 6) return setCodeError(t('mfa.codeHelp', 'Enter the 6-digit code your app shows'));
    try {
      const body = await act(mfaApi.enable(code), { success: t('mfa.enabled', 'Two-step verification is on') });
      setMode({ kind: 'codes', codes: body.data.recovery_codes });
      await load();
    } catch (err) {
      setCodeError(fieldErrors(err).find((f) => f.name === 'code')?.errors[0]);
      setCode('');
    }
  };

  const submitPassword = async (values: PasswordCode) => {
    try {
      if (mode.kind === 'renew') {
        const body = await act(mfaApi.renewCodes(values.current_password));
        setMode({ kind: 'codes', codes: body.data.recovery_codes });
      } else {
        await act(mfaApi.disable(values.current_password, values.code ?? ''), { success: (body) => body.message ?? t('messages.mfaDisabled', 'Two-step verification is off') });
        setMode({ kind: 'idle' });
      }
      reset(EMPTY);
      await load();
    } catch (err) {
      showErrors(err);
    }
  };

  const title = (
    <Space>
      <SafetyCertificateOutlined />
      {t('mfa.title', 'Two-step verification')}
    </Space>
  );

  if (!status) {
    return (
      <Card title={title} data-testid="profile-mfa">
        {read.isError ? <LoadError onRetry={() => void load()} retrying={read.isFetching} /> : <Skeleton active paragraph={{ rows: 2 }} />}
      </Card>
    );
  }

  return (
    // The title wraps rather than being cut short on a narrow screen.
    <Card title={title} styles={{ title: { whiteSpace: 'normal' } }} data-testid="profile-mfa">
      {/* In the body, not the header: a narrow screen would cut the title short beside it. */}
      <div style={{ marginBottom: 12 }}>
        {status.enabled ? <Tag color="success" data-testid="mfa-state">{t('mfa.on', 'On')}</Tag> : <Tag data-testid="mfa-state">{t('mfa.off', 'Off')}</Tag>}
      </div>
      <Typography.Paragraph type="secondary">
        {t('mfa.explain', 'Besides your password, signing in asks for a code from an app on your phone, so a stolen password alone does not open your account.')}
      </Typography.Paragraph>
      {status.required && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={appScope() === 'central' ? t('mfa.requiredByPlatform', 'The platform requires it of its staff.') : t('mfa.requiredByClinic', 'Your clinic requires it of its staff.')} />}

      {mode.kind === 'codes' && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <RecoveryCodes codes={mode.codes} />
          <Button type="primary" onClick={() => setMode({ kind: 'idle' })} data-testid="mfa-codes-done">
            {t('mfa.savedDone', 'I have kept them')}
          </Button>
        </Space>
      )}

      {mode.kind === 'enrol' && (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <EnrolSecret secret={mode.secret} uri={mode.uri} />
          <Typography.Text>{t('mfa.confirmHelp', 'Then enter the 6-digit code the app shows to confirm.')}</Typography.Text>
          <CodeField
            id="mfa-enrol-code"
            value={code}
            onChange={(v) => {
              setCode(v);
              setCodeError(undefined);
            }}
            error={codeError}
          />
          <Space wrap>
            <Button type="primary" loading={busy} onClick={() => void confirm()} data-testid="mfa-confirm">
              {t('mfa.confirm', 'Confirm')}
            </Button>
            <Button onClick={() => setMode({ kind: 'idle' })}>{t('buttons.cancel', 'Cancel')}</Button>
          </Space>
        </Space>
      )}

      {(mode.kind === 'renew' || mode.kind === 'disable') && (
        <form noValidate onSubmit={(e) => void handleSubmit(submitPassword)(e)}>
          <FormLayout>
            <Typography.Paragraph>
              {mode.kind === 'renew'
                ? t('mfa.renewHelp', 'New recovery codes replace the old ones, which stop working.')
                : t('mfa.disableHelp', 'To turn two-step verification off, enter your password and a code from your app.')}
            </Typography.Paragraph>
            <FormField control={control} name="current_password" htmlFor="mfa-current-password" label={t('profile.currentPassword', 'Current password')} rules={{ required }}>
              {(f) => <Input.Password id="mfa-current-password" autoComplete="current-password" value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
            {mode.kind === 'disable' && (
              <FormField control={control} name="code" htmlFor="mfa-disable-code" label={t('mfa.codeOrRecovery', 'Code from your app, or a recovery code')} rules={{ required }}>
                {/* Arabic-Indic and Persian digits typed are kept as Latin ones. */}
                {(f) => <Input id="mfa-disable-code" dir="ltr" autoComplete="one-time-code" value={f.value} onChange={(e) => f.onChange(latinDigits(e.target.value))} onBlur={f.onBlur} />}
              </FormField>
            )}
            <Space wrap>
              <Button type="primary" danger={mode.kind === 'disable'} htmlType="submit" loading={busy} data-testid="mfa-password-submit">
                {mode.kind === 'renew' ? t('mfa.renew', 'New recovery codes') : t('mfa.turnOff', 'Turn off')}
              </Button>
              <Button
                onClick={() => {
                  reset(EMPTY);
                  setMode({ kind: 'idle' });
                }}
              >
                {t('buttons.cancel', 'Cancel')}
              </Button>
            </Space>
          </FormLayout>
        </form>
      )}

      {mode.kind === 'idle' &&
        (status.enabled ? (
          <Space direction="vertical" size={12}>
            <Typography.Text>{t('mfa.codesLeft', { count: status.recovery_codes_left })}</Typography.Text>
            <Space wrap>
              <Button onClick={() => setMode({ kind: 'renew' })} data-testid="mfa-renew">
                {t('mfa.renew', 'New recovery codes')}
              </Button>
              <Button danger onClick={() => setMode({ kind: 'disable' })} data-testid="mfa-turn-off">
                {t('mfa.turnOff', 'Turn off')}
              </Button>
            </Space>
          </Space>
        ) : (
          <Button type="primary" loading={busy} onClick={() => void start()} data-testid="mfa-turn-on">
            {t('mfa.turnOn', 'Turn on')}
          </Button>
        ))}
    </Card>
  );
}
