// What a login leads to, fetched while the person types (issue 41). On a slow link the code behind
// the login (Refine and the shell, the dashboard, the generated list page) is some 80 chunks;
// asked for only after the click, they came one import level at a time and the patients list
// waited seconds for them. Loaded by the login page once it is idle (its own chunk: the list of
// what these imports need is kilobytes the login page's first load should not carry).
import type { Scope } from '../shared/resource';
import { formatNumberIn } from '../shared/money';
import { currentLang } from './i18n';

export function warmSignedIn(scope: Scope): void {
  const loads: Promise<unknown>[] = [
    import('./PrivateApp'),
    import('./engine/resourcePages'),
    scope === 'central' ? import('./pages/central/Dashboard') : import('./pages/clinic/ClinicDashboard'),
  ];
  // A failed fetch here is only a lost head start: the page asks again when it needs the code.
  for (const load of loads) load.catch(() => undefined);
  // The page's first number formatters: the first one made loads the browser's number data, tens
  // of milliseconds on a phone that fell in the list's first draw (kept: shared/money.ts).
  for (const digits of [0, 2]) formatNumberIn(currentLang(), 0, digits);
}
