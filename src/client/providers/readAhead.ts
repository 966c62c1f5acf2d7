// The first reads of a page, asked as the app starts on it (issue 41). Left to React, a page's
// data was asked for only once the code of every lazy level above it had loaded and drawn: on a
// phone's repeat visit the list's rows left last, a round trip after everything else. Each page
// (by its address's path) notes the first reads its screens ask for; the next start of the app at
// that plain address (no query string) asks them at once, before the start-up requests, and the
// screen's own call takes the answer (http.ts: one request, never two). Learned, not derived from
// the route table, so it holds for every page (generated or not) and costs the first load only
// these few lines.
// Safe by construction: asked with the session's own headers and taken only by a call with the
// same ones (another user or language asks again); a write drops every answer not yet taken (a
// read started before a change does not answer a screen after it); an answer not taken within
// KEPT_MS is dropped and its page's note forgotten. The notes are the signed-in user's, dropped
// with the session (session.ts). An answer in before its screen is drawn is read at once, so the
// screen can be drawn with it (takeAnswered: a list's first draw carries its rows, seedLists.ts).
import { storage } from '../storage';

export const READS_AHEAD_KEY = 'reads-ahead';
/** Reads noted per page: its data, not what the person does on it later. */
const NOTED = 3;
/** How long after a page's first noted read its others still count as its first. */
const NOTING_MS = 10_000;
export const KEPT_MS = 10_000;
/** Pages noted at most (the oldest forgotten first). */
const PAGES = 24;

type Notes = { user: number; pages: Record<string, string[]> };

let taking: { page: string; since: number; urls: string[] } | null = null;
interface Ahead {
  response: Promise<Response>;
  headers: string;
  /** A 200's JSON, once in and read; when it came. */
  body?: unknown;
  at?: number;
}
const ahead = new Map<string, Ahead>();


function notes(user: number): Notes {
  try {
    const kept = JSON.parse(storage()?.getItem(READS_AHEAD_KEY) ?? 'null') as Notes | null;
    if (kept?.user === user && kept.pages) return kept;
  } catch {
    // An unreadable note is no note.
  }
  return { user, pages: {} };
}

function keep(user: number, page: string, urls: string[] | null): void {
  const { pages } = notes(user);
  delete pages[page];
  if (urls) pages[page] = urls;
  const names = Object.keys(pages);
  for (const old of names.slice(0, Math.max(0, names.length - PAGES))) delete pages[old];
  storage()?.setItem(READS_AHEAD_KEY, JSON.stringify({ user, pages }));
}

/** Signed out: the notes go, and the page being noted with them. */
export function forgetReads(): void {
  taking = null;
  ahead.clear();
  storage()?.removeItem(READS_AHEAD_KEY);
}

/** At start: the reads this page asked first last time, asked now with these headers. */
export function readAhead(user: number, headers: Record<string, string>, timeoutMs: number): void {
  // An address with a query (a filter, a page, a saved view) is left to its screens.
  const { pathname: page = '', search = '' } = globalThis.location ?? {};
  const urls = search ? undefined : notes(user).pages[page];
  if (!urls) return;
  const sent = JSON.stringify(headers);
  for (const url of urls) {
    const entry: Ahead = { response: fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) }), headers: sent };
    entry.response = entry.response.then((response) => {
      // Read from a copy (the taking call reads the answer itself); a failure is that call's.
      if (response.status === 200) {
        response
          .clone()
          .json()
          .then((body: unknown) => Object.assign(entry, { body, at: Date.now() }), () => undefined);
      }
      return response;
    });
    // A failure is the taking call's to handle (or nobody's).
    entry.response.catch(() => undefined);
    ahead.set(url, entry);
  }
  setTimeout(() => {
    // Not asked for by the page this time: its note no longer says what it reads.
    if (urls.some((url) => ahead.has(url))) keep(user, page, null);
    ahead.clear();
  }, KEPT_MS);
}

/**
 * Every API call passes here before it is sent: a GET takes its answer asked ahead, if any, and is
 * noted as one of its page's first reads; any other call drops what was asked ahead.
 */
export function takeAhead(url: string, init: RequestInit, user: number | undefined): Promise<Response> | undefined {
  if (init.method !== 'GET') {
    ahead.clear();
    return undefined;
  }
  note(url, user);
  const kept = ahead.get(url);
  ahead.delete(url);
  return kept?.headers === JSON.stringify(init.headers) ? kept.response : undefined;
}

/**
 * A GET's answer asked ahead, if it is already in and read (a 200's JSON) and was asked with these
 * headers: taken now, as takeAhead would take it (noted, never asked again), so the screen draws
 * it in its first draw. Else nothing is taken, and the call goes through takeAhead as before.
 */
export function takeAnswered(url: string, headers: Record<string, string>, user: number | undefined): { body: unknown; at: number } | undefined {
  const kept = ahead.get(url);
  if (kept?.at === undefined || kept.headers !== JSON.stringify(headers)) return undefined;
  ahead.delete(url);
  note(url, user);
  return { body: kept.body, at: kept.at };
}

/** A page's own read, noted as one of its first (by the address's path: a list writes its page and sort into the query as it asks for rows). */
function note(url: string, user: number | undefined): void {
  const page = globalThis.location?.pathname ?? '';
  const now = Date.now();
  if (taking?.page !== page) taking = { page, since: 0, urls: [] };
  // Not a search: what a person looked for is not kept on the device.
  if (user !== undefined && page && taking.urls.length < NOTED && (!taking.since || now - taking.since < NOTING_MS) && !taking.urls.includes(url) && !/[?&]q=/.test(url)) {
    taking.since ||= now;
    taking.urls.push(url);
    keep(user, page, taking.urls);
  }
}
