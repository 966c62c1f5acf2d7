// The requests the screens send, written down while the browser tests run (bench/clinic-day.ts
// models a clinic's day from them): with CLINIC_DAY_RECORD=<file>, every /api/ request of every
// page is appended to the file as a JSON line, with the test, the screen (the page's address) and
// the names of the body's fields. Off unless asked: nothing is written in a normal run.
import { appendFileSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

export interface RecordedRequest {
  test: string;
  screen: string;
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** The JSON body's field names (writes). */
  fields?: string[];
}

function fieldsOf(body: string | null): string[] | undefined {
  if (!body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : undefined;
  } catch {
    return undefined;
  }
}

export function recordRequests(context: BrowserContext): void {
  const file = process.env.CLINIC_DAY_RECORD;
  if (!file) return;
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    let screen = '';
    try {
      screen = new URL(request.frame().url()).pathname;
    } catch {
      // a worker's request (the service worker): no page
    }
    const line: RecordedRequest = {
      test: expect.getState().currentTestName ?? '',
      screen,
      method: request.method(),
      url: `${url.pathname}${url.search}`,
      fields: fieldsOf(request.postData()),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}
