// Which lists answered from a device's working set are not the whole (src/shared/workingSet.ts
// says which days of a resource a device keeps). Apart from the working set's list, which every
// page loads: only the device's reader (loaded during a cut) asks this.
import { WORKING_SET, isWorkingSetResource, shiftDay } from './workingSet';

/** A list's filter on one field, as the data provider states it (Refine's CrudFilter, the parts read here). */
export interface DayFilter {
  field?: string;
  operator?: string;
  value?: unknown;
}

/**
 * The days a device keeps of a resource kept by date (`window`), when a list asked of it may
 * reach outside them: its answer from the device then lacks rows the server has (a patient's
 * visits of other days), and the screen must say so rather than show an empty or short list as
 * the whole. null: the resource is kept whole, or the list's filters on the date stay within the
 * kept days (today's queue, a day of bookings within the window).
 */
export function keptDaysOnly(resource: string, filters: readonly DayFilter[], today: string): { from: string; to: string } | null {
  const window = isWorkingSetResource(resource) ? WORKING_SET[resource].window : undefined;
  if (!window) return null;
  const kept = { from: shiftDay(today, window.from), to: shiftDay(today, window.to) };
  let low = null as string | null;
  let high = null as string | null;
  for (const f of filters) {
    if (f.field !== window.field || f.value === undefined || f.value === null || f.value === '') continue;
    const day = String(f.value).slice(0, 10);
    if (f.operator === 'eq') low = high = day;
    else if (f.operator === 'gte' || f.operator === 'gt') low = low === null || day > low ? day : low;
    else if (f.operator === 'lte' || f.operator === 'lt') high = high === null || day < high ? day : high;
  }
  return low !== null && high !== null && low >= kept.from && high <= kept.to ? null : kept;
}
