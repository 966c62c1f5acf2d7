// Uploads: type checked by content, size and storage limits, and files visible only to their own
// application and clinic (public ones to anyone on that host).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER, createOtherClinic } from './fixtures';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

function multipart(content: Buffer, filename: string, mime: string): { body: Buffer; type: string } {
  const boundary = '----clinic-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), type: `multipart/form-data; boundary=${boundary}` };
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(() => t?.close());

const upload = async (host: string, token: string | null, content: Buffer, name = 'scan.png', query = '') => {
  const m = multipart(content, name, 'image/png');
  return t.call('POST', `/uploads${query}`, { host, token, rawBody: m.body, contentType: m.type });
};

describe('uploads', () => {
  it('stores an image and serves it back only inside its clinic', async () => {
    const nurse = await t.login(DEMO, 'nurse');
    const res = await upload(DEMO, nurse, PNG);
    expect(res.status).toBe(201);
    const file = res.body.data as { id: number; mime: string; size: number; url: string };
    expect(file).toMatchObject({ mime: 'image/png', size: PNG.length, url: `/api/v1/uploads/${file.id}` });

    const back = await t.call('GET', `/uploads/${file.id}`, { host: DEMO, token: nurse });
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.raw.equals(PNG)).toBe(true);
    expect(back.headers['cache-control']).toContain('private');

    expect((await t.call('GET', `/uploads/${file.id}`, { host: DEMO })).status).toBe(401);
    const other = await t.login(OTHER, 'boss', 'other-pass-12345');
    expect((await t.call('GET', `/uploads/${file.id}`, { host: OTHER, token: other })).status).toBe(404);
    expect((await t.call('DELETE', `/uploads/${file.id}`, { host: OTHER, token: other })).status).toBe(404);
    expect((await t.call('GET', `/uploads/${file.id}`, { host: CENTRAL, token: await t.login(CENTRAL, 'owner') })).status).toBe(404);

    const usage = await t.call('GET', '/settings/usages', { host: DEMO, token: await t.login(DEMO, 'doctor') });
    expect((usage.body.data as { storage: { used_bytes: number } }).storage.used_bytes).toBe(PNG.length);
  });

  it('judges the type by content, not by name', async () => {
    const nurse = await t.login(DEMO, 'nurse');
    const res = await upload(DEMO, nurse, Buffer.from('<script>alert(1)</script>'), 'evil.png');
    expect(res.status).toBe(422);
    expect(res.body.errors?.file?.[0]).toMatch(/Only images/);
    expect((await upload(DEMO, nurse, Buffer.alloc(0))).status).toBe(422);
  });

  it('refuses files over 10 MB and bodies that are not multipart', async () => {
    const nurse = await t.login(DEMO, 'nurse');
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload(DEMO, nurse, big);
    expect(res.status).toBe(422);
    expect(res.body.errors?.file?.[0]).toMatch(/larger than 10 MB/);
    expect((await t.call('POST', '/uploads', { host: DEMO, token: nurse, body: { file: 'x' } })).status).toBe(415);
    expect((await upload(DEMO, null, PNG)).status).toBe(401);
  });

  it("stops at the plan's storage limit", async () => {
    await t.db.kysely.updateTable('plans').set({ max_storage_gb: 0 }).execute();
    const res = await upload(DEMO, await t.login(DEMO, 'nurse'), PNG);
    expect(res.status).toBe(422);
    expect(res.body.errors?.file?.[0]).toMatch(/Your plan allows 0 GB/);
    await t.db.kysely.updateTable('plans').set({ max_storage_gb: 10 }).execute();
  });

  it('lets landing-page editors publish files anyone on the host may see', async () => {
    expect((await upload(DEMO, await t.login(DEMO, 'nurse'), PNG, 'hero.png', '?public=1')).status).toBe(403);
    const res = await upload(DEMO, await t.login(DEMO, 'doctor'), PNG, 'hero.png', '?public=1');
    expect(res.status).toBe(201);
    const id = (res.body.data as { id: number }).id;
    const open = await t.call('GET', `/uploads/${id}`, { host: DEMO });
    expect(open.status).toBe(200);
    expect(open.headers['cache-control']).toContain('public');
    expect((await t.call('GET', `/uploads/${id}`, { host: OTHER })).status).toBe(404);
  });
});
