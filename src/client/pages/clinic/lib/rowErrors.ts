// 422 errors of list fields come back per item ("prescriptions.1.drug_id"): split them into the
// errors of each row, and the rest.

export type FieldErrors = Record<string, string[]>;

export function rowErrors(errors: FieldErrors, list: string): Record<number, Record<string, string>> {
  const out: Record<number, Record<string, string>> = {};
  const prefix = `${list}.`;
  for (const [key, messages] of Object.entries(errors)) {
    if (!key.startsWith(prefix)) continue;
    const [index, field = '_row'] = key.slice(prefix.length).split('.');
    const i = Number(index);
    if (!Number.isInteger(i)) continue;
    (out[i] ??= {})[field] = messages.join(' ');
  }
  return out;
}

/** Errors that are not about an item of one of the lists. */
export function topErrors(errors: FieldErrors, lists: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (lists.some((l) => key.startsWith(`${l}.`))) continue;
    out[key] = messages.join(' ');
  }
  return out;
}
