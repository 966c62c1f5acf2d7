// Logic behind the clinic screens: ages, month labels and the accounting year, the permission
// matrix, today's queue, per-row visit errors, the visit body, the printed prescription, vitals, the services offered.
import { pricesFor } from '../../src/client/pages/clinic/ServiceSelect';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ageFromDob, formatAge } from '../../src/client/pages/clinic/lib/age';
import { chartSeries, monthLabel, yearRows } from '../../src/client/pages/clinic/lib/months';
import { groupPermissions, rowState, toggleId, toggleRow } from '../../src/client/pages/clinic/lib/permissionMatrix';
import { groupQueue, nextMoves, nextWaiting, shortTime } from '../../src/client/pages/clinic/lib/queue';
import { toE164 } from '../../src/shared/phone';
import { printModel } from '../../src/client/pages/clinic/lib/printModel';
import { visitBody, visitValues } from '../../src/client/pages/clinic/lib/visitBody';
import { vitalSeries } from '../../src/client/pages/clinic/lib/vitals';
import { i18n, translate } from '../../src/client/i18n';

const tt = (key: string, o?: Record<string, unknown> | string) => translate(key, o);

describe('age from date of birth', () => {
  const today = dayjs('2025-06-15');
  it('counts whole years, the birthday itself included', () => {
    expect(ageFromDob('1990-06-15', today)).toEqual({ years: 35, months: 0 });
    expect(ageFromDob('1990-06-16', today)).toEqual({ years: 34, months: 11 });
    expect(ageFromDob('2024-02-29', today)).toEqual({ years: 1, months: 3 });
  });
  it('is unknown for missing, invalid or future dates', () => {
    expect(ageFromDob(null, today)).toBeNull();
    expect(ageFromDob('not a date', today)).toBeNull();
    expect(ageFromDob('2030-01-01', today)).toBeNull();
  });
  it('is written in years, or in months under two, in the chosen language', async () => {
    await i18n.changeLanguage('en');
    expect(formatAge(tt, { years: 34, months: 2 })).toBe('34 yrs');
    expect(formatAge(tt, { years: 1, months: 3 })).toBe('15 mo');
    await i18n.changeLanguage('ckb');
    expect(formatAge(tt, { years: 34, months: 2 })).toBe('34 ساڵ');
    expect(formatAge(tt, null)).toBe('');
  });
});

describe('months and the accounting year', () => {
  it('labels months in each language and leaves nonsense alone', async () => {
    await i18n.changeLanguage('en');
    expect(monthLabel(tt, 1)).toBe('January');
    expect(monthLabel(tt, 12)).toBe('December');
    expect(monthLabel(tt, 13)).toBe('13');
    await i18n.changeLanguage('ar');
    expect(monthLabel(tt, 3)).toBe('آذار');
    await i18n.changeLanguage('ckb');
    expect(monthLabel(tt, 1)).toBe('کانوونی دووەم');
  });
  it('always gives twelve rows, coercing the numeric strings PostgreSQL sends', () => {
    const rows = yearRows([{ month: 3, incomes: '150.50' as unknown as number, expenses: 50, profit: 100.5 }]);
    expect(rows).toHaveLength(12);
    expect(rows[2]).toEqual({ month: 3, incomes: 150.5, expenses: 50, profit: 100.5 });
    expect(rows[0]).toEqual({ month: 1, incomes: 0, expenses: 0, profit: 0 });
    expect(yearRows(undefined).every((r) => r.profit === 0)).toBe(true);
  });
  it('makes a grouped series of incomes and expenses', async () => {
    await i18n.changeLanguage('en');
    const s = chartSeries(tt, yearRows([{ month: 1, incomes: 10, expenses: 4, profit: 6 }]));
    expect(s).toHaveLength(24);
    expect(s[0]).toEqual({ month: 'January', kind: 'Incomes', value: 10 });
    expect(s[1]).toEqual({ month: 'January', kind: 'Expenses', value: 4 });
  });
});

describe('permission matrix', () => {
  const catalogue = [
    { id: 1, name: 'read', table_name: 'patients' },
    { id: 2, name: 'create', table_name: 'patients' },
    { id: 3, name: 'update', table_name: 'patients' },
    { id: 4, name: 'delete', table_name: 'patients' },
    { id: 5, name: 'read', table_name: 'accounting' },
    { id: 6, name: 'export', table_name: 'accounting' },
  ];
  it('groups the catalogue by table, sorted, ignoring unknown actions', () => {
    const rows = groupPermissions(catalogue);
    expect(rows.map((r) => r.table)).toEqual(['accounting', 'patients']);
    expect(rows[0].ids).toEqual({ read: 5 });
    expect(rows[1].ids).toEqual({ read: 1, create: 2, update: 3, delete: 4 });
  });
  it('toggles single ids and whole rows without duplicates', () => {
    const [, patients] = groupPermissions(catalogue);
    expect(toggleId([5, 1], 1, true)).toEqual([1, 5]);
    expect(toggleId([5, 1], 1, false)).toEqual([5]);
    const all = toggleRow([5, 2], patients, true);
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(rowState(all, patients)).toBe('all');
    expect(rowState([2], patients)).toBe('some');
    expect(toggleRow(all, patients, false)).toEqual([5]);
    expect(rowState([5], patients)).toBe('none');
  });
});

describe("today's queue", () => {
  it('groups by status in working order, each group by time', () => {
    const groups = groupQueue([
      { id: 1, status: 6, time: '08:00' },
      { id: 2, status: 1, time: '10:30:00' },
      { id: 3, status: 1, time: '09:15:00' },
      { id: 4, status: 0, time: '11:00' },
    ]);
    expect(groups.map((g) => g.status)).toEqual([1, 3, 0, 4, 2, 5, 6, 7]);
    expect(groups[0].items.map((i) => i.id)).toEqual([3, 2]);
    expect(groups[2].items.map((i) => i.id)).toEqual([4]);
    expect(groups[6].items.map((i) => i.id)).toEqual([1]);
  });
  it('offers Waiting from Active and Done from Waiting, nothing from Done; a booking to come can be cancelled and booked again', () => {
    expect(nextMoves(0)).toContain(1);
    expect(nextMoves(1)).toContain(6);
    expect(nextMoves(6)).toEqual([]);
    expect(nextMoves(0)).toContain(7);
    expect(nextMoves(3)).toContain(7);
    expect(nextMoves(1)).not.toContain(7);
    expect(nextMoves(7)).toEqual([0]);
    expect(shortTime('09:15:00')).toBe('09:15');
  });
  it('after a visit, the next patient is the first checked in of those still waiting, then the earliest booked', () => {
    const day = [
      { id: 1, status: 1, time: '09:00', checked_in_at: '2026-11-25T09:20:00Z' },
      { id: 2, status: 1, time: '09:20', checked_in_at: '2026-11-25T09:05:00Z' },
      { id: 3, status: 6, time: '08:40', checked_in_at: '2026-11-25T08:30:00Z' },
      { id: 4, status: 1, time: '08:50', checked_in_at: null },
    ];
    expect(nextWaiting(day, 99)?.id).toBe(2);
    expect(nextWaiting(day, 2)?.id).toBe(1);
    expect(nextWaiting(day.filter((a) => a.id !== 1), 2)?.id).toBe(4);
    expect(nextWaiting(day.filter((a) => a.id === 3), 2)).toBeUndefined();
  });
});

describe('visit body', () => {
  it('sends blanks as null and advice selections as id objects', () => {
    const body = visitBody(
      { chief_complaint: '  cough ', physician_diagnosis: '', prescriptions: [{ drug_id: 4, dose: '500 mg', frequency: ' ' }], examinations: [2, 3], fee: 25000, payment: 20000, payment_method: 3 },
      7,
      11,
    );
    expect(body).toMatchObject({ patient_id: 7, appointment_id: 11, chief_complaint: 'cough', physician_diagnosis: null, fee: 25000, payment: 20000, payment_method: 3 });
    expect(body).not.toHaveProperty('paid_amount');
    // No payment taken: nothing is paid with the save.
    expect(visitBody({ fee: 25000, payment: 0, payment_method: 1 }, 7, null)).toMatchObject({ payment: null, payment_method: null });
    expect(body.prescriptions).toEqual([{ drug_id: 4, dose: '500 mg', frequency: null, duration: null, notes: null }]);
    expect(body.examinations).toEqual([{ examination_id: 2 }, { examination_id: 3 }]);
    expect(body.life_styles).toEqual([]);
  });
  it('fills the form back from a saved visit, so saving it unchanged sends the same body', () => {
    const saved = {
      patient_id: 7, appointment_id: null, chief_complaint: 'cough', history_of_present_illness: null, physician_diagnosis: 'Flu', notes: null,
      prescriptions: [{ drug_id: 4, name: 'Amoxicillin', dose: '500 mg', frequency: null, duration: '5 days', notes: null }],
      examinations: [{ examination_id: 2, name: 'CBC' }], life_styles: [], attachments: [{ upload_id: 9, note: null }], fee: '25000.00', paid_amount: '0.00',
    };
    const values = visitValues(saved);
    expect(values).toMatchObject({ chief_complaint: 'cough', examinations: [2], fee: 25000 });
    const body = visitBody(values, 7, null);
    // What was paid is the ledger's: an unchanged save takes no payment.
    expect(body).toMatchObject({ chief_complaint: 'cough', history_of_present_illness: null, physician_diagnosis: 'Flu', fee: 25000, payment: null, attachments: [{ upload_id: 9, note: null }] });
    expect(body.prescriptions).toEqual([{ drug_id: 4, dose: '500 mg', frequency: null, duration: '5 days', notes: null }]);
    expect(body.examinations).toEqual([{ examination_id: 2 }]);
    expect(body.physical_theraphies).toEqual([]);
  });
});

describe('printed prescription', () => {
  const letterhead = { name: 'Dr. Aram Clinic', specialty: 'Internal medicine', address: null, phone: '+9647701234567', licence_number: 'IQ-20931', paper_size: 'A5' as const, logo: null };
  it('carries the letterhead, patient, age at the visit date, diagnosis, drugs and labelled advice, right to left in Kurdish', () => {
    const m = printModel({
      lang: 'ckb',
      letterhead,
      doctor: 'Dr. Aram',
      patient: { name: 'Shilan', date_of_birth: '1990-03-01', gender: 1, file_number: 42 },
      allergies: [{ substance: 'Penicillin', severity: 3 }, { substance: '' }],
      visit: {
        date: '2025-03-01',
        physician_diagnosis: 'Flu',
        prescriptions: [{ drug_id: 1, name: 'Paracetamol', strength: '500 mg', form: 'Tablet', dose: '1', frequency: '3x', duration: '5 days' }, { drug_id: 2 }],
        life_styles: [{ life_style_id: 1, name: 'Rest' }],
        physical_theraphies: [{ physical_theraphy_id: 1, name: 'Neck exercises' }],
      },
    });
    expect(m).toMatchObject({ dir: 'rtl', letterhead, doctor: 'Dr. Aram', patient: 'Shilan', fileNumber: '42', gender: 1, date: '2025-03-01', diagnosis: 'Flu', age: { years: 35, months: 0 } });
    expect(m.allergies).toEqual([{ substance: 'Penicillin', severity: 3 }]);
    expect(m.lines).toEqual([{ drug: 'Paracetamol', strength: '500 mg', form: 'Tablet', dose: '1', frequency: '3x', duration: '5 days', notes: '' }]);
    // Each kind of advice under its own heading, in the visit's order; empty kinds left out.
    expect(m.sections).toEqual([{ field: 'life_styles', items: ['Rest'] }, { field: 'physical_theraphies', items: ['Neck exercises'] }]);
  });

  it('makes a sick note of the days asked (1 to 60) from the visit day, and a referral letter to whom it says', () => {
    const visit = { date: '2026-11-20', physician_diagnosis: 'Flu', examination_findings: 'Fever 38.5' };
    const note = printModel({ lang: 'ckb', letterhead, visit, document: 'sickNote', letter: { days: 5 } });
    expect(note).toMatchObject({ document: 'sickNote', rest: { days: 5, from: '2026-11-20', until: '2026-11-24' }, diagnosis: 'Flu' });
    expect(printModel({ lang: 'ckb', letterhead, visit, document: 'sickNote', letter: { days: 400 } }).rest?.days).toBe(60);
    const referral = printModel({ lang: 'ar', letterhead, visit, document: 'referral', letter: { to: ' Shar Hospital, cardiology ' } });
    expect(referral).toMatchObject({ document: 'referral', to: 'Shar Hospital, cardiology', findings: 'Fever 38.5', rest: null });
    expect(printModel({ lang: 'en', letterhead, visit }).document).toBe('prescription');
  });

  it("names the doctor once: not again when the clinic's name is the doctor's", () => {
    expect(printModel({ lang: 'en', letterhead: { ...letterhead, name: 'Dr. Aram' }, doctor: 'Dr. Aram', visit: {} }).doctor).toBe('');
    const bare = printModel({ lang: 'en', clinic: 'Demo Clinic', visit: {} });
    expect(bare).toMatchObject({ dir: 'ltr', letterhead: { name: 'Demo Clinic', paper_size: 'A5' }, gender: null, fileNumber: '', allergies: [] });
  });
});

describe('vital sign trend', () => {
  it('orders by time and skips blanks', () => {
    const s = vitalSeries(
      [
        { measured_at: '2025-02-01T10:00:00Z', weight: '81.5', bmi: null },
        { measured_at: '2025-01-01T10:00:00Z', weight: 80, bmi: 26.1 },
      ],
      (f) => f,
      (v) => v.slice(0, 10),
    );
    expect(s).toEqual([
      { x: '2025-01-01', series: 'weight', value: 80 },
      { x: '2025-01-01', series: 'bmi', value: 26.1 },
      { x: '2025-02-01', series: 'weight', value: 81.5 },
    ]);
  });
});

// The create form's existing-record warning asks filter[phone]=, which the server reads as E.164.
describe('duplicate phones', () => {
  it.each([
    ['0750 123 4567', '+964 750 123 4567', true],
    ['07501234567', '+964-750-123-4567', true],
    ['٠٧٥٠ ١٢٣ ٤٥٦٧', '+9647501234567', true],
    ['0750 123 4567', '0750 123 4568', false],
  ])('%s and %s: %s', (a, b, same) => {
    expect(toE164(a) === toE164(b)).toBe(same);
  });
  it('a number too short names nobody', () => {
    expect(toE164('123')).toBeNull();
  });
});

describe("the clinics' day on the server", () => {
  it('is the date in Asia/Baghdad, not in UTC', async () => {
    const { dayOf } = await import('../../src/server/days');
    expect(dayOf(new Date('2026-11-22T20:59:00Z'))).toBe('2026-11-22');
    expect(dayOf(new Date('2026-11-22T21:00:00Z'))).toBe('2026-11-23');
  });
});

describe('services offered for a doctor', () => {
  const prices = [
    { id: 1, name: 'Consultation', price: 25000, doctor_id: null },
    { id: 2, name: 'Consultation', price: 20000, doctor_id: 7 },
    { id: 3, name: 'ECG', price: 15000, doctor_id: null },
    { id: 4, name: 'Home visit', price: 50000, doctor_id: 9 },
  ];
  it("are the doctor's own prices, then everyone's not named alike; another doctor's never", () => {
    expect(pricesFor(prices, 7).map((p) => p.id)).toEqual([2, 3]);
    expect(pricesFor(prices, 8).map((p) => p.id)).toEqual([1, 3]);
    expect(pricesFor(prices, undefined).map((p) => p.id)).toEqual([1, 3]);
  });
});
