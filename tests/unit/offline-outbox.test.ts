// The outbox's rules without a browser (issue 37, src/client/offline/outboxPlan.ts): what goes
// next (oldest first, in order per record, a refused entry holding its record, a record naming
// one made offline waiting for it), and what a record made offline rewrites when it lands (a
// booking for a patient registered offline carries the patient's real id; a change to it is sent
// on the version it landed with).
import { describe, expect, it } from 'vitest';
import { type OutboxEntry, dependenciesOf, nextToSend, provisionalId, recordKey, rewriteLanded, rewriteSent } from '../../src/client/offline/outboxPlan';

const PATIENT = 'aaaaaaaa-0000-4000-8000-000000000001';
const BOOKING = 'bbbbbbbb-0000-4000-8000-000000000002';

function entry(seq: number, partial: Partial<OutboxEntry>): OutboxEntry {
  return { seq, key: `k${seq}`, userId: 7, resource: 'patients', method: 'PATCH', target: { id: 1 }, body: {}, enteredAt: '2026-05-04T07:41:00Z', dependsOn: [], ...partial };
}

const registerPatient = entry(1, { method: 'POST', target: { ref: PATIENT }, clientRef: PATIENT, body: { name: 'Aso', phone: '+9647501112233' } });
const fixPhone = entry(2, { target: { ref: PATIENT }, body: { phone: '+9647501112244' } });
const book = entry(3, { resource: 'appointments', method: 'POST', target: { ref: BOOKING }, clientRef: BOOKING, body: { patient_id: provisionalId(1), date: '2026-05-04' }, dependsOn: [{ field: 'patient_id', resource: 'patients', ref: PATIENT }] });
const checkIn = entry(4, { resource: 'appointments', target: { ref: BOOKING }, body: { status: 2 } });
const otherPatient = entry(5, { target: { id: 40 }, version: 3, body: { address: 'Erbil' } });
const otherAgain = entry(6, { target: { id: 40 }, version: 4, body: { address: 'Duhok' } });

describe('what the outbox sends next', () => {
  it.each([
    ['nothing waits', [], null],
    ['the oldest entry', [otherPatient, registerPatient], 1],
    ['a record made offline before its change', [fixPhone, registerPatient], 1],
    ['a booking waiting for its patient, the patient landed', [book], 3],
    ["the record's second change only after its first", [otherAgain, otherPatient], 5],
    ["not a record's later change while its earlier one is refused", [{ ...otherPatient, problem: { status: 412, message: 'stale' } }, otherAgain], null],
    ['not a booking whose patient was refused, nor its check-in', [{ ...registerPatient, problem: { status: 422, message: 'phone' } }, fixPhone, book, checkIn], null],
    ['other records past a refused one', [{ ...registerPatient, problem: { status: 422, message: 'phone' } }, book, otherPatient], 5],
  ] as const)('%s', (_name, entries, seq) => {
    expect(nextToSend(entries as readonly OutboxEntry[])?.seq ?? null).toBe(seq);
  });

  it('sends a whole morning in the order it was made per record', () => {
    let waiting: OutboxEntry[] = [checkIn, book, fixPhone, otherAgain, registerPatient, otherPatient];
    const order: number[] = [];
    for (let next = nextToSend(waiting); next; next = nextToSend(waiting)) {
      order.push(next.seq);
      const rest = waiting.filter((e) => e.seq !== next!.seq);
      const landedAs = next.clientRef === PATIENT ? 501 : next.clientRef === BOOKING ? 900 : null;
      const rewritten = landedAs && next.clientRef ? rewriteLanded(rest, { resource: next.resource, ref: next.clientRef, id: landedAs, version: 1 }) : [];
      waiting = rest.map((e) => rewritten.find((r) => r.seq === e.seq) ?? e);
    }
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('a record made offline landing', () => {
  const landed = { resource: 'patients', ref: PATIENT, id: 501, version: 1 };

  it('rewrites the booking naming it to its real id, and the change to it onto its version', () => {
    const changed = rewriteLanded([fixPhone, book, checkIn, otherPatient], landed);
    expect(changed.map((e) => e.seq)).toEqual([2, 3]);
    expect(changed[0]).toMatchObject({ target: { id: 501 }, version: 1, body: { phone: '+9647501112244' } });
    expect(changed[1]).toMatchObject({ body: { patient_id: 501, date: '2026-05-04' }, dependsOn: [] });
    // Now the booking goes, and its check-in waits for it (made offline too).
    expect(nextToSend(changed.slice(1).concat(checkIn))?.seq).toBe(3);
  });

  it('leaves records of another resource holding the same reference alone', () => {
    expect(rewriteLanded([entry(9, { resource: 'allergies', target: { ref: PATIENT } })], landed)).toEqual([]);
  });

  it('keeps a version a change already had', () => {
    expect(rewriteLanded([{ ...fixPhone, version: 2 }], landed)[0].version).toBe(2);
  });
});

describe("a record's change going through", () => {
  it("moves the device's later changes made on the same version onto the new one, and no other", () => {
    const second = entry(7, { target: { id: 40 }, version: 3, body: { phone: '+9647501112299' } });
    const unknown = entry(8, { target: { id: 40 }, body: { address: 'Zakho' } });
    const madeOnTheirs = entry(9, { target: { id: 40 }, version: 5, body: { address: 'Soran' } });
    const otherRecord = entry(10, { target: { id: 41 }, version: 3 });
    const changed = rewriteSent([second, unknown, madeOnTheirs, otherRecord], { resource: 'patients', id: 40, from: 3, to: 4 });
    expect(changed.map((e) => [e.seq, e.version])).toEqual([
      [7, 4],
      [8, 4],
    ]);
  });

  it('chains a record made offline and changed twice: each change on the version the one before left', () => {
    const again = entry(11, { target: { ref: PATIENT }, body: { address: 'Erbil' } });
    let waiting = rewriteLanded([fixPhone, again], { resource: 'patients', ref: PATIENT, id: 501, version: 1 });
    expect(waiting.map((e) => e.version)).toEqual([1, 1]);
    waiting = rewriteSent(waiting.slice(1), { resource: 'patients', id: 501, from: 1, to: 2 });
    expect(waiting).toMatchObject([{ seq: 11, target: { id: 501 }, version: 2 }]);
  });
});

describe('relations naming records made offline', () => {
  const relations = { patient_id: 'patients', doctor_id: 'tenantUsers' };
  const refs: Record<string, string> = { 'patients:-1': PATIENT };
  const landedIds: Record<string, number> = { 'patients:-2': 77 };
  const refOf = (resource: string, id: number) => refs[`${resource}:${id}`];
  const landedId = (resource: string, id: number) => landedIds[`${resource}:${id}`];

  it.each([
    ['a patient the server has', { patient_id: 5, doctor_id: 2 }, { patient_id: 5, doctor_id: 2 }, []],
    ['a patient made offline, still waiting', { patient_id: -1, doctor_id: 2 }, { patient_id: -1, doctor_id: 2 }, [{ field: 'patient_id', resource: 'patients', ref: PATIENT }]],
    ['a patient made offline that landed already', { patient_id: -2, doctor_id: 2 }, { patient_id: 77, doctor_id: 2 }, []],
  ])('%s', (_name, body, out, dependsOn) => {
    expect(dependenciesOf(relations, body, refOf, landedId)).toEqual({ body: out, dependsOn });
  });

  it('refuses a provisional id the device does not know', () => {
    expect(() => dependenciesOf(relations, { patient_id: -9 }, refOf, landedId)).toThrow(/does not know/);
  });

  it('keys records by id or by reference', () => {
    expect([recordKey('patients', { id: 4 }), recordKey('patients', { ref: PATIENT })]).toEqual(['patients/4', `patients/ref:${PATIENT}`]);
  });
});
