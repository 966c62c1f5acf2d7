// The shell's small store (offline/shellState.ts): a change tells its readers, the same values
// again do not (a refreshed, unchanged count re-rendered every reader of the shell's state).
import { afterEach, describe, expect, it } from 'vitest';
import { onShellState, setShellState, shellHasNews, shellState } from '../../src/client/offline/shellState';

afterEach(() => setShellState({ applyUpdate: null, offlineSince: null, waiting: 0, problems: 0 }));

describe('the shell state', () => {
  it.each([
    ['an unchanged count', { waiting: 0 }, 0],
    ['unchanged counts', { waiting: 0, problems: 0 }, 0],
    ['a new count', { waiting: 3 }, 1],
    ['one count of two changed', { waiting: 0, problems: 2 }, 1],
    ['a cut', { offlineSince: new Date() }, 1],
  ] as const)('%s tells its readers %d times', (_name, change, told) => {
    let heard = 0;
    const before = shellState();
    const stop = onShellState(() => (heard += 1));
    setShellState(change);
    stop();
    expect(heard).toBe(told);
    expect(shellState() === before).toBe(told === 0);
  });

  it('has news while anything waits, is cut or is refused', () => {
    expect(shellHasNews()).toBe(false);
    setShellState({ problems: 1 });
    expect(shellHasNews()).toBe(true);
  });
});
