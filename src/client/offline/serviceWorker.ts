// The installable app's client side (issue 36): the manifest link follows the active language,
// and the service worker (built by vite-plugin-pwa, pwa.config.ts) is registered once the page has
// loaded, so its precaching never competes with the first screen. A new version waits until the
// user chooses to reload from the bar (ShellBars.tsx): the page is never swapped under a form
// being typed.
import { Workbox } from 'workbox-window';
import { i18n } from '../i18n';
import { setShellState } from './shellState';

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
}

export function startShell(): void {
  followLanguage();
  // Development (vite dev) builds no worker; an insecure origin has none to register.
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
