// Lab orders and results (issue 40): the doctor orders tests from a visit, which puts the visit's
// booking in "Lab Tracking" and makes an empty result per test; the nurse types the results (in
// Arabic-Indic digits too), each flagged against the range for the patient's sex and age on its
// day; the nurse may not order; the order form prints with a verification code.
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import { DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
let doctor: string;
let nurse: string;
const tests: Record<string, number> = {};

type Result = { id: number; lab_test_id: number; value: string | number | null; flag: string | null; reference: string | null; unit: string | null; resulted_on: string | null };

beforeAll(async () => {
  t = await startTestApp();
  doctor = await t.login(DEMO, 'doctor');
  nurse = await t.login(DEMO, 'nurse');
  const catalog = await t.call('GET', '/lab-tests?per_page=100', { host: DEMO, token: nurse });
  expect(catalog.status).toBe(200);
  for (const test of catalog.body.data as { id: number; name: string }[]) tests[test.name] = test.id;
});
afterAll(() => t?.close());

/** A day of birth that many years before today (a child stays ten whenever the test runs). */
const yearsAgo = (years: number) => dayjs().subtract(years, 'year').subtract(30, 'day').format('YYYY-MM-DD');

let bookings = 0;
const slot = (n: number) => `${String(8 + Math.floor(n / 3)).padStart(2, '0')}:${String((n % 3) * 20).padStart(2, '0')}`;

/** A patient, a booking (each in a slot of its own) and the visit recorded at it. */
async function visitOf(gender: number, dateOfBirth: string): Promise<{ patientId: number; appointmentId: number; visitId: number }> {
  const patient = await t.call('POST', '/patients', { host: DEMO, token: doctor, body: { name: `Lab patient ${gender}-${dateOfBirth}`, gender, date_of_birth: dateOfBirth } });
  expect(patient.status).toBe(201);
  const patientId = (patient.body.data as { id: number }).id;
  const booked = await t.call('POST', '/appointments', { host: DEMO, token: doctor, body: { patient_id: patientId, date: '2031-03-04', time: slot(bookings++) } });
  expect(booked.status).toBe(201);
  const appointmentId = (booked.body.data as { id: number }).id;
  const visit = await t.call('POST', '/visitings', { host: DEMO, token: doctor, body: { patient_id: patientId, appointment_id: appointmentId } });
  expect(visit.status).toBe(201);
  return { patientId, appointmentId, visitId: (visit.body.data as { id: number }).id };
}

const resultsOf = async (orderId: number): Promise<Result[]> => {
  const res = await t.call('GET', `/lab-results?filter[lab_order_id]=${orderId}&per_page=50`, { host: DEMO, token: nurse });
  expect(res.status).toBe(200);
  return res.body.data as Result[];
};

describe('ordering tests from a visit', () => {
  it("puts the booking in Lab Tracking and makes an empty result per test; the nurse may not order", async () => {
    const { patientId, appointmentId, visitId } = await visitOf(1, '1990-05-01');
    const body = { patient_id: patientId, visiting_id: visitId, tests: [{ lab_test_id: tests['Haemoglobin (Hb)'] }, { lab_test_id: tests.HbA1c }] };
    expect((await t.call('POST', '/lab-orders', { host: DEMO, token: nurse, body })).status).toBe(403);
    const before = await t.call('GET', `/appointments/${appointmentId}`, { host: DEMO, token: doctor });
    expect((before.body.data as { status: number }).status).toBe(APPOINTMENT_STATUS.done);

    const order = await t.call('POST', '/lab-orders', { host: DEMO, token: doctor, body });
    expect(order.status).toBe(201);
    const placed = order.body.data as { id: number; doctor_id: number; ordered_on: string; tests: { name: string; unit: string }[] };
    expect(placed.tests.map((l) => [l.name, l.unit])).toEqual([['Haemoglobin (Hb)', 'g/dL'], ['HbA1c', '%']]);
    expect(placed.ordered_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const after = await t.call('GET', `/appointments/${appointmentId}`, { host: DEMO, token: doctor });
    expect((after.body.data as { status: number }).status).toBe(APPOINTMENT_STATUS.lab);
    const results = await resultsOf(placed.id);
    expect(results.map((r) => [r.lab_test_id, r.value, r.reference, r.flag]).sort()).toEqual(
      [[tests['Haemoglobin (Hb)'], null, '12–15.5', null], [tests.HbA1c, null, '≤ 5.6', null]].sort(),
    );
  });

  it("refuses a visit of another patient", async () => {
    const a = await visitOf(0, '1980-01-01');
    const b = await visitOf(0, '1981-01-01');
    const res = await t.call('POST', '/lab-orders', { host: DEMO, token: doctor, body: { patient_id: a.patientId, visiting_id: b.visitId, tests: [{ lab_test_id: tests.TSH }] } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['visiting_id']);
  });
});

describe("a result typed by the nurse is flagged against the patient's range", () => {
  // Haemoglobin: 11–14.5 for ages 1 to 12, 13.5–17.5 for men, 12–15.5 for women (seed-labs.ts).
  it.each([
    ['a woman, 12.9 (inside hers)', 1, '1990-05-01', '12.9', 12.9, null, '12–15.5'],
    ['a man, 12.9 (below his)', 0, '1990-05-01', '12.9', 12.9, 'low', '13.5–17.5'],
    ['a man, at his low end', 0, '1990-05-01', '13.5', 13.5, null, '13.5–17.5'],
    ['a woman, just above her high end', 1, '1990-05-01', '15.6', 15.6, 'high', '12–15.5'],
    ['a girl of ten, 14.8 in Arabic-Indic digits', 1, yearsAgo(10), '١٤٫٨', 14.8, 'high', '11–14.5'],
    ['a boy of ten, 11 in Arabic-Indic digits (his low end)', 0, yearsAgo(10), '١١', 11, null, '11–14.5'],
  ])('%s', async (_, gender, born, typed, value, flag, reference) => {
    const { patientId, visitId } = await visitOf(gender, born);
    const order = await t.call('POST', '/lab-orders', { host: DEMO, token: doctor, body: { patient_id: patientId, visiting_id: visitId, tests: [{ lab_test_id: tests['Haemoglobin (Hb)'] }] } });
    expect(order.status).toBe(201);
    const [result] = await resultsOf((order.body.data as { id: number }).id);
    const saved = await t.call('PATCH', `/lab-results/${result.id}`, { host: DEMO, token: nurse, body: { value: typed } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const r = saved.body.data as Result;
    expect([Number(r.value), r.flag, r.reference, r.unit]).toEqual([value, flag, reference, 'g/dL']);
    expect(r.resulted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('a result entered by hand, without an order, is flagged too', async () => {
    const { patientId } = await visitOf(0, '1970-01-01');
    const res = await t.call('POST', '/lab-results', { host: DEMO, token: nurse, body: { patient_id: patientId, lab_test_id: tests['Fasting blood glucose'], value: '١٢٦' } });
    expect(res.status).toBe(201);
    expect((res.body.data as Result).flag).toBe('high');
  });
});

describe('the printed order form', () => {
  it('gets a verification code whose page names the lab order, and the nurse may print it', async () => {
    const { patientId, visitId } = await visitOf(1, '1985-02-02');
    const order = await t.call('POST', '/lab-orders', { host: DEMO, token: doctor, body: { patient_id: patientId, visiting_id: visitId, tests: [{ lab_test_id: tests.Creatinine }] } });
    const id = (order.body.data as { id: number }).id;
    const content = { kind: 'lab_order', clinic: 'Demo', tests: [{ name: 'Creatinine', unit: 'mg/dL' }] };
    const printed = await t.call('POST', `/lab-orders/${id}/printed-documents`, { host: DEMO, token: nurse, body: { content } });
    expect(printed.status).toBe(200);
    const url = (printed.body.data as { url: string }).url;
    const page = await t.call('GET', `/public/printed-documents/${/\/verify\/([^/]+)$/.exec(url)![1]}`, { host: DEMO, token: null });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ status: 'valid', kind: 'lab_order' });
    expect((await t.call('POST', `/lab-orders/999999/printed-documents`, { host: DEMO, token: doctor, body: { content } })).status).toBe(404);
  });
});

type Booking = { status: number };
const statusOf = async (appointmentId: number): Promise<number> => ((await t.call('GET', `/appointments/${appointmentId}`, { host: DEMO, token: doctor })).body.data as Booking).status;
const order = async (patientId: number, visitId: number, names: string[]): Promise<{ id: number; results: Result[] }> => {
  const res = await t.call('POST', '/lab-orders', { host: DEMO, token: doctor, body: { patient_id: patientId, visiting_id: visitId, tests: names.map((n) => ({ lab_test_id: tests[n] })) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = (res.body.data as { id: number }).id;
  return { id, results: await resultsOf(id) };
};
const rowOf = (results: Result[], name: string): Result => results.find((r) => r.lab_test_id === tests[name])!;

describe('a text result is flagged when it is not one of its test\'s normal answers', () => {
  it.each([
    ['a pregnancy test, "negative" (its normal answer, in another case)', 'Pregnancy test (urine hCG)', ' negative ', 'negative', null, 'Negative'],
    ['a pregnancy test, "Positive"', 'Pregnancy test (urine hCG)', 'Positive', 'Positive', 'abnormal', 'Negative'],
    ['a urine culture growing E. coli', 'Urine culture', 'E. coli > 10⁵ CFU/mL', 'E. coli > 10⁵ CFU/mL', 'abnormal', 'No growth'],
    ['a blood group (no normal answer: never flagged)', 'Blood group (ABO/Rh)', 'O Rh+', 'O Rh+', null, null],
  ])('%s', async (_, test, typed, stored, flag, reference) => {
    const { patientId, visitId } = await visitOf(1, '1992-03-03');
    const { results } = await order(patientId, visitId, [test]);
    expect([results[0].reference, results[0].unit]).toEqual([reference, null]);
    const saved = await t.call('PATCH', `/lab-results/${results[0].id}`, { host: DEMO, token: nurse, body: { value_text: typed } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const r = saved.body.data as Result & { value_text: string };
    expect([r.value_text, r.value, r.flag, r.reference]).toEqual([stored, null, flag, reference]);
    expect(r.resulted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('each kind holds only its own values, on the server', () => {
  it.each([
    ['a number for a text test', 'Pregnancy test (urine hCG)', { value: 1 }, 'value'],
    ['a text for a number test', 'Haemoglobin (Hb)', { value_text: 'high' }, 'value_text'],
    ['a number that is no number', 'Haemoglobin (Hb)', { value: 'twelve' }, 'value'],
    ['a text past 500 characters', 'Urine culture', { value_text: 'x'.repeat(501) }, 'value_text'],
  ])('a result: %s is refused on its field', async (_, test, body, field) => {
    const { patientId, visitId } = await visitOf(0, '1975-07-07');
    const { results } = await order(patientId, visitId, [test]);
    const res = await t.call('PATCH', `/lab-results/${results[0].id}`, { host: DEMO, token: nurse, body });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
  });

  let n = 0;
  it.each([
    ['a text test with a range', { result_kind: 'text', low: 1 }, 'low'],
    ['a text test with a unit', { result_kind: 'text', unit: 'mg/dL' }, 'unit'],
    ['a text test with bands', { result_kind: 'text', ranges: [{ low: 1, high: 2 }] }, 'ranges'],
    ['a number test with normal answers', { result_kind: 'number', answers: [{ text: 'Negative' }] }, 'answers'],
    ['an unknown kind', { result_kind: 'colour' }, 'result_kind'],
  ])('the catalog: %s is refused on its field', async (_, body, field) => {
    const res = await t.call('POST', '/lab-tests', { host: DEMO, token: doctor, body: { name: `Kind check ${Date.now()}-${n++}`, ...body } });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
  });

  it('a test turned from a number to a text keeps no range, and takes normal answers', async () => {
    const made = await t.call('POST', '/lab-tests', { host: DEMO, token: doctor, body: { name: `Turned ${Date.now()}`, unit: 'mg/dL', low: 1, high: 5, ranges: [{ sex: 0, low: 2, high: 4 }] } });
    expect(made.status).toBe(201);
    const id = (made.body.data as { id: number }).id;
    const turned = await t.call('PATCH', `/lab-tests/${id}`, { host: DEMO, token: doctor, body: { result_kind: 'text', answers: [{ text: 'Not seen' }] } });
    expect(turned.status, JSON.stringify(turned.body)).toBe(200);
    const test = turned.body.data as Record<string, unknown>;
    expect([test.result_kind, test.unit, test.low, test.high, test.ranges, test.answers]).toEqual(['text', null, null, null, [], [{ text: 'Not seen' }]]);
  });
});

describe("an order's results typed on one screen", () => {
  it('saves every row at once, in Arabic-Indic digits, each judged, and the booking leaves Lab Tracking', async () => {
    const { patientId, appointmentId, visitId } = await visitOf(1, '1990-05-01');
    const { id, results } = await order(patientId, visitId, ['Haemoglobin (Hb)', 'Pregnancy test (urine hCG)', 'TSH']);
    expect(await statusOf(appointmentId)).toBe(APPOINTMENT_STATUS.lab);
    const body = { results: [{ id: rowOf(results, 'Haemoglobin (Hb)').id, value: '١٦' }, { id: rowOf(results, 'Pregnancy test (urine hCG)').id, value_text: 'Negative' }, { id: rowOf(results, 'TSH').id, value: '٢٫٥' }] };
    const saved = await t.call('PATCH', `/lab-orders/${id}/results`, { host: DEMO, token: nurse, body });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const rows = saved.body.data as (Result & { value_text: string | null })[];
    expect(rows.map((r) => [r.lab_test_id, r.value === null ? null : Number(r.value), r.value_text, r.flag])).toEqual([
      [tests['Haemoglobin (Hb)'], 16, null, 'high'],
      [tests['Pregnancy test (urine hCG)'], null, 'Negative', null],
      [tests.TSH, 2.5, null, null],
    ]);
    // Every result in: back to what the order took the booking from (Done, set by the visit).
    expect(await statusOf(appointmentId)).toBe(APPOINTMENT_STATUS.done);
  });

  it.each([
    ['a row of the wrong kind: none saved, the row named', (r: Result[]) => [{ id: r[0].id, value: 13 }, { id: r[1].id, value: 3 }], 422, ['results.1.value']],
    ['a number out of what is possible', (r: Result[]) => [{ id: r[0].id, value: 2_000_000 }], 422, ['results.0.value']],
    ['a field that is not entered here', (r: Result[]) => [{ id: r[0].id, flag: 'low' }], 422, ['results.0.flag']],
    ["another order's result", () => [{ id: 1, value: 1 }], 404, []],
  ])('refuses %s', async (_, rows, status, fields) => {
    const { patientId, visitId } = await visitOf(0, '1988-08-08');
    const { id, results } = await order(patientId, visitId, ['Haemoglobin (Hb)', 'Urine culture']);
    const sorted = [rowOf(results, 'Haemoglobin (Hb)'), rowOf(results, 'Urine culture')];
    const res = await t.call('PATCH', `/lab-orders/${id}/results`, { host: DEMO, token: nurse, body: { results: rows(sorted) } });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(Object.keys(res.body.errors ?? {})).toEqual(fields);
    expect((await resultsOf(id)).every((r) => r.value === null)).toBe(true);
  });

  it('is 404 for an order that is not there', async () => {
    expect((await t.call('PATCH', '/lab-orders/999999/results', { host: DEMO, token: nurse, body: { results: [{ id: 1, value: 1 }] } })).status).toBe(404);
  });
});

describe('the booking leaves Lab Tracking once the last result of its orders is in', () => {
  it.each([
    ['one order, its results typed one by one', null, 1, APPOINTMENT_STATUS.done],
    ['two orders at the booking, only the first one in', null, 2, APPOINTMENT_STATUS.lab],
    ['a booking set to Waiting after the visit: back to Waiting', APPOINTMENT_STATUS.waiting, 1, APPOINTMENT_STATUS.waiting],
  ])('%s', async (_, setBefore, orders, after) => {
    const { patientId, appointmentId, visitId } = await visitOf(0, '1965-06-06');
    if (setBefore !== null) expect((await t.call('PATCH', `/appointments/${appointmentId}`, { host: DEMO, token: doctor, body: { status: setBefore } })).status).toBe(200);
    const first = await order(patientId, visitId, ['Creatinine', 'Urine culture']);
    if (orders > 1) await order(patientId, visitId, ['Urea']);
    expect(await statusOf(appointmentId)).toBe(APPOINTMENT_STATUS.lab);
    // The first result alone leaves it waiting for the second.
    expect((await t.call('PATCH', `/lab-results/${rowOf(first.results, 'Creatinine').id}`, { host: DEMO, token: nurse, body: { value: 0.9 } })).status).toBe(200);
    expect(await statusOf(appointmentId)).toBe(APPOINTMENT_STATUS.lab);
    expect((await t.call('PATCH', `/lab-results/${rowOf(first.results, 'Urine culture').id}`, { host: DEMO, token: nurse, body: { value_text: 'No growth' } })).status).toBe(200);
    expect(await statusOf(appointmentId)).toBe(after);
  });

  it('leaves a booking someone moved out of Lab Tracking as they set it', async () => {
    const { patientId, appointmentId, visitId } = await visitOf(1, '1970-04-04');
    const { results } = await order(patientId, visitId, ['TSH']);
    expect((await t.call('PATCH', `/appointments/${appointmentId}`, { host: DEMO, token: doctor, body: { status: APPOINTMENT_STATUS.postponed } })).status).toBe(200);
    expect((await t.call('PATCH', `/lab-results/${results[0].id}`, { host: DEMO, token: nurse, body: { value: 1 } })).status).toBe(200);
    expect(await statusOf(appointmentId)).toBe(APPOINTMENT_STATUS.postponed);
  });
});
