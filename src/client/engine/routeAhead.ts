// A load of a signed-in page, started ahead (issue 41). Left to React, the code came one lazy
// level at a time (the gate, then Refine and the layout, then the page), each found only once the
// level above had drawn, and the list asked for its rows last: a repeat visit on a slow phone
// waited seconds for that chain. Called as the logged-in application's code is loaded
// (PrivateApp.tsx), it starts a generated list's code and, opened at its plain address, the rows'
// request itself (taken by the list's own call, never asked twice: providers/http.ts
// `readAhead`). Started from main.tsx instead, it was sooner, but the lists of files its imports
// need were copied into the first page's code and outweighed the budget (bundle-budget.test.ts).
import { matchPath } from 'react-router';
import { appScope } from '../host';
import { callerOf, getSession } from '../providers/session';
import { listAhead } from '../providers/dataProvider';
import { type RouteEntry, routesOf } from './nav';
import { overrideOf } from './parts';
import { allows, moduleOff } from './rules';

/** The route table's entry the address opens (a redirect's target is left to the page). */
function entryAt(pathname: string): RouteEntry | undefined {
  return routesOf(appScope()).find((e) => matchPath({ path: `/${e.path}`, end: true }, pathname));
}

export function routeAhead(pathname: string, search: string): void {
  const caller = callerOf(getSession());
  const entry = caller ? entryAt(pathname) : undefined;
  // Logged out, not a page of the app, or one this person may not open: nothing to start.
  if (!caller || !entry || moduleOff(caller, entry.rule) || !allows(caller, entry.rule)) return;
  // A generated list (no page of its own replaces it): its code, and its first page unless the
  // address holds a filter, sort or page (or a saved view's), which the list asks itself.
  if (entry.type !== 'resource' || entry.page !== 'list' || overrideOf(entry.def.name, 'list')) return;
  if (!search) listAhead(entry.def);
  // A failed load here is only a lost head start: the page asks again when it needs the code.
  import('./resourcePages').catch(() => undefined);
}
