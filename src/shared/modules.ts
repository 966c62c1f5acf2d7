// Optional modules: groups of clinic resources the central operator switches on per clinic (the
// legal-practice module). A declaration names its module (`module: 'legal'`); the clinic's row has
// one boolean column per module (`module_legal`, on the doctor's form). A clinic without it gets
// 404 on the module's routes, no menu entry, no permission in the catalogue.

export const MODULES = ['legal'] as const;
export type ModuleName = (typeof MODULES)[number];

/** The clinic's column saying whether a module is on. */
export function moduleColumn(module: ModuleName): `module_${ModuleName}` {
  return `module_${module}`;
}

/** The modules a clinic's row has switched on. */
export function modulesOf(tenant: Readonly<Record<string, unknown>>): ModuleName[] {
  return MODULES.filter((m) => tenant[moduleColumn(m)] === true);
}

/** Whether a resource of this module is open to a clinic with these modules (no module: always). */
export function moduleOn(module: ModuleName | undefined, on: readonly string[] | undefined): boolean {
  return module === undefined || (on ?? []).includes(module);
}
