// Tables from declarations (issue 16): what the generator writes for new entities (courts and
// lawsuits as a first draft of the legal module declared them, in tables of their own beside the
// module's) agrees with their declarations by the same comparison the drift test makes over the registry, and the database
// itself then refuses what the declaration forbids: a lawsuit in a court that does not exist, a
// court's name twice in one clinic, a fee below zero, a status or priority outside its values,
// another clinic's rows; a sequence numbers each clinic's rows from 1. A resource made offline
// (issue 37) has its client reference, unique per clinic, whether its table is made with it or
// the field is added to an existing table (addedFieldStatements).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../resources/index';
import { attachments } from '../../resources/attachments';
import { type ResourceDef, defineResource } from '../../src/shared/resource';
import type { Db } from '../../src/server/db/index';
import { addedFieldStatements, createTableStatements } from '../../src/server/db/table-from-declaration';
import { readCatalog, schemaProblems } from './schema-catalog';
import { migratedDatabase } from './scratch-db';

const courts = defineResource({
  name: 'courts',
  path: 'courts',
  table: 'trial_courts',
  scope: 'tenant',
  titleField: 'name',
  defaultSort: 'name',
  fields: {
    name: { type: 'string', required: true, maxLength: 120, unique: true, searchable: true, sortable: true },
    city: { type: 'string', maxLength: 80, nullable: true, filterable: true },
  },
});

const lawsuits = defineResource({
  name: 'lawsuits',
  path: 'lawsuits',
  table: 'trial_lawsuits',
  scope: 'tenant',
  deletePolicy: 'archive',
  offline: true,
  titleField: 'title',
  defaultSort: '-filed_on',
  fields: {
    court_id: { type: 'relation', relation: { resource: 'courts', labelField: 'name' }, required: true, filterable: true },
    client_id: { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, nullable: true },
    title: { type: 'string', required: true, maxLength: 200 },
    status: { type: 'string', choices: ['open', 'closed'], default: 'open', filterable: true },
    priority: { type: 'enum', enum: 'priority', required: true },
    fee: { type: 'money', min: 0, max: 100_000_000, default: 0 },
    filed_on: { type: 'date', nullable: true, sortable: true },
    case_number: { type: 'string', maxLength: 60, nullable: true, encrypted: true, lookup: true, filterable: true },
    notes: { type: 'text', maxLength: 4000, nullable: true, encrypted: true },
    documents: attachments,
    number: { type: 'integer', readOnly: true, sequence: true, unique: true },
  },
});

const hearingFields = { day: { type: 'date', required: true, sortable: true }, room: { type: 'string', maxLength: 40, nullable: true } } as const;
const hearings = defineResource({ name: 'hearings', path: 'hearings', table: 'trial_hearings', scope: 'tenant', titleField: 'day', defaultSort: '-day', fields: hearingFields });
/** The same table once its records may be made offline: its client reference added by a later migration. */
const offlineHearings = defineResource({ ...hearings, offline: true, fields: hearingFields });

const own = [courts, lawsuits];
const resolve = (name: string): ResourceDef => own.find((d) => d.name === name) ?? resourceByName(name);

let db: Db;
let drop: () => Promise<void>;
const clinics: number[] = [];

/** Runs `fn` as the app role inside clinic `tenantId`, as a request would. */
function asClinic<T>(tenantId: number, fn: (trx: typeof db.kysely) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(async (trx) => {
    await sql`select set_config('role', 'clinic_app', true), set_config('app.tenant_id', ${String(tenantId)}, true)`.execute(trx);
    return fn(trx);
  });
}

/** The database's refusal of `fn`, as its SQLSTATE (23503 foreign key, 23505 unique, 23514 check, 42501 policy). */
async function refusal(fn: () => Promise<unknown>): Promise<string | null> {
  try {
    await fn();
    return null;
  } catch (err) {
    return String((err as { code?: string }).code ?? (err as Error).message);
  }
}

beforeAll(async () => {
  ({ db, drop } = await migratedDatabase());
  for (const def of [...own, hearings]) for (const statement of createTableStatements(def, resolve)) await sql.raw(statement).execute(db.kysely);
  for (const statement of addedFieldStatements(offlineHearings, ['client_ref'], resolve)) await sql.raw(statement).execute(db.kysely);
  for (const sub of ['alpha', 'beta']) {
    const { rows } = await sql<{ id: number }>`insert into tenants (name, subdomain, username) values (${sub}, ${sub}, ${sub}) returning id`.execute(db.kysely);
    clinics.push(Number(rows[0].id));
  }
}, 120_000);
afterAll(() => drop?.());

describe('tables generated from declarations', () => {
  it('agree with their declarations, as the drift test compares them', async () => {
    const catalog = await readCatalog(db.kysely);
    for (const def of [...own, offlineHearings]) expect(schemaProblems(def, catalog, resolve), def.name).toEqual([]);
  });

  it('refuse in the database what the declaration forbids', async () => {
    const [alpha, beta] = clinics;
    const court = await asClinic(alpha, async (trx) => (await sql<{ id: number }>`insert into trial_courts (tenant_id, name) values (${alpha}, 'Erbil Court of Appeal') returning id`.execute(trx)).rows[0].id);
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_lawsuits (tenant_id, court_id, title, priority, case_number) values (${alpha}, ${court}, 'Land dispute', 1, 'enc1:sealed')`.execute(trx)))).toBeNull();
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_lawsuits (tenant_id, court_id, title, priority) values (${alpha}, 99999, 'Land dispute', 1)`.execute(trx)))).toBe('23503');
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_lawsuits (tenant_id, court_id, title, priority, fee) values (${alpha}, ${court}, 'x', 1, -5)`.execute(trx)))).toBe('23514');
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_lawsuits (tenant_id, court_id, title, priority) values (${alpha}, ${court}, 'x', 7)`.execute(trx)))).toBe('23514');
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_lawsuits (tenant_id, court_id, title, priority, status) values (${alpha}, ${court}, 'x', 1, 'lost')`.execute(trx)))).toBe('23514');
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_courts (tenant_id, name) values (${alpha}, 'Erbil Court of Appeal')`.execute(trx)))).toBe('23505');
    // The same name in another clinic is that clinic's own court; but neither sees the other's.
    expect(await refusal(() => asClinic(beta, (trx) => sql`insert into trial_courts (tenant_id, name) values (${beta}, 'Erbil Court of Appeal')`.execute(trx)))).toBeNull();
    expect(await refusal(() => asClinic(beta, (trx) => sql`insert into trial_courts (tenant_id, name) values (${alpha}, 'Sulaymaniyah Court')`.execute(trx)))).toBe('42501');
    const seen = await asClinic(beta, async (trx) => (await sql<{ tenant_id: number }>`select tenant_id from trial_courts`.execute(trx)).rows.map((r) => Number(r.tenant_id)));
    expect(seen).toEqual([beta]);
    // A lawsuit in another clinic's court: the composite key refuses it.
    expect(await refusal(() => asClinic(beta, (trx) => sql`insert into trial_lawsuits (tenant_id, court_id, title, priority) values (${beta}, ${court}, 'x', 1)`.execute(trx)))).toBe('23503');
    // The clinic's own count: numbered on insert by the database, per clinic, whatever is sent.
    const numbers = await asClinic(beta, async (trx) => (await sql<{ number: number }>`insert into trial_lawsuits (tenant_id, court_id, title, priority)
      select ${beta}, id, 'x', 1 from trial_courts returning number`.execute(trx)).rows.map((r) => Number(r.number)));
    expect(numbers).toEqual([1]);
    const [first] = await asClinic(alpha, async (trx) => (await sql<{ number: number }>`select number from trial_lawsuits`.execute(trx)).rows.map((r) => Number(r.number)));
    expect(first).toBe(1);
    // Every change raises the version (the API's ETag).
    const version = await asClinic(alpha, async (trx) => (await sql<{ version: number }>`update trial_courts set city = 'Erbil' where id = ${court} returning version`.execute(trx)).rows[0].version);
    expect(version).toBe(2);
  });
  it('keep a client reference once per clinic, on a new table and on one it was added to', async () => {
    const [alpha, beta] = clinics;
    const ref = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_hearings (tenant_id, day, client_ref) values (${alpha}, '2026-05-04', ${ref})`.execute(trx)))).toBeNull();
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_hearings (tenant_id, day, client_ref) values (${alpha}, '2026-05-05', ${ref})`.execute(trx)))).toBe('23505');
    expect(await refusal(() => asClinic(beta, (trx) => sql`insert into trial_hearings (tenant_id, day, client_ref) values (${beta}, '2026-05-05', ${ref})`.execute(trx)))).toBeNull();
    // Records made online have none, as many as there are.
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_hearings (tenant_id, day) values (${alpha}, '2026-05-06'), (${alpha}, '2026-05-07')`.execute(trx)))).toBeNull();
    expect(await refusal(() => asClinic(alpha, (trx) => sql`insert into trial_hearings (tenant_id, day, client_ref) values (${alpha}, '2026-05-08', ${'x'.repeat(37)})`.execute(trx)))).toBe('23514');
    const court = await asClinic(beta, async (trx) => (await sql<{ id: number }>`insert into trial_courts (tenant_id, name) values (${beta}, 'Duhok Court') returning id`.execute(trx)).rows[0].id);
    const lawsuit = (n: number) => sql`insert into trial_lawsuits (tenant_id, court_id, title, priority, client_ref) values (${beta}, ${court}, ${`Case ${n}`}, 1, ${ref})`;
    expect(await refusal(() => asClinic(beta, (trx) => lawsuit(1).execute(trx)))).toBeNull();
    expect(await refusal(() => asClinic(beta, (trx) => lawsuit(2).execute(trx)))).toBe('23505');
  });
});
