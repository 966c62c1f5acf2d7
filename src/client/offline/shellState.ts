// What the app's shell shows above every screen about itself: a new version waiting to be loaded
// (issue 36), later the offline banner. A small store read with useSyncExternalStore, so the shell
// can tell about it from outside React (the service worker's events).

export interface ShellState {
  /** Set when a new version is installed and waits: calling it switches to it and reloads. */
  applyUpdate: (() => void) | null;
}

let state: ShellState = { applyUpdate: null };
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
  state = { ...state, ...change };
  for (const l of listeners) l();
}

/** Whether the shell has anything to show (the app then loads the bars). */
export function shellHasNews(s: ShellState = state): boolean {
  return s.applyUpdate !== null;
}
