// What a failed browser test leaves behind to explain it: for every page it had open, the address,
// the requests still unanswered (and for how long), the last console errors and the start of the
// visible text. Without it a failure on a CI machine reads only "timeout waiting for a button".
// Pages are described when their context closes (tests close them in afterEach, before vitest's
// onTestFailed runs) and again, if still open, when the failure is reported.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { serverLog } from './browser';
import { recordRequests } from './request-log';

interface Watched {
  page: Page;
  pending: Map<Request, number>;
  errors: string[];
  /** Requests that took long, answered or not. */
  slow: string[];
  /** Where the page went, and when. */
  visits: string[];
  /** API answers of 400 and above, the last few. */
  refused: string[];
  /** The last API writes: method, path, status, and whether the worker answered. */
  writes: string[];
}

const SLOW_MS = 3_000;
/** How much of a failed page's text is printed (DIAG_TEXT); read here, not in the page. */
const TEXT_MAX = Number(process.env.DIAG_TEXT ?? 3000);
const clock = () => new Date().toISOString().slice(11, 23);
const open = new Set<Watched>();
let notes: string[] = [];
let since = Date.now();

function line(request: Request, started: number): string {
  return `${request.method()} ${new URL(request.url()).pathname} ${Date.now() - started} ms`;
}

function watchPage(page: Page): void {
  const watched: Watched = { page, pending: new Map(), errors: [], slow: [], visits: [], refused: [], writes: [] };
  open.add(watched);
  const settle = (request: Request) => {
    const started = watched.pending.get(request);
    watched.pending.delete(request);
    if (started !== undefined && Date.now() - started > SLOW_MS && !request.url().endsWith('/live')) watched.slow.push(line(request, started));
  };
  page.on('request', (request) => watched.pending.set(request, Date.now()));
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const method = response.request().method();
    const said = `${clock()} ${method} ${pathname} ${response.status()}${response.fromServiceWorker() ? ' (worker)' : ''}`;
    if (response.status() >= 400 && pathname.startsWith('/api/')) watched.refused = [...watched.refused, said].slice(-8);
    // Whether a write left the page, and what came back (a click that never sent one, or its answer lost).
    if (method !== 'GET' && method !== 'HEAD' && pathname.startsWith('/api/')) watched.writes = [...watched.writes, said].slice(-10);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') watched.errors = [...watched.errors, message.text().slice(0, 300)].slice(-8);
  });
  page.on('pageerror', (error) => (watched.errors = [...watched.errors, `pageerror: ${error.message.slice(0, 300)}`].slice(-8)));
  page.on('framenavigated', (frame) => {
    // A popup's first frame can have no address yet (the headless shell says '').
    if (frame === page.mainFrame()) watched.visits = [...watched.visits, `${clock()} ${URL.canParse(frame.url()) ? new URL(frame.url()).pathname : frame.url()}`].slice(-10);
  });
  page.on('close', () => open.delete(watched));
}

async function describe(watched: Watched): Promise<string> {
  const { page } = watched;
  // Bounded: evaluate has no timeout of its own, and a page stuck (a dialog open, its main thread
  // busy) held a failed test's report, and its file, for six minutes (CI 03:20, landing).
  const text = await Promise.race([
    page.evaluate((max) => document.body?.innerText.replace(/\s+/g, ' ').slice(0, max) ?? '', TEXT_MAX),
    new Promise<string>((resolve) => setTimeout(() => resolve('(no text: the page did not answer within 5 s)'), 5_000).unref()),
  ]).catch((err: unknown) => `(no text: ${String(err).slice(0, 100)})`);
  const waiting = [...watched.pending].map(([r, t]) => line(r, t));
  return [
    `page ${page.url()} (described at ${clock()})`,
    `  went to: ${watched.visits.join(', ') || 'nowhere'}`,
    `  unanswered: ${waiting.join('; ') || 'none'}`,
    `  slow: ${watched.slow.slice(-10).join('; ') || 'none'}`,
    `  refused: ${watched.refused.join('; ') || 'none'}`,
    `  writes: ${watched.writes.join('; ') || 'none'}`,
    `  console errors: ${watched.errors.join(' | ') || 'none'}`,
    `  text: ${text}`,
  ].join('\n');
}

/** Follows the context's pages, and describes them just before it closes. */
export function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', watchPage);
  recordRequests(context);
  const close = context.close.bind(context);
  context.close = async (options) => {
    for (const watched of [...open].filter((w) => w.page.context() === context)) notes.push(await describe(watched));
    return close(options);
  };
  return context;
}

/** A step of the test worth seeing beside the pages' history (a click, a retry). */
export function note(text: string): void {
  notes.push(`${clock()} ${text}`);
}

/** Forgets what earlier tests left. */
export function resetDiagnostics(): void {
  notes = [];
  since = Date.now();
}

/**
 * The faults the worker's server logged during the test (a 500's error and where it was thrown):
 * the page says only "Something went wrong", and the log is gone with the CI machine.
 */
function serverFaults(): string[] {
  let text: string;
  try {
    text = readFileSync(serverLog(), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').flatMap((raw) => {
    let entry: { level?: number; time?: number; msg?: string; err?: { type?: string; message?: string; stack?: string } };
    try {
      entry = JSON.parse(raw) as typeof entry;
    } catch {
      return []; // not a log record
    }
    if ((entry.level ?? 0) < 50 || (entry.time ?? 0) < since) return [];
    const where = entry.err?.stack?.split('\n').slice(1, 4).map((l) => l.trim()).join(' < ') ?? '';
    return [`server ${new Date(entry.time ?? 0).toISOString().slice(11, 23)} ${entry.msg ?? ''}: ${entry.err?.type ?? ''} ${entry.err?.message ?? ''} ${where}`.slice(0, 600)];
  });
}

/** The pages of the test that just failed. */
export async function diagnostics(): Promise<string> {
  const live = await Promise.all([...open].map(describe));
  return [...notes, ...live, ...serverFaults()].join('\n') || 'no pages were open';
}
