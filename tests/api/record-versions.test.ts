// Generated from the registry: every record has a version, reads answer it as an ETag, and a write
// with a stale If-Match answers 412 with the current record and changes nothing (no lost updates),
// unless it asks only for what the record already holds.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { resourceActions } from '../../src/shared/resource';
import { type TestApp, startTestApp } from './harness';
import { createRecord, hostOf, tokenFor } from './fixtures';
import { sampleUpdate } from './samples';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const updatable = resources.filter((def) => resourceActions(def).includes('update') && resourceActions(def).includes('create'));

describe.each(updatable.map((def) => [def.name, def] as const))('versions: %s', (_name, def) => {
  it('answers its version as an ETag and refuses a stale If-Match with 412 and the current record', async () => {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    const created = await createRecord(t, def, host);
    expect(created.version).toBe(1);
    const url = `/${def.path}/${created.id}`;

    const read = await t.call('GET', url, { host, token });
    expect(read.headers.etag).toBe('"1"');

    const change = sampleUpdate(def);
    const first = await t.call('PATCH', url, { host, token, body: change, headers: { 'if-match': '"1"' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.headers.etag).toBe('"2"');
    expect((first.body.data as { version: number }).version).toBe(2);

    // A second tab still holding version 1, changing something else: refused, told what the record is now.
    const stale = await t.call('PATCH', url, { host, token, body: sampleUpdate(def, 1), headers: { 'if-match': '"1"' } });
    expect(stale.status).toBe(412);
    expect(typeof stale.body.message).toBe('string');
    expect(stale.body.data).toEqual(first.body.data);
    expect(stale.headers.etag).toBe('"2"');
    expect((await t.call('PUT', url, { host, token, body: sampleUpdate(def, 1), headers: { 'if-match': 'W/"1"' } })).status).toBe(412);
    expect((await t.call('PATCH', url, { host, token, body: sampleUpdate(def, 1), headers: { 'if-match': 'garbage' } })).status).toBe(412);
    // The same change again on version 1 (a double-click's second save, or its replay from a
    // device's outbox): nothing it asks is lost, so it gets the record as it is, not a conflict.
    // A password is never answered, so sending one always counts as a change.
    const unseen = Object.keys(change).some((name) => def.fields[name]?.writeOnly || def.fields[name]?.virtual);
    const again = await t.call('PATCH', url, { host, token, body: change, headers: { 'if-match': '"1"' } });
    expect(again.status).toBe(unseen ? 412 : 200);
    expect(again.body.data).toEqual(first.body.data);
    if (resourceActions(def).includes('delete')) {
      expect((await t.call('DELETE', url, { host, token, headers: { 'if-match': '"1"' } })).status).toBe(412);
    }
    const after = await t.call('GET', url, { host, token });
    expect(after.body.data).toEqual(first.body.data);

    // The current version, `*`, or no If-Match at all (older clients) are accepted; a save that
    // changes nothing (empty, or the values it holds) keeps the version, so no other tab meets a
    // conflict without a change in it.
    expect((await t.call('PATCH', url, { host, token, body: {}, headers: { 'if-match': '"2"' } })).status).toBe(200);
    expect((await t.call('PATCH', url, { host, token, body: {}, headers: { 'if-match': '*' } })).status).toBe(200);
    const same = await t.call('PATCH', url, { host, token, body: change });
    expect(same.status).toBe(200);
    expect(same.headers.etag).toBe(unseen ? '"3"' : '"2"');
    if (!unseen) expect(same.body.data).toEqual(first.body.data);
  });
});

describe('versions outside the engine', () => {
  it('a change made by any statement raises the version (a trigger, not the route)', async () => {
    const def = resources.find((r) => r.name === 'patients')!;
    const patient = await createRecord(t, def, hostOf(def));
    await sql`update patients set notes = 'changed behind the API' where id = ${patient.id}`.execute(t.db.kysely);
    const token = await tokenFor(t, def, hostOf(def));
    const res = await t.call('PATCH', `/patients/${patient.id}`, { host: hostOf(def), token, body: { notes: 'mine' }, headers: { 'if-match': '"1"' } });
    expect(res.status).toBe(412);
    expect((res.body.data as { notes: string }).notes).toBe('changed behind the API');
  });

  it('every table of the registry has a version column raised by a trigger', async () => {
    const tables = [...new Set(resources.filter((r) => !r.appendOnly).map((r) => r.table))];
    const { rows } = await sql<{ table_name: string }>`select c.table_name from information_schema.columns c
      where c.table_schema = current_schema() and c.column_name = 'version'
        and exists (select 1 from information_schema.triggers g where g.event_object_table = c.table_name and g.trigger_name = c.table_name || '_version')`.execute(t.db.kysely);
    const versioned = new Set(rows.map((r) => r.table_name));
    expect(tables.filter((table) => !versioned.has(table))).toEqual([]);
  });
});
