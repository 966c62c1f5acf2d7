// Generated from the registry's relations: deleting a record that others still use never takes
// them with it. Under `restrict` the delete is refused with 409 naming what holds it; under
// `archive` the record is archived (out of lists and pickers, still readable, restorable).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ckb from '../../locales/ckb.json';
import { resourceByName, resources } from '../../resources/index';
import { type ResourceDef, isArchivable, resourceActions } from '../../src/shared/resource';
import { DEMO, type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, relationsFor, tokenFor } from './fixtures';
import { sampleInput } from './samples';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

interface Reference {
  target: ResourceDef;
  holder: ResourceDef;
  field: string;
  itemKey?: string;
}

// Every relation a client can set (top-level or inside a list's items), from a resource that can
// be created to one that can be deleted.
const references: Reference[] = resources.flatMap((holder) =>
  !resourceActions(holder).includes('create')
    ? []
    : Object.entries(holder.fields).flatMap(([field, f]): Reference[] => {
        if (f.readOnly) return [];
        if (f.type === 'relation' && f.relation) return [{ target: resourceByName(f.relation.resource), holder, field }];
        if (f.type !== 'list') return [];
        return Object.entries(f.items ?? {})
          .filter(([, item]) => item.type === 'relation' && item.relation)
          .map(([itemKey, item]) => ({ target: resourceByName(item.relation!.resource), holder, field, itemKey }));
      }),
).filter((r) => resourceActions(r.target).includes('delete') && r.target.deletePolicy !== 'cascade');

// What a parent must hold for the holder to point at it: a payment for a booking or a visit is
// within what they charge (modules/payments.ts).
const PARENT_NEEDS: Record<string, Record<string, unknown>> = {
  'payments.appointment_id': { amount: 50000 },
  'payments.visiting_id': { fee: 50000 },
};

const ids = (res: { body: { data?: unknown } }) => (res.body.data as { id: number }[]).map((r) => r.id);

describe.each(references.map((r) => [`${r.holder.name}.${r.field}${r.itemKey ? `.${r.itemKey}` : ''} -> ${r.target.name}`, r] as const))('%s', (_n, ref) => {
  it(`deleting the ${ref.target.name} record keeps the ${ref.holder.name} record (${ref.target.deletePolicy ?? 'restrict'})`, async () => {
    const { target, holder } = ref;
    const host = hostOf(target);
    const token = await tokenFor(t, target, host);
    // The parent shares the holder's other relations (a visit's appointment is the same patient's)
    // and meets the relation's `only` (an appointment's doctor is a doctor).
    const base = await relationsFor(t, holder, hostOf(holder));
    const only = Object.fromEntries(Object.entries(holder.fields[ref.field].relation?.only ?? {}).map(([col, values]) => [col, values[values.length - 1]]));
    const parent = await createRecord(t, target, host, base, { ...only, ...PARENT_NEEDS[`${holder.name}.${ref.field}`] });
    const known = { ...base, [target.name]: parent.id };
    // Optional relations left empty: they could tie the holder to records of another parent.
    const optional = Object.entries(holder.fields).filter(([name, f]) => name !== ref.field && f.type === 'relation' && !f.readOnly && f.nullable);
    const body = { ...sampleInput(holder, known), ...Object.fromEntries(optional.map(([name]) => [name, null])), [ref.field]: ref.itemKey ? [{ [ref.itemKey]: parent.id }] : parent.id };
    const holderToken = await tokenFor(t, holder, hostOf(holder));
    const child = await t.call('POST', `/${holder.path}`, { host: hostOf(holder), token: holderToken, body });
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    const childId = (child.body.data as { id: number }).id;

    const del = await t.call('DELETE', `/${target.path}/${parent.id}`, { host, token, lang: 'ckb' });
    if (isArchivable(target)) {
      expect(del.status, JSON.stringify(del.body)).toBe(200);
      expect(del.body.message).toContain(String(readTitle(holder)));
      const archived = del.body.data as { archived_at: string | null };
      expect(archived.archived_at).toBeTruthy();
      // Out of the default list and pickers, found by id (history) and among the archived.
      expect(ids(await t.call('GET', `/${target.path}?per_page=500`, { host, token }))).not.toContain(parent.id);
      expect(ids(await t.call('GET', `/${target.path}?filter[id][in]=${parent.id}`, { host, token }))).toEqual([parent.id]);
      expect(ids(await t.call('GET', `/${target.path}?filter[archived]=true&per_page=500`, { host, token }))).toContain(parent.id);
      expect((await t.call('GET', `/${target.path}/${parent.id}`, { host, token })).status).toBe(200);
      const restored = await t.call('POST', `/${target.path}/${parent.id}/restore`, { host, token });
      expect(restored.status).toBe(200);
      expect((restored.body.data as { archived_at: string | null }).archived_at).toBeNull();
      expect(ids(await t.call('GET', `/${target.path}?per_page=500`, { host, token }))).toContain(parent.id);
    } else {
      expect(del.status, JSON.stringify(del.body)).toBe(409);
      expect(del.body.message).toContain(String(readTitle(holder)));
      expect((await t.call('GET', `/${target.path}/${parent.id}`, { host, token })).status).toBe(200);
    }
    const kept = await t.call('GET', `/${holder.path}/${childId}`, { host: hostOf(holder), token: holderToken });
    expect(kept.status).toBe(200);
    expect(kept.body.data).toEqual(child.body.data);
  });
});

// The Kurdish title of a resource, as the server names holders in its messages.
function readTitle(def: ResourceDef): string {
  return (ckb.resources as Record<string, { title: string }>)[def.name].title;
}
describe('delete policies, whole stories', () => {
  it('a patient with a paid visit, an appointment and vital signs is archived; nothing of theirs is lost', async () => {
    const token = await t.login(DEMO, 'doctor');
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    const visit = await t.call('POST', '/visitings', { host: DEMO, token, body: { patient_id: patient.id, fee: 25000, payment: 25000, chief_complaint: 'cough' } });
    expect(visit.status).toBe(201);
    const vitals = await t.call('POST', '/vitalSigns', { host: DEMO, token, body: { patient_id: patient.id, body_temperature: 37 } });
    expect(vitals.status).toBe(201);
    const incomesBefore = await t.call('GET', `/incomes?filter[patient_id]=${patient.id}`, { host: DEMO, token });
    expect(incomesBefore.body.data).toHaveLength(1);

    const del = await t.call('DELETE', `/patients/${patient.id}`, { host: DEMO, token });
    expect(del.status).toBe(200);
    expect((del.body.data as { archived_at: string }).archived_at).toBeTruthy();
    expect((await t.call('GET', `/visitings/${(visit.body.data as { id: number }).id}`, { host: DEMO, token })).status).toBe(200);
    expect((await t.call('GET', `/vitalSigns/${(vitals.body.data as { id: number }).id}`, { host: DEMO, token })).status).toBe(200);
    expect((await t.call('GET', `/incomes?filter[patient_id]=${patient.id}`, { host: DEMO, token })).body.data).toEqual(incomesBefore.body.data);
    // Search and pickers no longer offer them.
    expect(ids(await t.call('GET', `/patients?q=${encodeURIComponent(String(patient.name))}`, { host: DEMO, token }))).not.toContain(patient.id);
  });

  it("a visit whose payment is in the accounts is archived when deleted; the income stays", async () => {
    const token = await t.login(DEMO, 'doctor');
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    const visit = await t.call('POST', '/visitings', { host: DEMO, token, body: { patient_id: patient.id, fee: 10000, payment: 10000 } });
    const visitId = (visit.body.data as { id: number }).id;
    const income = await t.call('GET', `/incomes?filter[visiting_id]=${visitId}`, { host: DEMO, token });
    expect(income.body.data).toHaveLength(1);
    const del = await t.call('DELETE', `/visitings/${visitId}`, { host: DEMO, token });
    expect(del.status).toBe(200);
    expect(del.body.message).toMatch(/Incomes \(1\)/);
    expect((await t.call('GET', `/incomes?filter[visiting_id]=${visitId}`, { host: DEMO, token })).body.data).toEqual(income.body.data);
    expect(ids(await t.call('GET', `/visitings?filter[patient_id]=${patient.id}`, { host: DEMO, token }))).toEqual([]);
  });

  it('a patient nothing refers to is deleted outright', async () => {
    const token = await t.login(DEMO, 'doctor');
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    expect((await t.call('DELETE', `/patients/${patient.id}`, { host: DEMO, token })).status).toBe(204);
    expect((await t.call('GET', `/patients/${patient.id}`, { host: DEMO, token })).status).toBe(404);
  });

  it('a drug in an old prescription is archived; the visit still shows it and saves unchanged', async () => {
    const token = await t.login(DEMO, 'doctor');
    const drug = await createRecord(t, resourceByName('drugs'), DEMO);
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    const visit = await t.call('POST', '/visitings', { host: DEMO, token, body: { patient_id: patient.id, prescriptions: [{ drug_id: drug.id, dose: '5 mg' }] } });
    expect(visit.status).toBe(201);
    const visitId = (visit.body.data as { id: number }).id;
    expect((await t.call('DELETE', `/drugs/${drug.id}`, { host: DEMO, token })).status).toBe(200);

    const old = await t.call('GET', `/visitings/${visitId}`, { host: DEMO, token });
    expect((old.body.data as { prescriptions: { name: string }[] }).prescriptions[0].name).toBe(drug.name);
    const saved = await t.call('PATCH', `/visitings/${visitId}`, { host: DEMO, token, body: { notes: 'follow up', prescriptions: [{ drug_id: drug.id, dose: '5 mg' }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The label lookup the visit screen makes still names the drug.
    expect(ids(await t.call('GET', `/drugs?filter[id][in]=${drug.id}`, { host: DEMO, token }))).toEqual([drug.id]);
  });

  it('the database itself refuses to delete a patient who has visits, even behind the engine', async () => {
    const token = await t.login(DEMO, 'doctor');
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    expect((await t.call('POST', '/visitings', { host: DEMO, token, body: { patient_id: patient.id } })).status).toBe(201);
    await expect(sql`delete from patients where id = ${patient.id}`.execute(t.db.kysely)).rejects.toThrow(/foreign key/);
  });

  it('a record that is already archived stays archived when deleted again', async () => {
    const token = await t.login(DEMO, 'doctor');
    const patient = await createRecord(t, resourceByName('patients'), DEMO);
    expect((await t.call('POST', '/visitings', { host: DEMO, token, body: { patient_id: patient.id } })).status).toBe(201);
    const first = await t.call('DELETE', `/patients/${patient.id}`, { host: DEMO, token });
    const second = await t.call('DELETE', `/patients/${patient.id}`, { host: DEMO, token });
    expect(second.status).toBe(200);
    expect((second.body.data as { archived_at: string }).archived_at).toBe((first.body.data as { archived_at: string }).archived_at);
  });
});
