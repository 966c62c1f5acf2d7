// A manager's acts on a staff member's account, declared on both applications' staff (the Owner's
// on the platform's, the Main Doctor's on a clinic's). The routes answering them
// (src/server/auth/session-routes.ts, mfa-routes.ts) read these declarations.
import type { RecordAction } from '../src/shared/resource';

export function staffActions(manager: number) {
  return [
    {
      key: 'end-staff-sessions',
      post: 'end-sessions',
      icon: 'logout',
      label: 'profile.endStaffSessions',
      confirm: 'profile.endStaffSessionsConfirm',
      done: 'profile.staffSessionsEnded',
      roles: [manager],
    },
    // Not one's own: that is the profile's "turn off", which asks for the password and a code.
    { key: 'reset-staff-mfa', post: 'mfa-reset', icon: 'safety', label: 'mfa.reset', confirm: 'mfa.resetConfirm', done: 'mfa.resetDone', roles: [manager], notSelf: true },
  ] as const satisfies readonly RecordAction[];
}
