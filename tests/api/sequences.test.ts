// A clinic's own counts (FieldDef.sequence, issue 19): a patient's file number is 1, 2, 3… per
// clinic, given by the database whatever the client sends, never twice (not under parallel
// creates, not after a delete), and the search box finds the record by it typed whole, in any
// script's digits. Table-driven over the registry: every declared sequence is covered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { type ResourceDef, resourceActions } from '../../src/shared/resource';
import { DEMO, type TestApp, startTestApp } from './harness';
import { createOtherClinic, createRecord, OTHER, tokenFor } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(async () => {
  await t.close();
});

const sequences = resources.flatMap((def) => Object.entries(def.fields).filter(([, f]) => f.sequence).map(([name]) => [`${def.name}.${name}`, def, name] as const));
const toArabicIndic = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

it('the registry declares sequences', () => {
  expect(sequences.length).toBeGreaterThan(0);
});

describe.each(sequences)('%s', (_n, def: ResourceDef, name) => {
  const numberOf = (row: Record<string, unknown>) => Number(row[name]);

  it('counts per clinic from 1, one number each under parallel creates', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => createRecord(t, def, OTHER)));
    const numbers = made.map(numberOf).sort((a, b) => a - b);
    expect(numbers).toEqual([...new Set(numbers)]);
    expect(numbers[numbers.length - 1] - numbers[0]).toBe(7);
    // The other clinic's count is its own: the demo clinic's next number follows its own records.
    const token = await tokenFor(t, def, DEMO);
    const demoCount = (await t.call('GET', `/${def.path}?per_page=1&sort=-${name}`, { host: DEMO, token })).body.data as Record<string, unknown>[];
    const demoNext = await createRecord(t, def, DEMO);
    expect(numberOf(demoNext)).toBe(numberOf(demoCount[0]) + 1);
  });

  it('never takes a number from the client, nor gives a deleted record\'s number again', async () => {
    const token = await tokenFor(t, def, OTHER);
    const sent = await t.call('POST', `/${def.path}`, { host: OTHER, token, body: { [name]: 1 } });
    if (sent.status === 201) expect(numberOf(sent.body.data as Record<string, unknown>)).not.toBe(1);
    else expect(sent.status).toBe(422);
    const last = await createRecord(t, def, OTHER);
    // A record that is never deleted (a payment) still never shares its number.
    if (resourceActions(def).includes('delete')) expect((await t.call('DELETE', `/${def.path}/${last.id}`, { host: OTHER, token })).status).toBeLessThan(300);
    const next = await createRecord(t, def, OTHER);
    expect(numberOf(next)).toBeGreaterThan(numberOf(last));
  });

  it('is found by the search box typed whole, with a # or in Arabic-Indic digits, and filtered by', async () => {
    const token = await tokenFor(t, def, OTHER);
    const record = await createRecord(t, def, OTHER);
    const number = numberOf(record);
    for (const q of [String(number), `#${number}`, toArabicIndic(number)]) {
      const res = await t.call('GET', `/${def.path}?q=${encodeURIComponent(q)}`, { host: OTHER, token });
      expect(res.status).toBe(200);
      expect((res.body.data as { id: number }[]).map((r) => r.id), q).toContain(record.id);
    }
    const filtered = await t.call('GET', `/${def.path}?filter[${name}]=${number}`, { host: OTHER, token });
    expect((filtered.body.data as { id: number }[]).map((r) => r.id)).toEqual([record.id]);
    // Another clinic holding the same number finds its own record, never this one.
    const demoToken = await tokenFor(t, def, DEMO);
    const demo = await t.call('GET', `/${def.path}?filter[${name}]=${number}`, { host: DEMO, token: demoToken });
    expect((demo.body.data as { id: number }[]).map((r) => r.id)).not.toContain(record.id);
  });
});

it("a clinic's requests may read their counters but never set them back", async () => {
  const { sql } = await import('kysely');
  const demo = await t.db.kysely.selectFrom('tenants').select('id').where('subdomain', '=', 'demo').executeTakeFirstOrThrow();
  const asClinic = <T>(fn: (trx: typeof t.db.kysely) => Promise<T>) =>
    t.db.kysely.transaction().execute(async (trx) => {
      await sql`select set_config('role', 'clinic_app', true), set_config('app.tenant_id', ${String(demo.id)}, true)`.execute(trx);
      return fn(trx);
    });
  const seen = await asClinic(async (trx) => (await sql<{ tenant_id: number }>`select tenant_id from record_numbers`.execute(trx)).rows.map((r) => Number(r.tenant_id)));
  expect(new Set(seen)).toEqual(new Set([Number(demo.id)]));
  const refused = await asClinic((trx) => sql`update record_numbers set last = 0`.execute(trx)).then(
    () => null,
    (err: { code?: string }) => err.code,
  );
  expect(refused).toBe('42501');
});
