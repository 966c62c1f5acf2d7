// Row types of the tables the hand-written modules query. A declared table's are generated from its
// declaration (declared-tables.ts, written by `npm run resources`); the tables here have no
// declaration (sessions, uploads, second factors...) and stay hand-typed, as do the few columns a
// migration added that no declaration says (the clinic's currency).
import type { Generated } from 'kysely';
import type { DeclaredTables } from './declared-tables';

export interface PermissionsTable {
  id: Generated<number>;
  name: string;
  table_name: string;
}

export interface UserPermissionsTable {
  tenant_id: number;
  user_id: number;
  permission_id: number;
}

export interface SessionsTable {
  token_hash: string;
  scope: 'central' | 'tenant';
  tenant_id: number | null;
  user_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  /** Names the session to its owner (migration 026); the token's hash never leaves the server. */
  id: Generated<number>;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string;
  created_at: Date;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  scope: 'central' | 'tenant';
  tenant_id: number | null;
  user_id: number;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Date;
  reset_token_hash: string | null;
  used_at: Date | null;
  created_at: Date;
}

export interface UploadsTable {
  id: Generated<number>;
  scope: 'central' | 'tenant';
  tenant_id: number | null;
  user_id: number;
  mime: string;
  size: number;
  original_name: string;
  storage_key: string;
  is_public: Generated<boolean>;
  /** The file on disk is sealed under its clinic's key (src/server/crypto). */
  sealed: Generated<boolean>;
  created_at: Generated<Date>;
}

/** A person's second factor (migration 028): TOTP secret sealed, enabled once confirmed by a code. */
export interface UserMfaTable {
  user_id: number;
  secret_sealed: string;
  enabled_at: Date | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  last_step: number | string | null;
  /** SHA-256 of each unused recovery code. */
  recovery_hashes: Generated<string[]>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface TenantUserMfaTable extends UserMfaTable {
  tenant_id: number;
}

/** The second step of a login: a random token stored hashed, bound to one account on one host. */
export interface MfaChallengesTable {
  id: Generated<number>;
  token_hash: string;
  scope: 'central' | 'tenant';
  tenant_id: number | null;
  user_id: number;
  purpose: 'verify' | 'enrol';
  attempts: Generated<number>;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** Whether staff must have the second factor: the platform's (tenant_id null) and each clinic's. */
export interface MfaPoliciesTable {
  tenant_id: number | null;
  required: boolean;
  updated_by: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface Database extends Omit<DeclaredTables, 'tenants'> {
  /** The clinic's currency (migration 035), 'IQD' or 'USD': set by the platform, in no declaration. */
  tenants: DeclaredTables['tenants'] & { currency: Generated<string> };
  uploads: UploadsTable;
  permissions: PermissionsTable;
  user_permissions: UserPermissionsTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_resets: PasswordResetsTable;
  user_mfa: UserMfaTable;
  tenant_user_mfa: TenantUserMfaTable;
  mfa_challenges: MfaChallengesTable;
  mfa_policies: MfaPoliciesTable;
}
