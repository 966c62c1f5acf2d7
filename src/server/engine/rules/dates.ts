// Dates declared `notFuture` may be at most the clinics' today (their time zone's day, which from
// 21:00 UTC is the server's tomorrow: the form's picker offers the same, FieldInput.tsx); times
// declared `withinHours` must lie ahead, within that many hours.
import { dayOf } from '../../days';
import { type FieldErrors, invalid } from '../../http/errors';
import type { WriteContext } from './rule';

export function dates({ def, input, now }: WriteContext): void {
  const latest = dayOf(now);
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
