// The clinic's day as requests (issue 41): the model (bench/clinic-day-model.json: how often each
// role does what in a day, and which requests each of those sends) and the route patterns both it
// and the recording (bench/clinic-day-recorded.json, written by bench/record-clinic-day.ts) use.
import fs from 'node:fs';

export type Role = 'desk' | 'doctor' | 'nurse';
export const ROLES: readonly Role[] = ['desk', 'doctor', 'nurse'];

export interface DayAction {
  role: Role;
  name: string;
  /** Times a day per patient seen (or, with perDay, per clinic). */
  perPatient?: number;
  perDay?: number;
  /** Route patterns (patternOf), sent together as the screen sends them. */
  requests: string[];
}

export interface DayModel {
  how: string[];
  /** Patients a clinic sees in a day, its opening hours, and the busiest hour's rate over the mean. */
  day: { patients: number; hours: number; peak: number };
  actions: DayAction[];
}

/** A request as a pattern: ids, dates, a year and search text replaced by placeholders. */
export function patternOf(method: string, url: string): string {
  const parsed = new URL(url, 'http://x');
  const route = parsed.pathname.replace(/^\/api\/v1/, '').replace(/\/\d+(?=\/|$)/g, '/:id').replace(/\/public\/printed-documents\/[^/]+$/, '/public/printed-documents/:code');
  const query = [...parsed.searchParams].map(([key, value]) => {
    if (key === 'q') return `${key}=:q`;
    if (key === 'year') return `${key}=:year`;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${key}=:date`;
    if (/^\d+$/.test(value) && /id/.test(key)) return `${key}=:id`;
    return `${key}=${value}`;
  });
  return `${method} ${route}${query.length ? `?${query.join('&')}` : ''}`;
}

export function loadModel(file = 'bench/clinic-day-model.json', recordedFile = 'bench/clinic-day-recorded.json'): DayModel {
  const model = JSON.parse(fs.readFileSync(file, 'utf8')) as DayModel;
  const recorded = JSON.parse(fs.readFileSync(recordedFile, 'utf8')) as { screens: Record<string, Record<string, number>> };
  const sent = new Set(Object.values(recorded.screens).flatMap((s) => Object.keys(s)));
  // The model is made of what the screens really send: a pattern no screen sent is a stale model.
  const unknown = model.actions.flatMap((a) => a.requests).filter((r) => !sent.has(r));
  if (unknown.length) throw new Error(`${file} names requests no screen sent (re-record: npx tsx bench/record-clinic-day.ts): ${[...new Set(unknown)].join('; ')}`);
  return model;
}

/** Actions a clinic sends in a day. */
export function actionsPerDay(model: DayModel, action: DayAction): number {
  return action.perDay ?? (action.perPatient ?? 0) * model.day.patients;
}

/** Requests a second one clinic sends in its busiest hour (the live streams aside). */
export function peakRate(model: DayModel): number {
  const perDay = model.actions.reduce((sum, a) => sum + actionsPerDay(model, a) * a.requests.length, 0);
  return (perDay / (model.day.hours * 3600)) * model.day.peak;
}
