// Shared set-up for registry-driven tests: a second clinic, tokens, and records to play with.
import { randomUUID } from 'node:crypto';
import { type ResourceDef, resourceActions } from '../../src/shared/resource';
import { resourceByName } from '../../resources/index';
import { sql } from 'kysely';
import { CENTRAL, DEMO, type TestApp } from './harness';
import { sampleInput } from './samples';
import { notify } from '../../src/server/modules/notifications';
import { MODULES, moduleColumn } from '../../src/shared/modules';

export const OTHER = 'other.localhost';

/** Every optional module switched on (a clinic's body for POST /tenants). */
export const ALL_MODULES = Object.fromEntries(MODULES.map((m) => [moduleColumn(m), true]));

/** Creates the clinic `other` through the central API (which also provisions its Main Doctor). */
export async function createOtherClinic(t: TestApp): Promise<void> {
  const owner = await t.login(CENTRAL, 'owner');
  const plans = await t.call('GET', '/plans', { token: owner });
  const planId = (plans.body.data as { id: number }[])[0].id;
  const res = await t.call('POST', '/tenants', {
    token: owner,
    // Every optional module on, so registry-driven tests reach every resource on both clinics.
    body: { ...sampleInput(resourceByName('tenants'), { plans: planId }), ...ALL_MODULES, subdomain: 'other', username: 'boss', password: 'copper-harbor-6620' },
  });
  if (res.status !== 201) throw new Error(`could not create clinic: ${JSON.stringify(res.body)}`);
}

export async function tokenFor(t: TestApp, def: ResourceDef, host: string): Promise<string> {
  if (def.scope === 'central') return t.login(CENTRAL, 'owner');
  if (host === OTHER) return t.login(OTHER, 'boss', 'copper-harbor-6620');
  return t.login(host, 'doctor');
}

/**
 * Ids of existing records the declaration's relations can point to, created as needed. Records
 * made along the way share them, so a visit's appointment is the same patient's as the visit.
 */
export async function relationsFor(t: TestApp, def: ResourceDef, host: string, known: Record<string, number> = {}): Promise<Record<string, number>> {
  const out: Record<string, number> = { ...known };
  for (const field of Object.values(def.fields)) {
    if (field.type !== 'relation' || !field.relation || field.readOnly) continue;
    const target = resourceByName(field.relation.resource);
    // A target restricted by `only` (an appointment's doctor) is made with the last allowed values.
    const only = Object.fromEntries(Object.entries(field.relation.only ?? {}).map(([col, values]) => [col, values[values.length - 1]]));
    out[target.name] ??= (await createRecord(t, target, target.scope === 'central' ? CENTRAL : host, out, only)).id;
  }
  return out;
}

/** Who a token belongs to, and the clinic of its host (null on the central host). */
export async function whoIs(t: TestApp, host: string, token: string): Promise<{ userId: number; tenantId: number | null }> {
  const res = await t.call('GET', host === CENTRAL ? '/auth/user' : '/auth/tenant/user', { host, token });
  const userId = (res.body.data as { id: number }).id;
  if (host === CENTRAL) return { userId, tenantId: null };
  const tenant = await t.db.kysely.selectFrom('tenants').select('id').where('subdomain', '=', host.split('.')[0]).executeTakeFirstOrThrow();
  return { userId, tenantId: Number(tenant.id) };
}

/** A notification for the token's user, written as the server writes them. */
export async function notifyCaller(t: TestApp, def: ResourceDef, host: string, token: string): Promise<void> {
  const { userId, tenantId } = await whoIs(t, host, token);
  await notify(t.db.kysely, { scope: def.scope, tenantId, userIds: [userId] }, 'requestAccepted', { doctor: `Doctor ${userId}` });
}

/**
 * A record to act on. `actor`: the token that will act on it (default the host's Owner or Main
 * Doctor); a resource whose rows are each caller's own (a row filter) gets one of the actor's.
 */
export async function createRecord(
  t: TestApp,
  def: ResourceDef,
  host: string,
  known: Record<string, number> = {},
  overrides: Record<string, unknown> = {},
  actor?: string,
): Promise<{ id: number } & Record<string, unknown>> {
  const token = actor ?? (await tokenFor(t, def, host));
  if (!resourceActions(def).includes('create')) {
    // One's own notifications: made for the caller, as the server makes them.
    if (def.table === 'notifications') await notifyCaller(t, def, host, token);
    // A patient's request from the clinic's site, as the public call writes it.
    if (def.table === 'booking_requests') {
      const { rows } = await sql<{ tenant_id: number; id: number }>`select u.tenant_id, u.id from tenant_users u join tenants t on t.id = u.tenant_id
        where t.subdomain = ${host.split('.')[0]} and u.role = 0 limit 1`.execute(t.db.kysely);
      await sql`insert into booking_requests (tenant_id, name, phone, gender, doctor_id, date, time)
        values (${rows[0].tenant_id}, 'Asked Online', '+9647701234567', 1, ${rows[0].id}, '2036-03-03', '10:00')`.execute(t.db.kysely);
    }
    // A device keeping a working set, as its sync call notes it (src/server/offline/devices.ts).
    if (def.table === 'devices') {
      const { rows } = await sql<{ tenant_id: number; id: number }>`select u.tenant_id, u.id from tenant_users u join tenants t on t.id = u.tenant_id
        where t.subdomain = ${host.split('.')[0]} and u.role = 0 limit 1`.execute(t.db.kysely);
      await sql`insert into devices (tenant_id, device_id, user_id, label, status, first_sync_at, last_sync_at)
        values (${rows[0].tenant_id}, ${randomUUID()}, ${rows[0].id}, 'Chrome · Windows', 'active', now(), now())`.execute(t.db.kysely);
    }
    // A printed document carrying a verification code, as a print writes it (src/server/prints/routes.ts).
    if (def.table === 'printed_documents') {
      const { rows } = await sql<{ tenant_id: number; id: number }>`select u.tenant_id, u.id from tenant_users u join tenants t on t.id = u.tenant_id
        where t.subdomain = ${host.split('.')[0]} and u.role = 0 limit 1`.execute(t.db.kysely);
      await sql`insert into printed_documents (tenant_id, kind, record_id, doctor_id, issued_on, digest, created_by)
        values (${rows[0].tenant_id}, 'prescription', 1, ${rows[0].id}, current_date, ${'0'.repeat(64)}, ${rows[0].id})`.execute(t.db.kysely);
    }
    // Messages to patients: written by booking one (demo patients have phones: sent by hand).
    if (def.table === 'messages') await createRecord(t, resourceByName('appointments'), host, known, { date: `2036-0${1 + (Date.now() % 9)}-${String(1 + (Date.now() % 28)).padStart(2, '0')}` });
    // Records only the server writes (invoices, plan history): use one the demo data has.
    const list = await t.call('GET', `/${def.path}?per_page=1`, { host, token });
    const first = (list.body.data as ({ id: number } & Record<string, unknown>)[] | undefined)?.[0];
    if (!first) throw new Error(`no ${def.name} record to use`);
    return first;
  }
  const body = { ...sampleInput(def, await relationsFor(t, def, host, known)), ...overrides };
  await freeUniqueSlot(t, def, host, body);
  const res = await t.call('POST', `/${def.path}`, { host, token, body });
  if (res.status !== 201) throw new Error(`create ${def.name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number };
}

/**
 * A clinic keeps one record per value of a few (a message text per kind and language: twelve):
 * tests making more than that in one clinic first remove the one holding the sample's values.
 */
async function freeUniqueSlot(t: TestApp, def: ResourceDef, host: string, body: Record<string, unknown>): Promise<void> {
  const few = Object.entries(def.fields).find(([, f]) => f.unique && f.type === 'enum');
  if (!few || def.scope !== 'tenant') return;
  const [name, field] = few;
  const columns = [name, ...(field.uniqueWith ?? [])];
  const { rows } = await sql<{ id: number }>`select id from tenants where subdomain = ${host.split('.')[0]}`.execute(t.db.kysely);
  await sql`delete from ${sql.table(def.table)} where tenant_id = ${rows[0].id} and ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${body[c]}`), sql` and `)}`.execute(t.db.kysely);
}

export const hostOf = (def: ResourceDef) => (def.scope === 'central' ? CENTRAL : DEMO);

/** A one-file multipart body (field "file"), as a browser sends an upload. */
export function multipart(content: Buffer, filename: string, mime: string): { body: Buffer; type: string } {
  const boundary = '----clinic-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), type: `multipart/form-data; boundary=${boundary}` };
}

/** How many records of a resource the caller sees (the list's total), to show a refused write stored nothing. */
export async function recordCount(t: TestApp, def: ResourceDef, host: string, token: string): Promise<number> {
  const res = await t.call('GET', `/${def.path}?per_page=1`, { host, token });
  return (res.body.meta as { total: number }).total;
}

/**
 * Moves the app's clock to the next 21:30 UTC and returns that moment: Baghdad (the clinics' zone)
 * is already on the next day, so a day taken from the machine's clock differs from the clinics'.
 * Last in a file: the sessions signed in before are idle for hours on the new clock.
 */
export function advanceToEvening(t: TestApp): Date {
  const now = Date.now();
  const at = new Date(now);
  at.setUTCHours(21, 30, 0, 0);
  if (at.getTime() <= now) at.setUTCDate(at.getUTCDate() + 1);
  t.advance(at.getTime() - now);
  return at;
}
