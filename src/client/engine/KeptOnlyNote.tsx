// What a list answered from the device during an internet cut leaves out (issue 37, found at the
// desk): the device keeps only some days of bookings, visits and payments, so a patient's visits
// or a day beyond them read from it is not the whole. Said above the list, in the reader's
// language, instead of letting an empty list read as "no visits" (offline/reader.ts offlineList).
import { Alert } from 'antd';
import { useT } from '../i18n/useT';

/**
 * The days a list answered from the device covers, when the device keeps only some days of its
 * resource and the list may reach beyond them (a patient's visits); null otherwise.
 */
export function keptOnlyOf(answer: unknown): { from: string; to: string } | null {
  const kept = typeof answer === 'object' && answer !== null ? (answer as { keptOnly?: unknown }).keptOnly : undefined;
  return typeof kept === 'object' && kept !== null ? (kept as { from: string; to: string }) : null;
}

/** `answer`: the list query's data (Refine's query.data), as labelsOf reads it. */
export function KeptOnlyNote({ answer }: { answer: unknown }) {
  const t = useT();
  const kept = keptOnlyOf(answer);
  if (!kept) return null;
  // Dates isolated left to right inside the right-to-left sentence.
  const day = (d: string) => `\u2066${d}\u2069`;
  const message = kept.from === kept.to ? t('offline.keptOnlyDay', { day: day(kept.from) }) : t('offline.keptOnlyDays', { from: day(kept.from), to: day(kept.to) });
  return <Alert type="info" showIcon role="status" message={message} data-testid="kept-only" style={{ marginBottom: 12 }} />;
}
