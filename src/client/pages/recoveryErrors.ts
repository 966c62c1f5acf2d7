// A refused recovery step (422): its fields' messages go on them (useHandForm's showErrors); what
// no field of the step shows (an expired reset token) is given back for the page to say.
import { ApiError } from '../providers/http';

export function refusalElsewhere(err: unknown, fields: readonly string[]): string | null {
  if (!(err instanceof ApiError) || err.statusCode !== 422) return null; // other failures: told by the HTTP layer
  const errors = Object.entries(err.errors ?? {});
  const rest = errors.filter(([name]) => !fields.includes(name)).flatMap(([, messages]) => messages);
  if (rest.length) return rest.join(' ');
  return errors.some(([name]) => fields.includes(name)) ? null : err.message;
}
