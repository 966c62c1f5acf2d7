// A browser leaving an answer half read (the live feed's stream when a page closes, a download or a
// long list left before its end) is normal: the server logs it below error level, as the request
// it was. Only real faults are logged as errors (level 50 and above).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO, type TestApp, startTestApp } from './harness';

const logs: Record<string, unknown>[] = [];
let t: TestApp;
let port: number;
let secretary: string;

beforeAll(async () => {
  t = await startTestApp({ logs });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  secretary = await t.login(DEMO, 'secretary');
});
afterAll(() => t?.close());

/**
 * Asks `path` and leaves: at once when the request is sent (`when: 'sent'`), or when the answer's
 * head has come (`'head'`). Resolves once the server has seen the connection close.
 */
async function leave(path: string, when: 'sent' | 'head'): Promise<void> {
  const asked = new Promise<void>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: `/api/v1${path}`, headers: { host: DEMO, authorization: `Bearer ${secretary}`, 'accept-encoding': 'gzip' } }, (res) => {
      res.pause();
      if (when === 'head') req.destroy();
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    if (when === 'sent') req.on('finish', () => setImmediate(() => req.destroy()));
  });
  // Left before its answer: the embedded database's one connection is held until the client has
  // gone, so the answer always meets a closed connection (not only when the race goes that way).
  if (when === 'sent') await t.db.kysely.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    await asked;
    await new Promise((r) => setTimeout(r, 100));
  });
  else await asked;
  // The server has seen the connection go (and ended the request it carried).
  await expect.poll(() => new Promise<number>((resolve) => t.app.server.getConnections((_err, n) => resolve(n))), { timeout: 5000 }).toBe(0);
  // A moment more for what a pipe logs after the request's end.
  await new Promise((r) => setTimeout(r, 300));
}

it.each([
  { what: "the live feed's stream, its page closed", path: '/live', when: 'head' as const },
  { what: 'a long list, left before its answer', path: '/patients?per_page=100', when: 'sent' as const },
  { what: 'a long list, left after its head', path: '/patients?per_page=100', when: 'head' as const },
  { what: 'a CSV download, left before its answer', path: '/patients/export', when: 'sent' as const },
  { what: 'a CSV download, left after its head', path: '/patients/export', when: 'head' as const },
])('$what is no error in the log', async ({ path, when }) => {
  const before = logs.length;
  await leave(path, when);
  const errors = logs.slice(before).filter((r) => Number(r.level) >= 50);
  expect(errors).toEqual([]);
});

it('keeps real faults at error level', () => {
  const before = logs.length;
  t.app.log.error({ err: new Error('disk full') }, 'writing a file failed');
  t.app.log.error(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
  expect(logs.slice(before).map((r) => [r.msg, r.level])).toEqual([
    ['writing a file failed', 50],
    ['Premature close', 30],
  ]);
});
