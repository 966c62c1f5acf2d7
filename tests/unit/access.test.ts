import './helpers/env';
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/shared/access';
import { resourcesOf } from '../../resources';
import { clientRoute, resourceActions } from '../../src/shared/resource';
import { accessControlProvider, canAccess } from '../../src/client/providers/accessControl';
import { type MenuEntry, menuOf, routesOf, visibleMenu } from '../../src/client/engine/nav';
import { allows } from '../../src/client/engine/rules';
import { setHostOverride } from '../../src/client/host';
import { clearSession, setSession } from '../../src/client/providers/session';

const central = (role: number): Caller => ({ scope: 'central', role });
const tenant = (role: number, perms: [string, string][] = []): Caller => ({
  scope: 'tenant',
  role,
  permissions: perms.map(([table_name, name]) => ({ table_name, name })),
});
const nurse = tenant(3, [['patients', 'read'], ['vitalSigns', 'read'], ['vitalSigns', 'create']]);
const secretary = tenant(2, [['patients', 'read'], ['patients', 'create'], ['appointments', 'read'], ['appointments', 'create']]);

function labels(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => [e.label, ...labels(e.children)]);
}

function ruleFor(scope: 'central' | 'tenant', path: string) {
  const entry = routesOf(scope).find((r) => r.path === path);
  if (!entry) throw new Error(`no route ${path}`);
  return entry.rule;
}

describe('access answers (central roles)', () => {
  it('owner and developer manage users and plans; admin only reads plans; service admin neither', () => {
    for (const role of [0, 3]) {
      expect(canAccess(central(role), 'users', 'list')).toBe(true);
      expect(canAccess(central(role), 'plans', 'create')).toBe(true);
    }
    expect(canAccess(central(1), 'users', 'list')).toBe(false);
    expect(canAccess(central(1), 'plans', 'list')).toBe(false); // the screen is Owner/Developer only
    expect(canAccess(central(1), 'tenants', 'list')).toBe(true);
    // The doctors page is the Owner's, the Admin's and the Developer's (SPEC): an Admin's delete is
    // allowed and becomes a request for the Owner; the Service Admin has none of it.
    expect(canAccess(central(1), 'tenants', 'delete')).toBe(true);
    expect(canAccess(central(2), 'tenants', 'delete')).toBe(false);
    expect(canAccess(central(2), 'tenants', 'list')).toBe(false);
    expect(canAccess(null, 'tenants', 'list')).toBe(false);
  });

  it('every screen route has a page, a redirect or a generated resource page', () => {
    for (const scope of ['central', 'tenant'] as const) {
      const pageless = routesOf(scope).filter((e) => e.type === 'screen' && !e.screen.page);
      expect(pageless.map((e) => `${scope}:${e.path}`)).toEqual([]);
    }
  });

  it('route guards follow the central screens table', () => {
    expect(allows(central(2), ruleFor('central', 'dashboard'))).toBe(false);
    expect(allows(central(2), ruleFor('central', 'settings/locations'))).toBe(true);
    expect(allows(central(1), ruleFor('central', 'users'))).toBe(false);
    expect(allows(central(1), ruleFor('central', 'doctors'))).toBe(true);
    expect(allows(central(3), ruleFor('central', 'plans/create'))).toBe(true);
  });

  it('menus per central role', () => {
    const menu = menuOf('central');
    expect(labels(visibleMenu(menu, central(0)))).toEqual(expect.arrayContaining(['nav.dashboard', 'resources.tenants.title', 'resources.users.title', 'resources.plans.title']));
    const admin = labels(visibleMenu(menu, central(1)));
    expect(admin).toContain('resources.tenants.title');
    expect(admin).not.toContain('resources.users.title');
    expect(admin).not.toContain('resources.plans.title');
    const service = labels(visibleMenu(menu, central(2)));
    expect(service).toEqual(expect.arrayContaining(['nav.settings', 'nav.landingPage', 'nav.profile']));
    expect(service).not.toContain('nav.dashboard');
    expect(service).not.toContain('resources.tenants.title');
    // SPEC's route table: the notifications page is not the Service Admin's (their bell offers no link to it).
    expect(service).not.toContain('nav.notifications');
  });
});

describe('access answers (clinic permissions)', () => {
  it('the Main Doctor passes every check', () => {
    const main = tenant(0);
    for (const r of ['patients', 'drugs', 'tenantUsers']) expect(canAccess(main, r, 'delete')).toBe(true);
    expect(allows(main, ruleFor('tenant', 'accounting'))).toBe(true);
    expect(allows(main, ruleFor('tenant', 'settings/usages'))).toBe(true);
  });

  it('the nurse reads patients but has no accounting, appointments or users', () => {
    expect(canAccess(nurse, 'patients', 'list')).toBe(true);
    expect(canAccess(nurse, 'patients', 'create')).toBe(false);
    expect(canAccess(nurse, 'tenantUsers', 'list')).toBe(false);
    expect(allows(nurse, ruleFor('tenant', 'accounting'))).toBe(false);
    expect(allows(nurse, ruleFor('tenant', 'accounting/expenses'))).toBe(false);
    expect(allows(nurse, ruleFor('tenant', 'appointments'))).toBe(false);
    expect(allows(nurse, ruleFor('tenant', 'patients/:id/nurses/vital-signs'))).toBe(true);
    const menu = labels(visibleMenu(menuOf('tenant'), nurse));
    expect(menu).toContain('resources.patients.title');
    expect(menu).not.toContain('nav.accounting');
    expect(menu).not.toContain('nav.appointments');
    expect(menu).not.toContain('resources.tenantUsers.title');
  });

  it('the secretary has appointments and patients but no accounting; invoices and the profile are open to all', () => {
    expect(allows(secretary, ruleFor('tenant', 'appointments'))).toBe(true);
    expect(canAccess(secretary, 'patients', 'create')).toBe(true);
    expect(allows(secretary, ruleFor('tenant', 'accounting'))).toBe(false);
    expect(allows(secretary, ruleFor('tenant', 'settings/invoices'))).toBe(true);
    // Every staff member manages their own account (password, devices, two-step verification).
    expect(allows(secretary, ruleFor('tenant', 'settings/profile'))).toBe(true);
    expect(labels(visibleMenu(menuOf('tenant'), secretary))).not.toContain('nav.accounting');
  });

  it('a central caller is refused clinic resources and the reverse', () => {
    expect(canAccess(central(0), 'patients', 'list')).toBe(false);
    expect(canAccess(tenant(0), 'tenants', 'list')).toBe(false);
  });
});

describe('routes come from the registry once', () => {
  it('every registry resource of a scope has list/create/edit/show routes and no path is declared twice', () => {
    for (const scope of ['central', 'tenant'] as const) {
      const paths = routesOf(scope).map((r) => r.path);
      expect(new Set(paths).size).toBe(paths.length);
      for (const def of resourcesOf(scope)) {
        const route = clientRoute(def);
        const actions = resourceActions(def);
        const expected = [
          ...(actions.includes('read') ? [route, `${route}/show/:id`] : []),
          ...(actions.includes('create') ? [`${route}/create`] : []),
          ...(actions.includes('update') ? [`${route}/edit/:id`] : []),
        ];
        expect(paths).toEqual(expect.arrayContaining(expected));
        if (!actions.includes('create')) expect(paths).not.toContain(`${route}/create`);
      }
    }
  });
});

describe('accessControlProvider', () => {
  afterEach(() => {
    setHostOverride(null);
    clearSession();
  });

  it('answers from the in-memory session without a request', async () => {
    setHostOverride({ kind: 'tenant', subdomain: 'demo' });
    setSession({ token: 't', role: 3, user: { id: 1, name: 'N', username: 'nurse', role: 3, permissions: [{ id: 1, name: 'read', table_name: 'patients' }] } });
    expect(await accessControlProvider.can({ resource: 'patients', action: 'list' })).toEqual({ can: true });
    expect(await accessControlProvider.can({ resource: 'patients', action: 'delete' })).toEqual({ can: false });
    expect(await accessControlProvider.can({ resource: 'accounting', action: 'list' })).toEqual({ can: false });
    clearSession();
    expect(await accessControlProvider.can({ resource: 'patients', action: 'list' })).toEqual({ can: false });
  });
});
