// The logged-in person's own account, in both applications: /auth/profile on the central host,
// /auth/tenant/profile on a clinic.
import { appScope } from '../../host';
import type { ActionCall } from '../../engine/useAction';
import { ApiError } from '../../providers/http';
import type { SessionUser } from '../../providers/session';

export interface ProfileValues {
  name: string;
  email: string | null;
  phone: string | null;
  /** Sent when the e-mail or phone changes (where recovery codes go). */
  current_password?: string;
}

export interface PasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export function profileBase(): string {
  return appScope() === 'tenant' ? '/auth/tenant/profile' : '/auth/profile';
}

/** Blank optional fields are sent as null (the server clears them). */
export function profileBody(values: Partial<ProfileValues>): ProfileValues {
  const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const body: ProfileValues = { name: String(values.name ?? '').trim(), email: blankToNull(values.email), phone: blankToNull(values.phone) };
  if (values.current_password) body.current_password = values.current_password;
  return body;
}

/** A 422's field errors in antd Form's setFields shape. */
export function fieldErrors(err: unknown): { name: string; errors: string[] }[] {
  if (!(err instanceof ApiError) || err.statusCode !== 422 || !err.errors) return [];
  return Object.entries(err.errors).map(([name, errors]) => ({ name, errors }));
}

/** The profile's writes, as actions for useAction (the read is `profileBase()` itself). */
export const profileApi = {
  save: (values: Partial<ProfileValues>): ActionCall<{ data: SessionUser }> => ({ url: profileBase(), method: 'put', values: profileBody(values) }),
  changePassword: (values: PasswordValues): ActionCall<{ message?: string }> => ({ url: `${profileBase()}/password`, method: 'put', values }),
  logoutOthers: (): ActionCall<{ message?: string }> => ({ url: `${profileBase()}/logout-others` }),
};
