// Nested records (`within` in a declaration): which children a parent's page shows as tabs, in
// which order, and at which path. Pure, so the route table, the pages and the unit tests read the
// same answer from the registry.
import { resources } from '../../../resources';
import { type ResourceDef, clientRoute } from '../../shared/resource';

/** A nested resource with its `within` known to be present. */
export type ChildDef = ResourceDef & { within: NonNullable<ResourceDef['within']> };

export function isChild(def: ResourceDef): def is ChildDef {
  return def.within !== undefined;
}

/** The resources declared within this parent: by their menu order, then as declared. */
export function childrenOf(parent: ResourceDef, registry: readonly ResourceDef[] = resources): ChildDef[] {
  const rank = (def: ResourceDef) => def.menu?.order ?? Number.MAX_SAFE_INTEGER;
  return registry
    .filter(isChild)
    .filter((def) => def.within.resource === parent.name)
    .map((def, index) => ({ def, index }))
    .sort((a, b) => rank(a.def) - rank(b.def) || a.index - b.index)
    .map(({ def }) => def);
}

export function parentOf(child: ChildDef, registry: readonly ResourceDef[] = resources): ResourceDef | undefined {
  return registry.find((def) => def.name === child.within.resource);
}

/** The route pattern of a child's tab on its parent's page (no leading slash). */
export function tabRoute(parent: ResourceDef, child: ChildDef): string {
  return `${clientRoute(parent)}/:id/${child.within.tab}`;
}

/** Where a child's records of one parent are listed: its tab on the parent's page. */
export function childTabPath(child: ChildDef, parentId: string | number, registry: readonly ResourceDef[] = resources): string {
  const parent = parentOf(child, registry);
  // An unknown parent is a declaration error the unit tests catch; the name is the best guess.
  const route = parent ? clientRoute(parent) : child.within.resource;
  return `/${route}/${String(parentId)}/${child.within.tab}`;
}
