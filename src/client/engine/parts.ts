// The entity folders' client parts (their client.tsx), through the index resources/registry.client.ts
// lists: a resource's own pages, the screens' pages, the panels below a record, the dashboard's
// cards, each loaded on demand.
import type { ComponentType, LazyExoticComponent } from 'react';
import type { BaseRecord } from '@refinedev/core';
import { clientIndex } from '../../../resources/registry.client';
import { type OverrideKind, lazyFrom, loadEntry } from './clientPart';

type Page = LazyExoticComponent<ComponentType>;

/** The hand-written page replacing a resource's generated one, if its folder gives one. */
export function overrideOf(resource: string, kind: OverrideKind): Page | undefined {
  const entry = clientIndex.pages[`${resource}.${kind}`];
  return entry && lazyFrom(clientIndex, entry);
}

/** A screen's hand-written page (screens.ts `page`), if a folder gives it. */
export function screenPageOf(name: string): Page | undefined {
  const entry = clientIndex.screens[name];
  return entry && lazyFrom(clientIndex, entry);
}

/** A panel below a record's details (ResourceDef.panels), if a folder gives it. */
export function panelOf(name: string): LazyExoticComponent<ComponentType<{ record: BaseRecord }>> | undefined {
  const entry = clientIndex.panels[name];
  return entry && lazyFrom<{ record: BaseRecord }>(clientIndex, entry);
}

/** The cards modules put on the clinic's dashboard, each with the resource whose readers see it. */
export const dashboardCards: readonly { resource: string; Card: Page }[] = Object.entries(clientIndex.dashboard).map(([resource, entry]) => ({ resource, Card: lazyFrom(clientIndex, entry) }));

/**
 * Loads a screen's page and, with `cards`, every dashboard card's code ahead of their first show
 * (the login's warmup: routes.tsx preloadHome): the same modules their lazy components load.
 */
export function preloadScreen(page: string | undefined, cards: boolean): Promise<unknown> {
  const entries = [page === undefined ? undefined : clientIndex.screens[page], ...(cards ? Object.values(clientIndex.dashboard) : [])];
  return Promise.all(entries.filter((e) => e !== undefined).map((entry) => loadEntry(clientIndex, entry)));
}

/** The names given, for the checks that every declared panel and screen page has one. */
export const givenNames = {
  pages: [...new Set(Object.keys(clientIndex.pages).map((key) => key.split('.')[0]))],
  screens: Object.keys(clientIndex.screens),
  panels: Object.keys(clientIndex.panels),
  dashboard: Object.keys(clientIndex.dashboard),
};
