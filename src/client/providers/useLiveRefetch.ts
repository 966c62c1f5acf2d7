// A screen made from a custom endpoint (the dashboard's counts, the calendar's free slots) follows
// live updates too: whenever a record of one of `resources` changes, its data is asked again.
// Refine's live mode does this for lists and records; custom calls name no resource, so they say
// which ones they are made of.
import { useEffect, useRef } from 'react';
import { liveProvider } from './liveProvider';

export function useLiveRefetch(resources: readonly string[], refetch: () => unknown): void {
  // The latest refetch, without subscribing again on every render.
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  const key = resources.join(',');
  useEffect(() => {
    const subscriptions = key.split(',').filter(Boolean).map((resource) =>
      liveProvider.subscribe({ channel: `resources/${resource}`, types: ['*'], callback: () => void latest.current() }),
    );
    return () => subscriptions.forEach((s) => liveProvider.unsubscribe(s));
  }, [key]);
}
