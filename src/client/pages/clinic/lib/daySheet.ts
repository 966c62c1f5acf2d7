// The day sheet's content (issue 36): today's bookings grouped per doctor, in the order the clinic
// lists its doctors, each doctor's by time, cancelled ones left out. Pure, so it is tested alone;
// the records come from the data provider, which reads the device's working set during a cut.
import { APPOINTMENT_STATUS } from '../../../../shared/enums';

export interface SheetBooking {
  id: number;
  time: string;
  status: number;
  patientName: string;
  fileNumber: string;
  phone: string;
}

export interface SheetDoctor {
  doctorId: number;
  doctor: string;
  bookings: SheetBooking[];
}

type Row = Record<string, unknown>;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function daySheet(appointments: readonly Row[], patients: readonly Row[], doctors: readonly { id: number; name: string }[]): SheetDoctor[] {
  const patientsById = new Map(patients.map((p) => [String(p.id), p]));
  const groups = new Map<number, SheetBooking[]>();
  for (const a of appointments) {
    if (Number(a.status) === APPOINTMENT_STATUS.cancelled) continue;
    const patient = patientsById.get(text(a.patient_id));
    const doctorId = Number(a.doctor_id);
    const list = groups.get(doctorId) ?? [];
    list.push({
      id: Number(a.id),
      time: text(a.time).slice(0, 5),
      status: Number(a.status),
      patientName: patient ? text(patient.name) : `#${text(a.patient_id)}`,
      fileNumber: patient ? text(patient.file_number) : '',
      phone: patient ? text(patient.phone) : '',
    });
    groups.set(doctorId, list);
  }
  // The clinic's order of doctors first; a doctor no longer listed (left the clinic) after them.
  const order = [...doctors.map((d) => d.id), ...[...groups.keys()].filter((id) => !doctors.some((d) => d.id === id)).sort((a, b) => a - b)];
  return order
    .filter((id) => groups.has(id))
    .map((id) => ({
      doctorId: id,
      doctor: doctors.find((d) => d.id === id)?.name ?? `#${id}`,
      bookings: groups.get(id)!.sort((a, b) => a.time.localeCompare(b.time) || a.id - b.id),
    }));
}
