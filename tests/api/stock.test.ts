// Stock and dispensing (issue 40): an item's stock is its movements in less out, in its list and
// record; dispensing a prescription line takes from its drug's item and never more than it holds
// (422 in the caller's language); the desk and the nurse record movements but do not keep the
// items; the stock's own route warns of low stock and near expiry (the dashboard's card). Run on
// PostgreSQL too, for the race.
import { dayOf, localDay } from '../../src/server/days';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
const tokens: Record<string, string> = {};
let patientId: number;
// The clinics' day (Asia/Baghdad), as the server counts: after 21:00 UTC the machine's date is yesterday.
const today = dayOf(new Date());
type Item = { id: number; name: string; stock: string | number };

beforeAll(async () => {
  t = await startTestApp();
  for (const user of ['doctor', 'secretary', 'nurse']) tokens[user] = await t.login(DEMO, user);
  patientId = await created('doctor', '/patients', { name: 'Stock patient', gender: 1 });
});
afterAll(() => t?.close());

const call = (user: string, method: string, url: string, body?: Record<string, unknown>, lang?: string) => t.call(method, url, { host: DEMO, token: tokens[user], body, lang });

async function created(user: string, url: string, body: Record<string, unknown>): Promise<number> {
  const res = await call(user, 'POST', url, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data as { id: number }).id;
}

/** A drug of the catalog, its stock item holding `stock` units, and a visit prescribing it on its second line. */
async function stocked(name: string, stock: number, extra: Record<string, unknown> = {}): Promise<{ itemId: number; drugId: number; visitId: number }> {
  const drugId = await created('doctor', '/drugs', { name });
  const other = await created('doctor', '/drugs', { name: `${name} (other)` });
  const itemId = await created('doctor', '/stock-items', { name, drug_id: drugId, unit: 'box', reorder_level: 2, ...extra });
  if (stock) await created('doctor', '/stock-movements', { stock_item_id: itemId, kind: 'in', quantity: stock, date: today });
  const visitId = await created('doctor', '/visitings', { patient_id: patientId, date: today, prescriptions: [{ drug_id: other }, { drug_id: drugId }] });
  return { itemId, drugId, visitId };
}

const stockOf = async (itemId: number): Promise<[number, number]> => {
  const one = await call('doctor', 'GET', `/stock-items/${itemId}`);
  const list = await call('doctor', 'GET', `/stock-items?filter[id]=${itemId}`);
  return [Number((one.body.data as Item).stock), Number((list.body.data as Item[])[0].stock)];
};

describe('dispensing', () => {
  it('takes the stock out, never more than the item holds, saying so in the caller’s language', async () => {
    const { itemId, visitId } = await stocked('Stock Amoxicillin', 10);
    expect(await stockOf(itemId)).toEqual([10, 10]);
    const dispense = { stock_item_id: itemId, kind: 'out', quantity: 4, date: today, visiting_id: visitId, prescription_line: 1 };
    await created('secretary', '/stock-movements', dispense);
    expect(await stockOf(itemId)).toEqual([6, 6]);
    for (const [lang, text] of [['en', 'Not enough in stock: only 6 box left'], ['ckb', 'بڕی پێویست لە کۆگادا نییە: تەنها 6 box ماوە'], ['ar', 'لا يوجد مخزون كافٍ: المتبقي 6 box فقط']]) {
      const refused = await call('nurse', 'POST', '/stock-movements', { ...dispense, quantity: 7 }, lang);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ quantity: [text] });
    }
    await created('nurse', '/stock-movements', { ...dispense, quantity: 6 });
    expect(await stockOf(itemId)).toEqual([0, 0]);
  });

  it.each([
    ['a line of another drug', { prescription_line: 0 }, 'stock_item_id'],
    ['a line the visit does not have', { prescription_line: 5 }, 'prescription_line'],
    ['a line without its visit', { visiting_id: null }, 'visiting_id'],
    ['a dispensing "in"', { kind: 'in' }, 'kind'],
  ])('refuses %s', async (_name, change, field) => {
    const { itemId, visitId } = await stocked(`Stock refusal ${field}-${String(Object.values(change)[0])}`, 5);
    const res = await call('doctor', 'POST', '/stock-movements', { stock_item_id: itemId, kind: 'out', quantity: 1, date: today, visiting_id: visitId, prescription_line: 1, ...change });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
    expect(await stockOf(itemId)).toEqual([5, 5]);
  });

  it('two dispensings racing for the last boxes: one is taken, the other refused, never less than nothing', async () => {
    // Four items raced at once: one race alone may not overlap, four in flight together do (checked by dropping the row lock).
    const items = [];
    for (const n of [1, 2, 3, 4]) items.push(await stocked(`Stock race ${n}`, 5));
    const dispense = ({ itemId, visitId }: { itemId: number; visitId: number }) => ({ stock_item_id: itemId, kind: 'out', quantity: 3, date: today, visiting_id: visitId, prescription_line: 1 });
    const answers = await Promise.all(items.flatMap((item) => [call('secretary', 'POST', '/stock-movements', dispense(item)), call('nurse', 'POST', '/stock-movements', dispense(item))]));
    for (const [n, item] of items.entries()) {
      const pair = answers.slice(2 * n, 2 * n + 2);
      expect(pair.map((a) => a.status).sort()).toEqual([201, 422]);
      expect(pair.find((a) => a.status === 422)!.body.errors).toEqual({ quantity: ['Not enough in stock: only 2 box left'] });
      expect(await stockOf(item.itemId)).toEqual([2, 2]);
    }
  });

  it('refuses a change or a deletion that would leave less than nothing', async () => {
    const { itemId } = await stocked('Stock Ibuprofen', 0);
    const delivery = await created('doctor', '/stock-movements', { stock_item_id: itemId, kind: 'in', quantity: 5, date: today });
    const out = await created('doctor', '/stock-movements', { stock_item_id: itemId, kind: 'out', quantity: 3, date: today });
    expect((await call('doctor', 'DELETE', `/stock-movements/${delivery}`)).status).toBe(422);
    expect((await call('doctor', 'PATCH', `/stock-movements/${delivery}`, { quantity: 2 })).status).toBe(422);
    expect((await call('doctor', 'PATCH', `/stock-movements/${out}`, { quantity: 6 })).status).toBe(422);
    expect((await call('doctor', 'PATCH', `/stock-movements/${out}`, { quantity: 5 })).status).toBe(200);
    expect(await stockOf(itemId)).toEqual([0, 0]);
    expect((await call('doctor', 'DELETE', `/stock-movements/${out}`)).status).toBeLessThan(300);
    expect(await stockOf(itemId)).toEqual([5, 5]);
  });
});

describe('who may do what', () => {
  it.each(['secretary', 'nurse'])('the %s reads the stock and records movements, but does not keep items or suppliers', async (user) => {
    const { itemId } = await stocked(`Stock roles ${user}`, 3);
    expect((await call(user, 'GET', `/stock-items/${itemId}`)).status).toBe(200);
    await created(user, '/stock-movements', { stock_item_id: itemId, kind: 'in', quantity: 1, date: today });
    expect((await call(user, 'POST', '/stock-items', { name: `Made by ${user}` })).status).toBe(403);
    expect((await call(user, 'PATCH', `/stock-items/${itemId}`, { reorder_level: 9 })).status).toBe(403);
    expect((await call(user, 'POST', '/suppliers', { name: `Supplier by ${user}` })).status).toBe(403);
  });
});

describe("the stock's alerts (the dashboard's card)", () => {
  it('show both warnings on a fresh demo: its seeded stock has an item under its reorder level and one expiring', async () => {
    const stock = (await call('doctor', 'GET', '/stock-items/alerts')).body.data as { low: { name: string; stock: number }[]; expiring: { name: string }[] };
    expect(stock.low).toContainEqual(expect.objectContaining({ name: 'Amoxicillin 500 mg', stock: 6 }));
    expect(stock.expiring.map((i) => i.name)).toContain('Omeprazole 20 mg');
    const items = (await call('doctor', 'GET', '/stock-items?per_page=100')).body.data as Item[];
    expect(Number(items.find((i) => i.name === 'Syringe 5 ml')?.stock)).toBe(180);
    expect(((await call('doctor', 'GET', '/suppliers')).body.data as unknown[]).length).toBeGreaterThanOrEqual(2);
  });

  it('warn of items at or under their reorder level and of those expiring within 30 days', async () => {
    const low = await stocked('Stock low', 2, { reorder_level: 2 });
    const fine = await stocked('Stock fine', 3, { reorder_level: 2, expiry_date: localDay(new Date()).add(31, 'day').format('YYYY-MM-DD') });
    const expiring = await stocked('Stock expiring', 9, { expiry_date: localDay(new Date()).add(30, 'day').format('YYYY-MM-DD') });
    const read = async (user: string) => {
      const res = await call(user, 'GET', '/stock-items/alerts');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { low: { id: number; stock: number }[]; expiring: { id: number }[] };
    };
    const answer = await read('doctor');
    expect(answer.low.find((i) => i.id === low.itemId)).toMatchObject({ stock: 2, reorder_level: 2, unit: 'box' });
    expect(answer.low.map((i) => i.id)).not.toContain(fine.itemId);
    expect(answer.expiring.map((i) => i.id)).toContain(expiring.itemId);
    expect(answer.expiring.map((i) => i.id)).not.toContain(fine.itemId);
    // One more out and the fine item is low too.
    await created('nurse', '/stock-movements', { stock_item_id: fine.itemId, kind: 'out', quantity: 1, date: today });
    expect((await read('nurse')).low.map((i) => i.id)).toContain(fine.itemId);
    // The module's own route: the dashboard's answer no longer carries the stock.
    expect((await call('doctor', 'GET', '/basedashboard')).body.data).not.toHaveProperty('stock');
  });

  it('are refused to staff who may not read the stock, and to a caller without a session', async () => {
    const made = await call('doctor', 'POST', '/tenantUsers', { username: 'nostock', name: 'No Stock', role: 2, password: 'a-long-passphrase-1' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const token = await t.login(DEMO, 'nostock', 'a-long-passphrase-1');
    expect((await t.call('GET', '/stock-items/alerts', { host: DEMO, token })).status).toBe(403);
    expect((await t.call('GET', '/stock-items/alerts', { host: DEMO })).status).toBe(401);
  });
});
