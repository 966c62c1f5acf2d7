// Whether the server answers (issue 36). Every API call tells this module what happened: any HTTP
// answer means the link is up; no answer (refused, reset, timed out) means it is down. While down,
// a heartbeat asks the server every few seconds until it answers. navigator.onLine is not used: it
// stays "online" when only the clinic's uplink is cut. Small and free of imports beyond the shell's
// state, because the HTTP client (in every page's first load) imports it.
import { setShellState, shellState } from './shellState';

const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

let heartbeat: ReturnType<typeof setTimeout> | null = null;

/** Since when the server has not answered; null while it answers. */
export function offlineSince(): Date | null {
  return shellState().offlineSince;
}

export function noteAnswer(): void {
  if (!shellState().offlineSince) return;
  if (heartbeat) clearTimeout(heartbeat);
  heartbeat = null;
  setShellState({ offlineSince: null });
}

export function noteNoAnswer(): void {
  if (shellState().offlineSince) return;
  setShellState({ offlineSince: new Date() });
  beat();
}

function beat(): void {
  heartbeat = setTimeout(() => {
    // Any answer, even an error status, means the server is reachable again.
    fetch('/api/v1/tenant-check', { signal: AbortSignal.timeout(HEARTBEAT_TIMEOUT_MS), cache: 'no-store' }).then(noteAnswer, () => {
      if (shellState().offlineSince) beat();
    });
  }, HEARTBEAT_MS);
}
