// A failed save's 422 field errors, whatever shape the HTTP error carries them in.
import type { FormInstance } from 'antd';

export function errorsOf(err: unknown): Record<string, string[]> {
  const raw = err && typeof err === 'object' && 'errors' in err ? (err as { errors?: unknown }).errors : undefined;
  const out: Record<string, string[]> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    out[k] = (Array.isArray(v) ? v : [v]).map((m) => (m && typeof m === 'object' && 'message' in m ? String((m as { message: unknown }).message) : String(m)));
  }
  return out;
}

/** Puts each error on its form field; returns the messages that have no field on the form. */
export function applyErrors(form: FormInstance, errors: Record<string, string[]>, known: readonly string[]): string[] {
  const rest: string[] = [];
  const fields = [];
  for (const [name, messages] of Object.entries(errors)) {
    if (known.includes(name)) fields.push({ name, errors: messages });
    else rest.push(...messages);
  }
  form.setFields(fields);
  if (fields.length) form.scrollToField(fields[0].name);
  return rest;
}
