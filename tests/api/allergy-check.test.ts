// The allergy check by what a drug contains (issue 32), over HTTP: a table of allergy × drug from
// the demo catalog (brand names, combinations, classes in three languages, cross-reactions), each
// asked when the drug is picked (GET /patients/:id/allergy-check) and enforced on save (422 on the
// drug's row unless prescribed anyway with a reason, which the audit trail names).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic } from './fixtures';

let t: TestApp;
let doctor: string;
let secretary: string;
const drugs = new Map<string, number>();

beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  doctor = await t.login(DEMO, 'doctor');
  secretary = await t.login(DEMO, 'secretary');
  const res = await t.call('GET', '/drugs?per_page=100', { host: DEMO, token: doctor });
  for (const d of res.body.data as { id: number; name: string }[]) drugs.set(d.name, d.id);
});
afterAll(() => t?.close());

async function patientAllergicTo(substance: string, severity = 3): Promise<number> {
  const made = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: `Allergic to ${substance}`, gender: 0 } });
  const id = (made.body.data as { id: number }).id;
  const allergy = await t.call('POST', '/allergies', { host: DEMO, token: doctor, body: { patient_id: id, substance, severity } });
  expect(allergy.status, JSON.stringify(allergy.body)).toBe(201);
  return id;
}

type Finding = { substance: string; severity: number; level: string; via: { name: string; drug_class: number | null } };

const cases: [string, string, 'allergy' | 'caution' | null][] = [
  ['Penicillin', 'Augmentin', 'allergy'],
  ['Penicillin', 'Amoxil', 'allergy'],
  ['بنسلين', 'Augmentin', 'allergy'],
  ['پەنسلین', 'Amoxicillin', 'allergy'],
  ['Penicillin', 'Rocephin', 'caution'],
  ['Penicillin', 'Keflex', 'caution'],
  ['Penicillin', 'Zithromax', null],
  ['Penicillin', 'Panadol', null],
  ['Amoxicillin', 'Augmentin', 'allergy'],
  ['Ampicillin', 'Amoxil', 'allergy'],
  ['Clavulanic acid', 'Augmentin', 'allergy'],
  ['Augmentin', 'Augmentin', 'allergy'],
  ['NSAIDs', 'Brufen', 'allergy'],
  ['NSAIDs', 'Voltaren', 'allergy'],
  ['Aspirin', 'Brufen', 'caution'],
  ['Ibuprofen', 'Aspocid', 'caution'],
  ['Sulfa', 'Septrin', 'allergy'],
  ['Sulfa', 'Ferrous sulfate', null],
  ['Quinolones', 'Ciprobay', 'allergy'],
  ['Macrolides', 'Zithromax', 'allergy'],
  ['Opioids', 'Tramal', 'allergy'],
  ['ACE inhibitors', 'Capoten', 'allergy'],
  ['Captopril', 'Losartan', 'caution'],
  ['Latex', 'Augmentin', null],
];

describe('an allergy against a drug of the demo catalog', () => {
  it.each(cases)('%s × %s: %s', async (substance, drugName, level) => {
    const patient = await patientAllergicTo(substance);
    const drug = drugs.get(drugName);
    expect(drug, drugName).toBeDefined();
    // When the drug is picked.
    const picked = await t.call('GET', `/patients/${patient}/allergy-check?drug_id=${drug}`, { host: DEMO, token: doctor });
    expect(picked.status).toBe(200);
    const findings = (picked.body.data as { findings: Finding[] }).findings;
    expect(findings.map((f) => f.level)).toEqual(level ? [level] : []);
    // On save.
    const saved = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patient, prescriptions: [{ drug_id: drug }] } });
    if (level) {
      expect(saved.status).toBe(422);
      expect(saved.body.errors?.['prescriptions.0.drug_id']?.join(' ')).toContain(substance);
    } else expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  });
});

describe('prescribing anyway', () => {
  it('takes a reason, keeps it on the visit, and the trail names it', async () => {
    const patient = await patientAllergicTo('Penicillin');
    const body = { patient_id: patient, prescriptions: [{ drug_id: drugs.get('Augmentin') }], allergy_override: true };
    const short = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { ...body, allergy_override_reason: ' x ' } });
    expect(short.status).toBe(422);
    expect(Object.keys(short.body.errors ?? {})).toEqual(expect.arrayContaining(['prescriptions.0.drug_id', 'allergy_override', 'allergy_override_reason']));
    const saved = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { ...body, allergy_override_reason: 'Desensitised in hospital' } });
    expect(saved.status).toBe(201);
    const id = (saved.body.data as { id: number }).id;
    const { rows } = await sql<{ fields: string[] }>`select fields from audit_events where resource = 'visitings' and record_id = ${id} and action = 'create'`.execute(t.db.kysely);
    expect(rows[0].fields).toContain('allergy_override_reason');
    // The reason is sealed at rest like the visit's other clinical text.
    const stored = await sql<{ reason: string }>`select allergy_override_reason as reason from visitings where id = ${id}`.execute(t.db.kysely);
    expect(stored.rows[0].reason).not.toContain('Desensitised');
  });

  it('asks nothing when nothing is to be overridden', async () => {
    const patient = await patientAllergicTo('Latex');
    const saved = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patient, prescriptions: [{ drug_id: drugs.get('Augmentin') }], allergy_override: true } });
    expect(saved.status).toBe(201);
    expect((saved.body.data as { allergy_override_reason: unknown }).allergy_override_reason).toBeNull();
  });
});

describe('GET /patients/:id/allergy-check', () => {
  it('answers null to a caller who may not read allergies, 404 for another clinic or an unknown drug, 422 without a drug id', async () => {
    const patient = await patientAllergicTo('Penicillin');
    const drug = drugs.get('Augmentin');
    const bySecretary = await t.call('GET', `/patients/${patient}/allergy-check?drug_id=${drug}`, { host: DEMO, token: secretary });
    expect(bySecretary.status).toBe(200);
    expect(bySecretary.body.data).toBeNull();
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await t.call('GET', `/patients/${patient}/allergy-check?drug_id=${drug}`, { host: OTHER, token: boss })).status).toBe(404);
    expect((await t.call('GET', `/patients/${patient}/allergy-check?drug_id=999999`, { host: DEMO, token: doctor })).status).toBe(404);
    // No drug named, or not an id: the query is refused on its parameter (the route's schema).
    for (const query of ['', '?drug_id=abc', '?drug_id=1&extra=1']) {
      const res = await t.call('GET', `/patients/${patient}/allergy-check${query}`, { host: DEMO, token: doctor });
      expect(res.status, query).toBe(422);
      expect(Object.keys(res.body.errors ?? {}), query).toEqual([query.includes('extra') ? 'extra' : 'drug_id']);
    }
  });
});

describe("a drug's ingredients", () => {
  it('are the clinic\'s own, named as they are in the catalog', async () => {
    const { rows } = await sql<{ id: number; name: string }>`select id, name from ingredients where tenant_id = (select id from tenants where subdomain = 'demo') and name in ('Amoxicillin', 'Clavulanic acid') order by name`.execute(t.db.kysely);
    const made = await t.call('POST', '/drugs', { host: DEMO, token: doctor, body: { name: 'Co-Amoxiclav test', ingredients: rows.map((r) => ({ ingredient_id: r.id })) } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect((made.body.data as { ingredients: unknown }).ingredients).toEqual(rows.map((r) => ({ ingredient_id: Number(r.id), name: r.name })));
    const other = await sql<{ id: number }>`select id from ingredients where tenant_id <> (select id from tenants where subdomain = 'demo') limit 1`.execute(t.db.kysely);
    const foreign = await t.call('POST', '/drugs', { host: DEMO, token: doctor, body: { name: 'Foreign test', ingredients: [{ ingredient_id: other.rows[0].id }] } });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors ?? {})).toEqual(['ingredients.0.ingredient_id']);
  });

  it('a new clinic starts with the common ingredients and their classes', async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ingredients where tenant_id = (select id from tenants where subdomain = ${OTHER.split('.')[0]}) and drug_class = 0`.execute(t.db.kysely);
    expect(rows[0].n).toBeGreaterThan(3);
  });
});
