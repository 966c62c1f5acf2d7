// The day sheet's content (src/client/pages/clinic/lib/daySheet.ts): today's bookings per doctor
// in the clinic's order of doctors, each by time, cancelled ones left out, a patient the device
// does not hold named by id.
import { describe, expect, it } from 'vitest';
import { daySheet } from '../../src/client/pages/clinic/lib/daySheet';
import { APPOINTMENT_STATUS } from '../../src/shared/enums';

const doctors = [
  { id: 1, name: 'Dr. Hawre' },
  { id: 2, name: 'Dr. Rezhna' },
];
const patients = [
  { id: 10, name: 'Shilan', file_number: 7, phone: '+9647501112233' },
  { id: 11, name: 'Aram', file_number: 8, phone: null },
];
const booking = (id: number, doctor_id: number, patient_id: number, time: string, status: number = APPOINTMENT_STATUS.active) => ({ id, doctor_id, patient_id, time, status });

describe('the day sheet', () => {
  it.each([
    {
      name: "per doctor in the clinic's order, each by time",
      rows: [booking(1, 2, 10, '10:00:00'), booking(2, 1, 11, '09:30:00'), booking(3, 1, 10, '08:15:00')],
      want: [
        { doctorId: 1, times: ['08:15', '09:30'] },
        { doctorId: 2, times: ['10:00'] },
      ],
    },
    {
      name: 'cancelled bookings left out, a doctor with none left out too',
      rows: [booking(1, 2, 10, '10:00', APPOINTMENT_STATUS.cancelled), booking(2, 1, 11, '09:30', APPOINTMENT_STATUS.waiting)],
      want: [{ doctorId: 1, times: ['09:30'] }],
    },
    {
      name: 'a doctor no longer listed comes after the listed ones',
      rows: [booking(1, 9, 10, '07:00'), booking(2, 2, 11, '12:00')],
      want: [
        { doctorId: 2, times: ['12:00'] },
        { doctorId: 9, times: ['07:00'] },
      ],
    },
    { name: 'no bookings, no sections', rows: [], want: [] },
  ])('$name', ({ rows, want }) => {
    expect(daySheet(rows, patients, doctors).map((g) => ({ doctorId: g.doctorId, times: g.bookings.map((b) => b.time) }))).toEqual(want);
  });

  it("names each booking's patient, file number and phone, or the patient's id when the device holds no such patient", () => {
    const [first, second] = daySheet([booking(1, 1, 10, '08:00'), booking(2, 9, 99, '09:00')], patients, doctors);
    expect(first).toMatchObject({ doctor: 'Dr. Hawre', bookings: [{ patientName: 'Shilan', fileNumber: '7', phone: '+9647501112233', status: APPOINTMENT_STATUS.active }] });
    expect(second).toMatchObject({ doctor: '#9', bookings: [{ patientName: '#99', fileNumber: '', phone: '' }] });
  });
});
