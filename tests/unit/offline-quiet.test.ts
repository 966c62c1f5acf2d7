// The working set's first pass waits for the screens to be quiet (src/client/offline/quiet.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../src/client/providers/queryClient';
import { whenQuiet } from '../../src/client/offline/quiet';

describe('whenQuiet', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    queryClient.clear();
    vi.useRealTimers();
  });

  const settledAfter = async (ms: number, started: Promise<void>) => {
    let done = false;
    void started.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(ms);
    return done;
  };

  it.each([
    ['nothing in flight', 0, 900, 1_300],
    ['a screen read in flight for 3 s', 3_000, 3_900, 4_300],
    ['a read that never ends: the 15 s cap', Infinity, 14_900, 15_300],
  ])('with %s: held back, then started', async (_, readMs, notYet, by) => {
    if (readMs > 0) void queryClient.fetchQuery({ queryKey: ['slow', readMs], queryFn: () => new Promise((resolve) => Number.isFinite(readMs) && setTimeout(() => resolve(1), readMs)) }).catch(() => undefined);
    const quiet = whenQuiet();
    expect(await settledAfter(notYet, quiet)).toBe(false);
    expect(await settledAfter(by - notYet, quiet)).toBe(true);
  });
});
