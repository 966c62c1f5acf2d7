// Hand-written pages that replace generated ones, by resource name and page kind, and the
// hand-written pages of client screens (screens.ts `page`). Lazy so each loads on demand.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageKind } from './nav';

type Page = LazyExoticComponent<ComponentType>;

export const RESOURCE_OVERRIDES: Partial<Record<string, Partial<Record<PageKind, Page>>>> = {};

export const SCREEN_PAGES: Record<string, Page> = {
  dashboard: lazy(() => import('../pages/Dashboard')),
  patientTabs: lazy(() => import('../pages/PatientTabs')),
};
