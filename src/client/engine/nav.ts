// The route table and menu of the current application, derived from the resource registry
// (resources/index.ts) plus the client's screens (screens.ts).
import type { MenuIcon } from '../../shared/menu';
import type { Caller } from '../../shared/access';
import { type Action, type ResourceDef, type Scope, clientRoute, resourceActions } from '../../shared/resource';
import { CENTRAL_SCREENS } from '../../shared/roles';
import { resourcesOf } from '../../../resources';
import { type Rule, allows } from './rules';
import { type Screen, screensOf } from './screens';
import { type ChildDef, childrenOf, tabRoute } from './within';

export type PageKind = 'list' | 'create' | 'edit' | 'show';

export type RouteEntry =
  | { type: 'resource'; path: string; def: ResourceDef; page: PageKind; rule: Rule }
  /** A nested resource's tab on its parent's page (`def` is the parent, which the route opens). */
  | { type: 'tab'; path: string; def: ResourceDef; child: ChildDef; rule: Rule }
  | { type: 'screen'; path: string; screen: Screen; rule: Rule }
  | { type: 'redirect'; path: string; to: string; rule: Rule };

export interface MenuEntry {
  key: string;
  /** Translation key of the label. */
  label: string;
  path: string;
  icon?: MenuIcon;
  order: number;
  rule: Rule;
  children: MenuEntry[];
  /** The resource whose declared badge counts beside the entry. */
  badge?: ResourceDef;
}

const PAGE_ACTION: Record<PageKind, Action> = { list: 'read', show: 'read', create: 'create', edit: 'update' };

/** The rule guarding a resource page: its access matrix and, centrally, the screen's roles. */
export function resourceRule(def: ResourceDef, action: Action): Rule {
  const base: Rule = { kind: 'resource', name: def.name, action };
  const top = clientRoute(def).split('/')[0];
  if (def.scope === 'central' && CENTRAL_SCREENS[top]) return { kind: 'all', rules: [{ kind: 'central', screen: top }, base] };
  return base;
}

export function resourcePaths(def: ResourceDef): Record<PageKind, string> {
  const route = clientRoute(def);
  return { list: route, create: `${route}/create`, edit: `${route}/edit/:id`, show: `${route}/show/:id` };
}

/**
 * Where a record's title leads from a list: its own page of tabs when it has one (a patient's
 * chart at patients/:id), else its detail page.
 */
export function recordPath(scope: Scope, def: ResourceDef, id: string | number): string {
  const route = clientRoute(def);
  const own = screensOf(scope).some((screen) => screen.path === `${route}/:id`);
  return own ? `/${route}/${id}` : `/${resourcePaths(def).show.replace(':id', String(id))}`;
}

/** Whether a registry resource of this scope lives at this path. */
export function declared(scope: Scope, path: string): boolean {
  return resourcesOf(scope).some((def) => clientRoute(def) === path);
}

const routeTables = new Map<Scope, readonly RouteEntry[]>();

/** The route table of an application: built once (the declarations do not change while it runs). */
export function routesOf(scope: Scope): readonly RouteEntry[] {
  let table = routeTables.get(scope);
  if (!table) routeTables.set(scope, (table = buildRoutes(scope)));
  return table;
}

function buildRoutes(scope: Scope): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const def of resourcesOf(scope)) {
    const actions = resourceActions(def);
    const paths = resourcePaths(def);
    for (const page of Object.keys(paths) as PageKind[]) {
      const action = PAGE_ACTION[page];
      if (!actions.includes(action)) continue;
      out.push({ type: 'resource', path: paths[page], def, page, rule: resourceRule(def, action) });
    }
    // Whoever may read the parent opens its tabs; a child it may not read says so in the tab.
    for (const child of childrenOf(def)) out.push({ type: 'tab', path: tabRoute(def, child), def, child, rule: resourceRule(def, 'read') });
  }
  for (const screen of screensOf(scope)) {
    if (declared(scope, screen.path)) continue; // the resource's own pages replace the placeholder
    if (screen.redirect) out.push({ type: 'redirect', path: screen.path, to: screen.redirect, rule: screen.rule });
    else out.push({ type: 'screen', path: screen.path, screen, rule: screen.rule });
  }
  return out;
}

export function menuOf(scope: Scope): MenuEntry[] {
  const flat: (MenuEntry & { parent?: string })[] = [];
  for (const def of resourcesOf(scope)) {
    // Nested records are reached through their parent's page, never from the menu.
    if (!def.menu || def.within) continue;
    flat.push({
      key: def.name,
      label: `resources.${def.name}.title`,
      path: `/${clientRoute(def)}`,
      icon: def.menu.icon,
      order: def.menu.order,
      parent: def.menu.parent,
      rule: resourceRule(def, 'read'),
      children: [],
      badge: def.menu.badge ? def : undefined,
    });
  }
  for (const s of screensOf(scope)) {
    if (!s.menu || declared(scope, s.path)) continue;
    flat.push({ key: s.key, label: `nav.${s.key}`, path: `/${s.path}`, icon: s.menu.icon, order: s.menu.order, parent: s.menu.parent, rule: s.rule, children: [] });
  }
  flat.sort((a, b) => a.order - b.order);
  const top: MenuEntry[] = [];
  for (const entry of flat) {
    const parent = entry.parent ? flat.find((p) => p.key === entry.parent && !p.parent) : undefined;
    if (parent) parent.children.push(entry);
    else if (!entry.parent) top.push(entry);
  }
  return top;
}

/** The menu the caller may see: refused entries, and groups with nothing left, are removed. */
export function visibleMenu(menu: MenuEntry[], caller: Caller): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of menu) {
    if (!allows(caller, entry.rule)) continue;
    if (entry.children.length) {
      const children = visibleMenu(entry.children, caller);
      if (!children.length) continue;
      out.push({ ...entry, children });
    } else out.push(entry);
  }
  return out;
}
