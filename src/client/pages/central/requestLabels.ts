import type { BaseRecord } from '@refinedev/core';

/** The doctor a request is about: the doctor's record, else the name it asks for (a new doctor). */
export function requestDoctorName(request: BaseRecord, doctors: readonly BaseRecord[]): string {
  const doctor = doctors.find((d) => d.id === request.tenant_id);
  if (doctor && typeof doctor.name === 'string') return doctor.name;
  const payload = request.payload && typeof request.payload === 'object' ? (request.payload as Record<string, unknown>) : {};
  if (typeof payload.name === 'string' && payload.name) return payload.name;
  return request.tenant_id === null || request.tenant_id === undefined ? '—' : `#${String(request.tenant_id)}`;
}
