// The working set's first load is the device's heaviest work (every row sealed and stored). Begun
// at the sign-in click, it took the phone's main thread from the first screens: on the slow-link
// bench (4x CPU) the login click to the patients list's rows took 11.4 s against 7.8 s with it
// held back. A pass therefore starts once the screens are quiet (none of their reads or writes in
// flight for a second, then an idle moment of the main thread), or after MAX_WAIT_MS at the latest.
import { queryClient } from '../providers/queryClient';

const QUIET_MS = 1_000;
const MAX_WAIT_MS = 15_000;
const POLL_MS = 200;

export function whenQuiet(): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    let quietSince: number | null = null;
    const check = () => {
      const now = Date.now();
      if (queryClient.isFetching() + queryClient.isMutating() > 0) quietSince = null;
      else quietSince ??= now;
      if ((quietSince !== null && now - quietSince >= QUIET_MS) || now - started >= MAX_WAIT_MS) {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1_000 });
        else resolve();
        return;
      }
      setTimeout(check, POLL_MS);
    };
    check();
  });
}
