// A load of a signed-in page, started ahead (issue 41). Left to React, the code came one lazy
// level at a time (the gate, then Refine and the layout, then the page), each found only once the
// level above had drawn, and the list asked for its rows last: a repeat visit on a slow phone
// waited seconds for that chain. As soon as the address is known (main.tsx, beside the start-up
// requests and the logged-in application's code), this starts the page's own code and, for a
// generated list opened at its plain address, the rows' request itself (taken by the list's own
// call, never asked twice: providers/http.ts `readAhead`).
import { matchRoutes, resolvePath } from 'react-router';
import { appScope } from '../host';
import { callerOf, getSession } from '../providers/session';
import { listAhead } from '../providers/dataProvider';
import { type RouteEntry, routesOf } from './nav';
import { loadEntry, overrideEntry, screenEntry } from './parts';
import { allows, moduleOff } from './rules';
import { firstListAsk } from './listAsk';
import { hasPermission } from '../../shared/access';

/** The route table's entry the address opens (as the router ranks them), through a redirect. */
function entryAt(pathname: string): RouteEntry | undefined {
  const entries = routesOf(appScope());
  const at = (path: string) => {
    const match = matchRoutes(entries.map((e, i) => ({ id: String(i), path: `/${e.path}` })), path)?.[0];
    return match ? entries[Number(match.route.id)] : undefined;
  };
  const entry = at(pathname);
  // A group's or a record's address opens its first page (relative, as <Navigate> reads it).
  return entry?.type === 'redirect' ? at(resolvePath(entry.to, pathname).pathname) : entry;
}

/** What the page's code is: its hand-written page, else the generated one's. */
function pageLoads(entry: RouteEntry): Promise<unknown>[] {
  if (entry.type === 'screen') {
    const given = entry.screen.page ? screenEntry(entry.screen.page) : undefined;
    return given ? [loadEntry(given)] : [];
  }
  if (entry.type === 'redirect') return [];
  const kind = entry.type === 'tab' ? 'tabs' : entry.page;
  const given = overrideEntry(entry.def.name, kind);
  if (given) return [loadEntry(given)];
  const generated: Promise<unknown>[] = [import('./resourcePages')];
  if (kind === 'show' || kind === 'tabs') generated.push(import('./ShowPage'));
  if (kind === 'create' || kind === 'edit') generated.push(import('./FormPage'));
  return generated;
}

export function routeAhead(pathname: string, search: string): void {
  const caller = callerOf(getSession());
  const entry = caller ? entryAt(pathname) : undefined;
  // Logged out, not a page of the app, or one this person may not open: nothing to start.
  if (!caller || !entry || moduleOff(caller, entry.rule) || !allows(caller, entry.rule)) return;
  const loads = pageLoads(entry);
  // The header's patient search (layout/AppLayout.tsx) is drawn with every clinic page.
  if (caller.scope === 'tenant' && hasPermission(caller, 'patients', 'read')) loads.push(import('../pages/clinic/PatientSearch'));
  // A failed load here is only a lost head start: the page asks again when it needs the code.
  for (const load of loads) load.catch(() => undefined);
  // A filter, sort or page in the address (or a saved view's) is asked by the list itself.
  if (entry.type === 'resource' && entry.page === 'list' && !search && !overrideEntry(entry.def.name, 'list')) listAhead(entry.def.name, firstListAsk(entry.def));
}
