// Optional modules on the client, over the registry: a clinic without a module sees none of its
// resources in the menu (the group holding them goes too), its pages' addresses name nothing
// (the guard shows not-found instead of sending home), and the shared matrix refuses them; with
// the module on, the Main Doctor has them all. The session tells which modules the clinic has.
import './helpers/env';
import { afterEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/shared/access';
import { can } from '../../src/shared/access';
import { resources } from '../../resources';
import { MODULES } from '../../src/shared/modules';
import { type MenuEntry, menuOf, routesOf, visibleMenu } from '../../src/client/engine/nav';
import { moduleOff } from '../../src/client/engine/rules';
import { setHostOverride } from '../../src/client/host';
import { callerOf, clearSession, setSession } from '../../src/client/providers/session';

const flat = (entries: MenuEntry[]): MenuEntry[] => entries.flatMap((e) => [e, ...flat(e.children)]);
const mainDoctor = (modules: string[]): Caller => ({ scope: 'tenant', role: 0, permissions: [], modules });

afterEach(() => {
  clearSession();
  setHostOverride(null);
});

describe.each(MODULES.map((m) => [m] as const))('module %s', (module) => {
  const defs = resources.filter((d) => d.module === module);
  const inMenu = defs.filter((d) => d.menu && !d.within).map((d) => d.name);

  it('has resources in the menu', () => {
    expect(inMenu.length).toBeGreaterThan(0);
  });

  it('off: no menu entry, its routes show not-found, the matrix refuses every action', () => {
    const caller = mainDoctor([]);
    const keys = flat(visibleMenu(menuOf('tenant'), caller)).map((e) => e.key);
    for (const name of inMenu) expect(keys).not.toContain(name);
    // A group left with nothing of its own is not shown (the legal group).
    expect(keys).not.toContain(module);
    const routes = routesOf('tenant').filter((r) => (r.type === 'resource' || r.type === 'tab') && r.def.module === module);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(moduleOff(caller, route.rule), route.path).toBe(true);
    for (const def of defs) for (const action of ['read', 'create', 'update', 'delete'] as const) expect(can(caller, def, action), `${def.name} ${action}`).toBe(false);
  });

  it('on: the Main Doctor has every entry and route of it', () => {
    const caller = mainDoctor([module]);
    const keys = flat(visibleMenu(menuOf('tenant'), caller)).map((e) => e.key);
    for (const name of inMenu) expect(keys).toContain(name);
    for (const route of routesOf('tenant')) expect(moduleOff(caller, route.rule), route.path).toBe(false);
    for (const def of defs) expect(can(caller, def, 'read'), def.name).toBe(true);
  });

  it("the clinic's modules come from the logged-in user's clinic", () => {
    setHostOverride({ kind: 'tenant', subdomain: 'demo' });
    setSession({ token: 'x', user: { id: 1, name: 'D', username: 'doctor', role: 0, permissions: [], tenant: { id: 1, name: 'Demo', subdomain: 'demo', status: 0, modules: [module] } } });
    expect(callerOf()).toMatchObject({ scope: 'tenant', modules: [module] });
  });
});

it('resources outside modules are untouched by them (every non-module route is open to a clinic with none)', () => {
  const caller = mainDoctor([]);
  for (const route of routesOf('tenant')) if (!(route.type === 'resource' || route.type === 'tab') || !route.def.module) expect(moduleOff(caller, route.rule), route.path).toBe(false);
});
