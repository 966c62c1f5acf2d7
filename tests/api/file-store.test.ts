// Files behind one interface (issue 21): the data folder and an S3-compatible bucket keep the same
// promises, and with a bucket configured the app keeps every file there, sealed as on disk: an
// upload, its download and deletion, a released file's purge, a clinic copy, the sealing of files
// stored before encryption. The bucket is a real S3-compatible server (s3rver) started here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { sealLegacyData } from '../../src/server/crypto/legacy';
import { purgeReleasedFiles } from '../../src/server/engine/released-files';
import { type FileStore, LocalStore, openFileStore } from '../../src/server/files/store';
import { multipart } from './fixtures';
import { DEMO, type TestApp, startTestApp } from './harness';
import { type TestS3, startS3 } from './s3-server';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startS3();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-store-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const bytesOf = async (stream: NodeJS.ReadableStream) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
};

const stores: [string, () => Promise<FileStore>][] = [
  ['the data folder', async () => new LocalStore(folder)],
  ['an S3-compatible bucket', async () => openFileStore({ dataDir: folder, s3: loadConfig(s3.env).s3 })],
];

describe.each(stores)('a file store on %s', (_name, open) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await open();
  });

  it('gives back what it stored, whole and as a stream, and nothing for a key never stored', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    await store.create('uploads/2031/a1', PNG);
    await store.create('uploads/2031/big', big);
    expect((await store.read('uploads/2031/a1'))!.equals(PNG)).toBe(true);
    expect((await bytesOf(await store.stream('uploads/2031/big'))).equals(big)).toBe(true);
    expect(await store.read('uploads/2031/never')).toBeNull();
    await expect(store.stream('uploads/2031/never')).rejects.toThrow();
  });

  it('replaces an object whole, stores a file made elsewhere, and removes (twice is no error)', async () => {
    await store.create('uploads/2031/b1', Buffer.from('plain'));
    await store.replace('uploads/2031/b1', Buffer.from('sealed now'));
    expect((await store.read('uploads/2031/b1'))!.toString()).toBe('sealed now');

    fs.mkdirSync(store.scratchDir, { recursive: true });
    const made = path.join(store.scratchDir, 'copy.zip');
    fs.writeFileSync(made, 'zip bytes');
    await store.createFrom('exports/9/1-x.zip', made);
    expect(fs.existsSync(made)).toBe(false);
    expect((await store.read('exports/9/1-x.zip'))!.toString()).toBe('zip bytes');

    await store.remove('exports/9/1-x.zip');
    await store.remove('exports/9/1-x.zip');
    expect(await store.read('exports/9/1-x.zip')).toBeNull();
  });

  it('refuses a key that climbs out of its place', async () => {
    await expect(store.create('uploads/../../etc/x', PNG)).rejects.toThrow(/not a storage key/);
    await expect(store.read('uploads/../x')).rejects.toThrow(/not a storage key/);
  });
});

describe('the app with its files in a bucket', () => {
  let t: TestApp;
  let doctor: string;
  beforeAll(async () => {
    t = await startTestApp({ env: s3.env });
    doctor = await t.login(DEMO, 'doctor');
  });
  afterAll(() => t?.close());

  const upload = async (content: Buffer, name = 'scan.png') => {
    const m = multipart(content, name, 'image/png');
    const res = await t.call('POST', '/uploads', { host: DEMO, token: doctor, rawBody: m.body, contentType: m.type });
    expect(res.status).toBe(201);
    return (res.body.data as { id: number }).id;
  };
  const keyOf = async (id: number) => `uploads/${(await sql<{ storage_key: string }>`select storage_key from uploads where id = ${id}`.execute(t.db.kysely)).rows[0].storage_key}`;
  const onDisk = (dir: string) => (fs.existsSync(path.join(t.dataDir, dir)) ? fs.readdirSync(path.join(t.dataDir, dir), { recursive: true }) : []);

  it('keeps an upload in the bucket, sealed, serves it back, and deletes it there', async () => {
    expect(t.app.files.kind).toBe('s3');
    const id = await upload(PNG);
    const key = await keyOf(id);
    const stored = (await s3.objects()).get(key)!;
    expect(stored).toBeDefined();
    // Sealed under the clinic's key: not the file's bytes, nor containing them.
    expect(stored.includes(PNG.subarray(8, 40))).toBe(false);
    const back = await t.call('GET', `/uploads/${id}`, { host: DEMO, token: doctor });
    expect(back.status).toBe(200);
    expect(back.raw.equals(PNG)).toBe(true);
    expect(onDisk('uploads')).toEqual([]);

    expect((await t.call('DELETE', `/uploads/${id}`, { host: DEMO, token: doctor })).status).toBe(204);
    expect((await s3.objects()).has(key)).toBe(false);
  });

  it('purges a released file from the bucket after the change that dropped it', async () => {
    const id = await upload(PNG, 'dropped.png');
    const key = await keyOf(id);
    const task = await t.call('POST', '/tasks', { host: DEMO, token: doctor, body: { title: 'Read the scan', priority: 1, start_day: '2031-01-01', end_day: '2031-01-02', attachments: [{ upload_id: id }] } });
    expect(task.status).toBe(201);
    expect((await t.call('DELETE', `/tasks/${(task.body.data as { id: number }).id}`, { host: DEMO, token: doctor })).status).toBe(204);
    expect((await s3.objects()).has(key)).toBe(true);
    expect(await purgeReleasedFiles(t.db.kysely, t.app.files)).toBeGreaterThanOrEqual(1);
    expect((await s3.objects()).has(key)).toBe(false);
  });

  it("builds a clinic's copy into the bucket and downloads it from there, its files inside", async () => {
    const id = await upload(PNG, 'in-the-copy.png');
    const asked = await t.call('POST', '/exports', { host: DEMO, token: doctor });
    expect(asked.status).toBe(202);
    const exportId = (asked.body.data as { id: number }).id;
    await t.app.exportWorker.wake();
    const view = (await t.call('GET', `/exports/${exportId}`, { host: DEMO, token: doctor })).body.data as { status: string };
    expect(view.status).toBe('done');
    const keys = [...(await s3.objects()).keys()].filter((k) => k.startsWith('exports/'));
    expect(keys).toHaveLength(1);
    // Nothing of it stays on this machine: the next request may reach another process.
    expect(onDisk('exports')).toEqual([]);
    expect(onDisk('tmp')).toEqual([]);

    const res = await t.call('GET', `/exports/${exportId}/download`, { host: DEMO, token: doctor });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(res.raw));
    const listed = (JSON.parse(Buffer.from(zip['files.json']).toString()) as { id: number; path: string | null }[]).find((f) => f.id === id)!;
    expect(Buffer.from(zip[listed.path!]).equals(PNG)).toBe(true);
  });

  it('seals in the bucket a clinic file stored before encryption', async () => {
    const id = await upload(PNG, 'old.png');
    const key = await keyOf(id);
    // As a file stored before encryption was: plain bytes, its row not sealed.
    await t.app.files.replace(key, PNG);
    await sql`update uploads set sealed = false where id = ${id}`.execute(t.db.kysely);
    expect((await s3.objects()).get(key)!.equals(PNG)).toBe(true);
    await sealLegacyData(t.db.kysely, t.app.cipher, t.app.files);
    expect((await s3.objects()).get(key)!.includes(PNG.subarray(8, 40))).toBe(false);
    const back = await t.call('GET', `/uploads/${id}`, { host: DEMO, token: doctor });
    expect(back.raw.equals(PNG)).toBe(true);
  });
});
