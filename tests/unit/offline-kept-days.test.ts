// Which lists answered from the device during a cut are not the whole (src/shared/keptDays.ts
// keptDaysOnly): the device keeps bookings from 7 days back to 30 ahead, and today's visits and
// payments; a list reaching outside those days (a patient's visits, a day next month) must be
// said to be partial, one within them (today's queue, this week) not.
import { describe, expect, it } from 'vitest';
import { type DayFilter, keptDaysOnly } from '../../src/shared/keptDays';

const TODAY = '2026-11-27';
const eq = (field: string, value: string): DayFilter => ({ field, operator: 'eq', value });

describe('keptDaysOnly: a list from the device that may lack rows the server has', () => {
  it.each([
    { name: "a patient's visits (no date)", resource: 'visitings', filters: [eq('patient_id', '12')], kept: { from: TODAY, to: TODAY } },
    { name: "today's visits", resource: 'visitings', filters: [eq('date', TODAY)], kept: null },
    { name: "yesterday's visits", resource: 'visitings', filters: [eq('date', '2026-11-26')], kept: { from: TODAY, to: TODAY } },
    { name: "a patient's payments", resource: 'payments', filters: [eq('patient_id', '12')], kept: { from: TODAY, to: TODAY } },
    { name: "today's queue", resource: 'appointments', filters: [eq('date', TODAY)], kept: null },
    { name: 'a day within the month ahead', resource: 'appointments', filters: [eq('date', '2026-12-20')], kept: null },
    { name: 'a day beyond it', resource: 'appointments', filters: [eq('date', '2027-01-20')], kept: { from: '2026-11-20', to: '2026-12-27' } },
    {
      name: 'a week within',
      resource: 'appointments',
      filters: [{ field: 'date', operator: 'gte', value: '2026-11-23' }, { field: 'date', operator: 'lte', value: '2026-11-29' }],
      kept: null,
    },
    {
      name: 'a week reaching back past the kept days',
      resource: 'appointments',
      filters: [{ field: 'date', operator: 'gte', value: '2026-11-16' }, { field: 'date', operator: 'lte', value: '2026-11-22' }],
      kept: { from: '2026-11-20', to: '2026-12-27' },
    },
    { name: 'from a day, no end', resource: 'appointments', filters: [{ field: 'date', operator: 'gte', value: TODAY }], kept: { from: '2026-11-20', to: '2026-12-27' } },
    { name: "a patient's bookings", resource: 'appointments', filters: [eq('patient_id', '12')], kept: { from: '2026-11-20', to: '2026-12-27' } },
    { name: 'patients (kept whole)', resource: 'patients', filters: [], kept: null },
    { name: 'a resource not kept', resource: 'tasks', filters: [], kept: null },
  ])('$name', ({ resource, filters, kept }) => {
    expect(keptDaysOnly(resource, filters, TODAY)).toEqual(kept);
  });
});
