// The installable app's client side (issue 36): the manifest link follows the active language,
// and the service worker (built by vite-plugin-pwa, pwa.config.ts) is registered after the first
// screen is drawn (an installed one's update check once the page has loaded). A new version waits until the
// user chooses to reload from the bar (ShellBars.tsx): the page is never swapped under a form
// being typed. A first install takes the page once the login's and the signed-in path's files are
// cached (src/client/sw.ts); the page then asks the worker to cache the rest (`cacheAll`).
import { Workbox } from 'workbox-window';
import { i18n } from '../i18n';
import { setShellState } from './shellState';
import { warmCodeCache } from './codeCache';

/** How often an app left open all day asks whether a new version was deployed. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function manifestHref(lang: string): string {
  return `/api/v1/app/manifest?lang=${encodeURIComponent(lang)}`;
}

function followLanguage(): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return;
  const apply = (lang: string) => {
    const href = manifestHref(lang);
    if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  };
  apply(i18n.language);
  i18n.on('languageChanged', apply);
}

/**
 * Asks the active worker to cache every file of the app and resolves with whether it did: once
 * true, every screen and language opens with the server stopped. A first install activates with
 * only the login's and the signed-in path's files; the message keeps the worker alive until the
 * rest is in (and picks up where a stopped worker left off). The browser tests wait on it.
 */
export async function cacheAll(): Promise<boolean> {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) return false;
  const channel = new MessageChannel();
  const answer = new Promise<boolean>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent<{ complete?: boolean }>) => resolve(event.data?.complete === true);
  });
  worker.postMessage({ type: 'CACHE_ALL' }, [channel.port2]);
  return answer;
}

function register(): void {
  const wb = new Workbox('/sw.js');
  wb.addEventListener('waiting', () => {
    setShellState({
      applyUpdate: () => {
        // Reload once the new worker controls the page (it then serves the new shell).
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void wb.register().then((registration) => {
    if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
  }, () => undefined);
  // Installed: the scripts loaded before the worker existed get their code cache (codeCache.ts).
  void cacheAll().then((complete) => complete && warmCodeCache(), () => undefined);
}

export function startShell(): void {
  followLanguage();
  // Development (vite dev) builds no worker; an insecure origin has none to register.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // A first install fetches what the login leads to (src/client/sw.ts): on a slow link those are
  // the bytes the page needs next, so it starts at once rather than after the fonts and icons.
  if (document.readyState === 'complete' || !navigator.serviceWorker.controller) register();
  else window.addEventListener('load', register, { once: true });
}
