// Screens that are not a declared resource: dashboards, the menu groups declared in resources/ (a
// route redirecting to their first entry), and
// areas whose resources do not exist yet (a translated "coming soon" page). Resources in the
// registry add their own routes and menu entries (see nav.ts); nothing here repeats them
// (tests/unit/entity-folders.test.ts: no screen sits at a declared resource's path).
import type { Scope } from '../../shared/resource';
import type { MenuGroupDef, MenuPlacement } from '../../shared/menu';
import { menuGroups } from '../../../resources';
import { AUTH, type Rule } from './rules';

export interface Screen {
  /** Label key nav.<key>; also the Refine resource name of a menu group. */
  key: string;
  /** Full path without the leading slash. */
  path: string;
  scope: Scope;
  rule: Rule;
  /** A group route: redirects to this child path (relative). */
  redirect?: string;
  /** Hand-written page name, given by a folder's client part (a client.tsx in resources/); default "coming soon". */
  page?: string;
  menu?: MenuPlacement;
}

const central = (screen: string): Rule => ({ kind: 'central', screen });
const perm = (table: string): Rule => ({ kind: 'permission', table, action: 'read' });
const MAIN: Rule = { kind: 'mainDoctor' };

const C = 'central' as const;
const T = 'tenant' as const;

const OWN_SCREENS: readonly Screen[] = [
  // Central application
  { key: 'dashboard', path: 'dashboard', scope: C, rule: central('dashboard'), page: 'centralDashboard', menu: { order: 10, icon: 'dashboard' } },
  { key: 'notifications', path: 'notifications', scope: C, rule: central('notifications'), page: 'notifications', menu: { order: 50, icon: 'bell' } },
  { key: 'landingOverview', path: 'landing-page/overview', scope: C, rule: central('landing-page'), page: 'landingHub', menu: { order: 85.5, parent: 'landingPage' } },
  { key: 'profile', path: 'profile', scope: C, rule: central('profile'), page: 'profile', menu: { order: 90, icon: 'user' } },
  { key: 'support', path: 'support', scope: C, rule: central('support'), page: 'supportAccess', menu: { order: 92, icon: 'team' } },

  // Clinic application
  { key: 'dashboard', path: 'dashboard', scope: T, rule: AUTH, page: 'clinicDashboard', menu: { order: 10, icon: 'dashboard' } },
  // What the server refused of the changes kept during an internet cut (issue 37), with their count.
  { key: 'syncProblems', path: 'sync-problems', scope: T, rule: AUTH, page: 'syncProblems', menu: { order: 11, icon: 'sync' } },
  { key: 'preview', path: 'preview', scope: T, rule: AUTH, page: 'clinicPreview', menu: { order: 12, icon: 'eye' } },
  // The desk's cash of the day: whoever may read payments (the accounting group is the Main Doctor's and the accountant's).
  { key: 'dailyCash', path: 'daily-cash', scope: T, rule: perm('payments'), page: 'dailyCash', menu: { order: 22, icon: 'dollar' } },
  { key: 'visiting', path: 'visitings/:id', scope: T, rule: AUTH, redirect: 'new' },
  { key: 'visitingNew', path: 'visitings/:id/new', scope: T, rule: { kind: 'permission', table: 'visitings', action: 'create' }, page: 'visitNew' },
  { key: 'visitingOld', path: 'visitings/:id/old', scope: T, rule: perm('visitings'), page: 'visitOld' },
  // The patient's hand-written tabs; the nurse records' tabs (patients/:id/nurses/...) are routed
  // from their declarations' `within` (nav.ts).
  { key: 'patient', path: 'patients/:id', scope: T, rule: perm('patients'), redirect: 'visitings' },
  { key: 'visitings', path: 'patients/:id/visitings', scope: T, rule: perm('patients'), page: 'patientTabs' },
  { key: 'appointments', path: 'patients/:id/appointments', scope: T, rule: perm('patients'), page: 'patientTabs' },
  { key: 'nurses', path: 'patients/:id/nurses', scope: T, rule: perm('patients'), redirect: 'vital-signs' },
  { key: 'patientFiles', path: 'patients/:id/files', scope: T, rule: perm('patients'), page: 'patientTabs' },
  { key: 'clinicAudit', path: 'patients/:id/opened', scope: T, rule: MAIN, page: 'patientTabs' },
  { key: 'result', path: 'accounting/result', scope: T, rule: perm('accounting'), page: 'accountingResult', menu: { order: 73, parent: 'accounting' } },
  { key: 'profile', path: 'settings/profile', scope: T, rule: AUTH, page: 'profile', menu: { order: 101, parent: 'settings' } },
  { key: 'usages', path: 'settings/usages', scope: T, rule: MAIN, page: 'clinicUsages', menu: { order: 102, parent: 'settings' } },
  { key: 'planHistories', path: 'settings/plan-histories', scope: T, rule: MAIN, page: 'clinicPlanHistories', menu: { order: 103, parent: 'settings' } },
  { key: 'invoices', path: 'settings/invoices', scope: T, rule: AUTH, page: 'clinicInvoices', menu: { order: 104, parent: 'settings' } },
  { key: 'landingOverview', path: 'landing-page/overview', scope: T, rule: MAIN, page: 'landingHub', menu: { order: 110.5, parent: 'landingPage' } },
];

function groupRule(access: MenuGroupDef['access']): Rule {
  if (access === 'anyone') return AUTH;
  if (access === 'mainDoctor') return MAIN;
  return 'readPermission' in access ? perm(access.readPermission) : central(access.centralScreen);
}

/** A declared menu group as a screen: its entry, and its route opening its first entry. */
const groupScreen = (g: MenuGroupDef): Screen => ({ key: g.key, path: g.path, scope: g.scope, rule: groupRule(g.access), redirect: g.opens, menu: { order: g.order, icon: g.icon } });

export const SCREENS: readonly Screen[] = [...menuGroups.map(groupScreen), ...OWN_SCREENS];

export function screensOf(scope: Scope): Screen[] {
  return SCREENS.filter((s) => s.scope === scope);
}
