// Role numbers shared by the server checks and the client guards (docs/architecture.md#roles-and-permissions).

export const CENTRAL_ROLE = { owner: 0, admin: 1, serviceAdmin: 2, developer: 3 } as const;
export const TENANT_ROLE = { mainDoctor: 0, doctor: 1, secretary: 2, nurse: 3 } as const;
/** Role of a logged-out visitor. */
export const ROLE_NONE = 4;

/** Central roles each central role may give to a staff account (docs/product.md#roles). */
export const ASSIGNABLE_CENTRAL_ROLES: Record<number, readonly number[]> = {
  [CENTRAL_ROLE.owner]: [1, 2, 3],
  [CENTRAL_ROLE.developer]: [1, 2, 3],
  [CENTRAL_ROLE.admin]: [1, 2],
  [CENTRAL_ROLE.serviceAdmin]: [],
};

/** Roles the Main Doctor may give to clinic staff. */
export const ASSISTANT_TENANT_ROLES: readonly number[] = [1, 2, 3];

/**
 * The roles this caller may give a staff account of their application: what the server accepts
 * and the role select offers (one answer for both).
 */
export function assignableRoles(caller: { scope: 'central' | 'tenant'; role: number } | null): readonly number[] {
  if (!caller) return [];
  if (caller.scope === 'central') return ASSIGNABLE_CENTRAL_ROLES[caller.role] ?? [];
  return caller.role === TENANT_ROLE.mainDoctor ? ASSISTANT_TENANT_ROLES : [];
}

const ALL_CENTRAL = [0, 1, 2, 3] as const;
const MANAGERS = [0, 1, 3] as const;
const OWNERS = [0, 3] as const;

/**
 * Central screens and who may open them (docs/product.md#roles). `fallback` is where a refused
 * logged-in user is sent, by role; anyone not listed goes to dashboard.
 */
export const CENTRAL_SCREENS: Record<string, { roles: readonly number[] }> = {
  dashboard: { roles: MANAGERS },
  doctors: { roles: MANAGERS },
  users: { roles: OWNERS },
  plans: { roles: OWNERS },
  notifications: { roles: MANAGERS },
  settings: { roles: ALL_CENTRAL },
  // The landing page is the Service Admin's job (and the Owner's and Developers').
  'landing-page': { roles: [0, 2, 3] },
  profile: { roles: ALL_CENTRAL },
  // Clinics that granted support access to me (any of the platform's staff may be named).
  support: { roles: ALL_CENTRAL },
};

/** Where a central user lands (and is sent when refused a screen). */
export function centralHome(role: number): string {
  return CENTRAL_SCREENS.dashboard.roles.includes(role) ? '/dashboard' : '/settings/locations';
}

export const ROLE_GROUPS = { ALL_CENTRAL, MANAGERS, OWNERS };
