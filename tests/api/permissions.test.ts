// The permission matrix, generated from the registry and checked against the rules written out
// independently here (DESIGN.md section 7, SPEC.md sections 2 and 6), through the real API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourcesOf } from '../../resources/index';
import { type Action, ACTIONS, type ResourceDef, permissionTable, resourceActions } from '../../src/shared/resource';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { createRecord } from './fixtures';
import { sampleInput, sampleUpdate } from './samples';
import { relationsFor } from './fixtures';

// Who may do what on the central host: Owner 0, Admin 1, Service Admin 2, Developer 3.
// Settings (locations, links, agreements) are open to every central role.
const SETTINGS = { read: [0, 1, 2, 3], create: [0, 1, 2, 3], update: [0, 1, 2, 3], delete: [0, 1, 2, 3] };
const NONE: number[] = [];
const MANAGERS = [0, 1, 3];
const CENTRAL_MATRIX: Record<string, Record<Action, number[]>> = {
  // An Admin's changes to doctors are accepted as requests (202), see requests.test.ts.
  tenants: { read: MANAGERS, create: MANAGERS, update: MANAGERS, delete: MANAGERS },
  doctorRequests: { read: MANAGERS, create: NONE, update: NONE, delete: NONE },
  invoices: { read: MANAGERS, create: NONE, update: [0, 3], delete: NONE },
  planHistories: { read: MANAGERS, create: NONE, update: NONE, delete: NONE },
  cities: { read: [0, 1, 2, 3], create: MANAGERS, update: MANAGERS, delete: MANAGERS },
  // The landing page: the Service Admin, the Owner and Developers; not Admins.
  ...Object.fromEntries(
    ['landingSections', 'heros', 'features', 'landingServices', 'screens', 'offers', 'galleries', 'achievements', 'whys', 'functionalities', 'landingSolutions', 'landingHighlights', 'landingProjects'].map((name) => [
      name,
      { read: [0, 2, 3], create: [0, 2, 3], update: [0, 2, 3], delete: [0, 2, 3] },
    ]),
  ),
  // The public laws: read by anyone (public-laws.test.ts), kept by the landing page's editors.
  laws: { read: [0, 1, 2, 3], create: [0, 2, 3], update: [0, 2, 3], delete: [0, 2, 3] },
  lawArticles: { read: [0, 1, 2, 3], create: [0, 2, 3], update: [0, 2, 3], delete: [0, 2, 3] },
  educations: { read: [0, 1, 2, 3], create: MANAGERS, update: MANAGERS, delete: MANAGERS },
  plans: { read: [0, 1, 3], create: [0, 3], update: [0, 3], delete: [0, 3] },
  users: { read: [0, 3], create: [0, 3], update: [0, 3], delete: [0, 3] },
  locations: SETTINGS,
  links: SETTINGS,
  aggrements: SETTINGS,
  // Every central user reads, marks read and dismisses their own notifications (only theirs:
  // row-filters.test.ts); the server writes them.
  notifications: { read: [0, 1, 2, 3], create: NONE, update: [0, 1, 2, 3], delete: [0, 1, 2, 3] },
  // Everyone keeps their own saved list views (only theirs: row-filters.test.ts).
  listViews: { read: [0, 1, 2, 3], create: [0, 1, 2, 3], update: [0, 1, 2, 3], delete: [0, 1, 2, 3] },
  // The audit trail: read by the Owner and the Developer, written by nobody through the API.
  centralAudit: { read: [0, 3], create: NONE, update: NONE, delete: NONE },
};
const CENTRAL_USERS = ['owner', 'admin', 'service', 'developer'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** Performs `action` on a fresh record and returns the status. */
async function attempt(def: ResourceDef, action: Action, host: string, token: string): Promise<number> {
  if (action === 'read') {
    // Exporting the list is reading it: the same answer.
    const status = (await t.call('GET', `/${def.path}`, { host, token })).status;
    expect((await t.call('GET', `/${def.path}/export`, { host, token })).status).toBe(status);
    return status;
  }
  if (action === 'create') return (await t.call('POST', `/${def.path}`, { host, token, body: sampleInput(def, await relationsFor(t, def, host)) })).status;
  // Rows that are each caller's own (a row filter, tests/api/row-filters.test.ts): the record is
  // the acting caller's, so what is measured here is the matrix alone.
  const record = await createRecord(t, def, host, {}, {}, def.rowFilter?.[action] ? token : undefined);
  if (action === 'update') return (await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, body: sampleUpdate(def) })).status;
  return (await t.call('DELETE', `/${def.path}/${record.id}`, { host, token })).status;
}

function expectAllowed(status: number, allowed: boolean) {
  if (allowed) expect([200, 201, 202, 204]).toContain(status);
  else expect(status).toBe(403);
}

it('every central resource has its row in the expected matrix', () => {
  expect(resourcesOf('central').map((d) => d.name).sort()).toEqual(Object.keys(CENTRAL_MATRIX).sort());
});

describe.each(resourcesOf('central').flatMap((def) => CENTRAL_USERS.map((u, role) => [def.name, u, role, def] as const)))('central %s as %s', (_n, username, role, def) => {
  it.each(ACTIONS.filter((a) => resourceActions(def).includes(a)))('%s', async (action) => {
    const token = await t.login(CENTRAL, username);
    expectAllowed(await attempt(def, action, CENTRAL, token), CENTRAL_MATRIX[def.name][action].includes(role));
  });
});

/**
 * The clinic side's own table, written out rather than read from the declarations under test:
 * what only the Main Doctor uses (no permission opens it), and what every staff member uses
 * without one (all of it, or reading only). Everything else: exactly what is granted.
 */
const MAIN_DOCTOR_ONLY = new Set(['clinicAudit', 'devices', 'exports', 'printedDocuments', 'tenantLandingPage', 'solutions', 'highlights', 'projects', 'supportGrants', 'tenantUsers']);
const ANY_STAFF: Record<string, readonly Action[]> = {
  clinicListViews: ['read', 'create', 'update', 'delete'],
  clinicNotifications: ['read', 'create', 'update', 'delete'],
  tasks: ['read', 'create', 'update', 'delete'],
  prices: ['read'],
  labTests: ['read'],
};

describe('clinic staff act through their permissions', () => {
  const tenantDefs = resourcesOf('tenant');

  it('the table names clinic resources only', () => {
    const names = new Set(tenantDefs.map((d) => d.name));
    expect([...MAIN_DOCTOR_ONLY, ...Object.keys(ANY_STAFF)].filter((n) => !names.has(n))).toEqual([]);
  });
  let staffId: number;
  let staffToken: string;
  let doctorToken: string;
  let catalogue: { id: number; name: string; table_name: string }[];

  beforeAll(async () => {
    doctorToken = await t.login(DEMO, 'doctor');
    const res = await t.call('POST', '/tenantUsers', { host: DEMO, token: doctorToken, body: { name: 'Matrix Tester', username: 'matrix', role: 2, password: 'amber-lantern-9031' } });
    expect(res.status).toBe(201);
    staffId = (res.body.data as { id: number }).id;
    staffToken = await t.login(DEMO, 'matrix', 'amber-lantern-9031');
    catalogue = (await t.call('GET', '/permissions', { host: DEMO, token: doctorToken })).body.permissions as typeof catalogue;
  });

  async function grant(table: string, actions: readonly Action[]) {
    const ids = catalogue.filter((p) => p.table_name === table && actions.includes(p.name as Action)).map((p) => p.id);
    const res = await t.call('PUT', '/permissions/update', { host: DEMO, token: doctorToken, body: { user: staffId, permissions: ids } });
    expect(res.status).toBe(200);
  }

  describe.each(tenantDefs.map((def) => [def.name, def] as const))('%s', (_n, def) => {
    it.each(ACTIONS.filter((a) => resourceActions(def).includes(a)))('%s is allowed exactly when granted (never for Main Doctor-only resources, always for staff-wide ones)', async (action) => {
      // Staff-wide: every action (tasks), or reading only (the price list).
      const always = ANY_STAFF[def.name]?.includes(action) ?? false;
      await grant(permissionTable(def), []);
      expectAllowed(await attempt(def, action, DEMO, staffToken), always);
      await grant(permissionTable(def), ACTIONS.filter((a) => a !== action));
      expectAllowed(await attempt(def, action, DEMO, staffToken), always);
      await grant(permissionTable(def), [action]);
      expectAllowed(await attempt(def, action, DEMO, staffToken), !MAIN_DOCTOR_ONLY.has(def.name));
    });

    it.each(ACTIONS.filter((a) => resourceActions(def).includes(a)))('the Main Doctor may %s', async (action) => {
      expectAllowed(await attempt(def, action, DEMO, doctorToken), true);
    });
  });

  it("the Main Doctor reads a staff member's permission ids", async () => {
    await grant('patients', ['read', 'update']);
    const res = await t.call('GET', `/permissions/user/${staffId}`, { host: DEMO, token: doctorToken });
    const expected = catalogue.filter((p) => p.table_name === 'patients' && ['read', 'update'].includes(p.name)).map((p) => p.id);
    expect((res.body.data as { permissions: number[] }).permissions.sort()).toEqual(expected.sort());
    expect((await t.call('GET', `/permissions/user/${staffId}`, { host: DEMO, token: staffToken })).status).toBe(403);
    expect((await t.call('GET', '/permissions/user/99999999', { host: DEMO, token: doctorToken })).status).toBe(404);
  });

  it('only the Main Doctor sets permissions', async () => {
    const assistant = await t.login(DEMO, 'assistant');
    const res = await t.call('PUT', '/permissions/update', { host: DEMO, token: assistant, body: { user: staffId, permissions: [] } });
    expect(res.status).toBe(403);
  });

  it("refuses to narrow the Main Doctor's permissions, on the user field", async () => {
    const me = (await t.call('GET', '/auth/tenant/user', { host: DEMO, token: doctorToken })).body.data as { id: number };
    const res = await t.call('PUT', '/permissions/update', { host: DEMO, token: doctorToken, body: { user: me.id, permissions: [] } });
    expect(res.status).toBe(422);
    expect(res.body.errors?.user).toEqual(['The Main Doctor always has every permission']);
  });

  it('permissions take effect on the next request, with no new login', async () => {
    await grant('patients', ['read']);
    expect((await t.call('GET', '/patients', { host: DEMO, token: staffToken })).status).toBe(200);
    await grant('patients', []);
    expect((await t.call('GET', '/patients', { host: DEMO, token: staffToken })).status).toBe(403);
  });
});

describe('demo roles (DESIGN.md section 9)', () => {
  it('the secretary works on patients; the nurse reads them but does not change them', async () => {
    const secretary = await t.login(DEMO, 'secretary');
    const nurse = await t.login(DEMO, 'nurse');
    const patients = resourcesOf('tenant').find((d) => d.name === 'patients')!;
    expect(await attempt(patients, 'create', DEMO, secretary)).toBe(201);
    expect(await attempt(patients, 'read', DEMO, nurse)).toBe(200);
    expect(await attempt(patients, 'create', DEMO, nurse)).toBe(403);
    const user = await t.call('GET', '/auth/tenant/user', { host: DEMO, token: nurse });
    const tables = (user.body.data as { permissions: { table_name: string }[] }).permissions.map((p) => p.table_name);
    expect(tables).not.toContain('accounting');
    expect(tables).not.toContain('appointments');
  });
});
