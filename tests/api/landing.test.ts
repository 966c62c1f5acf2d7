// The public landing pages: readable without login, hidden sections not served, each clinic its
// own; editing needs the editors' login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER, createOtherClinic } from './fixtures';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(() => t?.close());

type Section = { key: string; title_ckb: string | null; items: { title_en: string }[] };

describe('central landing page', () => {
  it('serves visible sections with their items and the plans, without login', async () => {
    const res = await t.call('GET', '/landing-page');
    expect(res.status).toBe(200);
    const data = res.body.data as { sections: Section[]; plans: { type_en: string }[] };
    const hero = data.sections.find((s) => s.key === 'hero')!;
    expect(hero.title_ckb).toBe('سکرتێری دیجیتاڵی کلینیکەکەت');
    expect(data.sections.find((s) => s.key === 'feature')!.items.map((i) => i.title_en)).toContain('Appointments');
    expect(data.plans.map((p) => p.type_en)).toEqual(['Basic', 'Pro', 'Team']);
  });

  it('hides a section the Service Admin hides, and refuses edits without the right login', async () => {
    const service = await t.login(CENTRAL, 'service');
    const sections = (await t.call('GET', '/dashboard/landing-page?filter[key]=about', { token: service })).body.data as { id: number }[];
    const about = sections[0].id;
    expect((await t.call('PATCH', `/dashboard/landing-page/${about}`, { body: { is_visible: false } })).status).toBe(401);
    expect((await t.call('PATCH', `/dashboard/landing-page/${about}`, { token: await t.login(CENTRAL, 'admin'), body: { is_visible: false } })).status).toBe(403);
    expect((await t.call('PATCH', `/dashboard/landing-page/${about}`, { token: service, body: { is_visible: false, title_ckb: 'دەربارە' } })).status).toBe(200);
    const keys = ((await t.call('GET', '/landing-page')).body.data as { sections: Section[] }).sections.map((s) => s.key);
    expect(keys).not.toContain('about');
    expect(keys).toContain('hero');
  });

  it('does not accept a private upload as a public image', async () => {
    const service = await t.login(CENTRAL, 'service');
    const hero = ((await t.call('GET', '/dashboard/landing-page?filter[key]=hero', { token: service })).body.data as { id: number }[])[0].id;
    const res = await t.call('PATCH', `/dashboard/landing-page/${hero}`, { token: service, body: { image_pc: 123456 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('image_pc');
  });
});

describe('clinic landing page', () => {
  it("shows each clinic its own page, and only what is visible", async () => {
    const demo = await t.call('GET', '/tenant/landing-page', { host: DEMO });
    expect(demo.status).toBe(200);
    const data = demo.body.data as { landing_page: { title_en: string; doctor: { name: string } }; solutions: { title_en: string }[] };
    expect(data.landing_page.doctor.name).toBe('Dr. Hawre Salih');
    expect(data.solutions.map((s) => s.title_en)).toEqual(['Diabetes follow-up', 'Blood pressure control']);
    // Read in one statement as JSON: the same shape, no bookkeeping columns, a yes-or-no booking flag.
    const whole = demo.body.data as { online_booking: unknown; landing_page: Record<string, unknown>; solutions: Record<string, unknown>[] };
    expect(typeof whole.online_booking).toBe('boolean');
    // The clinic's zone, for its public pages' days (a visitor's device may be on another day).
    expect(demo.body.data).toMatchObject({ time_zone: 'Asia/Baghdad' });
    expect(Array.isArray(whole.landing_page.locations) && Array.isArray(whole.landing_page.links)).toBe(true);
    expect([whole.landing_page, ...whole.solutions].filter((row) => 'created_at' in row || 'tenant_id' in row)).toEqual([]);

    const other = await t.call('GET', '/tenant/landing-page', { host: OTHER });
    expect((other.body.data as { solutions: unknown[] }).solutions).toEqual([]);

    const doctor = await t.login(DEMO, 'doctor');
    const first = ((await t.call('GET', '/solutions?sort=position', { host: DEMO, token: doctor })).body.data as { id: number }[])[0];
    await t.call('PATCH', `/solutions/${first.id}`, { host: DEMO, token: doctor, body: { is_visible: false } });
    const after = (await t.call('GET', '/tenant/landing-page', { host: DEMO })).body.data as { solutions: { title_en: string }[] };
    expect(after.solutions.map((s) => s.title_en)).toEqual(['Blood pressure control']);
  });

  it('answers 418 for an unknown clinic and 417 for a suspended one', async () => {
    expect((await t.call('GET', '/tenant/landing-page', { host: 'nosuch.localhost' })).status).toBe(418);
    expect((await t.call('GET', '/tenant/landing-page', { host: 'closed.localhost' })).status).toBe(417);
  });

  it('lets only the Main Doctor edit it', async () => {
    const secretary = await t.login(DEMO, 'secretary');
    expect((await t.call('GET', '/tenant/dashboard/landing-page', { host: DEMO, token: secretary })).status).toBe(403);
  });
});
