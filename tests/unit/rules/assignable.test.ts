// rules/assignable.ts: a role field takes only the roles the caller may give.
import { describe, expect, it } from 'vitest';
import type { AuthCaller } from '../../../src/server/engine/hooks';
import { assignable } from '../../../src/server/engine/rules/assignable';
import { MAIN_DOCTOR, declare, NO_DB, refused, writeOf } from './fixture';

const def = declare({ name: { type: 'string' }, role: { type: 'enum', enum: 'tenantRole', assignable: true } });
const doctor: AuthCaller = { ...MAIN_DOCTOR, role: 1, userId: 2 };
const owner: AuthCaller = { scope: 'central', role: 0, userId: 3 };
const centralAdmin: AuthCaller = { ...owner, role: 1, userId: 4 };

describe('assignable roles', () => {
  const NOT = { role: ['errors.roleNotAssignable'] };
  // Roles: clinic 0 Main Doctor, 1 doctor, 2 secretary, 3 nurse; central 0 Owner, 1 Admin, 2 Service Admin, 3 Developer.
  const cases: { what: string; caller: AuthCaller; input: Record<string, unknown>; existing: { id: number; role: number } | null; refused: Record<string, string[]> | null }[] = [
    { what: 'the Main Doctor gives a doctor', caller: MAIN_DOCTOR, input: { role: 1 }, existing: null, refused: null },
    { what: 'the Main Doctor gives a nurse', caller: MAIN_DOCTOR, input: { role: 3 }, existing: null, refused: null },
    { what: 'the Main Doctor gives a second Main Doctor', caller: MAIN_DOCTOR, input: { role: 0 }, existing: null, refused: NOT },
    { what: 'a doctor gives any role', caller: doctor, input: { role: 2 }, existing: null, refused: NOT },
    { what: 'a doctor saves a record without changing its role', caller: doctor, input: { role: 0, name: 'x' }, existing: { id: 9, role: 0 }, refused: null },
    { what: 'a doctor changes a role', caller: doctor, input: { role: 3 }, existing: { id: 9, role: 2 }, refused: NOT },
    { what: 'the role left out', caller: doctor, input: { name: 'x' }, existing: { id: 9, role: 2 }, refused: null },
    { what: 'the Owner gives an Admin', caller: owner, input: { role: 1 }, existing: null, refused: null },
    { what: 'the Owner gives an Owner', caller: owner, input: { role: 0 }, existing: null, refused: NOT },
    { what: 'an Admin gives a Developer', caller: centralAdmin, input: { role: 3 }, existing: null, refused: NOT },
  ];
  it.each(cases)('$what', async (c) => {
    expect(await refused(() => assignable(writeOf(NO_DB, def, c.input, c.existing, { caller: c.caller })))).toEqual(c.refused);
  });
});
