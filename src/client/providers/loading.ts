// The global loading flag: set while any API request is in flight (queries, mutations, auth,
// start-up loads). The thin bar at the top of every screen shows it.
// A store of its own, not react-query's useIsFetching: it also counts the calls made outside the
// query cache (the auth provider's, the start-up loads before the cache exists).
import { useSyncExternalStore } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function beginLoading(): () => void {
  pending += 1;
  emit();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending -= 1;
    emit();
  };
}

export function isLoading(): boolean {
  return pending > 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGlobalLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading, isLoading);
}
