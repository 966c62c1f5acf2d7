// A small shared value loaded from the API, refreshed on demand and every `everyMs` while some
// component shows it (header bell, pending-requests badge). Failures keep the last value.
import { useEffect, useSyncExternalStore } from 'react';

export interface PolledStore<T> {
  get(): T;
  refresh(): Promise<void>;
  reset(): void;
  /** Hook: the value; loads and polls while at least one mounted component uses it. */
  useValue(enabled?: boolean): T;
}

export function createPolledStore<T>(load: () => Promise<T>, initial: T, everyMs = 60_000): PolledStore<T> {
  let value = initial;
  let users = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  let generation = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  const refresh = async () => {
    const mine = generation;
    try {
      const next = await load();
      if (mine !== generation) return; // reset (logout) while loading
      value = next;
      emit();
    } catch {
      // keep the last value
    }
  };

  const store: PolledStore<T> = {
    get: () => value,
    refresh,
    reset: () => {
      generation += 1;
      value = initial;
      emit();
    },
    useValue: (enabled = true) => {
      useEffect(() => {
        if (!enabled) return undefined;
        users += 1;
        if (users === 1) {
          void refresh();
          timer = setInterval(() => void refresh(), everyMs);
        }
        return () => {
          users -= 1;
          if (users === 0) {
            if (timer) clearInterval(timer);
            timer = null;
            // Nobody shows it (logged out): the next user starts from nothing.
            generation += 1;
            value = initial;
          }
        };
      }, [enabled]);
      return useSyncExternalStore(
        (l) => {
          listeners.add(l);
          return () => listeners.delete(l);
        },
        () => value,
        () => value,
      );
    },
  };
  return store;
}
