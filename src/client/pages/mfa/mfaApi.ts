// Two-step verification calls of the profile (<profile>/mfa...), the staff policy
// (<auth>/mfa-policy).
// The reads are paths for useAsk; the writes are actions for useAction.
import type { ActionCall } from '../../engine/useAction';
import { authBase } from '../../providers/authProvider';
import { profileBase } from '../profile/profileApi';

export interface MfaStatus {
  enabled: boolean;
  /** The platform or the clinic requires it of its staff. */
  required: boolean;
  recovery_codes_left: number;
}

type Codes = { data: { recovery_codes: string[] } };

export const mfaApi = {
  status: () => `${profileBase()}/mfa`,
  setup: (): ActionCall<{ data: { secret: string; uri: string } }> => ({ url: `${profileBase()}/mfa/setup` }),
  enable: (code: string): ActionCall<Codes> => ({ url: `${profileBase()}/mfa/enable`, values: { code } }),
  renewCodes: (currentPassword: string): ActionCall<Codes> => ({ url: `${profileBase()}/mfa/recovery-codes`, values: { current_password: currentPassword } }),
  disable: (currentPassword: string, code: string): ActionCall<{ message?: string }> => ({ url: `${profileBase()}/mfa/disable`, values: { current_password: currentPassword, code } }),
  policy: () => `${authBase()}/mfa-policy`,
  setPolicy: (required: boolean): ActionCall<{ data: { required: boolean } }> => ({ url: `${authBase()}/mfa-policy`, method: 'put', values: { required } }),
};
