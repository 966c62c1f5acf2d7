// Every screen of both applications (issues 17 and 39), every route opened by the one who may see
// it all (the Owner, the clinic's Main Doctor), in one pass per language and application
// (every-screen-*.test.ts, side by side on the project's workers):
// - in Kurdish and Arabic, no raw translation key (`resources.heros.empty`) and none of the English
//   texts that used to leak (a library's defaults, a transport error) nor any of our own English
//   texts (text nodes, placeholders, titles and labels);
// - in Kurdish, on a 360 px phone: nothing wider than the screen outside a box that scrolls, no
//   button named only by its icon (antd names icons in English: "eye", "edit"), and no critical or
//   serious failure of axe-core's WCAG 2.1 A/AA rules (the menu, the header and a patient's or a
//   doctor's tabs checked once at 1440 px, where they show whole).
// English has no scan of its own: all it could find is a raw key, and a key missing in English is
// missing in Kurdish too (tests/unit/locales.test.ts: the three files have the same keys, plural
// forms included), where the Kurdish scan shows it.
// Arabic opens every screen, tab and hand-written page, and of the generated lists and record
// pages (most of the routes) enough to show each field type and each declared feature on each
// kind of page (`generatedSample`): what else differs between two generated pages of one kind is
// the keys' texts, which the locales test checks in every language (no Arabic text left in
// English where Kurdish has its own). The Kurdish scan opens every route.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ar from '../../locales/ar.json';
import ckb from '../../locales/ckb.json';
import en from '../../locales/en.json';
import { resourceByName } from '../../resources/index';
import { clientIndex } from '../../resources/registry.client';
import { type RouteEntry, routesOf } from '../../src/client/engine/nav';
import { type ResourceDef, type Scope, allFields } from '../../src/shared/resource';
import { axeFailures } from './axe';
import { baseUrl, login, pagePerTest, waitForPath } from './browser';

// A key's first part is a top-level section of the locale files; an e-mail's or a link's domain is not a key.
const RAW_KEY = new RegExp(`(?<![@\\w./:-])(?:${Object.keys(en).join('|')})\\.[A-Za-z0-9_.]+[A-Za-z0-9_]`, 'g');
type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
const valueOf = (tree: Tree, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
/**
 * Our own English texts that the other language says differently (a text left the same on
 * purpose, "IQD" say, is not one): any of them shown whole on a Kurdish or Arabic screen was not
 * translated there.
 */
function englishOnly(other: Tree): Set<string> {
  return new Set(leaves(en as Tree).filter(([key, text]) => /[A-Za-z]{3}/.test(text) && !text.includes('{{') && valueOf(other, key) !== text).map(([, text]) => text));
}
const ENGLISH_TEXTS = { ckb: englishOnly(ckb as Tree), ar: englishOnly(ar as Tree) };
const ENGLISH = /\b(No data|Failed to fetch|Loading\.\.\.|Refresh|Are you sure\?|Confirm|Delete|Save|Cancel|Edit|Create|Show|Search|Filter|Reset|min)\b/g;

/** The first record's id of a resource, as the page's own session reads it (null: none). */
async function firstId(p: Page, path: string): Promise<number | null> {
  return p.evaluate(async (apiPath) => {
    const res = await fetch(`/api/v1/${apiPath}?per_page=1`, { headers: { Authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { id: number }[] };
    return body.data?.[0]?.id ?? null;
  }, path);
}

/** What a declaration draws on a generated page besides its keys' texts. */
const DRAWN: readonly (keyof ResourceDef)[] = ['within', 'fixed', 'patientData', 'appendOnly', 'deletePolicy', 'cancelsOnArchive', 'actions', 'rowActions', 'quickFilters', 'bulkDelete', 'recordActions', 'panels', 'offline', 'quota', 'module'];

/** Each field type and each declared feature a generated page of `def` shows, by the page's kind. */
function featuresOf(def: ResourceDef, page: string): string[] {
  const fields = Object.values(allFields(def)).map((f) => `${page} ${f.type}${f.enum ? ' enum' : ''}${f.items ? ' items' : ''}${f.accept ? ` ${f.accept}` : ''}`);
  const drawn = DRAWN.filter((key) => def[key] !== undefined && def[key] !== false).map((key) => `${page} ${key}`);
  const panels = Object.keys(def.panels ?? {}).map((name) => `${page} panel ${name}`);
  return [...fields, ...drawn, ...panels];
}

/**
 * The routes to open in Arabic: every one but the generated lists and record pages, of which the
 * fewest that show every feature of every generated page (greedily: the page showing the most not
 * yet shown first).
 */
export function generatedSample(entries: readonly RouteEntry[]): Set<RouteEntry> {
  const generated = (e: RouteEntry): e is Extract<RouteEntry, { type: 'resource' }> => e.type === 'resource' && !clientIndex.pages[`${e.def.name}.${e.page}`];
  const kept = new Set<RouteEntry>(entries.filter((e) => !generated(e)));
  const shown = new Set<string>();
  const left = entries.filter(generated).map((e) => ({ e, features: featuresOf(e.def, e.page) }));
  for (;;) {
    const unseen = (x: (typeof left)[number]) => x.features.filter((f) => !shown.has(f)).length;
    const best = left.reduce<(typeof left)[number] | null>((a, x) => (a === null || unseen(x) > unseen(a) ? x : a), null);
    if (!best || unseen(best) === 0) return kept;
    kept.add(best.e);
    for (const f of best.features) shown.add(f);
  }
}

/**
 * Every route of the application with its parameters filled from real records (or those of
 * `only`): each resource's first record asked for once (its edit, show and tab routes share it),
 * all of them at once.
 */
async function pathsOf(p: Page, scope: Scope, only?: Set<RouteEntry>): Promise<string[]> {
  const ids = new Map<string, Promise<number | null>>();
  const idOf = (apiPath: string) => {
    if (!ids.has(apiPath)) ids.set(apiPath, firstId(p, apiPath));
    return ids.get(apiPath)!;
  };
  const paths = routesOf(scope).map(async (entry) => {
    if (entry.type === 'redirect' || (only && !only.has(entry))) return null;
    if (!entry.path.includes(':id')) return `/${entry.path}`;
    const def = entry.type === 'resource' || entry.type === 'tab' ? entry.def : entry.path.startsWith('patients/') ? resourceByName('patients') : null;
    const id = def ? await idOf(def.path) : null;
    return id === null ? null : `/${entry.path.replace(':id', String(id))}`;
  });
  // And the screen of an unknown address (inside the app's layout, signed in).
  return [...(await Promise.all(paths)).filter((path) => path !== null), '/no-such-screen'];
}

/**
 * Every text of the interface on the page: each text node, and what a placeholder, a title or a
 * label says. Records' values are left out: the engine isolates each in a <bdi> (a feature's
 * English name is data, shown as typed), and content in a language of its own says so (`dir`, `lang`).
 */
function textsOf(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && node.parentElement?.closest('script, style, bdi, [dir="ltr"], [lang]') === null) out.push(text);
    }
    for (const el of document.body.querySelectorAll('[placeholder], [title], [aria-label]')) {
      for (const name of ['placeholder', 'title', 'aria-label']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/**
 * Opens a path inside the running app (no reload) and waits for what it loads, on the page's own
 * signals: no API request in flight (the loading bar is busy while one is) and nothing spinning,
 * for six frames in a row (the route renders, then its queries start in effects after a frame).
 * A screen still busy after 10 s is read as it is then.
 */
async function open(p: Page, path: string): Promise<string> {
  await p.evaluate((to) => {
    (window as { quietFrames?: number }).quietFrames = 0;
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await p
    .waitForFunction(
      () => {
        const w = window as { quietFrames?: number };
        // A screen whose code is still loading draws nothing (no spinner): that is busy too.
        const busy = document.querySelector('[data-testid="loading-bar"][aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active') || !document.body.innerText.trim();
        w.quietFrames = busy ? 0 : (w.quietFrames ?? 0) + 1;
        return w.quietFrames >= 6;
      },
      undefined,
      { polling: 'raf', timeout: 10_000 },
    )
    .catch(() => undefined);
  return p.evaluate(() => document.body.innerText);
}

/**
 * What a person on a phone would scroll sideways for: the page wider than the screen, or an
 * element past its edge that no box around it scrolls or clips (a table scrolling in its own box
 * is fine). Each offender once, not its children.
 */
export function overflowsOf(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const width = window.innerWidth;
    const out: string[] = [];
    const named = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}.${[...el.classList].slice(0, 2).join('.')}`;
    if (document.documentElement.scrollWidth > width + 1) out.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    const reported: Element[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      // Above the page's top nobody can scroll to (the public header's title was cut so on a phone).
      const aboveTop = box.top + window.scrollY < -1;
      if (box.width === 0 || box.height === 0 || (box.right <= width + 1 && box.left >= -1 && !aboveTop)) continue;
      if (reported.some((r) => r.contains(el))) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      // Sideways, a box around it that scrolls or clips holds it; nothing scrolls above a top.
      let held = aboveTop && style.position === 'absolute';
      for (let up = el.parentElement; up && up !== document.body && !held && !aboveTop; up = up.parentElement) held = getComputedStyle(up).overflowX !== 'visible';
      if (held) continue;
      reported.push(el);
      out.push(aboveTop ? `${named(el)} starts ${Math.round(-box.top - window.scrollY)}px above the page` : `${named(el)} reaches ${Math.round(box.left)}-${Math.round(box.right)}px`);
    }
    // An amount broken over two lines ("295,0" over "00 د.ع." in a squeezed table's cell).
    for (const amount of document.querySelectorAll('bdi[data-currency]')) {
      const lines = new Set([...amount.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(`the amount "${amount.textContent ?? ''}" is broken over ${lines.size} lines`);
    }
    // A short left-to-right token (a date, a time, a code, a reading with its unit) broken over
    // two lines: "2026-11-" over "25" in the vitals' out-of-range list on a phone.
    for (const token of document.querySelectorAll('bdi[dir="ltr"], span[dir="ltr"]')) {
      const text = (token.textContent ?? '').trim();
      if (!/^[\d\p{P}\p{S}\s]*\d[\d\p{P}\p{S}\s]*(?:\s?[A-Za-z%°²µ/]{1,6})?$/u.test(text) || text.length > 24 || token.closest('[data-currency]')) continue;
      const lines = new Set([...token.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(`"${text}" is broken over ${lines.size} lines`);
    }
    // A card's title cut to a few letters by its buttons (the dashboard's "Today's queue" was).
    for (const title of document.querySelectorAll('.ant-card-head-title')) {
      if (title.scrollWidth > title.clientWidth + 1) out.push(`the card title "${title.textContent ?? ''}" is cut`);
    }
    return out;
  });
}

/**
 * Controls of the keyboard's order that a screen reader can name only by an icon, which antd
 * names in English ("eye", "edit", "search"): no text, no name of their own, none from a label.
 */
function namedByIconOnly(p: Page): Promise<string[]> {
  return p.evaluate(() =>
    [...document.body.querySelectorAll('button, a[href], [role="button"]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null && getComputedStyle(el).visibility !== 'hidden' && el.getAttribute('tabindex') !== '-1' && !el.closest('[aria-hidden="true"]'))
      .filter((el) => {
        const own = (el as HTMLElement).innerText.trim() || el.getAttribute('aria-labelledby') || (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`));
        const given = [el, ...el.querySelectorAll('*')].some((n) => n.getAttribute('role') !== 'img' && (n.getAttribute('aria-label')?.trim() || n.getAttribute('title')?.trim()));
        // antd's own names: an icon's aria-label is its class's name ("anticon-eye": "eye").
        const english = [...el.querySelectorAll('[role="img"][aria-label]')].some((i) => i.classList.contains(`anticon-${i.getAttribute('aria-label')}`));
        return !own && !given && english;
      })
      .map((el) => `"${[...el.querySelectorAll('[role="img"][aria-label]')].map((i) => i.getAttribute('aria-label')).join(' ')}": ${el.outerHTML.slice(0, 140)}`),
  );
}

type Lang = 'ckb' | 'ar';
const APPS = { central: ['localhost', 'owner'], tenant: ['demo.localhost', 'doctor'] } as const;

/** The scan of every screen of one application in `lang`, as this file's test. */
export function everyScreenIn(lang: Lang, scope: Scope): void {
  const { page } = pagePerTest();
  const [host, user] = APPS[scope as keyof typeof APPS];
  const phone = lang === 'ckb';
  describe(`every ${scope} screen in ${lang}`, () => {
    it(phone ? 'no raw key, no English left over; fits a 360 px phone; no critical or serious axe failure' : 'no raw key, no English left over', async () => {
      const p = page();
      await p.addInitScript((l) => window.localStorage.setItem('user-locale', l), lang);
      await login(p, host, user);
      await waitForPath(p, '/dashboard');
      const found: string[] = [];
      const paths = await pathsOf(p, scope, phone ? undefined : generatedSample(routesOf(scope)));
      if (process.env.SCAN_LOG) console.log(`${paths.length} screens`);
      if (phone) {
        // The menu and the header as a desk's screen shows them, and the record page with the most
        // tabs (antd put its "more" button inside the tab list at this width), then the rest on a phone.
        await p.setViewportSize({ width: 1440, height: 900 });
        for (const path of ['/dashboard', ...paths.filter((path) => /^\/(patients|doctors)\/\d+$/.test(path))]) {
          await open(p, path);
          for (const failure of await axeFailures(p)) found.push(`${path} at 1440 px: ${failure}`);
        }
        await p.setViewportSize({ width: 360, height: 780 });
      }
      for (const path of paths) {
        const text = await open(p, path);
        for (const key of text.match(RAW_KEY) ?? []) found.push(`${path}: ${key}`);
        for (const word of text.match(ENGLISH) ?? []) found.push(`${path}: "${word}"`);
        for (const shown of new Set(await textsOf(p))) if (ENGLISH_TEXTS[lang].has(shown)) found.push(`${path}: "${shown}"`);
        if (!phone) continue;
        for (const wide of await overflowsOf(p)) found.push(`${path}: ${wide}`);
        for (const control of await namedByIconOnly(p)) found.push(`${path}: named by its icon only, in English ${control}`);
        for (const failure of await axeFailures(p)) found.push(`${path}: ${failure}`);
      }
      if (process.env.SCAN_LOG) console.log(found.join('\n'));
      expect(found).toEqual([]);
      expect(new URL(p.url()).origin).toBe(baseUrl(host));
    }, 400_000);
  });
}
