// What is refused while the server does not answer (issue 37, item 2; src/client/offline/refusals.ts):
// decided once, at the data provider, from the declarations. A create or change of a resource
// declared `offline` is queued; deletes and archives, refunds, settings, staff and permissions,
// exports and restores, passwords and two-step login, approving online booking requests and any
// other action are refused with a message in the user's language, and never reach the outbox.
import './helpers/env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../resources';
import { resourceActions } from '../../src/shared/resource';
import { type OfflineWrite, type RefusalKind, offlineRefusal } from '../../src/client/offline/refusals';
import { setShellState } from '../../src/client/offline/shellState';
import { dataProvider } from '../../src/client/providers/dataProvider';
import { pendingKey } from '../../src/client/providers/actionKeys';
import { setToastSink } from '../../src/client/providers/notify';
import { clearSession } from '../../src/client/providers/session';
import { setLocale } from '../../src/client/i18n';
import ckb from '../../locales/ckb.json';
import ar from '../../locales/ar.json';
import en from '../../locales/en.json';

const KINDS: RefusalKind[] = ['refund', 'delete', 'settings', 'staff', 'export', 'password', 'approve', 'other'];

describe('which writes are refused offline', () => {
  it.each<[string, OfflineWrite, RefusalKind | null]>([
    ['registering a patient', { resource: 'patients', action: 'create' }, null],
    ["correcting a patient's phone", { resource: 'patients', action: 'update' }, null],
    ['adding an allergy', { resource: 'allergies', action: 'create' }, null],
    ['booking', { resource: 'appointments', action: 'create' }, null],
    ['checking in (a booking status)', { resource: 'appointments', action: 'update' }, null],
    ['recording a visit', { resource: 'visitings', action: 'create' }, null],
    ['taking a payment', { resource: 'payments', action: 'create' }, null],
    ['a refund', { url: '/payments/12/refund', method: 'post' }, 'refund'],
    ['deleting a patient (archived)', { resource: 'patients', action: 'delete' }, 'delete'],
    ['deleting a drug', { resource: 'drugs', action: 'delete' }, 'delete'],
    ['restoring an archived record', { url: '/patients/4/restore', method: 'post' }, 'delete'],
    ["the clinic's settings", { url: '/settings/clinic', method: 'put' }, 'settings'],
    ['the letterhead', { url: '/settings/letterhead', method: 'put' }, 'settings'],
    ['working hours (a settings resource)', { resource: 'workingHours', action: 'update' }, 'settings'],
    ['a staff member', { resource: 'tenantUsers', action: 'create' }, 'staff'],
    ['permissions', { url: '/permissions/update', method: 'post' }, 'staff'],
    ["ending a staff member's sessions", { url: '/tenantUsers/3/end-sessions', method: 'post' }, 'staff'],
    ['an export', { url: '/exports', method: 'post' }, 'export'],
    ['a password', { url: '/auth/profile/password', method: 'put' }, 'password'],
    ['two-step login set up', { url: '/auth/profile/mfa/setup', method: 'post' }, 'password'],
    ["a staff member's two-step reset", { url: '/tenantUsers/3/mfa-reset', method: 'post' }, 'password'],
    ['approving an online booking request', { url: '/booking-requests/8/approve', method: 'post' }, 'approve'],
    ['declining one', { url: '/booking-requests/8/decline', method: 'post' }, 'approve'],
    ['changing a booking request', { resource: 'bookingRequests', action: 'update' }, 'approve'],
    ['postponing (kept as the two writes it is made of: offline/actions.ts)', { url: '/appointments/3/postpone', method: 'post' }, null],
    ['postponing a booking made offline', { url: '/appointments/-4/postpone', method: 'post' }, null],
    ['repeats (an action the outbox does not send)', { url: '/appointments/series', method: 'post' }, 'other'],
    ['"this and following"', { url: '/appointments/3/following', method: 'post' }, 'other'],
    ['a task (not declared offline)', { resource: 'tasks', action: 'create' }, 'other'],
    ['an unknown resource', { resource: 'addedLater', action: 'create' }, 'other'],
    ['a read', { url: '/payments/12', method: 'get' }, null],
  ])('%s', (_name, write, kind) => {
    expect(offlineRefusal(write)).toBe(kind);
  });

  it('over the registry: only the creates and changes of resources declared offline are queued; no delete is', () => {
    for (const def of resources) {
      const actions = resourceActions(def);
      if (actions.includes('create')) expect(offlineRefusal({ resource: def.name, action: 'create' }) === null, def.name).toBe(!!def.offline);
      if (actions.includes('update')) expect(offlineRefusal({ resource: def.name, action: 'update' }) === null, def.name).toBe(!!def.offline);
      expect(offlineRefusal({ resource: def.name, action: 'delete' })).toBe('delete');
    }
  });

  it.each([
    ['ckb', ckb],
    ['ar', ar],
    ['en', en],
  ])('every refusal has its message in %s', (_lang, texts) => {
    const refused = (texts as { offline: { refused: Record<string, string> } }).offline.refused;
    for (const kind of KINDS) expect(refused[kind], kind).toMatch(/\S{3}/);
  });
});

describe('the data provider refuses them, never queues them', () => {
  const fetched: string[] = [];
  const keys: (string | undefined)[] = [];
  beforeEach(() => {
    clearSession();
    setToastSink(() => undefined);
    fetched.length = 0;
    keys.length = 0;
    // No answer from the server (the link is cut).
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      fetched.push(String(url));
      keys.push((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    setToastSink(null);
    setShellState({ offlineSince: null });
    await setLocale('ckb');
  });

  it.each([
    ['ckb', ckb],
    ['ar', ar],
    ['en', en],
  ] as const)('a refund with no answer is told as perhaps done in %s, once known offline is not even sent, and sent again goes with its key', async (lang, texts) => {
    await setLocale(lang);
    const { refused, unanswered } = (texts as { offline: { refused: Record<string, string>; unanswered: string } }).offline;
    const amount = Math.random();
    const refund = () => dataProvider.custom!({ url: '/payments/12/refund', method: 'post', payload: { amount } });
    await expect(refund()).rejects.toMatchObject({ message: unanswered, statusCode: 0 });
    expect(fetched).toHaveLength(1);
    // The failed call marked the link down: the next refusal asks nothing of the server.
    await expect(refund()).rejects.toMatchObject({ message: refused.refund, statusCode: 0 });
    expect(fetched).toHaveLength(1);
    // Once the link is thought up again, the same refund goes with the same key (the server does it
    // once, whether the first reached it or not); another refund goes with a key of its own.
    setShellState({ offlineSince: null });
    await expect(refund()).rejects.toMatchObject({ message: unanswered });
    setShellState({ offlineSince: null });
    await expect(dataProvider.custom!({ url: '/payments/12/refund', method: 'post', payload: { amount: amount + 1 } })).rejects.toMatchObject({ message: unanswered });
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys.slice(1)).toEqual([keys[0], expect.not.stringMatching(keys[0]!)]);
  });

  it("a postpone sends its key as the new booking's client reference, the same when sent again; kept on the device its create would carry it", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      keys.push((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
      bodies.push(JSON.parse(String(init?.body)));
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const params = { url: `/appointments/${Math.floor(Math.random() * 1e9)}/postpone`, method: 'post' as const, payload: { date: '2031-06-29', time: '09:30' } };
    // Unanswered and the link then known down, it would go to the device's outbox (IndexedDB, not
    // here): what matters is what was sent and the reference its writes would be kept with.
    await dataProvider.custom!(params).catch(() => undefined);
    setShellState({ offlineSince: null });
    await dataProvider.custom!(params).catch(() => undefined);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(bodies).toEqual([{ ...params.payload, client_ref: keys[0] }, { ...params.payload, client_ref: keys[0] }]);
    expect(pendingKey(params)).toBe(keys[0]);
    expect(pendingKey({ ...params, payload: { date: '2031-06-29', time: '10:00' } })).not.toBe(keys[0]);
  });

  it('a delete with no answer is told as perhaps done, and sent again goes with its key', async () => {
    const id = Math.floor(Math.random() * 1e9);
    await expect(dataProvider.deleteOne({ resource: 'patients', id })).rejects.toMatchObject({ message: ckb.offline.unanswered, statusCode: 0 });
    setShellState({ offlineSince: null });
    await expect(dataProvider.deleteOne({ resource: 'patients', id })).rejects.toMatchObject({ message: ckb.offline.unanswered });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a delete and a settings change are refused while offline, a read still fails as a read', async () => {
    setShellState({ offlineSince: new Date() });
    await expect(dataProvider.deleteOne({ resource: 'patients', id: 3 })).rejects.toMatchObject({ message: ckb.offline.refused.delete });
    await expect(dataProvider.update({ resource: 'workingHours', id: 3, variables: { day: 1 } })).rejects.toMatchObject({ message: ckb.offline.refused.settings });
    await expect(dataProvider.create({ resource: 'tasks', variables: { title: 'x' } })).rejects.toMatchObject({ message: ckb.offline.refused.other });
    expect(fetched).toHaveLength(0);
  });
});
