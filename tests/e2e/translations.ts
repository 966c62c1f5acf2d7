// Every screen in the user's language (issue 17): every route of both applications, opened by the
// one who may see it all (the Owner, the clinic's Main Doctor), in Kurdish and Arabic, shows no raw
// translation key (`resources.heros.empty`) and none of the English texts that used to leak (a
// library's defaults, a transport error) nor any of our own English texts (text nodes,
// placeholders, titles and labels). One test file per language (translations-*.test.ts), so that
// the scans, the longest of the browser tests, run side by side on the project's workers.
// English has no scan of its own: all it could find is a raw key, and a key missing in English is
// missing in Kurdish too (tests/unit/locales.test.ts: the three files have the same keys, plural
// forms included), where the Kurdish scan shows it.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ar from '../../locales/ar.json';
import ckb from '../../locales/ckb.json';
import en from '../../locales/en.json';
import { resourceByName } from '../../resources/index';
import { routesOf } from '../../src/client/engine/nav';
import type { Scope } from '../../src/shared/resource';
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

/** Every route of the application with its parameters filled from real records. */
async function pathsOf(p: Page, scope: Scope): Promise<string[]> {
  const out: string[] = [];
  for (const entry of routesOf(scope)) {
    if (entry.type === 'redirect') continue;
    if (!entry.path.includes(':id')) {
      out.push(`/${entry.path}`);
      continue;
    }
    const def = entry.type === 'resource' || entry.type === 'tab' ? entry.def : entry.path.startsWith('patients/') ? resourceByName('patients') : null;
    const id = def ? await firstId(p, def.path) : null;
    if (id !== null) out.push(`/${entry.path.replace(':id', String(id))}`);
  }
  return out;
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
        const busy = document.querySelector('[data-testid="loading-bar"][aria-busy="true"], .ant-spin-spinning, .ant-skeleton-active');
        w.quietFrames = busy ? 0 : (w.quietFrames ?? 0) + 1;
        return w.quietFrames >= 6;
      },
      undefined,
      { polling: 'raf', timeout: 10_000 },
    )
    .catch(() => undefined);
  return p.evaluate(() => document.body.innerText);
}

type Lang = 'ckb' | 'ar';

/** The scan of every screen of both applications in `lang`, as this file's tests. */
export function everyScreenIn(lang: Lang): void {
  const { page } = pagePerTest();
  describe.each([
    ['central', 'localhost', 'owner'],
    ['tenant', 'demo.localhost', 'doctor'],
  ] as const)(`every %s screen in ${lang}`, (scope, host, user) => {
    it('no raw key, no English left over', async () => {
      const p = page();
      await p.addInitScript((l) => window.localStorage.setItem('user-locale', l), lang);
      await login(p, host, user);
      await waitForPath(p, '/dashboard');
      const found: string[] = [];
      for (const path of await pathsOf(p, scope)) {
        const text = await open(p, path);
        for (const key of text.match(RAW_KEY) ?? []) found.push(`${path}: ${key}`);
        for (const word of text.match(ENGLISH) ?? []) found.push(`${path}: "${word}"`);
        for (const shown of new Set(await textsOf(p))) if (ENGLISH_TEXTS[lang].has(shown)) found.push(`${path}: "${shown}"`);
      }
      expect(found).toEqual([]);
      expect(new URL(p.url()).origin).toBe(baseUrl(host));
    }, 300_000);
  });
}
