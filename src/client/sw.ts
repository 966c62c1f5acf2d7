// The service worker of the installable app (issues 36 and 41), built by vite-plugin-pwa
// (injectManifest, pwa.config.ts) with Workbox's precache list, cache keys and routes.
//
// Why not Workbox's own install: it caches its ~280 files one after the other (7 to 11 s on a slow
// link) and takes the page only then, after the login's warmup has loaded the signed-in code from
// the network; V8 keeps no code cache for those, and the repeat visit compiled them all again. A
// first install here caches nothing: the worker activates and takes the page at once, and every
// file of the list the page asks for is fetched into the cache and answered from it, so V8 keeps
// its code cache with it (in CacheStorage) from the first visit on. Meanwhile it caches the
// login's and the signed-in path's files (marked `first` at build time: scripts/sw-first.ts) six
// at a time, then the rest a few at a time, each once the pages have asked for nothing for a
// moment (their own reads and files first); the page asks for that (CACHE_ALL, serviceWorker.ts)
// and the answer says when everything is cached, i.e. when every screen and language opens with
// the server stopped. The login's warmup waits for the worker to take the page (warmup.ts).
// An update caches everything before it waits: "a new version is ready" is said of a whole one.
//
// /api is never cached: there is no runtime caching, and navigations under /api go to the network.
import { PrecacheController, cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

interface Entry {
  url: string;
  revision: string | null;
  integrity?: string;
  /** In the login's or the signed-in path's module graph (scripts/sw-first.ts). */
  first?: boolean;
}

// The parts of the worker's scope used here (the project's types are the page's DOM ones).
interface Extendable extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface MessageEventLike extends Extendable {
  data: unknown;
  ports: readonly MessagePort[];
}
interface WorkerScope {
  registration: ServiceWorkerRegistration;
  clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: Extendable) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  addEventListener(type: 'fetch', listener: () => void): void;
}

/** Files fetched at once: the first set is some 130 small files, and the browser sends six at a time to a host. */
const FIRST_AT_ONCE = 6;
/** The rest, a few at a time: the page's own requests share the link. */
const REST_AT_ONCE = 3;
/**
 * Each of the rest's fetches waits until the pages have asked for nothing (a read, a file) for
 * QUIET_MS, or MAX_YIELD_MS at most. On a first visit on a slow link the rest (other screens'
 * code, the charts' 420 KiB, the other languages) went on while the person went from the
 * dashboard to a list, whose rows then shared the link with them (issue 41).
 */
const QUIET_MS = 1_500;
const MAX_YIELD_MS = 3_000;
const POLL_MS = 250;

const worker = self as unknown as WorkerScope;
const entries = (self as unknown as { __WB_MANIFEST: Entry[] }).__WB_MANIFEST;
const precache = new PrecacheController();
precache.addToCacheList(entries);

const cacheName = precache.strategy.cacheName;
const revisions = new Map(entries.map((e) => [new URL(e.url, location.href).href, e.revision]));

/** Fetches of files into the cache, by cache key: the page's and the background's ask once. */
const fetching = new Map<string, Promise<void>>();
function fetchInto(cache: Cache, url: string, key: string): Promise<void> {
  let pending = fetching.get(key);
  if (!pending) {
    pending = (async () => {
      // Hashed names are the same file for ever: the HTTP cache may answer (the login's own files
      // are there already). A revisioned one (index.html) is asked again.
      const response = await fetch(new Request(url, { cache: revisions.get(url) ? 'reload' : 'default', credentials: 'same-origin' }));
      if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
      // A redirected response cannot answer a navigation: keep its body and headers only.
      await cache.put(key, response.redirected ? new Response(await response.blob(), { headers: response.headers, status: response.status, statusText: response.statusText }) : response);
    })().finally(() => fetching.delete(key));
    fetching.set(key, pending);
  }
  return pending;
}

/** A file of the list, out of the cache; one not cached yet is fetched into it first. */
async function fromCache(url: string): Promise<Response> {
  const key = precache.getCacheKeyForURL(url);
  const cache = await caches.open(cacheName);
  const cached = key ? await cache.match(key) : undefined;
  if (cached || !key) return cached ?? fetch(url);
  // Answered from CacheStorage even the first time: V8 then keeps the script's code cache there.
  // If it cannot be cached, the network's answer (or failure) as it is.
  return fetchInto(cache, url, key).then(
    async () => (await cache.match(key)) ?? fetch(url),
    () => fetch(url),
  );
}

registerRoute(
  ({ url }) => precache.getCacheKeyForURL(url.href) !== undefined,
  ({ url }) => fromCache(url.href),
);
// Every navigation outside /api gets index.html (from the network until it is cached).
registerRoute(new NavigationRoute(precache.createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));
// Caches of older Workbox versions' layouts.
cleanupOutdatedCaches();

/** When a page last asked for something through this worker (a request's start). */
let pageAsked = 0;
worker.addEventListener('fetch', () => {
  pageAsked = Date.now();
});

/** Resolves once no page has asked for anything for QUIET_MS, or after MAX_YIELD_MS. */
function pagesQuiet(): Promise<void> {
  const started = Date.now();
  return new Promise((resolve) => {
    const check = () => {
      const now = Date.now();
      if (now - pageAsked >= QUIET_MS || now - started >= MAX_YIELD_MS) resolve();
      else setTimeout(check, POLL_MS);
    };
    check();
  });
}

/**
 * Caches the entries not cached yet, `atOnce` fetches at a time (each after the pages' quiet
 * moment when `yieldToPages`); rejects if any fails.
 */
async function cacheEntries(list: Entry[], atOnce: number, cache: Cache, have: Set<string>, yieldToPages = false): Promise<void> {
  const todo = list.flatMap((entry) => {
    const url = new URL(entry.url, location.href).href;
    const key = precache.getCacheKeyForURL(url);
    return key && !have.has(key) ? [{ url, key }] : [];
  });
  let next = 0;
  const fetchNext = async (): Promise<void> => {
    while (next < todo.length) {
      const { url, key } = todo[next++];
      if (yieldToPages) await pagesQuiet();
      await fetchInto(cache, url, key);
      have.add(key);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, todo.length) }, fetchNext));
}

/** What the cache holds now, by cache key. */
async function cached(): Promise<{ cache: Cache; have: Set<string> }> {
  const cache = await caches.open(cacheName);
  return { cache, have: new Set((await cache.keys()).map((r) => r.url)) };
}

/** Deletes what an older version cached and this one does not list. */
async function deleteStale(): Promise<void> {
  const cache = await caches.open(cacheName);
  const keep = new Set(precache.getURLsToCacheKeys().values());
  await Promise.all((await cache.keys()).filter((r) => !keep.has(r.url)).map((r) => cache.delete(r)));
}

let caching: Promise<void> | null = null;
/** Set once this worker has seen every file cached: later questions are answered without a look. */
let complete = false;
/** Caches the whole list, the first set first; one pass at a time, tried again after a failure. */
function cacheAll(): Promise<void> {
  if (complete) return Promise.resolve();
  caching ??= (async () => {
    const { cache, have } = await cached();
    await cacheEntries(
      entries.filter((e) => e.first),
      FIRST_AT_ONCE,
      cache,
      have,
    );
    await cacheEntries(entries, REST_AT_ONCE, cache, have, true);
    complete = true;
  })().finally(() => {
    caching = null;
  });
  return caching;
}

worker.addEventListener('install', (event) => {
  // No worker yet: nothing works offline anyway, so the first one takes the page at once and
  // caches as it goes. An update: the old worker serves meanwhile, so the new one waits with
  // everything cached.
  if (worker.registration.active) event.waitUntil(cached().then(({ cache, have }) => cacheEntries(entries, REST_AT_ONCE, cache, have)));
});

worker.addEventListener('activate', (event) => {
  // Take the open pages at once (the first worker: there is no older version to mix with; a later
  // one is activated only by the user's reload). The caching is not waited for here: a page's
  // requests wait while a worker activates.
  const activated = deleteStale().then(() => worker.clients.claim());
  event.waitUntil(activated);
  void activated.then(() => cacheAll()).catch(() => undefined);
});

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void worker.skipWaiting();
  if (data?.type === 'CACHE_ALL') {
    // Answers once every file is cached (`complete`), or that a file could not be fetched. The
    // event keeps the worker alive meanwhile.
    const done = cacheAll().then(
      () => true,
      () => false,
    );
    event.waitUntil(done);
    void done.then((complete) => event.ports[0]?.postMessage({ complete }));
  }
});
