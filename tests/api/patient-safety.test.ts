// The safety header's call (issue 19): GET /patients/:id/safety gathers a patient's allergies,
// active alerts, current medications, chronic conditions and latest vital signs, each under its
// own permission (a part the caller may not read is null), and only for the clinic's patients.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, advanceToEvening, createOtherClinic } from './fixtures';
import { dayOf } from '../../src/server/days';

type Safety = { allergies: { substance: string; severity: number }[] | null; alerts: { kind: number }[] | null; medications: { drug_name: string }[] | null; conditions: { condition: string }[] | null; vitals: { systolic: number } | null };

let t: TestApp;
let doctor: string;
let secretary: string;
let patientId: number;

beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  doctor = await t.login(DEMO, 'doctor');
  secretary = await t.login(DEMO, 'secretary');
  const made = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: 'Safety Header', gender: 1 } });
  expect(made.status).toBe(201);
  patientId = (made.body.data as { id: number }).id;
  const add = async (path: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', path, { host: DEMO, token: doctor, body: { patient_id: patientId, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await add('/allergies', { substance: 'Penicillin', reaction: 'Hives', severity: 2 });
  await add('/allergies', { substance: 'Latex', severity: 0 });
  await add('/patientAlerts', { kind: 0, detail: '12 weeks' });
  await add('/patientAlerts', { kind: 2, active: false });
  await add('/pastMedications', { drug_name: 'Metformin 850 mg' });
  await add('/pastMedications', { drug_name: 'Amoxicillin 500 mg', ended_on: '2020-01-10' });
  await add('/pastMedicalHistories', { condition: 'Diabetes type 2', is_chronic: true });
  await add('/pastMedicalHistories', { condition: 'Appendicitis', is_chronic: false });
  await add('/vitalSigns', { measured_at: '2026-01-01T10:00:00Z', systolic: 120, diastolic: 80 });
  await add('/vitalSigns', { measured_at: '2026-02-01T10:00:00Z', systolic: 150, diastolic: 95 });
});
afterAll(() => t?.close());

describe('GET /patients/:id/safety', () => {
  it('gathers what holds now: worst allergy first, active alerts, medications not ended, chronic conditions, the latest vitals', async () => {
    const res = await t.call('GET', `/patients/${patientId}/safety`, { host: DEMO, token: doctor });
    expect(res.status).toBe(200);
    const s = res.body.data as Safety;
    expect(s.allergies?.map((a) => [a.substance, a.severity])).toEqual([['Penicillin', 2], ['Latex', 0]]);
    expect(s.alerts?.map((a) => a.kind)).toEqual([0]);
    expect(s.medications?.map((m) => m.drug_name)).toEqual(['Metformin 850 mg']);
    expect(s.conditions?.map((c) => c.condition)).toEqual(['Diabetes type 2']);
    expect(s.vitals?.systolic).toBe(150);
  });

  // The parts are read in one statement (as JSON): each row must come exactly as the resource's own
  // list gives it (its timestamps, numbers, opened sealed notes, order).
  it.each([
    ['allergies', '/allergies', (s: Record<string, unknown>) => s.allergies],
    ['alerts', '/patientAlerts?filter[active]=true', (s: Record<string, unknown>) => s.alerts],
    ['medications', '/pastMedications?sort=-id', (s: Record<string, unknown>) => (s.medications as unknown[]).slice(0, 1)],
    ['conditions', '/pastMedicalHistories?filter[is_chronic]=true', (s: Record<string, unknown>) => s.conditions],
    ['vitals', '/vitalSigns?per_page=1', (s: Record<string, unknown>) => [s.vitals]],
  ])("answers the %s as the resource's own list does", async (_part, list, pick) => {
    const safety = await t.call('GET', `/patients/${patientId}/safety`, { host: DEMO, token: doctor });
    const own = await t.call('GET', `${list}${list.includes('?') ? '&' : '?'}filter[patient_id]=${patientId}`, { host: DEMO, token: doctor });
    expect(own.status).toBe(200);
    const rows = own.body.data as Record<string, unknown>[];
    expect(pick(safety.body.data as Record<string, unknown>)).toEqual(list.startsWith('/pastMedications') ? rows.filter((m) => m.drug_name === 'Metformin 850 mg') : rows);
  });

  it('leaves out what the caller may not read: the secretary sees the patient but none of the nurses records', async () => {
    const res = await t.call('GET', `/patients/${patientId}/safety`, { host: DEMO, token: secretary });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ photo: null, allergies: null, alerts: null, medications: null, conditions: null, vitals: null });
  });

  it("is another clinic's patient nowhere: 404, and an unknown id too", async () => {
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await t.call('GET', `/patients/${patientId}/safety`, { host: OTHER, token: boss })).status).toBe(404);
    expect((await t.call('GET', '/patients/999999999/safety', { host: DEMO, token: doctor })).status).toBe(404);
    expect((await t.call('GET', '/patients/abc/safety', { host: DEMO, token: doctor })).status).toBe(404);
  });

  it('refuses an allergy without a substance or with a severity that does not exist', async () => {
    const res = await t.call('POST', '/allergies', { host: DEMO, token: doctor, body: { patient_id: patientId, substance: '', severity: 9 } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual(['severity', 'substance']);
  });
});

describe('prescribing a drug the patient is allergic to', () => {
  let drugId: number;
  let plainDrugId: number;
  beforeAll(async () => {
    const drug = await t.call('POST', '/drugs', { host: DEMO, token: doctor, body: { name: `Amoxil ${Date.now()}`, scientific_name: 'Amoxicillin (a penicillin)' } });
    expect(drug.status).toBe(201);
    drugId = (drug.body.data as { id: number }).id;
    const plain = await t.call('POST', '/drugs', { host: DEMO, token: doctor, body: { name: `Panadol ${Date.now()}`, scientific_name: 'Paracetamol' } });
    plainDrugId = (plain.body.data as { id: number }).id;
  });
  const visit = (drug: number, extra: Record<string, unknown> = {}) =>
    t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patientId, prescriptions: [{ drug_id: plainDrugId }, { drug_id: drug, dose: '500 mg' }], ...extra } });

  it("is refused on the drug's row, naming the drug and the allergy, until the doctor says they were warned", async () => {
    const refused = await visit(drugId);
    expect(refused.status).toBe(422);
    // The drug's row, and the field that lets the doctor past it.
    expect(Object.keys(refused.body.errors ?? {}).sort()).toEqual(['allergy_override', 'prescriptions.1.drug_id']);
    expect(JSON.stringify(refused.body.errors)).toContain('Penicillin');
    // Past it only with a reason, which stays on the visit.
    const noReason = await visit(drugId, { allergy_override: true });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.errors ?? {})).toContain('allergy_override_reason');
    const warned = await visit(drugId, { allergy_override: true, allergy_override_reason: 'Tolerated it last year' });
    expect(warned.status).toBe(201);
    expect(warned.body.data).not.toHaveProperty('allergy_override');
    expect(warned.body.data).toHaveProperty('allergy_override_reason', 'Tolerated it last year');
    // Saving the visit again (its drugs unchanged) asks nothing more.
    const again = await t.call('PATCH', `/visitings/${(warned.body.data as { id: number }).id}`, { host: DEMO, token: doctor, body: { notes: 'seen again', prescriptions: [{ drug_id: plainDrugId }, { drug_id: drugId, dose: '500 mg' }] } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('lets a drug with nothing in common pass', async () => {
    expect((await visit(plainDrugId)).status).toBe(201);
  });
});

// Last in the file: it moves the clock. The header's "current" is by the clinic's day (Asia/Baghdad),
// not the server's: at 21:30 UTC Baghdad is already on the next day.
describe("current medications, by the clinic's day", () => {
  it("leaves out one that ended on the clinic's yesterday, keeps one ending on its today, at 21:30 UTC", async () => {
    const at = advanceToEvening(t);
    // A new sign-in (the cached one has been idle for hours on this clock).
    const signedIn = await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'doctor', password: 'demo-pass-1234' } });
    const token = String(signedIn.body.token);
    const [yesterday, today] = [at.toISOString().slice(0, 10), dayOf(at)];
    expect(today).not.toBe(yesterday);
    for (const [drug_name, ended_on] of [['Ibuprofen 400 mg', yesterday], ['Omeprazole 20 mg', today]]) {
      const res = await t.call('POST', '/pastMedications', { host: DEMO, token, body: { patient_id: patientId, drug_name, ended_on } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const res = await t.call('GET', `/patients/${patientId}/safety`, { host: DEMO, token });
    const names = (res.body.data as Safety).medications?.map((m) => m.drug_name);
    expect(names).toContain('Omeprazole 20 mg');
    expect(names).not.toContain('Ibuprofen 400 mg');
  });
});
