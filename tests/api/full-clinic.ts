// A clinic holding a record of every kind, in every state the engine knows (tests/api/full-clinic-reads.test.ts):
// the registry-driven tests make fresh records one resource at a time, so a read failing only on a
// combination (records of every resource, ones only jobs write, archived or deleted ones, records
// pointing at archived ones, files gone, sealed fields, several versions) slipped through.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { resourceByName, resources } from '../../resources/index';
import { type FieldDef, type ResourceDef, isArchivable, resourceActions } from '../../src/shared/resource';
import { CENTRAL, DEMO, type TestApp } from './harness';
import { ALL_MODULES, createRecord, hostOf, multipart, tokenFor } from './fixtures';
import { sampleInput, sampleUpdate } from './samples';
import { requestCopy, waitDone } from './exports-fixture';

export interface FullClinic {
  /** What could not be made, and why (a 5xx among them is a fault of the write path). */
  problems: string[];
  /** Per resource, ids the fixture made or used, in every state: the reads GET each. */
  ids: Map<string, Set<number>>;
  /** Records archived (still readable by id and under filter[archived]=true), per resource. */
  archived: Map<string, number>;
  /** `<resource>.<field>:<id>`: a record of the resource points at the archived record `id` through the field. */
  pointing: Set<string>;
  /** An upload whose bytes were removed from the store, attached to a visit and a patient. */
  lostUpload: number;
  /** A clinic copy (done, within its day) whose ZIP left the store. */
  lostCopy: number;
  /** Puts the lost upload's (sealed) bytes back where they were. */
  restoreLostFile: () => void;
}

const TINY_PDF = Buffer.from('%PDF-1.4\n% lost scan\n%%EOF\n');

const points = (f: FieldDef, def: ResourceDef) => f.relation?.resource === def.name && !f.readOnly && !f.virtual;

/**
 * Records of every resource pointing at `used` (a record of `def`), through a relation or a list's
 * item (a visit's examinations): what keeps it archived when it is deleted. They share its own
 * relations (a lab order of the visit's patient).
 */
async function usersOf(t: TestApp, def: ResourceDef, used: Record<string, unknown> & { id: number }): Promise<[ResourceDef, number][]> {
  const known: Record<string, number> = { [def.name]: used.id };
  for (const [name, f] of Object.entries(def.fields)) if (f.relation && typeof used[name] === 'number') known[f.relation.resource] ??= used[name];
  const out: [ResourceDef, number][] = [];
  for (const user of resources.filter((d) => d.scope === def.scope && resourceActions(d).includes('create'))) {
    const lists = Object.entries(user.fields).filter(([, f]) => f.type === 'list' && Object.values(f.items ?? {}).some((item) => points(item, def)));
    if (!lists.length && !Object.values(user.fields).some((f) => points(f, def))) continue;
    // A list's item: its sample with the relation set to the used record.
    const items = Object.fromEntries(lists.map(([name, f]) => [name, [sampleInput({ ...user, fields: f.items! }, known)]]));
    // Set even where a sample leaves it empty (a payment's visit, sent by the visit's form only).
    const direct = Object.fromEntries(Object.entries(user.fields).filter(([, f]) => points(f, def)).map(([name]) => [name, used.id]));
    try {
      out.push([user, (await createRecord(t, user, hostOf(user), known, { ...items, ...direct })).id]);
    } catch (e) {
      // A rule of the record's own refusing it (a payment toward a visit owing nothing): another points there.
      if (!/failed: 4\d\d /.test((e as Error).message)) throw e;
    }
  }
  return out;
}

export async function fillClinic(t: TestApp): Promise<FullClinic> {
  const problems: string[] = [];
  const ids = new Map<string, Set<number>>();
  const archived = new Map<string, number>();
  const pointing = new Set<string>();
  const note = (def: ResourceDef, id: number) => (ids.get(def.name) ?? ids.set(def.name, new Set()).get(def.name)!).add(id);
  // Every optional module on, so every clinic resource answers.
  await sql`update tenants set ${sql.join(Object.keys(ALL_MODULES).map((c) => sql`${sql.ref(c)} = true`))} where subdomain = 'demo'`.execute(t.db.kysely);
  const doctor = await t.login(DEMO, 'doctor');
  // A clinic copy made by the job (the exports resource's records are only its).
  const firstCopy = await waitDone(t, doctor, await requestCopy(t, doctor));
  if (firstCopy.status !== 'done') problems.push(`exports: the first copy ${firstCopy.status} (${firstCopy.error})`);
  // An Admin's change to a clinic waits for the Owner: a doctor's request (doctorRequests).
  const admin = await t.login(CENTRAL, 'admin');
  const demoTenant = (await sql<{ id: number }>`select id from tenants where subdomain = 'demo'`.execute(t.db.kysely)).rows[0].id;
  const asked = await t.call('PATCH', `/tenants/${demoTenant}`, { token: admin, body: { skill: 'Cardiology' } });
  if (asked.status >= 300) problems.push(`doctorRequests: an Admin's change answered ${asked.status}`);

  // One record of every resource (made through the API, or as the server and its jobs write them).
  for (const def of resources) {
    try {
      note(def, (await createRecord(t, def, hostOf(def))).id);
    } catch (e) {
      problems.push(`${def.name}: ${(e as Error).message}`);
    }
  }

  // Several versions: each updatable record changed twice.
  for (const def of resources.filter((d) => resourceActions(d).includes('update') && resourceActions(d).includes('create'))) {
    const id = [...(ids.get(def.name) ?? [])][0];
    if (id === undefined) continue;
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    for (const variant of [0, 1]) {
      const res = await t.call('PATCH', `/${def.path}/${id}`, { host, token, body: sampleUpdate(def, variant) });
      if (res.status >= 500) problems.push(`${def.name}: an update answered ${res.status} ${res.body.message}`);
    }
  }

  // Archived records still pointed at: a record of every resource using an archivable one, then the
  // used one deleted (archived instead).
  for (const def of resources.filter(isArchivable)) {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    try {
      const used = await createRecord(t, def, host);
      const users = await usersOf(t, def, used);
      for (const [user, id] of users) {
        note(user, id);
        for (const [name, f] of Object.entries(user.fields)) if (f.relation?.resource === def.name) pointing.add(`${user.name}.${name}:${used.id}`);
      }
      const res = await t.call('DELETE', `/${def.path}/${used.id}`, { host, token });
      if (res.status === 200) archived.set(def.name, used.id);
      else problems.push(`${def.name}: deleting a used record answered ${res.status} ${res.body.message}`);
      note(def, used.id);
      // A record pointing at an archived one is still changed as any other.
      for (const [user, id] of users.filter(([u]) => resourceActions(u).includes('update'))) {
        const changed = await t.call('PATCH', `/${user.path}/${id}`, { host: hostOf(user), token: await tokenFor(t, user, hostOf(user)), body: sampleUpdate(user) });
        if (changed.status !== 200) problems.push(`${user.name} ${id} pointing at an archived ${def.name}: an update answered ${changed.status} ${JSON.stringify(changed.body)}`);
      }
    } catch (e) {
      problems.push(`${def.name} (archived): ${(e as Error).message}`);
    }
  }

  // Deleted records: one of every deletable resource made and deleted (the trail and the change feed
  // still name them).
  for (const def of resources.filter((d) => resourceActions(d).includes('delete') && resourceActions(d).includes('create') && d.deletePolicy !== 'cascade')) {
    const host = hostOf(def);
    try {
      const gone = await createRecord(t, def, host);
      const res = await t.call('DELETE', `/${def.path}/${gone.id}`, { host, token: await tokenFor(t, def, host) });
      if (res.status >= 500) problems.push(`${def.name}: a delete answered ${res.status} ${res.body.message}`);
    } catch (e) {
      problems.push(`${def.name} (deleted): ${(e as Error).message}`);
    }
  }

  // Records moved on by their actions (a booking request approved and one declined, a device and a
  // printed document revoked, an invoice paid, a staff member's sessions ended), each on a record of its own.
  for (const def of resources) {
    const host = hostOf(def);
    const token = await tokenFor(t, def, host);
    for (const action of [...(def.rowActions ?? []), ...(def.recordActions ?? [])]) {
      try {
        const made = await createRecord(t, def, host);
        // A record only the server writes: the one just written (createRecord answers the list's first).
        const id = resourceActions(def).includes('create')
          ? made.id
          : Number((await sql<{ id: number }>`select max(id) as id from ${sql.table(def.table)}`.execute(t.db.kysely)).rows[0].id);
        note(def, id);
        const set = 'set' in action ? action.set : undefined;
        const res = set ? await t.call('PATCH', `/${def.path}/${id}`, { host, token, body: set }) : await t.call('POST', `/${def.path}/${id}/${action.post}`, { host, token, body: {} });
        if (res.status >= 300) problems.push(`${def.name}: ${action.key} answered ${res.status} ${res.body.message}`);
      } catch (e) {
        problems.push(`${def.name} (${action.key}): ${(e as Error).message}`);
      }
    }
  }

  // A clinic deleted by the platform with everything it held (its trail and invoices name it).
  try {
    const gone = await createRecord(t, resourceByName('tenants'), CENTRAL);
    const res = await t.call('DELETE', `/tenants/${gone.id}`, { token: await t.login(CENTRAL, 'owner') });
    if (res.status >= 300) problems.push(`tenants: a delete answered ${res.status} ${res.body.message}`);
  } catch (e) {
    problems.push(`tenants (deleted): ${(e as Error).message}`);
  }

  // A file whose bytes left the store, still attached to a visit and among a patient's papers.
  const up = await t.call('POST', '/uploads', { host: DEMO, token: doctor, ...(({ body, type }) => ({ rawBody: body, contentType: type }))(multipart(TINY_PDF, 'lost.pdf', 'application/pdf')) });
  const lostUpload = (up.body.data as { id: number }).id;
  const visit = [...(ids.get('visitings') ?? [])][0];
  const patient = [...(ids.get('patients') ?? [])][0];
  for (const [where, body] of [
    [`/visitings/${visit}`, { attachments: [{ upload_id: lostUpload, note: 'lost scan' }] }],
    [`/patients/${patient}`, { documents: [{ upload_id: lostUpload, note: 'lost scan' }] }],
  ] as const) {
    const res = await t.call('PATCH', where, { host: DEMO, token: doctor, body });
    if (res.status !== 200) problems.push(`attaching the lost file to ${where}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const { rows } = await sql<{ storage_key: string }>`select storage_key from uploads where id = ${lostUpload}`.execute(t.db.kysely);
  const where = path.join(t.dataDir, 'uploads', rows[0].storage_key);
  const bytes = fs.readFileSync(where);
  fs.rmSync(where);
  // Copies in the job's other states: one past its day (swept: its file gone, the row kept), one failed.
  for (const state of ['expired', 'failed'] as const) {
    const made = await waitDone(t, doctor, await requestCopy(t, doctor));
    if (state === 'expired') {
      await sql`update exports set expires_at = now() - interval '1 second' where id = ${made.id}`.execute(t.db.kysely);
      await t.app.exportWorker.expire();
    } else await sql`update exports set status = 'failed', error = 'errors.exportFailed', storage_key = null where id = ${made.id}`.execute(t.db.kysely);
  }
  // The scheduled jobs, once each, on the filled clinic (reminders, subscriptions, sealing, files let go).
  await t.app.scheduler.register();
  while (await t.app.scheduler.runNext());
  const failedJobs = await sql<{ name: string; last_error: string }>`select name, last_error from scheduled_jobs where last_error is not null`.execute(t.db.kysely);
  for (const job of failedJobs.rows) problems.push(`job ${job.name} failed: ${job.last_error}`);
  // The first copy's ZIP gone from the store within its day (another node's cleanup, a lost disk).
  const copy = await sql<{ storage_key: string }>`select storage_key from exports where id = ${firstCopy.id}`.execute(t.db.kysely);
  fs.rmSync(path.join(t.dataDir, 'exports', copy.rows[0].storage_key));
  return { problems, ids, archived, pointing, lostUpload, lostCopy: firstCopy.id, restoreLostFile: () => fs.writeFileSync(where, bytes) };
}
