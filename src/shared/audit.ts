// The audit trail's vocabulary, shared by the server that writes events and the declaration that
// lists them (resources/audit.ts: the Activity screen's action filter).
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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
