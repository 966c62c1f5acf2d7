// The print's deadline (pages/clinic/lib/deadline.ts): a server part answers its own value in time,
// the fallback after the deadline or on a failure; parts started later share the same end.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deadline } from '../../src/client/pages/clinic/lib/deadline';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A promise that answers `value` after `ms`, fails when `value` is an Error, or never answers (ms null). */
function answer<T>(value: T, ms: number | null): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (ms === null) return;
    setTimeout(() => (value instanceof Error ? reject(value) : resolve(value)), ms);
  });
}

describe('deadline', () => {
  it.each([
    { what: 'answers in time', ms: 900, started: 0, expected: 'server' },
    { what: 'answers after the deadline', ms: 1_100, started: 0, expected: 'fallback' },
    { what: 'never answers', ms: null, started: 0, expected: 'fallback' },
    { what: 'fails at once', ms: 0, started: 0, expected: 'fallback', fails: true },
    // Started 600 ms into a 1,000 ms deadline: 500 ms more is past it, though under 1,000 alone.
    { what: 'started late, shares the end', ms: 500, started: 600, expected: 'fallback' },
    { what: 'started late, in time', ms: 300, started: 600, expected: 'server' },
  ])('$what', async ({ ms, started, expected, fails }) => {
    const within = deadline(1_000);
    await vi.advanceTimersByTimeAsync(started);
    let settled: string | undefined;
    void within(answer(fails ? new Error('refused') : 'server', ms), 'fallback').then((v) => (settled = v as string));
    await vi.advanceTimersByTimeAsync(1_000 - started - 1);
    // Nothing is said before the deadline unless the server answered.
    if (expected === 'fallback' && !fails) expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(settled).toBe(expected);
  });
});
