import type { BaseRecord } from '@refinedev/core';

/**
 * The doctor a request is about: the name kept with the request (it outlives a deleted doctor),
 * else the doctor's record, else the name it asks for (a new doctor).
 */
export function requestDoctorName(request: BaseRecord, doctors: readonly BaseRecord[]): string {
  if (typeof request.doctor_name === 'string' && request.doctor_name) return request.doctor_name;
  const doctor = doctors.find((d) => d.id === request.tenant_id);
  if (doctor && typeof doctor.name === 'string') return doctor.name;
  const payload = request.payload && typeof request.payload === 'object' ? (request.payload as Record<string, unknown>) : {};
  if (typeof payload.name === 'string' && payload.name) return payload.name;
  return request.tenant_id === null || request.tenant_id === undefined ? '—' : `#${String(request.tenant_id)}`;
}

/** The clinic's subdomain a request is about (kept with it, or the one a new doctor asks for). */
export function requestSubdomain(request: BaseRecord): string | null {
  if (typeof request.doctor_subdomain === 'string' && request.doctor_subdomain) return request.doctor_subdomain;
  const payload = request.payload && typeof request.payload === 'object' ? (request.payload as Record<string, unknown>) : {};
  return typeof payload.subdomain === 'string' && payload.subdomain ? payload.subdomain : null;
}

/** The requests page opened at one request (its tab chosen, its changes shown). */
export function requestLink(id: number | string): string {
  return `/doctors/requests?request=${String(id)}`;
}

export type ChangeRow = { name: string; before: unknown; after: unknown; hasBefore: boolean };

/**
 * What a request changes, field by field: an update or plan request its changed fields with their
 * values before (`previous`); a new doctor every field given. A password shows as set, never as
 * a value. Only the doctor's declared fields.
 */
export function requestChanges(request: BaseRecord, known: (name: string) => boolean): ChangeRow[] {
  const payload = (request.payload && typeof request.payload === 'object' ? request.payload : {}) as Record<string, unknown>;
  const previous = (request.previous && typeof request.previous === 'object' ? request.previous : null) as Record<string, unknown> | null;
  const names = [...new Set([...Object.keys(payload), ...Object.keys(previous ?? {})])].filter(known);
  return names.map((name) => ({ name, before: previous?.[name] ?? null, after: payload[name] ?? null, hasBefore: previous !== null }));
}
