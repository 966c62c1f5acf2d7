// Generated from the registry: a resource whose rule has a row filter (ResourceDef.rowFilter) shows
// and lets each caller touch only the rows the filter lets through, on every route. Someone else's
// row answers 404 to show, update and delete (as a missing one: never a 403 that tells it exists),
// never appears in a list or an export, and stays unchanged. Across applications and clinics too:
// the same user id in another clinic, or on the central host, is someone else.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { type Action, type ResourceDef, resourceActions } from '../../src/shared/resource';
import { notify } from '../../src/server/modules/notifications';
import { CENTRAL, DEMO, type TestApp, startTestApp } from './harness';
import { OTHER, createOtherClinic, createRecord, whoIs } from './fixtures';
import { sampleUpdate } from './samples';

const filtered = resources.filter((def) => def.rowFilter && Object.keys(def.rowFilter).length);

// Two callers of the resource's application that its matrix lets act (Owner and Developer; the
// Main Doctor and a Doctor), and one of another clinic.
const CALLERS: Record<ResourceDef['scope'], [string, string]> = { central: ['owner', 'developer'], tenant: ['doctor', 'assistant'] };
const hostOf = (def: ResourceDef) => (def.scope === 'central' ? CENTRAL : DEMO);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createOtherClinic(t);
});
afterAll(() => t?.close());

it('the registry has resources with a row filter (notifications and saved list views of both applications)', () => {
  expect(filtered.map((d) => d.name).sort()).toEqual(['clinicListViews', 'clinicNotifications', 'listViews', 'notifications']);
});

describe.each(filtered.map((def) => [def.name, def] as const))('row filter of %s', (_n, def) => {
  const host = hostOf(def);
  const has = (action: Action) => resourceActions(def).includes(action);
  let me: string;
  let someone: string;
  beforeAll(async () => {
    const [a, b] = CALLERS[def.scope];
    me = await t.login(host, a);
    someone = await t.login(host, b);
  });

  /** The filter's column of a row, read past the API. */
  const ownerOf = async (id: number) => {
    const column = def.rowFilter!.read!.column;
    const { rows } = await sql<{ owner: number }>`select ${sql.ref(column)} as owner from ${sql.table(def.table)} where id = ${id}`.execute(t.db.kysely);
    return Number(rows[0].owner);
  };

  it('lists and exports only the rows the filter lets through', async () => {
    const mine = await createRecord(t, def, host, {}, {}, me);
    const theirs = await createRecord(t, def, host, {}, {}, someone);
    const { userId } = await whoIs(t, host, me);
    const list = await t.call('GET', `/${def.path}?per_page=500`, { host, token: me });
    expect(list.status).toBe(200);
    const ids = (list.body.data as { id: number }[]).map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    for (const id of ids) expect(await ownerOf(id)).toBe(userId);
    const both = await t.call('GET', `/${def.path}?filter[id][in]=${mine.id},${theirs.id}`, { host, token: me });
    expect((both.body.data as { id: number }[]).map((r) => r.id)).toEqual([mine.id]);
    expect((both.body.meta as { total: number }).total).toBe(1);
    const csv = await t.call('GET', `/${def.path}/export?filter[id][in]=${mine.id},${theirs.id}`, { host, token: me });
    expect(csv.status).toBe(200);
    expect(csv.raw.toString('utf8').trim().split('\n')).toHaveLength(2); // the header and my row
  });

  it("answers 404 to showing someone else's row", async () => {
    const mine = await createRecord(t, def, host, {}, {}, me);
    const theirs = await createRecord(t, def, host, {}, {}, someone);
    expect((await t.call('GET', `/${def.path}/${mine.id}`, { host, token: me })).status).toBe(200);
    expect((await t.call('GET', `/${def.path}/${theirs.id}`, { host, token: me })).status).toBe(404);
  });

  it.skipIf(!has('update'))("answers 404 to updating someone else's row, and changes nothing", async () => {
    const theirs = await createRecord(t, def, host, {}, {}, someone);
    for (const method of ['PATCH', 'PUT']) expect((await t.call(method, `/${def.path}/${theirs.id}`, { host, token: me, body: sampleUpdate(def) })).status).toBe(404);
    const after = await t.call('GET', `/${def.path}/${theirs.id}`, { host, token: someone });
    expect(after.body.data).toEqual(theirs);
    const mine = await createRecord(t, def, host, {}, {}, me);
    expect((await t.call('PATCH', `/${def.path}/${mine.id}`, { host, token: me, body: sampleUpdate(def) })).status).toBe(200);
  });

  it.skipIf(!has('delete'))("answers 404 to deleting someone else's row, which stays", async () => {
    const theirs = await createRecord(t, def, host, {}, {}, someone);
    expect((await t.call('DELETE', `/${def.path}/${theirs.id}`, { host, token: me })).status).toBe(404);
    expect((await t.call('GET', `/${def.path}/${theirs.id}`, { host, token: someone })).status).toBe(200);
    const mine = await createRecord(t, def, host, {}, {}, me);
    expect((await t.call('DELETE', `/${def.path}/${mine.id}`, { host, token: me })).status).toBe(204);
    expect((await t.call('GET', `/${def.path}/${mine.id}`, { host, token: me })).status).toBe(404);
  });
});

describe('notifications: the same user id elsewhere is someone else', () => {
  /** A notification for user id `userId` of that application and clinic, as the server writes them. */
  const plant = async (scope: 'central' | 'tenant', tenantId: number | null, userId: number) => {
    await notify(t.db.kysely, { scope, tenantId, userIds: [userId] }, 'requestAccepted', { doctor: 'Planted' });
    const { rows } = await sql<{ id: number }>`select max(id)::int as id from notifications`.execute(t.db.kysely);
    return rows[0].id;
  };
  const visible = async (host: string, token: string, id: number) => {
    const list = await t.call('GET', `/notifications?filter[id][in]=${id}`, { host, token });
    const show = await t.call('GET', `/notifications/${id}`, { host, token });
    const update = await t.call('PATCH', `/notifications/${id}`, { host, token, body: { is_read: 1 } });
    const remove = await t.call('DELETE', `/notifications/${id}`, { host, token });
    return { listed: (list.body.data as unknown[]).length, show: show.status, update: update.status, remove: remove.status };
  };
  const hidden = { listed: 0, show: 404, update: 404, remove: 404 };

  it("another clinic's row and a platform row under my user id are not mine", async () => {
    const doctor = await t.login(DEMO, 'doctor');
    const demo = await whoIs(t, DEMO, doctor);
    const other = await whoIs(t, OTHER, await t.login(OTHER, 'boss', 'copper-harbor-6620'));
    expect(await visible(DEMO, doctor, await plant('tenant', other.tenantId, demo.userId))).toEqual(hidden);
    expect(await visible(DEMO, doctor, await plant('central', null, demo.userId))).toEqual(hidden);
    const owner = await t.login(CENTRAL, 'owner');
    const central = await whoIs(t, CENTRAL, owner);
    expect(await visible(CENTRAL, owner, await plant('tenant', demo.tenantId, central.userId))).toEqual(hidden);
    // And mine is mine, on each host.
    expect(await visible(DEMO, doctor, await plant('tenant', demo.tenantId, demo.userId))).toEqual({ listed: 1, show: 200, update: 200, remove: 204 });
    expect(await visible(CENTRAL, owner, await plant('central', null, central.userId))).toEqual({ listed: 1, show: 200, update: 200, remove: 204 });
  });

  it("the bell answers my latest and my unread count, and marking all read leaves others' alone", async () => {
    const [me, someone] = [await t.login(DEMO, 'doctor'), await t.login(DEMO, 'assistant')];
    const mine = await whoIs(t, DEMO, me);
    const theirs = await whoIs(t, DEMO, someone);
    await t.call('PUT', '/dashboard/notifications/markAllAsRead', { host: DEMO, token: me });
    const theirId = await plant('tenant', theirs.tenantId, theirs.userId);
    const myId = await plant('tenant', mine.tenantId, mine.userId);
    const bell = await t.call('GET', '/dashboard/notifications', { host: DEMO, token: me });
    const shown = bell.body.notifications as { id: number; message: string; is_read: number }[];
    expect(shown.map((n) => n.id)).toContain(myId);
    expect(shown.map((n) => n.id)).not.toContain(theirId);
    expect(shown[0]).toMatchObject({ id: myId, kind: 'requestAccepted', message: 'Your request about Planted was accepted', is_read: 0 });
    expect(bell.body.unread).toBe(1);
    const before = ((await t.call('GET', '/dashboard/notifications', { host: DEMO, token: someone })).body.unread as number);
    expect((await t.call('PUT', '/dashboard/notifications/markAllAsRead', { host: DEMO, token: me })).body).toMatchObject({ unread: 0 });
    expect((await t.call('GET', '/dashboard/notifications', { host: DEMO, token: me })).body.unread).toBe(0);
    expect((await t.call('GET', '/dashboard/notifications', { host: DEMO, token: someone })).body.unread).toBe(before);
    expect((await t.call('GET', `/notifications/${theirId}`, { host: DEMO, token: someone })).body.data).toMatchObject({ is_read: 0 });
  });
});
