// A refused recovery step (422): each server message on its form field, in the user's language;
// what no field of the step shows (an expired reset token) is given back for the page to say.
import type { FormInstance } from 'antd';
import { ApiError } from '../providers/http';

export function refusalOnFields(form: FormInstance, err: unknown, fields: readonly string[]): string | null {
  if (!(err instanceof ApiError) || err.statusCode !== 422) return null; // other failures: told by the HTTP layer
  const shown = Object.entries(err.errors ?? {}).filter(([name]) => fields.includes(name));
  form.setFields(shown.map(([name, errors]) => ({ name, errors })));
  const rest = Object.entries(err.errors ?? {})
    .filter(([name]) => !fields.includes(name))
    .flatMap(([, messages]) => messages);
  if (rest.length) return rest.join(' ');
  return shown.length ? null : err.message;
}
