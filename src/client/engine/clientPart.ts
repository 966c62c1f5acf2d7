// The client part of an entity folder (resources/<entity>/client.tsx): the hand-written pages
// replacing generated ones, the pages of screens and the panels below a record, by key. A part
// holds loaders only (each page's code is fetched when first shown), so listing every part in
// resources/registry.client.ts (written by `npm run resources`) adds nothing heavy to a bundle.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { BaseRecord } from '@refinedev/core';
import type { PageKind } from './nav';

/** Loads a page's module (a dynamic import answering its component as `default`). */
export type Loader<P = object> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A page kind, or `tabs`: the parent's page at its nested records' tab routes (<route>/:id/<tab>),
 * which is otherwise the generated detail page with the tabs below the record.
 */
export type OverrideKind = PageKind | 'tabs';

export interface ClientPart {
  /** Pages replacing the generated ones, by resource name and page kind. */
  pages?: Readonly<Record<string, Partial<Record<OverrideKind, Loader>>>>;
  /** Pages of the client's screens (screens.ts `page`), by name. */
  screens?: Readonly<Record<string, Loader>>;
  /** Panels a declaration places below a record's details (ResourceDef.panels), by name. */
  panels?: Readonly<Record<string, Loader<{ record: BaseRecord }>>>;
}

/** Types a client part (its folder's `client.tsx` exports it as default). */
export const defineClientPart = (part: ClientPart): ClientPart => part;

// One lazy component per loader: a page given for two routes (a screen and a resource's tabs) is
// one instance, so moving between them keeps it mounted.
const made = new Map<unknown, unknown>();
export function lazyOf<P extends object>(loader: Loader<P>): LazyExoticComponent<ComponentType<P>> {
  if (!made.has(loader)) made.set(loader, lazy(loader));
  return made.get(loader) as LazyExoticComponent<ComponentType<P>>;
}

/** Everything the parts give of one kind, merged by key; a key given twice is an error. */
export function collect<K extends keyof ClientPart>(parts: readonly ClientPart[], kind: K): NonNullable<ClientPart[K]> {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part[kind] ?? {})) {
      if (key in out) throw new Error(`client parts: ${kind}.${key} is given twice`);
      out[key] = value;
    }
  }
  return out as NonNullable<ClientPart[K]>;
}
