// A custom write's Idempotency-Key (src/client/providers/actionKeys.ts): kept for the same write
// sent again after no answer, spent by any answer, the caller's own kept as it is.
import { describe, expect, it } from 'vitest';
import { keyFor, sameWrite, settled } from '../../src/client/providers/actionKeys';
import { ApiError } from '../../src/client/providers/http';

const HOUR = 3600_000;

describe('a custom write’s key', () => {
  it.each([
    ['no answer (a cut or mute link, or past the deadline)', new ApiError('no answer', 0), 0, true],
    ['no answer, sent again a day later (the server has let its answer go)', new ApiError('no answer', 0), 25 * HOUR, false],
    ['answered: done', undefined, 0, false],
    ['answered: refused (422)', new ApiError('refused', 422), 0, false],
    ['answered: changed meanwhile (412)', new ApiError('changed', 412), 0, false],
    ['answered: the server failed (500)', new ApiError('failed', 500), 0, false],
  ] as const)('%s: the same write sent again reuses its key: %s', (_case, error, later, reused) => {
    const same = sameWrite({ url: `/payments/${Math.random()}/refund`, method: 'post', payload: { amount: 5 } })!;
    const first = keyFor(same, undefined, 0);
    settled(same, first, error, 0);
    expect(keyFor(same, undefined, later) === first).toBe(reused);
  });

  it('is another for another write, the caller’s own when given, and none for a file', () => {
    const same = sameWrite({ url: '/payments/7/refund', method: 'post', payload: { amount: 5 } })!;
    const first = keyFor(same, undefined);
    settled(same, first, new ApiError('no answer', 0));
    expect(keyFor(sameWrite({ url: '/payments/7/refund', method: 'post', payload: { amount: 6 } })!, undefined)).not.toBe(first);
    expect(keyFor(same, { 'Idempotency-Key': 'the-form-submission' })).toBe('the-form-submission');
    const file = new FormData();
    file.append('file', new Blob(['x']), 'x.png');
    expect(sameWrite({ url: '/patients/7/photo', method: 'post', payload: file })).toBeNull();
  });
});
