// V8's code cache for the scripts a first visit loaded before its service worker existed
// (issue 41, the repeat visit). The login page's own scripts (the entry, React, antd's core, the
// texts) come from the network on the first visit; on the next they come out of CacheStorage for
// the first time, where V8 keeps no code cache for them yet, so that visit compiles them again and
// produces their cache (consumed only by the visit after). Once the app is installed, a hidden
// frame of the same origin (controlled by the same worker) evaluates those scripts once more out
// of CacheStorage, which makes their cache there: the next visit consumes it. A module's cache is
// made when it is evaluated, not when it is only fetched (a `modulepreload` makes none), so the
// frame runs them; the entry starts nothing in it (CODE_CACHE_FRAME, main.tsx) and the other
// scripts only define what they export.
import { CODE_CACHE_FRAME } from './codeCacheFrame';

/** How long the frame is kept after its scripts ran: V8's cache is handed to the browser meanwhile. */
const KEEP_FRAME_MS = 2_000;

/** Same-origin scripts of this page that did not come through a service worker. */
export function scriptsBeforeWorker(entries: readonly PerformanceResourceTiming[], origin: string): string[] {
  const urls = new Set<string>();
  for (const e of entries) {
    if (e.workerStart > 0 || !e.name.startsWith(`${origin}/`)) continue;
    const url = new URL(e.name);
    if (url.pathname.endsWith('.js') && url.pathname !== '/sw.js') urls.add(url.href);
  }
  return [...urls];
}

function whenIdle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 10_000 });
  else setTimeout(run, 1_000);
}

/**
 * Evaluates, in a hidden frame the worker controls, the scripts this page loaded before any
 * worker did; nothing when the page itself is not controlled (no worker to serve the frame) or
 * every script came through it (any visit after the first). Call once the app is installed.
 */
export function warmCodeCache(): void {
  if (!navigator.serviceWorker?.controller) return;
  const scripts = scriptsBeforeWorker(performance.getEntriesByType('resource') as PerformanceResourceTiming[], location.origin);
  if (scripts.length === 0) return;
  whenIdle(() => {
    const frame = document.createElement('iframe');
    frame.name = CODE_CACHE_FRAME;
    frame.hidden = true;
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    const tags = scripts.map((src) => `<script type="module" src="${src.replace(/"/g, '&quot;')}"></script>`).join('');
    frame.srcdoc = `<!doctype html><html><head>${tags}</head><body></body></html>`;
    // Module scripts run before the frame's load event.
    frame.addEventListener('load', () => setTimeout(() => frame.remove(), KEEP_FRAME_MS), { once: true });
    document.body.append(frame);
  });
}
