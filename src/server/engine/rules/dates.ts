// Dates declared `notFuture` may be at most one day past the server's today (time zones differ);
// times declared `withinHours` must lie ahead, within that many hours.
import { type FieldErrors, invalid } from '../../http/errors';
import type { WriteContext } from './rule';

export function dates({ def, input, now }: WriteContext): void {
  const latest = new Date(now.getTime() + 24 * 3600_000).toISOString().slice(0, 10);
  const errors: FieldErrors = {};
  for (const [name, field] of Object.entries(def.fields)) {
    const value = input[name];
    if (field.notFuture && typeof value === 'string' && value.slice(0, 10) > latest) errors[name] = [{ key: 'validation.notFuture' }];
    if (field.withinHours !== undefined && typeof value === 'string') {
      const at = Date.parse(value);
      if (!(at > now.getTime() && at <= now.getTime() + field.withinHours * 3600_000)) errors[name] = [{ key: 'validation.withinHours', vars: { hours: field.withinHours } }];
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
}
