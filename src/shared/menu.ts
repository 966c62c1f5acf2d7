// The menu's vocabulary, shared by declarations (resources/) and the client's screens: the icons
// the layout can draw (a name outside them fails the type check; before, an unknown icon silently
// became a file icon), and the menu groups declared in resources/ that entries may sit in.

export const MENU_ICONS = [
  'appstore',
  'bell',
  'calendar',
  'check-square',
  'crown',
  'dashboard',
  'dollar',
  'eye',
  'file-text',
  'global',
  'inbox',
  'link',
  'logout',
  'medicine-box',
  'safety',
  'setting',
  'sync',
  'team',
  'user',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** Who sees a menu group's entry and opens its route (its entries are filtered on their own rules). */
export type MenuGroupAccess =
  /** Every signed-in user of the application. */
  | 'anyone'
  /** The clinic's Main Doctor only. */
  | 'mainDoctor'
  /** Whoever may read this permission table (a clinic group). */
  | { readPermission: string }
  /** The central roles of this screen (src/shared/roles.ts CENTRAL_SCREENS). */
  | { centralScreen: string };

/**
 * A menu group, declared in resources/ beside the entities it holds (registered by being exported
 * from a folder's index.ts, like a resource): an entry of its own that opens its first entry.
 */
export interface MenuGroupDef {
  /** Set by defineMenuGroup: what tells the registry script a group from a resource. */
  readonly kind: 'menuGroup';
  /** The name entries give as `menu.parent`; label key nav.<key>. */
  readonly key: string;
  /** The application whose menu shows it (one group key may be declared for each). */
  readonly scope: 'central' | 'tenant';
  /** Its route (without the leading slash); its entries' routes start with it. */
  readonly path: string;
  /** The entry it opens, relative to its path. */
  readonly opens: string;
  /** Position among the top-level entries (smaller first). */
  readonly order: number;
  /** The entry's icon, by name from this file's list. */
  readonly icon: MenuIcon;
  /** Who sees the entry and may open its route. */
  readonly access: MenuGroupAccess;
}

/** Types a menu group (kept literal, so the registry checks every `menu.parent` names one). */
export function defineMenuGroup<const G extends Omit<MenuGroupDef, 'kind'>>(group: G): G & { readonly kind: 'menuGroup' } {
  if (group.opens.startsWith('/') || group.path.startsWith('/')) throw new Error(`menu group ${group.key}: paths are relative`);
  return { ...group, kind: 'menuGroup' };
}

/** Where an entry sits in the menu: its order, its icon (top-level entries) or its group. */
export interface MenuPlacement {
  /** Position among the entries of its group (smaller first). */
  order: number;
  /** The entry's icon, by name from this file's list: a typo fails the typecheck. */
  icon?: MenuIcon;
  /** The group the entry sits in, by a declared group's key (resources/index.ts checks it); none: the top level. */
  parent?: string;
  /**
   * A resource's entry counts its records holding these values beside its name (the requests
   * waiting, the messages to send by hand), live; the fields are filterable.
   */
  badge?: Readonly<Record<string, string | number | boolean>>;
}
