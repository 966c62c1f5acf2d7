import './helpers/env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formLevelError } from '../../src/client/engine/formRules';
import { relationText } from '../../src/shared/labels';
import type { Translate } from '../../src/shared/labels';
import { answerOf } from '../../src/client/pages/central/doctorApi';
import { agePoints, enumPoints, labelledPoints, monthLabel, registrationPoints } from '../../src/client/pages/central/dashboardData';
import { requestDoctorName } from '../../src/client/pages/central/requestLabels';
import { remainingDays, remainingTone, statusActions } from '../../src/client/pages/central/subscription';
import { fieldErrors, profileBody } from '../../src/client/pages/profile/profileApi';
import { parseBell } from '../../src/client/providers/bell';
import { dataProvider } from '../../src/client/providers/dataProvider';
import { ApiError } from '../../src/client/providers/http';
import { setToastSink } from '../../src/client/providers/notify';
import { isPendingAnswer, pendingOf } from '../../src/client/providers/pending';
import { clearSession } from '../../src/client/providers/session';
import { fakeFetch, json } from './helpers/env';

// A translate that shows which key was asked for.
const t: Translate = (key, options) => (typeof options === 'object' && options ? `${key}:${JSON.stringify(options)}` : `<${key}>`);

describe('subscription days', () => {
  const today = new Date(2026, 10, 22, 15, 30); // 22 Nov 2026, afternoon
  it('counts whole days to the end, negative once ended', () => {
    expect(remainingDays('2026-12-22', today)).toBe(30);
    expect(remainingDays('2026-11-22', today)).toBe(0);
    expect(remainingDays('2026-11-21', today)).toBe(-1);
    expect(remainingDays('2027-11-22T00:00:00.000Z', today)).toBe(365);
    expect(remainingDays(null, today)).toBeNull();
    expect(remainingDays('not a date', today)).toBeNull();
  });
  it('days across a DST change are still whole', () => {
    expect(remainingDays('2027-04-01', new Date(2027, 2, 1, 23, 59))).toBe(31);
  });
  it('tones: expired below zero, soon within 30 days', () => {
    expect(remainingTone(-1)).toBe('expired');
    expect(remainingTone(0)).toBe('soon');
    expect(remainingTone(30)).toBe('soon');
    expect(remainingTone(31)).toBe('ok');
  });
  it('offers the status changes other than the current status', () => {
    expect(statusActions(0).map((a) => a.key)).toEqual(['suspend', 'archive']);
    expect(statusActions(1).map((a) => a.key)).toEqual(['archive', 'reactivate']);
    expect(statusActions(2).map((a) => [a.key, a.status])).toEqual([
      ['suspend', 1],
      ['reactivate', 0],
    ]);
  });
});

describe("an Admin's 202 answers", () => {
  beforeEach(() => {
    clearSession();
    setToastSink(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToastSink(null);
  });

  const pendingBody = { message: "Sent. Please wait for the owner's approval", data: { id: 7, kind: 'create', status: 'pending' } };

  it('recognises the request answer and not a doctor record', () => {
    expect(isPendingAnswer(pendingBody)).toBe(true);
    expect(isPendingAnswer({ data: { id: 1, name: 'Dr', status: 0 } })).toBe(false);
    expect(isPendingAnswer({ message: 'x', data: { id: 1, kind: 'create', status: 'accepted' } })).toBe(false);
    expect(isPendingAnswer(null)).toBe(false);
  });

  it('create, update and delete give a result without an id, carrying the server notice', async () => {
    const { fn, calls } = fakeFetch({
      'POST /tenants': () => json(202, pendingBody),
      'PATCH /tenants/3': () => json(202, { ...pendingBody, data: { id: 8, kind: 'update', status: 'pending' } }),
      'DELETE /tenants/3': () => json(202, { ...pendingBody, data: { id: 9, kind: 'delete', status: 'pending' } }),
      'PATCH /tenants/4': () => json(200, { data: { id: 4, name: 'Dr Four', status: 1 } }),
    });
    vi.stubGlobal('fetch', fn);
    const created = await dataProvider.create({ resource: 'tenants', variables: { name: 'Dr', subdomain: 'drx' } });
    expect(created.data.id).toBeUndefined();
    expect(pendingOf(created.data)).toEqual({ pendingRequest: { id: 7, kind: 'create', status: 'pending' }, message: pendingBody.message });
    const updated = await dataProvider.update({ resource: 'tenants', id: 3, variables: { name: 'New' } });
    expect(updated.data.id).toBeUndefined();
    expect(pendingOf(updated.data)?.pendingRequest.kind).toBe('update');
    const deleted = await dataProvider.deleteOne({ resource: 'tenants', id: 3 });
    expect(pendingOf(deleted.data)?.pendingRequest.kind).toBe('delete');
    const applied = await dataProvider.update({ resource: 'tenants', id: 4, variables: { status: 1 } });
    expect(applied.data).toEqual({ id: 4, name: 'Dr Four', status: 1 });
    expect(pendingOf(applied.data)).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/v1/tenants', 'PATCH /api/v1/tenants/3', 'DELETE /api/v1/tenants/3', 'PATCH /api/v1/tenants/4']);
  });

  it('action answers: a request, or the notice of an applied change', () => {
    expect(answerOf(pendingBody, 'fallback')).toEqual({ message: pendingBody.message, pending: true });
    expect(answerOf({ message: 'Plan updated', data: { id: 1 } }, 'fallback')).toEqual({ message: 'Plan updated', pending: false });
    expect(answerOf({ data: { id: 1, status: 1 } }, 'Status updated')).toEqual({ message: 'Status updated', pending: false });
  });

  it('a 422 without field errors is a form-level refusal (pending lock); with fields it is not', () => {
    expect(formLevelError(new ApiError("You can't edit this doctor until the request is completed!", 422, {}))).toBe("You can't edit this doctor until the request is completed!");
    expect(formLevelError(new ApiError('invalid', 422, { plan_id: ['Please select a different plan'] }))).toBeNull();
    expect(formLevelError(new ApiError('boom', 500))).toBeNull();
    expect(formLevelError(null)).toBeNull();
  });
});

describe('central dashboard data', () => {
  it('labels enums, lists in the reader language, age bands in order and months', () => {
    expect(enumPoints(t, 'gender', [{ key: 0, count: 2 }, { key: null, count: 1 }])).toEqual([
      { label: '<enums.gender.0>', value: 2 },
      { label: '<dashboard.notSet>', value: 1 },
    ]);
    const city = [{ key: 1, label_en: 'Erbil', label_ar: 'أربيل', label_ckb: 'هەولێر', count: 3 }, { key: null, label_en: null, count: 1 }];
    expect(labelledPoints(t, 'ckb', city).map((p) => p.label)).toEqual(['هەولێر', '<dashboard.notSet>']);
    expect(labelledPoints(t, 'ar', city)[0].label).toBe('أربيل');
    expect(agePoints(t, [{ key: 'unknown', count: 2 }, { key: '30to39', count: 1 }]).map((p) => p.value)).toEqual([0, 1, 0, 0, 0, 2]);
    expect(monthLabel(t, '2026-03')).toBe('<months.3> 2026');
    expect(monthLabel(t, '2026-12')).toBe('<months.12> 2026');
    expect(registrationPoints(t, [{ month: '2025-12', count: 4 }])).toEqual([{ label: '<months.12> 2025', value: 4 }]);
  });
});

describe('small central helpers', () => {
  it('names the doctor of a request from its record, else the requested name', () => {
    const doctors = [{ id: 1, name: 'Dr. Hawre' }];
    expect(requestDoctorName({ id: 1, tenant_id: 1, payload: { name: 'Renamed' } }, doctors)).toBe('Dr. Hawre');
    expect(requestDoctorName({ id: 2, tenant_id: null, payload: { name: 'Dr New' } }, doctors)).toBe('Dr New');
    expect(requestDoctorName({ id: 3, tenant_id: 5, payload: {} }, doctors)).toBe('#5');
  });
  it('reads relation titles in the reader language', () => {
    expect(relationText({ id: 1, name_en: 'Erbil', name_ckb: 'هەولێر' }, 'name_en', 'ckb')).toBe('هەولێر');
    expect(relationText({ id: 1, name_en: 'Erbil' }, 'name_en', 'ar')).toBe('Erbil');
    expect(relationText({ id: 2, name: 'Aram' }, 'name', 'ckb')).toBe('Aram');
  });
  it('parses the bell answer', () => {
    expect(parseBell({ notifications: [{ id: 1, is_read: 0 }], unread: 5 }).unread).toBe(5);
    expect(parseBell({ notifications: [{ id: 1, is_read: 0 }, { id: 2, is_read: 1 }] }).unread).toBe(1);
    expect(parseBell(undefined)).toEqual({ notifications: [], unread: 0 });
  });
  it('profile: blanks become null; 422 errors map to fields', () => {
    expect(profileBody({ name: ' Aram ', email: '', phone: ' +964 750 ' })).toEqual({ name: 'Aram', email: null, phone: '+964 750' });
    expect(fieldErrors(new ApiError('invalid', 422, { current_password: ['wrong'] }))).toEqual([{ name: 'current_password', errors: ['wrong'] }]);
    expect(fieldErrors(new ApiError('x', 500))).toEqual([]);
  });
});
