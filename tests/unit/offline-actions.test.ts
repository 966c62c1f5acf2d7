// Actions a desk may do during a cut as the plain writes they are made of (issue 37 item 2;
// src/client/offline/actions.ts): postponing a booking is the booking set to Postponed (on the
// version the device holds) and a new booking at the chosen slot carrying what the server's
// postpone route carries; nothing else among the custom writes is kept.
import { describe, expect, it } from 'vitest';
import { offlineAction, postponeWrites, withClientRef } from '../../src/client/offline/actions';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';
import { POSTPONE_CARRIED } from '../../src/shared/slots';

describe('which custom writes the device keeps as plain writes', () => {
  it.each<[string, string, string, { resource: string; id: string } | null]>([
    ['postponing a booking', '/appointments/12/postpone', 'post', { resource: 'appointments', id: '12' }],
    ['postponing a booking made offline (a provisional id)', '/appointments/-3/postpone', 'post', { resource: 'appointments', id: '-3' }],
    ['with a query', '/appointments/12/postpone?x=1', 'post', { resource: 'appointments', id: '12' }],
    ['another verb', '/appointments/12/postpone', 'put', null],
    ['repeats', '/appointments/series', 'post', null],
    ['"this and following"', '/appointments/12/following', 'post', null],
    ['a refund', '/payments/12/refund', 'post', null],
  ])('%s', (_name, url, method, expected) => {
    const action = offlineAction(url, method);
    expect(action && { resource: action.resource, id: action.id }).toEqual(expected);
  });
});

describe('postponing during a cut', () => {
  const booking = { id: 12, version: 4, patient_id: 7, doctor_id: 2, date: '2026-03-01', time: '09:00:00', duration_minutes: 20, origin: 1, type: 2, amount: '15000', paid_amount: '5000', status: 1, referral: null };
  const slot = { date: '2026-03-08', time: '10:30' };

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a booking the server has: changed on its version, the new one carrying its fields', booking, { patient_id: 7, doctor_id: 2, duration_minutes: 20, origin: 1, type: 2, amount: '15000' }],
    ['a booking made offline, for a patient made offline (provisional ids), with no doctor yet', { id: -5, version: 0, patient_id: -3, date: '2026-03-01', time: '09:00', duration_minutes: 15, status: 0 }, { patient_id: -3, duration_minutes: 15 }],
  ])('%s', (_name, record, carried) => {
    const [postponed, made] = postponeWrites(record, slot, 'a-ref');
    expect(postponed).toEqual({ resource: 'appointments', id: record.id, body: { status: APPOINTMENT_STATUS.postponed }, version: record.version, original: record });
    expect(made).toEqual({ resource: 'appointments', body: { ...carried, date: slot.date, time: slot.time, status: APPOINTMENT_STATUS.active, client_ref: 'a-ref' } });
    // Never the payment, the status or the old slot: only what the server's route carries.
    for (const field of Object.keys(made.body)) expect([...POSTPONE_CARRIED, 'date', 'time', 'status', 'client_ref']).toContain(field);
  });
});

describe("an action's key as its new record's client reference", () => {
  const key = '0f8fa1d2-3c4b-4e5f-8a9b-0c1d2e3f4a5b';
  it.each<[string, unknown, string, unknown]>([
    ['the slot and the key', { date: '2031-06-29', time: '09:30' }, key, { date: '2031-06-29', time: '09:30', client_ref: key }],
    ['no values', undefined, key, { client_ref: key }],
    ["a caller's own key that is no UUID: left out (the server would refuse it)", { date: '2031-06-29', time: '09:30' }, 'form-7', { date: '2031-06-29', time: '09:30' }],
  ])('%s', (_name, values, given, expected) => {
    expect(withClientRef(values, given)).toEqual(expected);
  });
});
