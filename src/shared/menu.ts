// The menu's vocabulary, shared by declarations (resources/) and the client's screens: the icons
// the layout can draw and the groups entries may sit in. A name outside these fails the type check
// (before, an unknown icon silently became a file icon).

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

/** Menu groups: screens of their own (src/client/engine/screens.ts) that open their first entry. */
export const MENU_GROUPS = ['settings', 'landingPage', 'categories', 'accounting', 'services', 'legal'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

/** Where an entry sits in the menu: its order, its icon (top-level entries) or its group. */
export interface MenuPlacement {
  /** Position among the entries of its group (smaller first). */
  order: number;
  /** The entry's icon, by name from this file's list: a typo fails the typecheck. */
  icon?: MenuIcon;
  /** The group the entry sits in, by name from this file's list; none: the top level. */
  parent?: MenuGroup;
  /**
   * A resource's entry counts its records holding these values beside its name (the requests
   * waiting, the messages to send by hand), live; the fields are filterable.
   */
  badge?: Readonly<Record<string, string | number | boolean>>;
}
