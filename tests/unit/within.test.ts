// Nested records (`within`), checked over the whole registry: every child names a parent that
// exists, links to it by a relation, has a tab path of its own there, is routed at that tab
// (deep links), and stays out of the menu. A fixture shows the same for a parent that is not a
// patient.
import './helpers/env';
import { describe, expect, it } from 'vitest';
import { resources, resourcesOf } from '../../resources';
import { type ResourceDef, clientRoute, defineResource } from '../../src/shared/resource';
import { type MenuEntry, menuOf, resourceRule, routesOf } from '../../src/client/engine/nav';
import { allows } from '../../src/client/engine/rules';
import { overrideOf, screenPageOf } from '../../src/client/engine/parts';
import { type ChildDef, childTabPath, childrenOf, isChild, parentOf, tabRoute } from '../../src/client/engine/within';

const children = resources.filter(isChild);

function flatMenu(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => [e, ...flatMenu(e.children)]);
}

describe('every resource declared within a parent', () => {
  it('exists in the registry (the patient records at least)', () => {
    expect(children.map((c) => c.name)).toEqual(expect.arrayContaining(['vitalSigns', 'pastMedicalHistories', 'pastMedications', 'patientDiseases']));
  });

  it.each(children.map((c) => [c.name, c] as const))('%s: its parent exists, in its scope, and its field is a required relation to it', (_name, child) => {
    const parent = parentOf(child);
    expect(parent, `${child.name}: parent ${child.within.resource}`).toBeDefined();
    expect(parent!.scope).toBe(child.scope);
    const field = child.fields[child.within.field];
    expect(field?.type, `${child.name}.${child.within.field}`).toBe('relation');
    expect(field.relation?.resource).toBe(parent!.name);
    expect(field.required).toBe(true);
    expect(field.readOnly).toBeFalsy();
    // A path below <route>/:id/, never a slash at either end (the route would not match).
    expect(child.within.tab).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
  });

  it.each(children.map((c) => [c.name, c] as const))('%s: a tab on its parent, routed to the parent\'s page and out of the menu', (_name, child) => {
    const parent = parentOf(child)!;
    expect(childrenOf(parent)).toContain(child);
    const path = tabRoute(parent, child);
    const entry = routesOf(child.scope).find((r) => r.path === path);
    expect(entry?.type, path).toBe('tab');
    if (entry?.type !== 'tab') return;
    expect(entry.def).toBe(parent);
    expect(entry.child).toBe(child);
    // Whoever may read the parent (a central parent also needs its screen: the laws, the landing page's).
    expect(entry.rule).toEqual(resourceRule(parent, 'read'));
    expect(childTabPath(child, 42)).toBe(`/${clientRoute(parent)}/42/${child.within.tab}`);
    expect(flatMenu(menuOf(child.scope)).map((m) => m.key)).not.toContain(child.name);
  });

  it('no parent has two children on one tab path, and no tab route is declared twice', () => {
    for (const parent of resources) {
      const tabs = childrenOf(parent).map((c) => c.within.tab);
      expect(new Set(tabs).size, parent.name).toBe(tabs.length);
    }
    for (const scope of ['central', 'tenant'] as const) {
      const paths = routesOf(scope).map((r) => r.path);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });
});

describe("the patient's page uses the same tabs", () => {
  it('keeps the nurse tabs at their paths, in declaration order, after the payments (placed by their order) and the lab tabs (their file first)', () => {
    const patients = resourcesOf('tenant').find((r) => r.name === 'patients')!;
    expect(childrenOf(patients).map((c) => c.within.tab)).toEqual([
      'payments',
      'labs/orders',
      'labs/results',
      'nurses/vital-signs',
      'nurses/past-medical-histories',
      'nurses/past-medications',
      'nurses/common-diseases',
      'nurses/allergies',
      'nurses/alerts',
    ]);
  });

  it('its declared tabs and its own tabs open one page instance (switching tabs keeps it)', () => {
    expect(overrideOf('patients', 'tabs')).toBeDefined();
    expect(overrideOf('patients', 'tabs')).toBe(screenPageOf('patientTabs'));
    const nurse = { scope: 'tenant', role: 3, permissions: [{ table_name: 'patients', name: 'read' }] } as const;
    const entry = routesOf('tenant').find((r) => r.path === 'patients/:id/nurses/vital-signs');
    expect(entry && allows(nurse, entry.rule)).toBe(true);
  });
});

describe('any parent, not only the patient', () => {
  const relationTo = (resource: string) => ({ type: 'relation', relation: { resource, labelField: 'title' }, required: true }) as const;
  const courts = defineResource({ name: 'courts', path: 'courts', table: 'courts', scope: 'tenant', route: 'legal/courts', titleField: 'title', defaultSort: 'title', fields: { title: { type: 'string' } } });
  const child = (name: string, tab: string, order?: number): ChildDef => {
    const def: ResourceDef = defineResource({
      name,
      path: name,
      table: name,
      scope: 'tenant',
      within: { resource: 'courts', field: 'court_id', tab },
      titleField: 'court_id',
      defaultSort: '-id',
      ...(order === undefined ? {} : { menu: { order } }),
      fields: { court_id: relationTo('courts') },
    });
    if (!isChild(def)) throw new Error('declared within');
    return def;
  };
  const judges = child('judges', 'judges');
  const hearings = child('hearings', 'hearings', 2);
  const rooms = child('rooms', 'rooms', 1);
  const registry = [courts, judges, hearings, rooms];

  it('orders the tabs by menu order, then as declared', () => {
    expect(childrenOf(courts, registry).map((c) => c.name)).toEqual(['rooms', 'hearings', 'judges']);
  });

  it("routes and returns to the tab under the parent's own route", () => {
    expect(tabRoute(courts, hearings)).toBe('legal/courts/:id/hearings');
    expect(childTabPath(hearings, 7, registry)).toBe('/legal/courts/7/hearings');
  });
});
