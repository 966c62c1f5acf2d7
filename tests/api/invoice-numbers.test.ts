// Platform invoices a doctor can file (issue 39, item 12): numbered 1, 2, 3… within each year of
// issue with no gap and no number twice, even when issued at once on several connections; printed
// as a sheet in the language asked for, with the plan, its period, price, discount and what is due;
// found by their issue and due days and as overdue.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { createOtherClinic, OTHER } from './fixtures';

let t: TestApp;
let owner: string;
let plans: { id: number; price: number; discount: number; type_en: string; type_ckb: string; type_ar: string }[];
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.login(CENTRAL, 'owner');
  plans = (await t.call('GET', '/plans?sort=price', { token: owner })).body.data as typeof plans;
});
afterAll(() => t?.close());

interface Invoice {
  id: number;
  tenant_id: number;
  year: number;
  number: number;
  issued_on: string;
  due_on: string;
  is_paid: boolean;
}

const numbersOf = async (year: number) =>
  (await sql<{ number: number }>`select number from invoices where year = ${year} order by number`.execute(t.db.kysely)).rows.map((r) => Number(r.number));

describe('invoice numbers', () => {
  it('are 1, 2, 3… in the year of issue, none twice, none skipped, when clinics are registered at once', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call('POST', '/tenants', { token: owner, body: { name: `Dr. Numbered ${i}`, subdomain: `numbered-${i}`, username: `numbered${i}`, password: 'doctor-pass-123', plan_id: plans[1].id } }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(201));
    const ids = made.map((r) => (r.body.data as { id: number }).id);
    const listed = (await t.call('GET', `/invoices?per_page=100&filter[tenant_id][in]=${ids.join(',')}`, { token: owner })).body.data as Invoice[];
    expect(listed).toHaveLength(8);
    const year = Number(listed[0].issued_on.slice(0, 4));
    expect(listed.every((i) => i.year === year)).toBe(true);
    const numbers = await numbersOf(year);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(new Set(listed.map((i) => i.number)).size).toBe(8);
  });

  it('start again at 1 in a new year', async () => {
    const tenant = (await t.call('GET', '/tenants?filter[subdomain]=numbered-0', { token: owner })).body.data as { id: number }[];
    const before = (await sql<{ y: number }>`select coalesce(max(year), 0)::int as y from invoices`.execute(t.db.kysely)).rows[0].y;
    // Issued by hand in the next year (the counter is the database's: any writer is numbered alike).
    await sql`insert into invoices (tenant_id, plan_id, kind, amount, issued_on, due_on) values
      (${tenant[0].id}, ${plans[0].id}, 'renewal', 10, ${`${before + 1}-01-02`}, ${`${before + 1}-02-01`}),
      (${tenant[0].id}, ${plans[0].id}, 'renewal', 10, ${`${before + 1}-01-03`}, ${`${before + 1}-02-02`})`.execute(t.db.kysely);
    expect(await numbersOf(before + 1)).toEqual([1, 2]);
  });
});

describe('the invoice sheet', () => {
  it('says the number, plan, period, price, discount and what is due, in the language asked for, under the platform letterhead', async () => {
    const plan = plans[1];
    const made = await t.call('POST', '/tenants', { token: owner, body: { name: 'Dr. Sheet', subdomain: 'sheet-doctor', username: 'sheetdr', password: 'copper-harbor-6620', plan_id: plan.id } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const doctor = made.body.data as { id: number; subscription_start: string; subscription_end: string };
    const [invoice] = (await t.call('GET', `/invoices?filter[tenant_id]=${doctor.id}`, { token: owner })).body.data as Invoice[];
    const due = Math.round(Number(plan.price) * (100 - Number(plan.discount))) / 100;
    for (const [lang, planName, platform] of [['ckb', plan.type_ckb, 'پلاتفۆرمی نۆرینگەکان'], ['ar', plan.type_ar, null], ['en', plan.type_en, 'Clinic Platform']] as const) {
      const res = await t.call('GET', `/invoices/${invoice.id}/sheet?lang=${lang}`, { token: owner });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const sheet = res.body.data as Record<string, unknown> & { platform: { name: string }; doctor: { name: string } };
      expect(sheet).toMatchObject({
        lang,
        number: `${invoice.year}-${String(invoice.number).padStart(5, '0')}`,
        plan: planName,
        price: Number(plan.price),
        discount: Number(plan.discount),
        amount: due,
        currency: 'USD',
        period_start: String(doctor.subscription_start).slice(0, 10),
        period_end: String(doctor.subscription_end).slice(0, 10),
        due_on: String(invoice.due_on).slice(0, 10),
        is_paid: false,
        doctor: { name: 'Dr. Sheet', subdomain: 'sheet-doctor' },
      });
      if (platform) expect(sheet.platform.name).toBe(platform);
    }
    expect((await t.call('GET', `/invoices/${invoice.id}/sheet?lang=fr`, { token: owner })).status).toBe(422);
  });

  it("a clinic prints its own invoices, never another clinic's", async () => {
    await createOtherClinic(t);
    const doctor = await t.login(DEMO, 'doctor');
    const own = (await t.call('GET', '/settings/invoice', { host: DEMO, token: doctor })).body.data as { id: number }[];
    expect(own.length).toBeGreaterThan(0);
    const sheet = await t.call('GET', `/settings/invoice/${own[0].id}/sheet`, { host: DEMO, token: doctor, lang: 'ar' });
    expect(sheet.status).toBe(200);
    expect((sheet.body.data as { lang: string; number: string }).lang).toBe('ar');
    expect((sheet.body.data as { number: string }).number).toMatch(/^\d{4}-\d{5}$/);
    const other = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect((await t.call('GET', `/settings/invoice/${own[0].id}/sheet`, { host: OTHER, token: other })).status).toBe(404);
  });
});

describe('invoice filters', () => {
  it('find invoices by issue day, due day, and overdue (unpaid past the due day)', async () => {
    const all = (await t.call('GET', '/invoices?per_page=500', { token: owner })).body.data as Invoice[];
    const day = (d: string) => String(d).slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const overdue = (await t.call('GET', `/invoices?per_page=500&filter[is_paid]=false&filter[due_on][lt]=${today}`, { token: owner })).body.data as Invoice[];
    expect(overdue.map((i) => i.id).sort()).toEqual(all.filter((i) => !i.is_paid && day(i.due_on) < today).map((i) => i.id).sort());
    const first = day(all[all.length - 1].issued_on);
    const issued = (await t.call('GET', `/invoices?per_page=500&filter[issued_on][gte]=${first}&filter[issued_on][lte]=${first}`, { token: owner })).body.data as Invoice[];
    expect(issued.length).toBeGreaterThan(0);
    expect(issued.every((i) => day(i.issued_on) === first)).toBe(true);
  });
});
