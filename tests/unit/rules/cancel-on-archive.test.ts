// rules/cancel-on-archive.ts: archiving a record declared `cancelsOnArchive` cancels what its
// target resource's hook names, each cancellation an event of the trail; a dry run only counts.
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../../src/server/audit/events';
import type { HookRegistry } from '../../../src/server/engine/hooks';
import { cancelUpcoming } from '../../../src/server/engine/rules/cancel-on-archive';
import { CLINIC, MAIN_DOCTOR, NOW, NO_DB, declare } from './fixture';

/** The target's hook as the registry would hold it: the records still to come of record 7, by field. */
const asked: { field: string; id: number; dryRun: boolean }[] = [];
const hooks: HookRegistry = {
  appointments: {
    async cancelUpcoming(_ctx, field, id, dryRun) {
      asked.push({ field, id, dryRun });
      return id === 7 ? [101, 102] : [];
    },
  },
};
const ctx = { trx: NO_DB, caller: MAIN_DOCTOR, tenantId: CLINIC, now: NOW };

const byPatient = declare({ name: { type: 'string' } }, { cancelsOnArchive: { resource: 'appointments', field: 'patient_id' } });
const byDoctor = declare({ name: { type: 'string' } }, { cancelsOnArchive: { resource: 'appointments', field: 'doctor_id' } });
const noTarget = declare({ name: { type: 'string' } });
const withoutHook = declare({ name: { type: 'string' } }, { cancelsOnArchive: { resource: 'visitings', field: 'patient_id' } });

describe('cancel on archive', () => {
  const cases: { what: string; def: typeof byPatient; id: number; dryRun: boolean; cancelled: number[]; events: AuditEvent[] }[] = [
    {
      what: "a patient's bookings: cancelled, each in the trail under the patient",
      def: byPatient,
      id: 7,
      dryRun: false,
      cancelled: [101, 102],
      events: [101, 102].map((recordId) => ({ action: 'update', resource: 'appointments', recordId, patientId: 7, fields: ['status'] })),
    },
    { what: 'a dry run counts them and writes nothing', def: byPatient, id: 7, dryRun: true, cancelled: [101, 102], events: [] },
    {
      what: 'named by another field: the events name no patient',
      def: byDoctor,
      id: 7,
      dryRun: false,
      cancelled: [101, 102],
      events: [101, 102].map((recordId) => ({ action: 'update', resource: 'appointments', recordId, patientId: null, fields: ['status'] })),
    },
    { what: 'nothing still to come', def: byPatient, id: 8, dryRun: false, cancelled: [], events: [] },
    { what: 'a declaration without it', def: noTarget, id: 7, dryRun: false, cancelled: [], events: [] },
    { what: 'a target without the hook cancels nothing', def: withoutHook, id: 7, dryRun: false, cancelled: [], events: [] },
  ];
  it.each(cases)('$what', async (c) => {
    asked.length = 0;
    const events: AuditEvent[] = [];
    expect(await cancelUpcoming(ctx, hooks, c.def, c.id, c.dryRun, async (e) => void events.push(e))).toEqual(c.cancelled);
    expect(events).toEqual(c.events);
    // The hook is asked with the declared field and the dry run as given.
    const field = c.def.cancelsOnArchive?.field;
    expect(asked).toEqual(field && c.def.cancelsOnArchive?.resource === 'appointments' ? [{ field, id: c.id, dryRun: c.dryRun }] : []);
  });
});
