// The screen's name for the browser tab, from the same route table the router is built from
// (nav.ts): a generated page by its resource (and action), a tab by its parent and record kind, a
// hand-written screen by its menu label. Refine's DocumentTitleHandler calls it on every move.
import { matchPath } from 'react-router';
import type { Scope } from '../../shared/resource';
import { type Translate, resourceTitle } from '../../shared/labels';
import type { Caller } from '../../shared/access';
import { type RouteEntry, routesOf } from './nav';
import { allows, moduleOff } from './rules';

const params = (path: string) => path.split('/').filter((s) => s.startsWith(':')).length;

/** The most specific route entry for a path (`patients/create` before `patients/:id`). */
export function routeFor(scope: Scope, pathname: string): RouteEntry | null {
  const found = routesOf(scope).filter((r) => matchPath({ path: `/${r.path}`, end: true }, pathname));
  found.sort((a, b) => params(a.path) - params(b.path) || b.path.length - a.path.length);
  return found[0] ?? null;
}

/**
 * The tab's title for a path as `caller` sees it: what the Guard shows decides, so a page they may
 * not open says "No access" and a module the clinic lacks says not found, never the screen's name.
 */
export function screenTitle(scope: Scope, pathname: string, t: Translate, caller: Caller = null): string | null {
  const entry = routeFor(scope, pathname);
  // An unknown address: the not-found screen's title.
  if (!entry) return t('screens.notFound', '404');
  if (caller && moduleOff(caller, entry.rule)) return t('screens.notFound', '404');
  if (caller && !allows(caller, entry.rule)) return t('screens.forbiddenTitle', 'No access');
  switch (entry.type) {
    case 'resource': {
      const title = resourceTitle(t, entry.def);
      if (entry.page === 'create') return `${title} — ${t('buttons.create', 'Create')}`;
      if (entry.page === 'edit') return `${title} — ${t('buttons.edit', 'Edit')}`;
      return title;
    }
    case 'tab':
      return `${resourceTitle(t, entry.def)} — ${resourceTitle(t, entry.child)}`;
    case 'screen': {
      const label = t(`nav.${entry.screen.key}`, entry.screen.key);
      // A patient's own tabs say whose page it is.
      return entry.path.startsWith('patients/:id/') ? `${t('nav.patient', 'Patient')} — ${label}` : label;
    }
    case 'redirect':
      // Moves on at once; the page it leads to is titled then.
      return null;
  }
}
