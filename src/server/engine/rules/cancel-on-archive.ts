// A declaration's `cancelsOnArchive` (a patient's bookings): archiving the record cancels the other
// resource's records still to come for it. Which ones, and how, is that resource's `cancelUpcoming`
// hook; each cancellation is an event of the trail, as a change made by hand would be.
import { resourceByName } from '../../../../resources/index';
import { type ResourceDef, patientColumn } from '../../../shared/resource';
import type { AuditEvent } from '../../audit/events';
import type { HookContext, HookRegistry } from '../hooks';

/** The records cancelled (or, with `dryRun`, that would be): their ids. `audit` writes an event in the transaction. */
export async function cancelUpcoming(
  ctx: HookContext,
  hooks: HookRegistry,
  def: ResourceDef,
  id: number,
  dryRun: boolean,
  audit: (event: AuditEvent) => Promise<void>,
): Promise<number[]> {
  if (!def.cancelsOnArchive) return [];
  const { resource, field } = def.cancelsOnArchive;
  const cancelled = (await hooks[resource]?.cancelUpcoming?.(ctx, field, id, dryRun)) ?? [];
  if (dryRun) return cancelled;
  // The archived record is the patient when the cancelled records name it by their patient column.
  const patientId = field === 'patient_id' && patientColumn(resourceByName(resource)) === 'patient_id' ? id : null;
  for (const recordId of cancelled) await audit({ action: 'update', resource, recordId, patientId, fields: ['status'] });
  return cancelled;
}
