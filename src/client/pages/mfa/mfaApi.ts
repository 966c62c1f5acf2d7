// Two-step verification calls of the profile (<profile>/mfa...), the staff policy
// (<auth>/mfa-policy).
import { authBase } from '../../providers/authProvider';
import { api } from '../../providers/http';
import { profileBase } from '../profile/profileApi';

export interface MfaStatus {
  enabled: boolean;
  /** The platform or the clinic requires it of its staff. */
  required: boolean;
  recovery_codes_left: number;
}

type Codes = { data: { recovery_codes: string[] } };

export const mfaApi = {
  status: () => api<{ data: MfaStatus }>(`${profileBase()}/mfa`),
  setup: () => api<{ data: { secret: string; uri: string } }>(`${profileBase()}/mfa/setup`, { method: 'POST' }),
  enable: (code: string) => api<Codes>(`${profileBase()}/mfa/enable`, { method: 'POST', body: { code } }),
  renewCodes: (currentPassword: string) => api<Codes>(`${profileBase()}/mfa/recovery-codes`, { method: 'POST', body: { current_password: currentPassword } }),
  disable: (currentPassword: string, code: string) =>
    api<{ message?: string }>(`${profileBase()}/mfa/disable`, { method: 'POST', body: { current_password: currentPassword, code } }),
  policy: () => api<{ data: { required: boolean } }>(`${authBase()}/mfa-policy`),
  setPolicy: (required: boolean) => api<{ data: { required: boolean } }>(`${authBase()}/mfa-policy`, { method: 'PUT', body: { required } }),
};
