// The entity folders' client parts (resources/*/client.tsx, listed by resources/registry.client.ts)
// as the routes and record pages use them: a resource's own pages, the screens' pages, the panels.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { clientParts } from '../../../resources/registry.client';
import { type OverrideKind, collect, lazyOf } from './clientPart';

const pages = collect(clientParts, 'pages');
const screens = collect(clientParts, 'screens');
const panels = collect(clientParts, 'panels');

type Page = LazyExoticComponent<ComponentType>;

/** The hand-written page replacing a resource's generated one, if its folder gives one. */
export function overrideOf(resource: string, kind: OverrideKind): Page | undefined {
  const load = pages[resource]?.[kind];
  return load && lazyOf(load);
}

/** A screen's hand-written page (screens.ts `page`), if a folder gives it. */
export function screenPageOf(name: string): Page | undefined {
  const load = screens[name];
  return load && lazyOf(load);
}

/** A panel below a record's details (ResourceDef.panels), if a folder gives it. */
export function panelOf(name: string): LazyExoticComponent<ComponentType<{ record: BaseRecord }>> | undefined {
  const load = panels[name];
  return load && lazyOf(load);
}

/** The names given, for the checks that every declared panel and screen page has one. */
export const givenNames = { pages: Object.keys(pages), screens: Object.keys(screens), panels: Object.keys(panels) };
