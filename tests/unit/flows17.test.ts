// Issue 17's finished flows, the parts decided without a browser: where a notification leads, and
// what a request shows the Owner (changed fields only, before -> after; a deleted doctor by name).
import { describe, expect, it } from 'vitest';
import { notificationLink } from '../../src/client/layout/notificationLink';
import { requestChanges, requestDoctorName, requestLink, requestSubdomain } from '../../src/client/pages/central/requestLabels';

describe('notification links', () => {
  it('lead to the request, else the doctor, in the central application', () => {
    expect(notificationLink({ kind: 'requestSubmitted', data: { request_id: 7, tenant_id: 3 } }, 'central')).toBe(requestLink(7));
    expect(notificationLink({ kind: 'clinicSuspended', data: { tenant_id: 3 } }, 'central')).toBe('/doctors/show/3');
    expect(notificationLink({ kind: 'clinicSuspended', data: {} }, 'central')).toBeNull();
  });

  it("lead to the clinic's own pages in a clinic", () => {
    expect(notificationLink({ kind: 'subscriptionExpiring', data: { tenant_id: 3 } }, 'tenant')).toBe('/settings/invoices');
    expect(notificationLink({ kind: 'supportEntered' }, 'tenant')).toBe('/settings/support');
  });
});

describe('what a request shows', () => {
  const known = (name: string) => ['name', 'region', 'plan_id', 'password'].includes(name);

  it('an update: the changed fields with their values before', () => {
    const rows = requestChanges({ kind: 'update', payload: { region: 'Koya' }, previous: { region: 'Ranya', password: null } }, known);
    expect(rows).toEqual([
      { name: 'region', before: 'Ranya', after: 'Koya', hasBefore: true },
      { name: 'password', before: null, after: null, hasBefore: true },
    ]);
  });

  it('a new doctor: every field given, no before', () => {
    expect(requestChanges({ kind: 'create', payload: { name: 'Dr. Kawa', unknown: 1 }, previous: null }, known)).toEqual([{ name: 'name', before: null, after: 'Dr. Kawa', hasBefore: false }]);
  });

  it('a deleted doctor keeps its name and subdomain', () => {
    const request = { kind: 'delete', tenant_id: null, payload: {}, doctor_name: 'Dr. Shno', doctor_subdomain: 'shno' };
    expect(requestDoctorName(request, [])).toBe('Dr. Shno');
    expect(requestSubdomain(request)).toBe('shno');
  });
});
