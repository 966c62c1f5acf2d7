// A new password and its confirmation, as the profile's change and the recovery's reset ask them:
// the same length rule as the server's policy, the confirmation checked as either is typed.
import { Input } from 'antd';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useT } from '../../i18n/useT';
import { FormField } from '../../engine/kit/form';
import { PASSWORD_MIN } from '../../../shared/password-length';

export interface NewPasswords extends FieldValues {
  password: string;
  password_confirmation: string;
}

export function NewPasswordFields<T extends NewPasswords>({ control, id = 'password', autoFocus }: { control: Control<T>; id?: string; autoFocus?: boolean }) {
  const t = useT();
  const required = t('validation.required', 'This field is required');
  const password = 'password' as FieldPath<T>;
  const confirmation = 'password_confirmation' as FieldPath<T>;
  return (
    <>
      <FormField
        control={control}
        name={password}
        htmlFor={id}
        label={t('auth.newPassword', 'New password')}
        rules={{ required, minLength: { value: PASSWORD_MIN, message: t('validation.minLength', { limit: PASSWORD_MIN }) }, deps: [confirmation] }}
      >
        {(f) => <Input.Password id={id} autoComplete="new-password" autoFocus={autoFocus} value={f.value as string} onChange={f.onChange} onBlur={f.onBlur} />}
      </FormField>
      <FormField
        control={control}
        name={confirmation}
        htmlFor="password_confirmation"
        label={t('auth.confirmPassword', 'Confirm password')}
        rules={{ required, validate: (value, values) => !value || values.password === value || t('validation.confirmed', 'The confirmation does not match') }}
      >
        {(f) => <Input.Password id="password_confirmation" autoComplete="new-password" value={f.value as string} onChange={f.onChange} onBlur={f.onBlur} />}
      </FormField>
    </>
  );
}
