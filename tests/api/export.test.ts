// List export (GET /<path>/export): generated from the registry, every readable resource answers its
// list as CSV and as an Excel workbook (format=xlsx) in the reader's language, with the list's own filters, to whoever may read the list
// and nobody else; an export of a patient's data is in the audit trail; a cell a spreadsheet would
// run as a formula stays text.
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import { readableFields, resourceActions } from '../../src/shared/resource';
import { DEMO, type TestApp, startTestApp } from './harness';
import { advanceToEvening, createRecord, hostOf, tokenFor } from './fixtures';
import { dayOf } from '../../src/server/days';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** The workbook's first sheet as rows of cell values (header first), and whether it reads right to left. */
async function sheetOf(raw: Buffer): Promise<{ rows: unknown[][]; rtl: boolean }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, rtl: !!sheet.views[0]?.rightToLeft };
}

function csvOf(raw: Buffer): string[][] {
  const text = raw.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1)) as string[][];
}

describe.each(resources.filter((d) => resourceActions(d).includes('read')).map((def) => [def.name, def] as const))('export of %s', (_n, def) => {
  it("answers the list's rows as CSV, one column per readable field, titled in the reader's language", async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const list = await t.call('GET', `/${def.path}?per_page=1`, { host, token });
    const total = (list.body.meta as { total: number }).total;
    const res = await t.call('GET', `/${def.path}/export`, { host, token, lang: 'ckb' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${def.path.replaceAll('/', '-')}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const [header, ...rows] = csvOf(res.raw);
    expect(header).toHaveLength(readableFields(def).filter((f) => f !== 'version').length);
    expect(rows).toHaveLength(total);
    // Kurdish titles: the record's id column is not left in English.
    expect(header[0]).toBe('ناسنامە');

    // The same rows as an Excel workbook, right to left in Kurdish (up to the CSV's last id: an
    // export is itself in the audit trail's lists).
    const lastId = Math.max(0, ...rows.map((r) => Number(r[0])));
    const xlsx = await t.call('GET', `/${def.path}/export?format=xlsx&filter[id][lte]=${lastId}`, { host, token, lang: 'ckb' });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const sheet = await sheetOf(xlsx.raw);
    expect(sheet.rtl).toBe(true);
    expect(sheet.rows[0]).toEqual(header);
    expect(sheet.rows, def.name).toHaveLength(rows.length + 1);
  });
});

describe('exports', () => {
  it('follow the list filters, write formulas as text, name related records, and an export of patients is an audit event', async () => {
    const patients = resourceByName('patients');
    const a = await createRecord(t, patients, DEMO, {}, { name: '=HYPERLINK("http://x.example","click")', phone: '+9647501234567' });
    const doctor = await t.login(DEMO, 'doctor');
    const res = await t.call('GET', `/patients/export?filter[id]=${a.id}`, { host: DEMO, token: doctor, lang: 'en' });
    expect(res.status).toBe(200);
    const [header, row, ...rest] = csvOf(res.raw);
    expect(rest).toEqual([]);
    const cell = (title: string) => row[header.indexOf(title)];
    expect(cell('ID')).toBe(String(a.id));
    // A formula is written as text; the phone number too, rather than run as "+9647..." arithmetic.
    expect(cell('Name')).toBe(`'=HYPERLINK("http://x.example","click")`);
    expect(cell('Phone')).toBe(`'+9647501234567`);

    await t.app.auditReads?.flush();
    const { rows: events } = await sql<{ action: string; patient_ids: number[] }>`
      select action, patient_ids from audit_events where resource = 'patients' and action = 'export' order by id desc limit 1`.execute(t.db.kysely);
    expect(events[0]?.patient_ids.map(Number)).toEqual([a.id]);

    // A relation is shown by its title. (Who may export: the permission matrix, permissions.test.ts.)
    const visits = resourceByName('visitings');
    const visit = await createRecord(t, visits, DEMO, { patients: a.id });
    const exported = csvOf((await t.call('GET', `/visitings/export?filter[id]=${visit.id}`, { host: DEMO, token: doctor, lang: 'en' })).raw);
    expect(exported[1][exported[0].indexOf('Patient')]).toBe(`'=HYPERLINK("http://x.example","click")`);
    const guest = await t.call('GET', '/patients/export', { host: DEMO });
    expect(guest.status).toBe(401);
  });

  it('as Excel hold exactly the filtered rows, numbers as numbers and formulas as plain text', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const tag = `Xl${Date.now().toString(36)}`;
    const patients = resourceByName('patients');
    const made = [];
    for (const name of [`${tag} =SUM(A1)`, `${tag} Hana`]) made.push(await createRecord(t, patients, DEMO, {}, { name }));
    await createRecord(t, patients, DEMO, {}, { name: 'Another patient' });
    const res = await t.call('GET', `/patients/export?format=xlsx&q=${encodeURIComponent(tag)}&sort=name`, { host: DEMO, token: doctor, lang: 'en' });
    expect(res.status).toBe(200);
    const { rows: [header, ...rows], rtl } = await sheetOf(res.raw);
    expect(rtl).toBe(false);
    const column = (title: string) => rows.map((r) => r[header.indexOf(title)]);
    expect(column('ID')).toEqual(made.map((m) => m.id));
    expect(column('Name')).toEqual([`${tag} =SUM(A1)`, `${tag} Hana`]);
    expect(column('File No.').every((n) => typeof n === 'number')).toBe(true);
    const pdf = await t.call('GET', '/patients/export?format=pdf', { host: DEMO, token: doctor });
    expect([pdf.status, Object.keys(pdf.body.errors ?? {})]).toEqual([422, ['format']]);
  });

  it('refuse a bad filter with 422 on the parameter, as the list does', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const res = await t.call('GET', '/patients/export?filter[nope]=1', { host: DEMO, token: doctor });
    expect(res.status).toBe(422);
  });

  // Last: the clock moves. At 21:30 UTC a clinic in Baghdad is on the next day; the file said the machine's.
  it("are named by the clinic's day", async () => {
    const evening = advanceToEvening(t);
    // A new sign-in (the cached one has been idle for hours on this clock).
    const doctor = String((await t.call('POST', '/auth/tenant/login', { host: DEMO, body: { username: 'doctor', password: 'demo-pass-1234' } })).body.token);
    const res = await t.call('GET', '/patients/export', { host: DEMO, token: doctor });
    expect([res.status, res.headers['content-disposition']]).toEqual([200, `attachment; filename="patients-${dayOf(evening)}.csv"`]);
    expect(dayOf(evening)).not.toBe(evening.toISOString().slice(0, 10));
  });
});
