// The audit trail's vocabulary, shared by the server that writes events and the declaration that
// lists them (resources/audit/: the Activity screen's action filter).
/** What an event records (labels: `audit.actions.<action>` in the locale files). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'read',
  'list',
  'login',
  'login_failed',
  'logout',
  'password_change',
  'permissions_change',
  'export',
  'support_access',
  'print',
  'renew',
  'accept',
  'reject',
  'denied',
  'revoke',
  'suspend_unpaid',
  'export_request',
  'export_download',
  'copy_restored',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_reset',
  'mfa_failed',
  'recovery_code_used',
  'recovery_codes_renewed',
  'mfa_policy_change',
  // The platform's acts on a clinic, named for what they did rather than "changed" (issue 39).
  'suspend',
  'reactivate',
  'plan_change',
  // An Admin's change sent to the Owner as a request (accepted or rejected later: accept, reject).
  'request',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
