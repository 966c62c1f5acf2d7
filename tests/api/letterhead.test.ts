// The printed letterhead (issue 19): every staff member reads it (whoever prints), only the Main
// Doctor changes it; an empty line prints the clinic profile's value; bad values are refused on
// their field in the caller's language; one clinic's letterhead is never another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic } from './fixtures';
import type { LetterheadAnswer } from '../../src/shared/letterhead';

let t: TestApp;
let doctor: string;
let secretary: string;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
  doctor = await t.login(DEMO, 'doctor');
  secretary = await t.login(DEMO, 'secretary');
});
afterAll(() => t?.close());

const read = async (token: string, host = DEMO) => {
  const res = await t.call('GET', '/settings/letterhead', { host, token });
  expect(res.status).toBe(200);
  return res.body.data as LetterheadAnswer;
};

describe('the printed letterhead', () => {
  it('is A5 with no lines of its own at first, the profile beside it, for any staff member', async () => {
    const head = await read(secretary);
    expect(head).toMatchObject({ specialty: null, address: null, phone: null, licence_number: null, paper_size: 'A5' });
    expect(head.name.length).toBeGreaterThan(0);
    expect(Object.keys(head.profile).sort()).toEqual(['address', 'phone', 'specialty']);
  });

  it('is changed by the Main Doctor only, trimmed, a blank line back to the profile, and audited', async () => {
    const body = { specialty: '  Internal medicine ', address: 'Salim St., Sulaymaniyah', phone: '0770 123 4567', licence_number: 'IQ-MD-20931', paper_size: 'A4' };
    expect((await t.call('PUT', '/settings/letterhead', { host: DEMO, token: secretary, body })).status).toBe(403);
    const changed = await t.call('PUT', '/settings/letterhead', { host: DEMO, token: doctor, body });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await read(secretary)).toMatchObject({ specialty: 'Internal medicine', address: 'Salim St., Sulaymaniyah', phone: '0770 123 4567', licence_number: 'IQ-MD-20931', paper_size: 'A4' });
    // The other clinic's letterhead did not move.
    const boss = await t.login(OTHER, 'boss', 'copper-harbor-6620');
    expect(await read(boss, OTHER)).toMatchObject({ licence_number: null, paper_size: 'A5' });
    const audit = await t.call('GET', '/audit?filter[resource]=settings', { host: DEMO, token: doctor });
    expect((audit.body.data as { action: string; fields: string[] }[])[0]).toMatchObject({ action: 'update' });
    expect((await t.call('PUT', '/settings/letterhead', { host: DEMO, token: doctor, body: { ...body, specialty: '   ', paper_size: 'A5' } })).status).toBe(200);
    expect(await read(doctor)).toMatchObject({ specialty: null, paper_size: 'A5' });
  });

  it('refuses a paper it does not know or a line too long, on the field, in Kurdish', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ paper_size: 'Letter' }, 'paper_size'],
      [{ paper_size: 'A5', specialty: 'x'.repeat(121) }, 'specialty'],
      [{ paper_size: 'A5', licence_number: 7 }, 'licence_number'],
      [{ paper_size: 'A5', logo: 'x' }, 'logo'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('PUT', '/settings/letterhead', { host: DEMO, token: doctor, lang: 'ckb', body });
      expect([field, res.status]).toEqual([field, 422]);
      const errors = res.body.errors ?? {};
      expect(Object.keys(errors).join(), JSON.stringify(errors)).toContain(field);
      expect(JSON.stringify(errors)).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('keeps a logo checked by its bytes: an image of at most 100 KB, kept when left out, removed by null', async () => {
    // A real 1x1 PNG.
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const put = (body: Record<string, unknown>) => t.call('PUT', '/settings/letterhead', { host: DEMO, token: doctor, lang: 'ckb', body: { paper_size: 'A5', ...body } });
    expect((await put({ logo: png })).status).toBe(200);
    expect((await read(secretary)).logo).toBe(png);
    expect((await put({ specialty: 'Cardiology' })).status).toBe(200);
    expect((await read(secretary)).logo).toBe(png);
    const refused: [string, string][] = [
      // Text calling itself a PNG, and a JPEG's name on PNG bytes.
      ['not a picture', `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`],
      ['wrong type', png.replace('image/png', 'image/jpeg')],
      ['too big', `data:image/png;base64,${Buffer.concat([Buffer.from(png.split(',')[1], 'base64'), Buffer.alloc(101 * 1024)]).toString('base64')}`],
      ['not a data URL', 'https://example.com/logo.png'],
    ];
    for (const [why, logo] of refused) {
      const res = await put({ logo });
      expect([why, res.status, Object.keys(res.body.errors ?? {})]).toEqual([why, 422, ['logo']]);
    }
    expect((await read(secretary)).logo).toBe(png);
    expect((await put({ logo: null })).status).toBe(200);
    expect((await read(secretary)).logo).toBeNull();
  });

  it('is a clinic route: the main host does not serve it, and a login is needed', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    expect((await t.call('GET', '/settings/letterhead', { host: CENTRAL, token: owner })).status).toBe(404);
    expect((await t.call('GET', '/settings/letterhead', { host: DEMO })).status).toBe(401);
  });
});
