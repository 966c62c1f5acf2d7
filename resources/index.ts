// The resource registry: every entity the product knows, declared once in a file of resources/.
// resources/registry.ts lists them, written by `npm run resources` (run before tests and builds).
import type { MenuGroupDef } from '../src/shared/menu';
import type { ResourceDef, Scope } from '../src/shared/resource';
import { menuGroups as declaredGroups, registry } from './registry';

export const resources: readonly ResourceDef[] = registry;
/** The menu groups declared beside the entities (defineMenuGroup). */
export const menuGroups: readonly MenuGroupDef[] = declaredGroups;

// Relation targets and `within` parents are resource names: one that names no declared resource (a
// typo) fails the type check here, with the unknown name in the message. (Declarations keep their
// literal types through defineResource; a factory takes its name as a const type parameter.)
type TargetOf<T> = T extends { readonly relation: { readonly resource: infer R } } ? R : T extends { readonly items: infer I } ? TargetsOf<I> : never;
type TargetsOf<F> = F extends unknown ? { [K in keyof F]-?: TargetOf<F[K]> }[keyof F] : never;
type TargetsOfDef<D> = (D extends { readonly fields: infer F } ? TargetsOf<F> : never) | (D extends { readonly within: { readonly resource: infer W } } ? W : never);
/** The relation targets and parents a list of declarations names without declaring them. */
export type UnknownTargets<R extends readonly unknown[]> = Exclude<TargetsOfDef<R[number]>, (R[number] extends { readonly name: infer N } ? N : never) | undefined>;
type Unknown = UnknownTargets<typeof registry>;
export const everyTargetDeclared: [Unknown] extends [never] ? true : { unknownTargets: Unknown } = true;

// A menu entry's group names a declared group: a typo fails the type check here, with the name.
type ParentOf<D> = D extends { readonly menu: { readonly parent: infer P } } ? P : never;
/** The menu groups a list of declarations sits in without a group of that key declared. */
export type UnknownGroups<R extends readonly unknown[], G extends readonly { readonly key: string }[]> = Exclude<ParentOf<R[number]>, G[number]['key']>;
type Missing = UnknownGroups<typeof registry, typeof declaredGroups>;
export const everyGroupDeclared: [Missing] extends [never] ? true : { unknownMenuGroups: Missing } = true;
for (const def of resources) {
  const parent = def.menu?.parent;
  if (parent && !menuGroups.some((g) => g.key === parent && g.scope === def.scope)) throw new Error(`${def.name}: menu group ${parent} is not declared for ${def.scope}`);
}

// A sum totals the records of a resource nested in this one, by the field that nests them.
for (const def of resources) {
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.sum) continue;
    const child = resources.find((r) => r.name === field.sum!.of);
    if (child?.within?.resource !== def.name || !child.fields[field.sum.field] || (field.sum.minus && !child.fields[field.sum.minus.field])) throw new Error(`${def.name}.${name}: a sum totals a field of a resource declared within ${def.name}`);
  }
}

/** Permission table names that are not a single resource (screens made of several). */
export const EXTRA_PERMISSION_TABLES: readonly string[] = ['accounting'];

export function resourceByName(name: string): ResourceDef {
  const def = resources.find((r) => r.name === name);
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}

export function resourcesOf(scope: Scope): ResourceDef[] {
  return resources.filter((r) => r.scope === scope);
}
