// Which columns a generated list shows: the declaration's `list` fields until the person chooses
// others, kept per person and list in this browser (and in a saved view, across devices).
// A person's choice in this browser: neither Refine nor react-query keeps one, so localStorage does.
import { useCallback, useSyncExternalStore } from 'react';
import type { FieldDef, ResourceDef } from '../../shared/resource';

/** Fields a list can show as a column: read by the API and shown as one value. */
export function columnCandidates(def: ResourceDef, readable: (f: FieldDef) => boolean, hide?: string): string[] {
  return Object.entries(def.fields)
    .filter(([name, f]) => !f.writeOnly && !f.virtual && name !== hide && readable(f) && !['list', 'json', 'password'].includes(f.type))
    .map(([name]) => name);
}

export function defaultColumns(def: ResourceDef, candidates: readonly string[]): string[] {
  return candidates.filter((name) => def.fields[name].list);
}

/** A stored or saved choice made valid: known columns only, in declaration order; none left means the default. */
export function chosenColumns(saved: readonly string[] | null, candidates: readonly string[], fallback: readonly string[]): string[] {
  if (!saved) return [...fallback];
  const known = candidates.filter((name) => saved.includes(name));
  return known.length ? known : [...fallback];
}

export const parseColumns = (text: string | null | undefined): string[] | null => (text ? text.split(',').filter(Boolean) : null);

const listeners = new Set<() => void>();
const keyOf = (owner: string, resource: string) => `list-columns:${owner}:${resource}`;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The person's column choice for a list (`owner` tells people apart on a shared computer). */
export function useStoredColumns(owner: string, resource: string): [string[] | null, (columns: string[] | null) => void] {
  const key = keyOf(owner, resource);
  const subscribe = useCallback((fn: () => void) => {
    listeners.add(fn);
    return () => listeners.delete(fn);
  }, []);
  const text = useSyncExternalStore(subscribe, () => read(key), () => null);
  const set = useCallback(
    (columns: string[] | null) => {
      try {
        if (columns) window.localStorage.setItem(key, columns.join(','));
        else window.localStorage.removeItem(key);
      } catch {
        // A browser refusing storage keeps the choice for this page only.
      }
      for (const fn of listeners) fn();
    },
    [key],
  );
  return [parseColumns(text), set];
}
