// What the server answers outside the API's routes (issue 39 item 4): an unknown API route is a
// 404 nobody keeps, a file the build does not have is a 404 rather than the app's page, and the
// app's screens (any other path) are its page.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type TestApp, startTestApp } from './harness';

let t: TestApp;
let app: FastifyInstance;
let clientDir = '';

beforeAll(async () => {
  t = await startTestApp();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-abc.js'), 'console.log(1)');
  // What the build writes beside a large enough text file (vite.config.ts).
  const big = `${'console.log("a long enough file");\n'.repeat(100)}`;
  fs.writeFileSync(path.join(clientDir, 'assets', 'big-abc.js'), big);
  fs.writeFileSync(path.join(clientDir, 'assets', 'big-abc.js.br'), zlib.brotliCompressSync(big));
  fs.writeFileSync(path.join(clientDir, 'assets', 'big-abc.js.gz'), zlib.gzipSync(big));
  app = await buildApp({ db: t.db, config: { ...loadConfig({}), clientDir, dataDir: t.dataDir }, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const get = (url: string, encoding?: string) => app.inject({ method: 'GET', url, headers: { host: 'demo.localhost', ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) } });

describe('paths outside the API', () => {
  it('an unknown API route is a 404 with no-store', async () => {
    const res = await get('/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toContain('/api/v1/no-such-thing');
  });

  it.each(['/favicon.ico', '/assets/old-123.js', '/robots.txt', '/apple-touch-icon.png'])('%s the build does not have is a 404, not the app', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toContain('text/html');
  });

  it.each(['/', '/patients', '/patients/edit/3', '/401', '/users/edit/dr.ahmad'])('%s is the app', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
  });

  it('a built asset is served, kept for a year', async () => {
    const res = await get('/assets/main-abc.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  // The build's own .br and .gz are sent as they are: no CPU spent compressing a file per request.
  it.each([
    ['gzip, deflate, br', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
    ['', undefined, (b: Buffer) => b],
  ] as const)('Accept-Encoding "%s" gets the build\'s %s copy', async (accepted, encoding, open) => {
    const res = await get('/assets/big-abc.js', accepted);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    const file = encoding === 'br' ? 'big-abc.js.br' : encoding === 'gzip' ? 'big-abc.js.gz' : 'big-abc.js';
    expect(res.rawPayload.equals(fs.readFileSync(path.join(clientDir, 'assets', file)))).toBe(true);
    expect(open(res.rawPayload).toString()).toContain('a long enough file');
  });
});
