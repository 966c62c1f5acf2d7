// No raw value reaches a reader (issue 39, item 6): exports write codes by their labels, times in
// the clinics' zone, only the list's visible columns, and amounts under their currency; a payment
// names who took it for whoever reads it; a notice says its time as the clinic reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '../../src/server/days';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(CENTRAL, 'owner');
});
afterAll(() => t?.close());

/** A CSV answer's rows (its BOM dropped; the cells here hold no commas or quotes). */
function csv(raw: Buffer): string[][] {
  return raw.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.split(','));
}

describe('exports', () => {
  it('follow the chosen columns, name codes by their labels, times in the clinics zone and amounts with their currency', async () => {
    const plans = (await t.call('GET', '/plans?sort=price', { token: owner })).body.data as { id: number }[];
    const made = await t.call('POST', '/tenants', { token: owner, body: { name: 'Dr Raw Values', subdomain: 'raw-values', username: 'rawvalues', password: 'doctor-pass-123', plan_id: plans[0].id, gender: 1 } });
    expect(made.status).toBe(201);
    const doctor = made.body.data as { id: number; created_at: string };
    expect((await t.call('PATCH', `/tenants/${doctor.id}`, { token: owner, body: { status: 1 } })).status).toBe(200);

    const cases: [lang: string, header: string[], row: string[]][] = [
      ['en', ['Doctor name', 'Gender', 'Status', 'Created at'], ['Dr Raw Values', 'Female', 'Suspended', localDateTime(new Date(doctor.created_at))]],
      ['ckb', ['ناوی پزیشک', 'ڕەگەز', 'دۆخ'], ['Dr Raw Values', 'مێ', 'ڕاگیراو']],
    ];
    for (const [lang, header, row] of cases) {
      const columns = lang === 'en' ? 'name,gender,status,created_at' : 'name,gender,status';
      const res = await t.call('GET', `/tenants/export?filter[id]=${doctor.id}&columns=${columns}`, { token: owner, lang });
      expect(res.status).toBe(200);
      const [head, first, ...rest] = csv(res.raw);
      expect(rest).toEqual([]);
      expect(head).toEqual(header);
      expect(first).toEqual(row);
    }
    // The time is the zone's, not UTC's: Baghdad is three hours ahead.
    expect(localDateTime(new Date('2026-01-01T22:30:00Z'))).toBe('2026-01-02 01:30');

    // The platform's amounts are in its currency, said in the column's title.
    const invoices = await t.call('GET', `/invoices/export?filter[tenant_id]=${doctor.id}&columns=amount,is_paid`, { token: owner, lang: 'en' });
    expect(csv(invoices.raw)).toEqual([['Amount (USD)', 'Paid'], [expect.any(String), 'Unpaid']]);
    // An unknown column is refused on `columns`.
    const bad = await t.call('GET', '/tenants/export?columns=name,password', { token: owner });
    expect([bad.status, Object.keys(bad.body.errors ?? {})]).toEqual([422, ['columns']]);
  });

  it("write a clinic's amounts under its own currency", async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const res = await t.call('GET', '/payments/export?columns=amount,method&per_page=1', { host: DEMO, token: doctor, lang: 'en' });
    expect(res.status).toBe(200);
    expect(csv(res.raw)[0]).toEqual(['Amount (IQD)', 'Method']);
  });
});

describe('names, not ids', () => {
  it('a payment names who took it for a secretary, who reads no staff list', async () => {
    const secretary = await t.login(DEMO, 'secretary');
    const patient = await t.call('POST', '/patients', { host: DEMO, token: secretary, body: { name: 'Raw Values Patient', gender: 0 } });
    expect(patient.status, JSON.stringify(patient.body)).toBe(201);
    const paid = await t.call('POST', '/payments', { host: DEMO, token: secretary, body: { patient_id: (patient.body.data as { id: number }).id, amount: 5000 } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const payment = paid.body.data as { id: number; taken_by: number };
    const shown = await t.call('GET', `/payments/${payment.id}`, { host: DEMO, token: secretary });
    const me = await t.call('GET', '/auth/tenant/user', { host: DEMO, token: secretary });
    expect((shown.body.labels as Record<string, Record<string, string>>).taken_by[String(payment.taken_by)]).toBe((me.body.data as { name: string }).name);
  });

  it("a booking names its doctor for a secretary, who reads no staff list (it read '1')", async () => {
    const secretary = await t.login(DEMO, 'secretary');
    const doctors = ((await t.call('GET', '/dashboard/doctors', { host: DEMO, token: secretary })).body.doctors as { id: number; name: string }[]) ?? [];
    const list = await t.call('GET', '/appointments?per_page=50', { host: DEMO, token: secretary });
    const rows = list.body.data as { id: number; doctor_id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const labels = (list.body.labels as Record<string, Record<string, string>>).doctor_id;
    for (const row of rows) expect(labels[String(row.doctor_id)]).toBe(doctors.find((d) => d.id === row.doctor_id)?.name);
    const one = await t.call('GET', `/appointments/${rows[0].id}`, { host: DEMO, token: secretary });
    expect((one.body.labels as Record<string, Record<string, string>>).doctor_id[String(rows[0].doctor_id)]).toBe(labels[String(rows[0].doctor_id)]);
  });

  it("a support notice says until when in the clinics' time, not as ISO", async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const ownerId = ((await t.call('GET', '/auth/user', { token: owner })).body.data as { id: number }).id;
    const until = new Date(Date.now() + 2 * 3600_000);
    until.setUTCSeconds(0, 0);
    const grant = await t.call('POST', '/supportGrants', { host: DEMO, token: doctor, body: { user_id: ownerId, reason: 'Raw values', read_only: true, expires_at: until.toISOString() } });
    expect(grant.status, JSON.stringify(grant.body)).toBe(201);
    expect((await t.call('POST', `/support/grants/${(grant.body.data as { id: number }).id}/open`, { token: owner })).status).toBe(200);
    const notes = await t.call('GET', '/dashboard/notifications', { host: DEMO, token: doctor, lang: 'en' });
    const entered = (notes.body.notifications as { kind: string; message: string }[]).find((n) => n.kind === 'supportEntered')!;
    expect(entered.message).toBe(`Aram Qadir from support opened your clinic (access until ${localDateTime(until)})`);
    expect(entered.message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
