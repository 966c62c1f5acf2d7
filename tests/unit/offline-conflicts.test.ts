// A change the server refused as stale (412) on replay (issue 37 item 4, src/client/offline/conflicts.ts):
// re-applied on the server's version when nobody else changed its fields, done when the server
// holds it already, else left to the user, naming the fields both changed; "apply mine" sends the
// entered values on the server's version. Every outcome is noted in the entry's history.
import { describe, expect, it } from 'vitest';
import { type Settlement, applyMine, sameValue, settleStale } from '../../src/client/offline/conflicts';
import type { OutboxEntry } from '../../src/client/offline/outboxPlan';

const AT = '2026-05-04T10:00:00.000Z';
const KEY = 'new-key';

/** Device A corrected a patient's phone and address on version 3, offline. */
function change(body: Record<string, unknown>, base: Record<string, unknown> | undefined, partial: Partial<OutboxEntry> = {}): OutboxEntry {
  return { seq: 4, key: 'old-key', userId: 7, resource: 'patients', method: 'PATCH', target: { id: 40 }, version: 3, body, ...(base ? { base } : {}), enteredAt: '2026-05-04T07:41:00Z', dependsOn: [], problem: { status: 412, message: 'stale' }, ...partial };
}

const server = (fields: Record<string, unknown>) => ({ id: 40, version: 5, name: 'Aso', phone: '+9647501110000', address: 'Erbil', note: null, ...fields });

describe('a stale change on replay', () => {
  it.each<[string, OutboxEntry, Record<string, unknown> | undefined, Settlement['kind'], Record<string, unknown> | string[] | null]>([
    ['another field changed on the server: re-applied on its version', change({ phone: '+9647502220000' }, { phone: '+9647501110000' }), server({ address: 'Duhok' }), 'reapplied', { phone: '+9647502220000' }],
    ['two fields, none changed there: both re-applied', change({ phone: '+9647502220000', note: 'call after 5' }, { phone: '+9647501110000', note: null }), server({ name: 'Aso K.' }), 'reapplied', { phone: '+9647502220000', note: 'call after 5' }],
    ['the same field changed there to the same value: only the rest goes', change({ phone: '+9647502220000', address: 'Zakho' }, { phone: '+9647501110000', address: 'Erbil' }), server({ phone: '+9647502220000' }), 'reapplied', { address: 'Zakho' }],
    ['the server holds every entered value already: done', change({ phone: '+9647502220000' }, { phone: '+9647501110000' }), server({ phone: '+9647502220000' }), 'done', null],
    ['the same field changed there to another value: the user chooses', change({ phone: '+9647502220000' }, { phone: '+9647501110000' }), server({ phone: '+9647503330000' }), 'conflict', ['phone']],
    ['one field clashes, another not: the user chooses, told which', change({ phone: '+9647502220000', note: 'x' }, { phone: '+9647501110000', note: null }), server({ phone: '+9647503330000' }), 'conflict', ['phone']],
    ['a number come back as text is the same number', change({ gender: 1, phone: '+9647502220000' }, { gender: '1', phone: '+9647501110000' }), server({ gender: 1 }), 'reapplied', { phone: '+9647502220000' }],
    ['a blank and null are the same', change({ note: 'x' }, { note: '' }), server({ note: null }), 'reapplied', { note: 'x' }],
    ['no values it was made on: the user chooses', change({ phone: '+9647502220000' }, undefined), server({}), 'conflict', ['phone']],
    ['no record in the answer: the user chooses', change({ phone: '+9647502220000' }, { phone: '+9647501110000' }), undefined, 'conflict', ['phone']],
    ['a create: the user chooses', change({ name: 'Aso' }, undefined, { method: 'POST', target: { ref: 'r' } }), server({}), 'conflict', ['name']],
  ])('%s', (_name, entry, current, kind, expected) => {
    const settled = settleStale(entry, current, AT, KEY);
    expect(settled.kind).toBe(kind);
    if (settled.kind === 'reapplied') {
      expect(settled.entry.body).toEqual(expected);
      expect(settled.entry).toMatchObject({ key: KEY, version: 5, seq: 4 });
      expect(settled.entry.problem).toBeUndefined();
      // Compared again on its new version if refused once more.
      expect(settled.entry.base).toEqual(Object.fromEntries(Object.keys(expected as object).map((f) => [f, current![f] ?? null])));
      expect(settled.entry.history?.at(-1)).toEqual({ at: AT, what: 'reapplied', status: 412, version: 5, fields: Object.keys(expected as object) });
    }
    if (settled.kind === 'conflict') expect(settled.fields).toEqual(expected);
  });

  it('keeps the history it had', () => {
    const entry = change({ phone: '+9647502220000' }, { phone: '+9647501110000' }, { history: [{ at: 'earlier', what: 'refused', status: 412 }] });
    const settled = settleStale(entry, server({ address: 'Duhok' }), AT, KEY);
    expect(settled.kind === 'reapplied' && settled.entry.history?.map((h) => h.what)).toEqual(['refused', 'reapplied']);
  });
});

describe('"apply mine"', () => {
  it.each<[string, OutboxEntry, Record<string, unknown> | undefined, number | undefined]>([
    ["a change goes on the server's version, over its value", change({ phone: '+9647502220000' }, { phone: '+9647501110000' }), server({ phone: '+9647503330000' }), 5],
    ['a change whose record could not be read keeps its version', change({ phone: '+9647502220000' }, { phone: '+9647501110000' }, { problem: { status: 409, message: 'in use' } }), undefined, 3],
    ['a create refused (a slot taken) is sent again as it is', change({ time: '10:00' }, undefined, { method: 'POST', target: { ref: 'r' }, version: undefined, problem: { status: 422, message: 'taken' } }), undefined, undefined],
  ])('%s', (_name, entry, current, version) => {
    const next = applyMine(entry, current, AT, KEY);
    expect(next.problem).toBeUndefined();
    expect(next.key).toBe(KEY);
    expect(next.body).toEqual(entry.body);
    expect(next.version).toBe(version);
    expect(next.history?.at(-1)).toMatchObject({ at: AT, what: 'applyMine', status: entry.problem!.status });
  });
});

describe('the same value', () => {
  it.each<[unknown, unknown, boolean]>([
    [1, '1', true],
    [null, undefined, true],
    ['', null, true],
    [0, null, false],
    [0, '', false],
    ['a', 'b', false],
    [[1, 2], [1, 2], true],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameValue(a, b)).toBe(same);
  });
});
