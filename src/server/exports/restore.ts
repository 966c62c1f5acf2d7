// Restoring a clinic's copy (the ZIP of build.ts) into a new, empty clinic: the Owner does it on
// the doctor's request (a clinic moved, or brought back after its deletion). Every record of every
// resource in the copy is written with new ids, relations, files and list items following them,
// sealed fields sealed under the new clinic's key; files are stored sealed again; staff
// permissions come back. The clinic's trail and its copies are the original clinic's history and
// stay out: the new clinic's trail starts with the restore. Staff other than the Main Doctor get an
// unusable password (the Main Doctor sets new ones); the Main Doctor keeps the account the Owner
// made. Written as the clinic's app role (row-level security on the new clinic).
//
// The copy is read, parsed and checked whole on the copy thread (copy-thread.ts) before anything is
// written. Then the records are written in short transactions, a batch each, so other clinics'
// requests pass between them (the embedded database has one connection). All or nothing all the
// same: what the Main Doctor's account and the clinic's page take from the copy, the permissions,
// and the job's "done" are one last transaction; until it commits, what the batches wrote is
// removed by `undo` (on a failure, and by the worker that takes over an abandoned job).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { type RawBuilder, sql } from 'kysely';
import { resourceByName, resourcesOf } from '../../../resources/index';
import { type FieldDef, type ResourceDef, allFields, isComputed, readableFields } from '../../shared/resource';
import { TENANT_ROLE } from '../../shared/roles';
import { hashPassword, newToken } from '../auth/passwords';
import { fileContext, seal } from '../crypto/keyring';
import { DataAccess } from '../engine/data-access';
import { uploadKey } from '../files/store';
import type { Row, Tx } from '../engine/hooks';
import { ALLOWED_UPLOAD_TYPES } from '../modules/uploads';
import { seedIngredients } from '../modules/ingredients';
import { type BuildDeps, JobLost } from './build';
import type { CopyThread } from './copy-thread-client';
import type { OpenedCopy } from './copy-thread';
import { CopyRefused, NOT_RESTORED, broken, restoreOrder } from './restore-checks';

export { restoreOrder };

/** Rows asked of the copy thread at once. */
const BATCH = 200;
/** How long one of the restore's transactions writes before the loop gets a turn. */
const SLICE_MS = 15;
/** Rows an undo deletes in one transaction. */
const UNDO_BATCH = 500;

const loopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Catalogs a new clinic starts with (the common ingredients): a copy that has its own replaces
 * them; a copy made before the catalog existed keeps the starting list.
 */
const STARTER = new Set(['ingredients']);

/** Records a new clinic has from its creation: the copy's row takes their place instead of adding one. */
const PROVISIONED: Record<string, (row: Row) => boolean> = {
  tenantUsers: (row) => row.role === TENANT_ROLE.mainDoctor,
  tenantLandingPage: () => true,
};

export interface RestoreResult {
  records: Record<string, number>;
  files: number;
  /** Files records of the copy named that it did not hold (the records came back without them). */
  missing_files: number;
}

export type RestorePhase = 'reading' | 'checking' | 'files' | 'records' | 'finishing';

export interface RestoreSteps {
  /** Where the job is: called often, it keeps the claim alive (and throws when it was lost). */
  progress(phase: RestorePhase, done: number, total: number): Promise<void>;
  /** In the last transaction: marks the job done (throws when the claim was lost, undoing it all). */
  finish(trx: Tx, result: RestoreResult): Promise<void>;
}

/** Every resource a restore may write, in writing order (undo goes the other way). */
const restorable = () => restoreOrder(resourcesOf('tenant').filter((d) => !NOT_RESTORED.has(d.name)));

/**
 * Writes the copy the thread has read (`thread` has had the whole ZIP) into the clinic. `wroteBefore`:
 * an earlier attempt of this job got past the emptiness check, so what it wrote is removed first.
 */
export async function restoreClinicCopy(deps: BuildDeps, tenantId: number, thread: CopyThread, steps: RestoreSteps, wroteBefore: boolean): Promise<RestoreResult> {
  const data = new DataAccess(deps.db, null, tenantId, {}, deps.clock, {});
  await steps.progress('checking', 0, 0);
  const copy = await thread.ask<OpenedCopy>({ op: 'open' });
  const defs = copy.resources.map((r) => resourceByName(r.name));
  const total = copy.resources.reduce((n, r) => n + r.count, 0) + copy.files.filter((f) => f.path).length;

  const provisioned = await data.transaction(async (trx) => {
    const ids: Record<string, number> = {};
    for (const [name, matches] of Object.entries(PROVISIONED)) ids[name] = await provisionedId(trx, tenantId, resourceByName(name), matches);
    return ids;
  });
  if (wroteBefore) await undo(deps, tenantId, provisioned);
  await data.transaction((trx) => assertEmpty(trx, tenantId, defs.filter((d) => !STARTER.has(d.name))));
  // From here on the job may leave rows behind: the next attempt knows from the phase it reported.
  await steps.progress('files', 0, total);
  let done = 0;
  try {
    await data.transaction(async (trx) => {
      for (const def of defs) if (STARTER.has(def.name)) await sql`delete from ${sql.table(def.table)} where tenant_id = ${tenantId}`.execute(trx);
    });
    const files = new Map<number, number>();
    const missing = new Set<number>();
    for (const file of copy.files) {
      if (!file.path) continue;
      const bytes = await thread.ask<Uint8Array | null>({ op: 'file', path: file.path });
      if (!bytes) continue;
      files.set(Number(file.id), await data.transaction((trx) => restoreFile(deps, trx, tenantId, provisioned.tenantUsers, file, bytes)));
      await steps.progress('files', ++done, total);
    }

    const ids = new Map<string, Map<number, number>>();
    const deferred: { def: ResourceDef; id: number; values: Record<string, unknown> }[] = [];
    const records: Record<string, number> = {};
    for (const { name, count } of copy.resources) {
      const def = resourceByName(name);
      const map = new Map<number, number>();
      ids.set(name, map);
      for (let from = 0; from < count; from += BATCH) {
        const rows = await thread.ask<Row[]>({ op: 'rows', name, from, count: BATCH });
        // A loop turn, then a transaction a slice of time long: the embedded database answers on
        // this thread and holds its one connection for a transaction, so other clinics' requests
        // are served between slices, not after the whole batch. The turn comes first: a slice
        // begun on the thread's answer (the loop's I/O phase) ran on into the next one (its
        // check phase) before timers or requests had their turn, holding the loop two slices.
        for (let at = 0; at < rows.length; ) {
          await loopTurn();
          const until = performance.now() + SLICE_MS;
          await data.transaction(async (trx) => {
            for (; at < rows.length && performance.now() < until; at++) {
              const row = rows[at];
              const values = await rowValues(deps, trx, tenantId, def, row, ids, files, missing);
              const match = PROVISIONED[name];
              if (match?.(row)) {
                // The clinic's own record takes the copy's values in the last transaction.
                deferred.push({ def, id: provisioned[name], values });
                map.set(Number(row.id), provisioned[name]);
              } else map.set(Number(row.id), await insertRow(trx, tenantId, def, values));
            }
          });
        }
        done += rows.length;
        await steps.progress('records', done, total);
      }
      records[name] = count;
    }

    await steps.progress('finishing', done, total);
    const result = { records, files: files.size, missing_files: missing.size };
    await loopTurn();
    await data.transaction(async (trx) => {
      for (const { def, id, values } of deferred) {
        // The Main Doctor keeps the account the Owner made for them (its username and password).
        delete values.username;
        await sql`update ${sql.table(def.table)} set ${sql.join(Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`))} where tenant_id = ${tenantId} and id = ${id}`.execute(trx);
      }
      await restorePermissions(trx, tenantId, copy.permissions, ids.get('tenantUsers'));
      // Messages to patients come back as history: what had not gone is never sent from the copy
      // (its links name the old clinic's bookings).
      await sql`update messages set status = 'cancelled' where tenant_id = ${tenantId} and status in ('pending', 'sending')`.execute(trx);
      await steps.finish(trx, result);
    });
    return result;
  } catch (err) {
    // Nothing of the copy stays behind: the rows the batches wrote go, and their files. Not when
    // another worker took the job over: what is there is its work now.
    if (!(err instanceof JobLost)) await undo(deps, tenantId, provisioned);
    throw err;
  }
}

/**
 * Removes what a restore's batches wrote into the clinic (all but what its creation gave it: the
 * Main Doctor and the clinic's page, which the batches never change), and gives back the starting
 * catalog. Only ever run on a clinic a restore found empty. Deleted UNDO_BATCH rows a transaction
 * with a loop turn between (one transaction over a large copy held the embedded database, and so
 * every clinic, for as long as it ran); a run cut short is run again whole by the job's next attempt.
 */
export async function undo(deps: BuildDeps, tenantId: number, provisioned?: Record<string, number>): Promise<void> {
  // As the database's owner, every statement naming the clinic: the clinic's own role may not
  // delete what is append-only for it (payments).
  const kept = { ...provisioned };
  for (const [name, matches] of Object.entries(PROVISIONED)) kept[name] ??= await deps.db.transaction().execute((trx) => provisionedId(trx, tenantId, resourceByName(name), matches));
  await inBatches(deps, sql`user_permissions`, sql`tenant_id = ${tenantId} and user_id <> ${kept.tenantUsers}`);
  // Newest first: a record points only to records written before it, so no batch leaves a dangling reference.
  for (const def of [...restorable()].reverse()) {
    const keep = kept[def.name];
    await inBatches(deps, sql.table(def.table), sql`tenant_id = ${tenantId}${keep === undefined ? sql`` : sql` and id <> ${keep}`}`, sql`order by id desc`);
  }
  await inBatches(deps, sql`uploads`, sql`tenant_id = ${tenantId} and scope = 'tenant'`, sql``, async (keys) => {
    for (const key of keys) await deps.files.remove(uploadKey(key));
  });
  await seedIngredients(deps.db, tenantId);
}

/** Rows removed in the embedded database's step: UNDO_BATCH a transaction, a loop turn between. */
async function inBatches(deps: BuildDeps, table: RawBuilder<unknown>, where: RawBuilder<unknown>, order: RawBuilder<unknown> = sql``, removed?: (storageKeys: string[]) => Promise<void>): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ storage_key?: string }>`delete from ${table} where ctid in (select ctid from ${table} where ${where} ${order} limit ${UNDO_BATCH})
      returning ${removed ? sql`storage_key` : sql`1 as gone`}`.execute(deps.db);
    if (removed) await removed(rows.map((r) => String(r.storage_key)));
    if (rows.length < UNDO_BATCH) return;
    await loopTurn();
  }
}

/** Only into a clinic with nothing but what its creation gave it (one statement: one wait, not one per resource). */
export async function assertEmpty(trx: Tx, tenantId: number, defs: ResourceDef[]): Promise<void> {
  if (!defs.length) return;
  const counts = defs.map((def, i) => {
    const where = [sql`tenant_id = ${tenantId}`, ...Object.entries(def.fixed ?? {}).map(([c, v]) => sql`${sql.ref(c)} = ${v}`)];
    // Up to two rows are enough to tell: a clinic full of records is not counted through.
    return sql`(select count(*)::int from (select 1 from ${sql.table(def.table)} where ${sql.join(where, sql` and `)} limit 2) r) as ${sql.ref(`n${i}`)}`;
  });
  const { rows } = await sql<Record<string, number>>`select ${sql.join(counts)}`.execute(trx);
  if (defs.some((def, i) => rows[0][`n${i}`] > (PROVISIONED[def.name] ? 1 : 0))) throw new CopyRefused('errors.restoreNotEmpty');
}

/** The resources whose records make a clinic no longer new (for the request's early check). */
export const recordsOfAClinic = () => restorable().filter((d) => !STARTER.has(d.name));

/** The id of the record the clinic's creation made that `matches` describes (the Main Doctor, its page). */
async function provisionedId(trx: Tx, tenantId: number, def: ResourceDef, matches: (row: Row) => boolean): Promise<number> {
  const { rows } = await sql<Row>`select ${sql.join(readableFields(def).map((f) => sql.ref(f)))} from ${sql.table(def.table)} where tenant_id = ${tenantId} order by id`.execute(trx);
  const row = rows.find(matches);
  if (!row) throw new Error(`the new clinic has no provisioned ${def.name}`);
  return Number(row.id);
}

async function restoreFile(deps: BuildDeps, trx: Tx, tenantId: number, uploader: number, file: OpenedCopy['files'][number], bytes: Uint8Array): Promise<number> {
  const type = await fileTypeFromBuffer(bytes);
  // What an upload would refuse, a restore refuses too.
  if (!type || !ALLOWED_UPLOAD_TYPES.has(type.mime)) throw broken();
  const key = await deps.keyring.keyOf(trx, tenantId);
  const storageKey = path.posix.join(String(new Date().getUTCFullYear()), randomBytes(16).toString('hex'));
  const { rows } = await sql<{ id: number }>`insert into uploads (scope, tenant_id, user_id, mime, size, original_name, storage_key, is_public, sealed)
    values ('tenant', ${tenantId}, ${uploader}, ${type.mime}, ${bytes.length}, ${String(file.name).slice(0, 200) || 'file'}, ${storageKey}, ${file.public === true}, true) returning id`.execute(trx);
  // Stored before the row commits: a failure after this removes it with the row (undo).
  await deps.files.create(uploadKey(storageKey), seal(key, fileContext(tenantId, storageKey), Buffer.from(bytes)));
  return Number(rows[0].id);
}

/** A value of the copy with its record, file and list-item references moved to the new ids. */
function moved(field: FieldDef, value: unknown, ids: Map<string, Map<number, number>>, files: Map<number, number>, missing: Set<number>): unknown {
  if (value === null || value === undefined) return null;
  if (field.type === 'relation') {
    const id = ids.get(field.relation!.resource)?.get(Number(value));
    if (id === undefined) throw broken();
    return id;
  }
  // A file the copy does not hold: its bytes were gone from the clinic's storage, or it was
  // replaced while the copy was made (the record read before, the file list after). The record
  // comes back without it; the result counts it.
  if (field.type === 'file') return files.get(Number(value)) ?? (missing.add(Number(value)), null);
  if (field.type === 'list') {
    if (!Array.isArray(value)) throw broken();
    const items = value.map((item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, field.items?.[k] ? moved(field.items[k], v, ids, files, missing) : v])));
    return JSON.stringify(items);
  }
  if (field.type === 'json') return JSON.stringify(value);
  return value;
}

/** The columns a row of the copy is written with (already checked on the thread), sealed where declared. */
async function rowValues(
  deps: BuildDeps,
  trx: Tx,
  tenantId: number,
  def: ResourceDef,
  row: Row,
  ids: Map<string, Map<number, number>>,
  files: Map<number, number>,
  missing: Set<number>,
): Promise<Record<string, unknown>> {
  const fields = allFields(def);
  const values: Record<string, unknown> = {};
  for (const name of readableFields(def)) {
    if (name === 'id' || name === 'version' || isComputed(fields[name])) continue;
    values[name] = moved(fields[name], row[name], ids, files, missing);
  }
  await deps.cipher?.sealValues(trx, def, tenantId, values);
  return values;
}

async function insertRow(trx: Tx, tenantId: number, def: ResourceDef, values: Record<string, unknown>): Promise<number> {
  // The copy holds no passwords: the clinic's staff get theirs anew from the Main Doctor.
  for (const [name, field] of Object.entries(def.fields)) if (field.type === 'password') values[`${name}_hash`] = await hashPassword(newToken());
  Object.assign(values, def.fixed, { tenant_id: tenantId });
  const names = Object.keys(values);
  const { rows } = await sql<{ id: number }>`insert into ${sql.table(def.table)} (${sql.join(names.map((n) => sql.ref(n)))})
    values (${sql.join(names.map((n) => values[n]))}) returning id`.execute(trx);
  return Number(rows[0].id);
}

/** The staff's permissions, in one statement (one per permission held the last transaction as long as a clinic has grants). */
async function restorePermissions(trx: Tx, tenantId: number, permissions: OpenedCopy['permissions'], users: Map<number, number> | undefined): Promise<void> {
  const granted = permissions.map((p) => {
    const user = users?.get(Number(p.user_id));
    if (user === undefined) throw broken();
    return { user_id: user, table_name: String(p.table_name), name: String(p.name) };
  });
  if (!granted.length) return;
  await sql`insert into user_permissions (tenant_id, user_id, permission_id)
    select ${tenantId}, g.user_id, p.id from jsonb_to_recordset(${JSON.stringify(granted)}::jsonb) as g(user_id bigint, table_name text, name text)
    join permissions p on p.table_name = g.table_name and p.name = g.name
    on conflict do nothing`.execute(trx);
}
