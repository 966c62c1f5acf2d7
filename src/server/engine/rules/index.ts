// The declared write rules, in the order a create or update applies them (DataAccess.create/update).
// Each lives in its own file and is tested alone against fixture declarations (tests/unit/rules/).
// Two declared behaviours are not input rules, and DataAccess calls them where they belong:
// offline-ref.ts (a create sent again under a device's reference) and cancel-on-archive.ts.
import { assignable } from './assignable';
import { comparisons } from './comparisons';
import { dates } from './dates';
import { fileRefs } from './files';
import { fill } from './fill';
import { finalFields } from './final';
import { listItems } from './list-items';
import { passwords } from './passwords';
import { quota } from './quota';
import { relationTargets } from './relation-targets';
import type { WriteContext, WriteRule } from './rule';

export type { WriteContext, WriteRule } from './rule';
export { changesStored } from './stored';

/**
 * Before the resource's hooks see the input (and before a change may become a request): a final
 * field first (not for changing, whatever the value), files, dates, the values filled from the
 * chosen records, then the comparisons over the record as it will be, the relations' targets, the
 * list items, and last the passwords (the names they must not be built on may just have been sent).
 */
export const INPUT_RULES: readonly WriteRule[] = [finalFields, fileRefs, dates, fill, comparisons, relationTargets, listItems, passwords];

/** After the before-hook, which may set what they judge (a role). */
export const BEFORE_WRITE_RULES: readonly WriteRule[] = [assignable];

/** After the insert, as the create's last step (a count that must include the new row). */
export const AFTER_INSERT_RULES: readonly WriteRule[] = [quota];

export async function applyRules(rules: readonly WriteRule[], ctx: WriteContext): Promise<void> {
  for (const rule of rules) await rule(ctx);
}
