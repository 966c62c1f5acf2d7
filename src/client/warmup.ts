// What a login leads to, fetched while the person types (issue 41). On a slow link the code behind
// the login (Refine and the shell, the dashboard, the generated list page) is some 80 chunks;
// asked for only after the click, they came one import level at a time and the patients list
// waited seconds for them. Started once the login page is idle, so its own first paint keeps the
// link to itself (and its bundle test measures it alone); a second call is free (the browser keeps
// each module once).
import type { Scope } from '../shared/resource';

let started = false;

export function warmSignedIn(scope: Scope): void {
  if (started) return;
  started = true;
  const run = () => {
    const loads: Promise<unknown>[] = [
      import('./PrivateApp'),
      import('./engine/resourcePages'),
      scope === 'central' ? import('./pages/central/Dashboard') : import('./pages/clinic/ClinicDashboard'),
    ];
    // A failed fetch here is only a lost head start: the page asks again when it needs the code.
    for (const load of loads) load.catch(() => undefined);
  };
  // A second after the page shows (no one has typed a username by then), when the thread is idle.
  setTimeout(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
    else run();
  }, 1000);
}
