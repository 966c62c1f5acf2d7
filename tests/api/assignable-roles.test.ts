// Roles are given only by whom SPEC allows (section 3): Owner and Developer give central roles 1 to 3
// (never Owner), an Admin manages no staff at all, the Main Doctor gives clinic roles 1 to 3 (never
// Main Doctor). The role select offers the same list (src/shared/roles.ts assignableRoles).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignableRoles } from '../../src/shared/roles';
import { resources } from '../../resources/index';
import { createRecord, hostOf, tokenFor } from './fixtures';
import { sampleInput } from './samples';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
let serial = 0;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const newUser = (role: number) => {
  serial += 1;
  return { name: `Person ${serial}`, username: `person.${serial}`, password: 'Qx7-marble-orchid-92', role };
};

// Any resource declaring an assignable field, today's two and any added later: the engine refuses
// a value outside the caller's list, on the field, whatever hooks the resource has.
describe.each(resources.filter((def) => Object.values(def.fields).some((f) => f.assignable)).map((def) => [def.name, def] as const))('%s', (_name, def) => {
  it('refuses, on the field, a role its manager may not give', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const [field] = Object.entries(def.fields).find(([, f]) => f.assignable)!;
    const res = await t.call('POST', `/${def.path}`, { host, token, body: { ...sampleInput(def), [field]: 0 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
    const made = await createRecord(t, def, host);
    const changed = await t.call('PATCH', `/${def.path}/${made.id}`, { host, token, body: { [field]: 0 } });
    expect(changed.status).toBe(422);
    expect(changed.body.errors).toHaveProperty(field);
  });
});

describe('central staff roles', () => {
  for (const [who, role] of [['owner', 0], ['developer', 3]] as const) {
    it(`the ${who} gives Admin, Service Admin and Developer, never Owner`, async () => {
      const token = await t.login(CENTRAL, who);
      expect(assignableRoles({ scope: 'central', role })).toEqual([1, 2, 3]);
      for (const given of [1, 2, 3]) {
        const res = await t.call('POST', '/users', { token, body: newUser(given) });
        expect(res.status, `role ${given}`).toBe(201);
        expect((res.body.data as { role: number }).role).toBe(given);
      }
      const refused = await t.call('POST', '/users', { token, body: newUser(0) });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors ?? {})).toEqual(['role']);

      // Nor can an existing account be raised to Owner.
      const made = await t.call('POST', '/users', { token, body: newUser(2) });
      const id = (made.body.data as { id: number }).id;
      const raised = await t.call('PATCH', `/users/${id}`, { token, body: { role: 0 } });
      expect(raised.status).toBe(422);
      expect(raised.body.errors?.role).toBeTruthy();
      const stored = await t.call('GET', `/users/${id}`, { token });
      expect((stored.body.data as { role: number }).role).toBe(2);
    });
  }

  it('an Admin manages no staff accounts', async () => {
    const token = await t.login(CENTRAL, 'admin');
    for (const given of [0, 1, 2, 3]) expect((await t.call('POST', '/users', { token, body: newUser(given) })).status).toBe(403);
  });
});

describe('clinic staff roles', () => {
  it('the Main Doctor gives Doctor, Secretary and Nurse, never Main Doctor', async () => {
    const token = await t.login(DEMO, 'doctor');
    expect(assignableRoles({ scope: 'tenant', role: 0 })).toEqual([1, 2, 3]);
    const refused = await t.call('POST', '/tenantUsers', { host: DEMO, token, body: newUser(0) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.role, JSON.stringify(refused.body)).toBeTruthy();

    const staff = (await t.call('GET', '/tenantUsers?filter[role]=2', { host: DEMO, token })).body.data as { id: number }[];
    const secretary = staff[0].id;
    const raised = await t.call('PATCH', `/tenantUsers/${secretary}`, { host: DEMO, token, body: { role: 0 } });
    expect(raised.status).toBe(422);
    expect(raised.body.errors?.role).toBeTruthy();
    const moved = await t.call('PATCH', `/tenantUsers/${secretary}`, { host: DEMO, token, body: { role: 3 } });
    expect(moved.status).toBe(200);
    expect((await t.call('PATCH', `/tenantUsers/${secretary}`, { host: DEMO, token, body: { role: 2 } })).status).toBe(200);
  });

  it('other clinic staff give no role', async () => {
    expect(assignableRoles({ scope: 'tenant', role: 1 })).toEqual([]);
    const token = await t.login(DEMO, 'assistant');
    expect((await t.call('POST', '/tenantUsers', { host: DEMO, token, body: newUser(3) })).status).toBe(403);
  });
});
