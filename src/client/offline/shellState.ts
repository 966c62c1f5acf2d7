// What the app's shell shows above every screen about itself (issue 36): a new version waiting
// to be loaded, and since when the server has not answered. A small store read with useSyncExternalStore, so the shell
// can tell about it from outside React (the service worker's events).

export interface ShellState {
  /** Set when a new version is installed and waits: calling it switches to it and reloads. */
  applyUpdate: (() => void) | null;
  /** Since when the server has not answered (link.ts); null while it answers. */
  offlineSince: Date | null;
  /** The signed-in user's changes kept in the outbox, not yet on the server (outbox.ts). */
  waiting: number;
  /** Of those, the ones the server refused, waiting for the user (the Sync problems screen). */
  problems: number;
  /**
   * The page was opened again online without its session's device key: the working set is not
   * followed until the password is given (idleWatch.ts); a bar offers to give it.
   */
  keyPaused: boolean;
}

let state: ShellState = { applyUpdate: null, offlineSince: null, waiting: 0, problems: 0, keyPaused: false };
const listeners = new Set<() => void>();

export function shellState(): ShellState {
  return state;
}

export function onShellState(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setShellState(change: Partial<ShellState>): void {
  // The same values again (a count refreshed, unchanged) are no news: no new state, no re-render.
  if ((Object.keys(change) as (keyof ShellState)[]).every((key) => Object.is(change[key], state[key]))) return;
  state = { ...state, ...change };
  for (const l of listeners) l();
}

/** Whether the shell has anything to show (the app then loads the bars). */
export function shellHasNews(s: ShellState = state): boolean {
  return s.applyUpdate !== null || s.offlineSince !== null || s.waiting > 0 || s.problems > 0 || s.keyPaused;
}
