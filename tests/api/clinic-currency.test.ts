// The clinic's currency (issue 17): Iraqi dinars until the Main Doctor chooses another; every staff
// member reads it (their screens show money in it); only the Main Doctor changes it, to a currency
// the platform knows; the change is audited and stays with that clinic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('clinic currency', () => {
  it('is dinars by default, read by any staff member, changed by the Main Doctor only', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const secretary = await t.login(DEMO, 'secretary');
    expect((await t.call('GET', '/settings/clinic', { host: DEMO, token: secretary })).body.data).toEqual({ currency: 'IQD' });

    const refused = await t.call('PUT', '/settings/clinic', { host: DEMO, token: secretary, body: { currency: 'USD' } });
    expect(refused.status).toBe(403);

    const changed = await t.call('PUT', '/settings/clinic', { host: DEMO, token: doctor, body: { currency: 'USD' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ currency: 'USD' });
    expect((await t.call('GET', '/settings/clinic', { host: DEMO, token: secretary })).body.data).toEqual({ currency: 'USD' });

    const audit = await t.call('GET', '/audit?filter[resource]=settings', { host: DEMO, token: doctor });
    expect((audit.body.data as { action: string; fields: string[] }[])[0]).toMatchObject({ action: 'update', fields: ['currency'] });

    // Back to dinars, so other tests of this file see the default.
    expect((await t.call('PUT', '/settings/clinic', { host: DEMO, token: doctor, body: { currency: 'IQD' } })).status).toBe(200);
  });

  it('refuses a currency it does not know, on the field, in the caller language', async () => {
    const doctor = await t.login(DEMO, 'doctor');
    for (const currency of ['EUR', 'iqd', '', 5, null]) {
      const res = await t.call('PUT', '/settings/clinic', { host: DEMO, token: doctor, lang: 'ckb', body: { currency } });
      expect([currency, res.status, Object.keys(res.body.errors ?? {})]).toEqual([currency, 422, ['currency']]);
    }
    const extra = await t.call('PUT', '/settings/clinic', { host: DEMO, token: doctor, body: { currency: 'USD', rate: 1500 } });
    expect(extra.status).toBe(422);
    expect((await t.call('GET', '/settings/clinic', { host: DEMO, token: doctor })).body.data).toEqual({ currency: 'IQD' });
  });

  it('is a clinic route: the main host does not serve it, and a login is needed', async () => {
    const owner = await t.login(CENTRAL, 'owner');
    expect((await t.call('GET', '/settings/clinic', { host: CENTRAL, token: owner })).status).toBe(404);
    expect((await t.call('GET', '/settings/clinic', { host: DEMO })).status).toBe(401);
  });

  it('is refused by the database when written directly with an unknown currency', async () => {
    await expect(t.db.kysely.updateTable('tenants').set({ currency: 'EUR' }).where('subdomain', '=', 'demo').execute()).rejects.toThrow(/tenants_currency_check/);
  });
});
