// Which days a list answered from the device during a cut covers (offline/reader.ts offlineList),
// and which of its fields the device does not keep, read from the answer as labelsOf reads its
// titles: small, so a list carries it and loads the notes that say so (KeptOnlyNote.tsx) only
// when there is something to say.
import { isKeptField } from '../../shared/workingSet';

/**
 * Whether a record's field is not shown because the device does not keep it: the answer was read
 * from the device during a cut (`fromDevice`, offline/reader.ts through the data provider) and the
 * working set leaves that field on the server (a national ID). The screen says so, not "—".
 */
export function notKeptHere(answer: unknown, resource: string, field: string): boolean {
  const fromDevice = typeof answer === 'object' && answer !== null && (answer as { fromDevice?: unknown }).fromDevice === true;
  return fromDevice && !isKeptField(resource, field);
}

/**
 * The columns of a list answered from the device during a cut that the device does not keep (a
 * patient's occupation, national ID): from the working set's declaration, for every list alike.
 */
export function notKeptColumns(answer: unknown, resource: string, columns: readonly string[]): string[] {
  return columns.filter((name) => notKeptHere(answer, resource, name));
}

/**
 * The days a list answered from the device covers, when the device keeps only some days of its
 * resource and the list may reach beyond them (a patient's visits); null otherwise.
 */
export function keptOnlyOf(answer: unknown): { from: string; to: string } | null {
  const kept = typeof answer === 'object' && answer !== null ? (answer as { keptOnly?: unknown }).keptOnly : undefined;
  return typeof kept === 'object' && kept !== null ? (kept as { from: string; to: string }) : null;
}
