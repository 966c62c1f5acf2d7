// The code field: six digits from an authenticator app (Arabic-Indic digits typed are kept as
// ASCII), or, switched, a recovery code. Left to right whatever the page's direction.
import { Input, Switch, Typography, theme } from 'antd';
import { useT } from '../../i18n/useT';
import { recoveryInput, totpInput } from './codes';

export interface CodeFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Offer "use a recovery code" (the login's second step). */
  recovery?: { on: boolean; onToggle: (on: boolean) => void };
  autoFocus?: boolean;
}

export function CodeField({ id, value, onChange, error, recovery, autoFocus }: CodeFieldProps) {
  const t = useT();
  const { token } = theme.useToken();
  const usingRecovery = !!recovery?.on;
  return (
    <div style={{ marginBottom: token.marginMD }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {usingRecovery ? t('mfa.recoveryCode', 'Recovery code') : t('mfa.code', 'Code from your app')}
      </label>
      <Input
        id={id}
        dir="ltr"
        value={value}
        onChange={(e) => onChange(usingRecovery ? recoveryInput(e.target.value) : totpInput(e.target.value))}
        inputMode={usingRecovery ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        placeholder={usingRecovery ? 'xxxxx-xxxxx' : '123456'}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}_help` : undefined}
        autoFocus={autoFocus}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 18, letterSpacing: usingRecovery ? 1 : 6, textAlign: 'center' }}
      />
      {error && (
        <div id={`${id}_help`} role="alert" style={{ color: token.colorError }} data-testid="mfa-code-error">
          {error}
        </div>
      )}
      {recovery && (
        <label style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: token.marginSM, cursor: 'pointer' }}>
          <Switch size="small" checked={usingRecovery} onChange={(on) => recovery.onToggle(on)} data-testid="mfa-use-recovery" />
          <Typography.Text>{t('mfa.useRecovery', 'Use a recovery code')}</Typography.Text>
        </label>
      )}
    </div>
  );
}
