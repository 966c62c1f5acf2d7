// React Router elements generated from the route table (nav.ts): a guard around each page and
// redirects for group routes. Every screen has a page (tests/unit/access.test.ts checks it).
import { lazy } from 'react';
import { Navigate, Route } from 'react-router';
import type { Scope } from '../../shared/resource';
import { Guard } from './Guard';
import { routesOf } from './nav';
import { RESOURCE_OVERRIDES, SCREEN_PAGES } from './overrides';

const ResourcePage = lazy(() => import('./resourcePages'));

export function appRoutes(scope: Scope) {
  return routesOf(scope).flatMap((entry) => {
    let element;
    // Marked as redirected: a page of tabs then opens the first the user may read instead (ChildTabs).
    if (entry.type === 'redirect') element = <Navigate to={entry.to} replace state={{ redirected: true }} />;
    else if (entry.type === 'resource') {
      const Override = RESOURCE_OVERRIDES[entry.def.name]?.[entry.page];
      element = Override ? <Override /> : <ResourcePage def={entry.def} page={entry.page} />;
    } else if (entry.type === 'tab') {
      // The parent's page, which reads the active tab from the address.
      const Override = RESOURCE_OVERRIDES[entry.def.name]?.tabs;
      element = Override ? <Override /> : <ResourcePage def={entry.def} page="show" />;
    } else {
      const Page = entry.screen.page ? SCREEN_PAGES[entry.screen.page] : undefined;
      if (!Page) return [];
      element = <Page />;
    }
    return <Route key={entry.path} path={entry.path} element={<Guard rule={entry.rule}>{element}</Guard>} />;
  });
}
