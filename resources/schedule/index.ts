import { defineResource } from '../../src/shared/resource';
import { TENANT_ROLE } from '../../src/shared/roles';

// When each doctor receives patients (issue 18): the calendar greys out the rest and shows the
// free slots (GET /appointments/availability, src/server/modules/availability.ts). Kept by whoever
// may change appointments: in a small clinic the secretary runs the doctor's book.
const doctor = { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name', titleForReaders: true, only: { role: [TENANT_ROLE.mainDoctor, TENANT_ROLE.doctor], is_active: [true] } } } as const;

/**
 * One stretch of a doctor's hours on one day of the week. A day in two parts (mornings at the
 * hospital, evenings here; a break) is two rows; a day without a row is off.
 */
export const workingHours = defineResource({
  name: 'workingHours',
  path: 'working-hours',
  table: 'working_hours',
  scope: 'tenant',
  permission: 'appointments',
  route: 'settings/working-hours',
  titleField: 'weekday',
  defaultSort: 'doctor_id,weekday,start_time',
  menu: { order: 108, parent: 'settings' },
  checks: [{ field: 'end_time', op: '>', other: 'start_time' }],
  fields: {
    doctor_id: { ...doctor, required: true, filterable: true, sortable: true, list: true },
    weekday: { type: 'enum', enum: 'weekday', required: true, filterable: true, sortable: true, list: true },
    start_time: { type: 'time', required: true, sortable: true, list: true },
    end_time: { type: 'time', required: true, list: true },
  },
});

/** A day the clinic, or one doctor, does not receive patients (a holiday, a conference). */
export const closedDays = defineResource({
  name: 'closedDays',
  path: 'closed-days',
  table: 'closed_days',
  scope: 'tenant',
  permission: 'appointments',
  route: 'settings/closed-days',
  titleField: 'date',
  defaultSort: '-date',
  menu: { order: 109, parent: 'settings' },
  fields: {
    date: { type: 'date', required: true, filterable: true, sortable: true, list: true },
    // Empty: the whole clinic is closed.
    doctor_id: { ...doctor, nullable: true, filterable: true, list: true, emptyLabel: 'resources.closedDays.wholeClinic' },
    reason: { type: 'string', maxLength: 200, nullable: true, searchable: true, list: true },
  },
});
