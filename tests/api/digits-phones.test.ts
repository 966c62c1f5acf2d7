// Digits of every script and phones in one form, generated over the registry: every phone field
// stores what a front desk types (٠٧٧١ ١٨٨ ١٢٥٩, 0771 188 1259) as E.164 and refuses a number that
// is none, on its field, in the caller's language; every numeric field reads Arabic-Indic digits;
// the patient search finds a patient by every local form of their phone; migration 030 converts
// phones stored before.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, resourceByName } from '../../resources/index';
import { type ResourceDef, resourceActions, writableFields } from '../../src/shared/resource';
import { up as convertPhones } from '../../src/server/db/migrations/030_phone_e164';
import ar from '../../locales/ar.json';
import ckb from '../../locales/ckb.json';
import { DEMO, type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, relationsFor, tokenFor } from './fixtures';
import { sampleInput } from './samples';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const E164 = '+9647711881259';
/** ASCII digits -> Arabic-Indic (٠-٩) or Persian (۰-۹). */
const arabic = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x660 + Number(d))).replaceAll('.', '٫');
const persian = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x6f0 + Number(d)));

const NUMERIC = new Set(['integer', 'number', 'money']);
const phoneFields = (def: ResourceDef) => writableFields(def).filter(([, f]) => f.type === 'phone').map(([n]) => n);
const numericFields = (def: ResourceDef) => writableFields(def).filter(([, f]) => NUMERIC.has(f.type)).map(([n]) => n);

/** A record of the resource to write on: a new one, or (resources the API only updates) an existing one. */
async function someRecord(def: ResourceDef): Promise<{ id: number }> {
  return createRecord(t, def, hostOf(def));
}

describe.each(resources.filter((def) => phoneFields(def).length && resourceActions(def).includes('update')).map((def) => [def.name, def] as const))('phones of %s', (_n, def) => {
  const host = hostOf(def);

  it('stores ٠٧٧١ ١٨٨ ١٢٥٩ and 0771 188 1259 as +9647711881259', async () => {
    const token = await tokenFor(t, def, host);
    for (const name of phoneFields(def)) {
      if (resourceActions(def).includes('create')) {
        const body = { ...sampleInput(def, await relationsFor(t, def, host)), [name]: '٠٧٧١ ١٨٨ ١٢٥٩' };
        const created = await t.call('POST', `/${def.path}`, { host, token, body });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        expect((created.body.data as Record<string, unknown>)[name]).toBe(E164);
      }
      const record = await someRecord(def);
      for (const typed of ['0771 188 1259', '٠٧٧١ ١٨٨ ١٢٥٩', '+964 771 188 1259', '۰۷۷۱۱۸۸۱۲۵۹']) {
        const res = await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, body: { [name]: typed } });
        expect(res.status, `${name} ${typed}: ${JSON.stringify(res.body)}`).toBe(200);
        expect((res.body.data as Record<string, unknown>)[name], typed).toBe(E164);
      }
    }
  });

  it('refuses a number that is none with a 422 on the field, in the caller\'s language', async () => {
    const token = await tokenFor(t, def, host);
    const record = await someRecord(def);
    for (const name of phoneFields(def)) {
      for (const [lang, message] of [['ar', ar.validation.phone], ['ckb', ckb.validation.phone]] as const) {
        for (const typed of ['٠٧٧١ ١٨', '0771 abc 1259', '+964 99999999999']) {
          const res = await t.call('PATCH', `/${def.path}/${record.id}`, { host, token, lang, body: { [name]: typed } });
          expect(res.status, typed).toBe(422);
          expect(res.body.errors?.[name], typed).toEqual([message]);
        }
      }
    }
  });
});

describe.each(resources.filter((def) => numericFields(def).length && resourceActions(def).includes('create')).map((def) => [def.name, def] as const))('numbers of %s', (_n, def) => {
  it('reads every number, integer and amount typed in Arabic-Indic digits', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const valid = sampleInput(def, await relationsFor(t, def, host));
    const names = numericFields(def).filter((n) => typeof valid[n] === 'number');
    const body = { ...valid, ...Object.fromEntries(names.map((n) => [n, arabic(String(valid[n]))])) };
    const res = await t.call('POST', `/${def.path}`, { host, token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = res.body.data as Record<string, unknown>;
    for (const n of names) expect(Number(data[n]), n).toBe(valid[n]);
  });
});

describe('vital signs as a nurse types them', () => {
  it('a temperature of ٣٧٫٥ is 37.5, a weight of ۷۲٫۴ is 72.4, 1٬000 bpm is refused as out of range, not wiped', async () => {
    const def = resourceByName('vitalSigns');
    const token = await tokenFor(t, def, DEMO);
    const valid = sampleInput(def, await relationsFor(t, def, DEMO));
    const res = await t.call('POST', `/${def.path}`, { host: DEMO, token, body: { ...valid, body_temperature: '٣٧٫٥', weight: '۷۲٫۴', heart_rate: '٧٢' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ body_temperature: 37.5, weight: 72.4, heart_rate: 72 });
    const tooFast = await t.call('POST', `/${def.path}`, { host: DEMO, token, body: { ...valid, heart_rate: '١٬٠٠٠' } });
    expect(tooFast.status).toBe(422);
    expect(Object.keys(tooFast.body.errors ?? {})).toEqual(['heart_rate']);
    const words = await t.call('POST', `/${def.path}`, { host: DEMO, token, body: { ...valid, body_temperature: '٣٧ درجة' } });
    expect(words.status).toBe(422);
    expect(Object.keys(words.body.errors ?? {})).toEqual(['body_temperature']);
  });
});

describe('finding a patient by phone', () => {
  const forms = ['07711881259', '0771 188 1259', '+964 771 188 1259', '7711881259', '00964 771 188 1259', '0771 188', '1881259'];
  const every = [...forms, ...forms.map(arabic), ...forms.map(persian)];

  it('the patient search and the phone filter find +964 771 188 1259 by every local form, in every script', async () => {
    const patients = resourceByName('patients');
    const token = await tokenFor(t, patients, DEMO);
    const created = await t.call('POST', '/patients', { host: DEMO, token, body: { name: 'Hêro Qadir', gender: 1, phone: '+964 771 188 1259' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ phone: E164 });
    const id = (created.body.data as { id: number }).id;
    for (const q of every) {
      const res = await t.call('GET', `/patients?q=${encodeURIComponent(q)}&per_page=50`, { host: DEMO, token });
      expect(res.status, q).toBe(200);
      expect((res.body.data as { id: number }[]).map((p) => p.id), q).toContain(id);
    }
    for (const q of ['0771 188 1259', '٠٧٧١١٨٨١٢٥٩']) {
      const res = await t.call('GET', `/patients?filter[phone]=${encodeURIComponent(q)}`, { host: DEMO, token });
      // (The patients of the tests above carry this number too.)
      expect((res.body.data as { id: number }[]).map((p) => p.id), q).toContain(id);
      expect((res.body.data as { phone: string }[]).every((p) => p.phone === E164), q).toBe(true);
    }
    // A name still finds by name; another number does not find this patient.
    const byName = await t.call('GET', `/patients?q=${encodeURIComponent('Hêro')}`, { host: DEMO, token });
    expect((byName.body.data as { id: number }[]).map((p) => p.id)).toContain(id);
    const other = await t.call('GET', `/patients?q=${encodeURIComponent('0771 188 1258')}`, { host: DEMO, token });
    expect((other.body.data as { id: number }[]).map((p) => p.id)).not.toContain(id);
  });

  it('other lists searching a phone (staff) find it by a local form too', async () => {
    const staff = resourceByName('tenantUsers');
    const token = await tokenFor(t, staff, DEMO);
    const member = await createRecord(t, staff, DEMO, {}, { phone: '0750 444 5566' });
    expect(member.phone).toBe('+9647504445566');
    for (const q of ['07504445566', arabic('0750 444 5566'), '+9647504445566']) {
      const res = await t.call('GET', `/tenantUsers?q=${encodeURIComponent(q)}`, { host: DEMO, token });
      expect((res.body.data as { id: number }[]).map((p) => p.id), q).toContain(member.id);
    }
  });
});

describe('migration 030', () => {
  it('converts the phones stored before to E.164 where they parse and leaves the others', async () => {
    const db = t.db.kysely as unknown as Kysely<unknown>;
    const { rows: clinic } = await sql<{ id: string }>`select id from tenants where subdomain = 'demo'`.execute(db);
    const tenantId = clinic[0].id;
    const typed = ['+964 771 188 1260', '0750-123-0001', arabic('0770 123 0002'), 'ask at the desk', '0123'];
    const { rows } = await sql<{ id: string | number }>`insert into patients (tenant_id, name, gender, phone)
      select ${tenantId}::bigint, 'Before ' || n, 0, p from unnest(${`{${typed.map((p) => `"${p}"`).join(',')}}`}::text[]) with ordinality as x(p, n)
      returning id`.execute(db);
    await sql`update users set phone = '0750 999 0003' where username = 'owner'`.execute(db);
    await convertPhones(db);
    const { rows: after } = await sql<{ phone: string }>`select phone from patients where tenant_id = ${tenantId}::bigint and id in (${sql.join(rows.map((r) => r.id))}) order by id`.execute(db);
    expect(after.map((r) => r.phone)).toEqual(['+9647711881260', '+9647501230001', '+9647701230002', 'ask at the desk', '0123']);
    const { rows: owner } = await sql<{ phone: string }>`select phone from users where username = 'owner'`.execute(db);
    expect(owner[0].phone).toBe('+9647509990003');
    // The search text (a generated column) follows: the converted patient is found by a local form.
    const token = await t.login(DEMO, 'doctor');
    const found = await t.call('GET', `/patients?q=${encodeURIComponent('0770 123 0002')}`, { host: DEMO, token });
    expect((found.body.data as { id: number }[]).map((p) => String(p.id))).toContain(String(rows[2].id));
  });
});
