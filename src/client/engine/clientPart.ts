// The client part of an entity folder (resources/<entity>/client.tsx): the hand-written pages
// replacing generated ones, the pages of screens, the panels below a record and the cards on the
// clinic's dashboard, by key. The bundle
// holds only the generated index of the parts (resources/registry.client.ts, `npm run resources`):
// a part loads when one of its pages is first shown, then that page's own code.
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
  /**
   * Cards on the clinic's dashboard, by the name of the resource whose read permission shows them
   * (so the part loads only for those who may read it). A card fetches its own data.
   */
  dashboard?: Readonly<Record<string, Loader>>;
}

/** Types a client part (its folder's `client.tsx` exports it as default). */
export const defineClientPart = (part: ClientPart): ClientPart => part;

/** Where a page is found: its folder, and the path of its loader in that folder's part. */
export type PartEntry = readonly [folder: string, at: string];

/** The generated index of the client parts (resources/registry.client.ts). */
export interface ClientIndex {
  /** Each folder's part, loaded when one of its pages is first shown. */
  load: Readonly<Record<string, () => Promise<{ default: ClientPart }>>>;
  /** By `<resource>.<kind>`. */
  pages: Readonly<Record<string, PartEntry>>;
  screens: Readonly<Record<string, PartEntry>>;
  panels: Readonly<Record<string, PartEntry>>;
  dashboard: Readonly<Record<string, PartEntry>>;
}

/** Loads the module a part gives at `entry` (its folder's part first): a lazy page's code, or its warmup. */
export async function loadEntry<P extends object>(index: ClientIndex, [folder, at]: PartEntry): Promise<{ default: ComponentType<P> }> {
  const part = (await index.load[folder]()).default;
  const loader = at.split('.').reduce<unknown>((node, step) => (node as Record<string, unknown> | undefined)?.[step], part) as Loader<P> | undefined;
  if (!loader) throw new Error(`resources/${folder}/client.tsx gives nothing at ${at}: run npm run resources`);
  return loader();
}

// One lazy component per place in a part: a page given for two routes (a screen and a resource's
// tabs) is found at one place, so moving between them keeps it mounted.
const made = new Map<string, unknown>();
export function lazyFrom<P extends object>(index: ClientIndex, entry: PartEntry): LazyExoticComponent<ComponentType<P>> {
  const key = `${entry[0]}:${entry[1]}`;
  if (!made.has(key)) made.set(key, lazy(() => loadEntry<P>(index, entry)));
  return made.get(key) as LazyExoticComponent<ComponentType<P>>;
}
