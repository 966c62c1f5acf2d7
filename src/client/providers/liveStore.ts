// A small shared value loaded from the API (header bell, pending-requests badge), loaded when a
// component first shows it and again whenever the live stream says one of `resources` changed
// (no polling). Failures keep the last value.
// TODO(issue 35): a react-query query invalidated by the live stream would serve as well.
import { useEffect, useSyncExternalStore } from 'react';
import { liveProvider } from './liveProvider';

export interface LiveStore<T> {
  get(): T;
  refresh(): Promise<void>;
  reset(): void;
  /** Hook: the value; loads and follows changes while at least one mounted component uses it. */
  useValue(enabled?: boolean): T;
}

export function createLiveStore<T>(load: () => Promise<T>, initial: T, resources: readonly string[]): LiveStore<T> {
  let value = initial;
  let users = 0;
  let subscriptions: unknown[] = [];
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

  const store: LiveStore<T> = {
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
          subscriptions = resources.map((name) => liveProvider.subscribe({ channel: `resources/${name}`, types: ['*'], callback: () => void refresh() }));
        }
        return () => {
          users -= 1;
          if (users === 0) {
            subscriptions.forEach((s) => liveProvider.unsubscribe(s));
            subscriptions = [];
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
