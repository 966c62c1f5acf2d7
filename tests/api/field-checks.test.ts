// Generated from the registry: every declared comparison between fields (`checks`) is refused on
// its field, in the caller's language and naming the other field, on create and on an update that
// sends one side only; nothing is stored; and the database refuses it too (its CHECK constraint),
// for writers that do not go through the API.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { comparisonHolds } from '../../src/shared/checks';
import { type FieldComparison, type FieldDef, type ResourceDef } from '../../src/shared/resource';
import { type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, relationsFor, tokenFor } from './fixtures';
import { sampleInput } from './samples';
import { translator } from '../../src/server/i18n';
import { fieldLabel } from '../../src/shared/labels';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** `value` moved by one step: a unit of a number, a day of a date, an hour of an instant, a minute of a time of day. */
function shifted(field: FieldDef, value: unknown, steps: number): unknown {
  if (field.type === 'time') {
    const [h, m] = String(value).split(':').map(Number);
    const minutes = h * 60 + m + steps;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  }
  if (field.type === 'date') return new Date(Date.parse(String(value)) + steps * 86_400_000).toISOString().slice(0, 10);
  if (field.type === 'datetime') return new Date(Date.parse(String(value)) + steps * 3_600_000).toISOString();
  return Number(value) + steps;
}

/** Values for both sides that keep or break the comparison (the other side mid-range, so one step stays allowed). */
function sides(def: ResourceDef, check: FieldComparison, keep: boolean): Record<string, unknown> {
  const otherField = def.fields[check.other];
  const base = otherField.min !== undefined && otherField.max !== undefined ? Math.round((otherField.min + otherField.max) / 2) : otherField.type === 'date' ? '2030-05-10' : otherField.type === 'time' ? '12:30' : 100;
  const steps = keep ? { '<': -1, '<=': 0, '>': 1, '>=': 0 }[check.op] : { '<': 0, '<=': 1, '>': 0, '>=': -1 }[check.op];
  return { [check.other]: base, [check.field]: shifted(def.fields[check.field], base, steps) };
}

const comparisons = resources.flatMap((def) => (def.checks ?? []).map((check) => [`${def.name}: ${check.field} ${check.op} ${check.other}`, def, check] as const));

it('the registry declares comparisons (this file has something to check)', () => {
  expect(comparisons.length).toBeGreaterThanOrEqual(4);
});

/** A side the server keeps (a paid amount, from the payments ledger) is never sent: only the database can be tried. */
const clientSent = (def: ResourceDef, check: FieldComparison) => !def.fields[check.field].readOnly && !def.fields[check.other].readOnly;

describe.each(comparisons)('%s', (_n, def, check) => {
  const host = hostOf(def);

  it.skipIf(!clientSent(def, check))('is refused on create, on its field, naming the other field in Kurdish; nothing is stored', async () => {
    const token = await tokenFor(t, def, host);
    const valid = sampleInput(def, await relationsFor(t, def, host));
    const body = { ...valid, ...sides(def, check, false) };
    expect(comparisonHolds(def, check, body)).toBe(false);
    const before = await t.call('GET', `/${def.path}?per_page=1`, { host, token });
    const res = await t.call('POST', `/${def.path}`, { host, token, body, lang: 'ckb' });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual([check.field]);
    const message = res.body.errors?.[check.field]?.[0] ?? '';
    if (!check.message) expect(message).toContain(fieldLabel(translator('ckb'), def, check.other));
    else expect(message).toBe(translator('ckb')(check.message));
    expect(message).toMatch(/[\u0600-\u06FF]/);
    expect(message).not.toMatch(/validation\.|[a-z]_[a-z]/); // a sentence, not a key or a column name
    const after = await t.call('GET', `/${def.path}?per_page=1`, { host, token });
    expect((after.body.meta as { total: number }).total).toBe((before.body.meta as { total: number }).total);
  });

  it.skipIf(!clientSent(def, check))('is refused on an update sending one side only, judged with the stored other side', async () => {
    const token = await tokenFor(t, def, host);
    const kept = sides(def, check, true);
    const broken = sides(def, check, false);
    const record = await createRecord(t, def, host, {}, kept);
    const res = await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, body: { [check.field]: broken[check.field] } });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual([check.field]);
    // The other side moved so the same value holds: accepted.
    const moved = shifted(def.fields[check.other], kept[check.other], check.op.startsWith('<') ? 2 : -2);
    const fine = await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, body: { [check.other]: moved, [check.field]: broken[check.field] } });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
  });

  it('is refused by the database too (a writer that is not the API)', async () => {
    const kept = Object.entries(sides(def, check, true)).filter(([name]) => !def.fields[name].readOnly);
    const record = await createRecord(t, def, host, {}, Object.fromEntries(kept));
    const broken = sides(def, check, false);
    const write = sql`update ${sql.table(def.table)} set ${sql.join(Object.entries(broken).map(([name, value]) => sql`${sql.ref(name)} = ${value}`))} where id = ${record.id}`.execute(t.db.kysely);
    await expect(write).rejects.toMatchObject({ code: '23514' });
  });
});
