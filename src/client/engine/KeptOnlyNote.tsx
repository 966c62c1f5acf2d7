// What a list answered from the device during an internet cut leaves out (found at the desk): the
// device keeps only some days of bookings, visits and payments, so a patient's visits or a day
// beyond them read from it is not the whole. Said above the list, in the reader's language,
// instead of letting an empty list read as "no visits" (keptOnly.ts).
import { Alert } from 'antd';
import { useT } from '../i18n/useT';
import type { ResourceDef } from '../../shared/resource';
import { fieldLabel } from '../../shared/labels';
import { keptOnlyOf } from './keptOnly';

/** `answer`: the list query's data (Refine's query.data), as labelsOf reads it. */
export default function KeptOnlyNote({ answer }: { answer: unknown }) {
  const t = useT();
  const kept = keptOnlyOf(answer);
  if (!kept) return null;
  // Dates isolated left to right inside the right-to-left sentence.
  const day = (d: string) => `\u2066${d}\u2069`;
  return <Alert type="info" showIcon role="status" message={t('offline.keptOnly', { from: day(kept.from), to: day(kept.to) })} data-testid="kept-only" style={{ marginBottom: 12 }} />;
}

/**
 * The columns shown that the device does not keep (keptOnly.ts notKeptColumns), named above the
 * list: read from the device during a cut they are empty, which is not the patient's answer.
 */
export function NotKeptColumnsNote({ def, columns }: { def: ResourceDef; columns: readonly string[] }) {
  const t = useT();
  const names = columns.map((name) => fieldLabel(t, def, name)).join('، ');
  return <Alert type="info" showIcon role="status" message={t('offline.notKeptColumns', { columns: names })} data-testid="not-kept-columns" style={{ marginBottom: 12 }} />;
}
