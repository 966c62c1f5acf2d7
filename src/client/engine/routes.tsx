// React Router elements generated from the route table (nav.ts): a guard around each page and
// redirects for group routes. Every screen has a page (tests/unit/access.test.ts checks it).
import { lazy } from 'react';
import { Navigate, Route } from 'react-router';
import type { Scope } from '../../shared/resource';
import { Guard } from './Guard';
import { routesOf } from './nav';
import { overrideOf, preloadScreen, screenPageOf } from './parts';
import { screensOf } from './screens';

const ResourcePage = lazy(() => import('./resourcePages'));

export function appRoutes(scope: Scope) {
  return routesOf(scope).flatMap((entry) => {
    let element;
    // Marked as redirected: a page of tabs then opens the first the user may read instead (ChildTabs).
    if (entry.type === 'redirect') element = <Navigate to={entry.to} replace state={{ redirected: true }} />;
    else if (entry.type === 'resource') {
      const Override = overrideOf(entry.def.name, entry.page);
      element = Override ? <Override /> : <ResourcePage def={entry.def} page={entry.page} />;
    } else if (entry.type === 'tab') {
      // The parent's page, which reads the active tab from the address.
      const Override = overrideOf(entry.def.name, 'tabs');
      element = Override ? <Override /> : <ResourcePage def={entry.def} page="show" />;
    } else {
      const Page = entry.screen.page ? screenPageOf(entry.screen.page) : undefined;
      if (!Page) return [];
      element = <Page />;
    }
    return <Route key={entry.path} path={entry.path} element={<Guard rule={entry.rule}>{element}</Guard>} />;
  });
}

/**
 * Loads the code of the screen a login lands on (the dashboard's page) and, in a clinic, of every
 * dashboard card, while the person types (warmup.ts): the first draw after the click then waits
 * for none of them (a part's or a card's code was one more round trip each, one import level
 * after another).
 */
export function preloadHome(scope: Scope): Promise<unknown> {
  return preloadScreen(screensOf(scope).find((s) => s.path === 'dashboard')?.page, scope === 'tenant');
}
