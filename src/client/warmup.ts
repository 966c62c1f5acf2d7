// What a login leads to, fetched while the person types (issue 41). On a slow link the code behind
// the login (Refine and the shell, the dashboard, the generated list page) is some 80 chunks;
// asked for only after the click, they came one import level at a time and the patients list
// waited seconds for them. Loaded by the login page once it is idle (its own chunk: the list of
// what these imports need is kilobytes the login page's first load should not carry).
import type { Scope } from '../shared/resource';
import { formatNumberIn } from '../shared/money';
import { currentLang } from './i18n';

/** How long the warmup waits for a first-installing worker to take the page (a slow link's install). */
const CONTROL_WAIT_MS = 10_000;

/**
 * Resolves once a service worker controls the page, or at once when none will (no support, the
 * development server), or after CONTROL_WAIT_MS. On a first visit the worker installs the
 * signed-in code first and takes the page (src/client/sw.ts): loaded through it, that code comes
 * out of CacheStorage, where V8 keeps its code cache for the next visit; loaded from the network
 * before, the repeat visit would compile it all again. Nothing else waits on this: a click on
 * "sign in" meanwhile loads what it needs at once.
 */
export function workerControls(waitMs = CONTROL_WAIT_MS): Promise<void> {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  if (import.meta.env.DEV || !container || container.controller) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    container.addEventListener('controllerchange', done, { once: true });
    // No worker coming (registration refused: a browser that blocks workers, a private window):
    // the code is warmed at once rather than 10 s late.
    void container.getRegistration().then(
      (registration) => {
        if (!registration) done();
      },
      done,
    );
  });
}

export function warmSignedIn(scope: Scope): void {
  // The page's first number formatters: the first one made loads the browser's number data, tens
  // of milliseconds on a phone that fell in the list's first draw (kept: shared/money.ts).
  for (const digits of [0, 2]) formatNumberIn(currentLang(), 0, digits);
  void workerControls().then(() => warmCode(scope));
}

/**
 * The signed-in shell and what it loads lazily as it first draws. Asked for only after the click,
 * these came one import level at a time (AppGate, then the shell's bars, the idle lock), a round
 * trip each on a slow link.
 */
function shellCode(): Promise<unknown>[] {
  return [
    import('./AppGate'),
    import('./PrivateApp'),
    import('./layout/Toasts'),
    import('./offline/ShellBars'),
    import('./offline/IdleLock'),
    import('./offline/device'),
    import('./offline/waiting'),
    import('./engine/resourcePages'),
  ];
}

/** The first screen after the login: the dashboard's page (through the parts' index), the clinic's cards, the header's search. */
function homeCode(scope: Scope): Promise<unknown>[] {
  return [
    // Named here too, so the worker caches the dashboards' code first (scripts/sw-first.ts).
    scope === 'tenant' ? import('./pages/clinic/ClinicDashboard') : import('./pages/central/Dashboard'),
    // With the header's search, through the signed-in app's chunk (see preloadFirstScreen).
    import('./PrivateApp').then((m) => m.preloadFirstScreen(scope)),
  ];
}

/** Marked on the page's timeline once the login's warmup has settled (DevTools shows it; a test waits for it). */
export const WARMED_MARK = 'signed-in-code-warmed';

function warmCode(scope: Scope): void {
  // A failed fetch here is only a lost head start: the page asks again when it needs the code.
  void Promise.allSettled([...shellCode(), ...homeCode(scope)]).then(() => performance.mark(WARMED_MARK));
}
