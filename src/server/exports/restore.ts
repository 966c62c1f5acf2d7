// Restoring a clinic's copy (the ZIP of build.ts) into a new, empty clinic: the Owner does it on
// the doctor's request (a clinic moved, or brought back after its deletion). Every record of every
// resource in the copy is written with new ids, relations, files and list items following them,
// sealed fields sealed under the new clinic's key; files are stored sealed again; staff
// permissions come back. The clinic's trail and its copies are the original clinic's history and
// stay out: the new clinic's trail starts with the restore. Staff other than the Main Doctor get an
// unusable password (the Main Doctor sets new ones); the Main Doctor keeps the account the Owner
// made. Written in one transaction as the clinic's app role (row-level security on the new clinic).
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type Unzipped, unzip } from 'fflate';
import { fileTypeFromBuffer } from 'file-type';
import { sql } from 'kysely';
import { resourceByName, resourcesOf } from '../../../resources/index';
import { type FieldDef, type ResourceDef, allFields, isComputed, readableFields } from '../../shared/resource';
import { TENANT_ROLE } from '../../shared/roles';
import { hashPassword, newToken } from '../auth/passwords';
import { fileContext, seal } from '../crypto/keyring';
import { DataAccess } from '../engine/data-access';
import { uploadKey } from '../files/store';
import type { Row, Tx } from '../engine/hooks';
import { fieldSchema } from '../engine/schema';
import type { ValidateFunction } from 'ajv';
import { compile } from '../engine/validate';
import { ApiError, invalidField } from '../http/errors';
import { ALLOWED_UPLOAD_TYPES } from '../modules/uploads';
import type { BuildDeps } from './build';
import { slicer } from '../jobs/slices';

/** The original clinic's own history: not records to bring back. */
const NOT_RESTORED = new Set(['clinicAudit', 'exports']);

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

interface CopiedFile {
  id: number;
  name: string;
  public: boolean;
  path: string | null;
}

export interface RestoreResult {
  records: Record<string, number>;
  files: number;
}

const broken = () => invalidField('file', 'validation.restoreArchive');

/** The resources a record of `def` points to (fields and list items). */
function targetsOf(def: ResourceDef): string[] {
  const fields = Object.values(def.fields).flatMap((f) => [f, ...Object.values(f.items ?? {})]);
  return fields.filter((f) => f.relation).map((f) => f.relation!.resource);
}

/** Resources in an order where every record's targets are written before it. */
export function restoreOrder(defs: ResourceDef[]): ResourceDef[] {
  const names = new Set(defs.map((d) => d.name));
  const done = new Set<string>();
  const out: ResourceDef[] = [];
  const visit = (def: ResourceDef, path: string[]) => {
    if (done.has(def.name)) return;
    if (path.includes(def.name)) throw new Error(`relations form a cycle: ${[...path, def.name].join(' -> ')}`);
    for (const target of targetsOf(def)) if (target !== def.name && names.has(target)) visit(resourceByName(target), [...path, def.name]);
    done.add(def.name);
    out.push(def);
  };
  for (const def of defs) visit(def, []);
  return out;
}

export async function restoreClinicCopy(deps: BuildDeps, tenantId: number, archive: Uint8Array): Promise<RestoreResult> {
  // Inflated on fflate's worker threads: a copy may be hundreds of megabytes.
  const entries = await new Promise<Unzipped>((resolve, reject) => unzip(archive, (err, out) => (err ? reject(broken()) : resolve(out))));
  const slice = slicer();
  const json = <T>(name: string): T | null => {
    if (!entries[name]) return null;
    try {
      return JSON.parse(Buffer.from(entries[name]).toString('utf8')) as T;
    } catch {
      throw broken();
    }
  };
  const manifest = json<{ format?: string; version?: number }>('manifest.json');
  if (manifest?.format !== 'clinic-copy' || manifest.version !== 1) throw broken();
  const defs = restoreOrder(resourcesOf('tenant').filter((d) => !NOT_RESTORED.has(d.name) && entries[`data/${d.name}.json`]));

  const written: string[] = [];
  const data = new DataAccess(deps.db, null, tenantId, {}, deps.clock, {});
  try {
    return await data.transaction(async (trx) => {
      await assertEmpty(trx, tenantId, defs.filter((d) => !STARTER.has(d.name)));
      for (const def of defs) if (STARTER.has(def.name)) await sql`delete from ${sql.table(def.table)} where tenant_id = ${tenantId}`.execute(trx);
      const ids = new Map<string, Map<number, number>>();
      const mainDoctor = await provisionedId(trx, tenantId, resourceByName('tenantUsers'), PROVISIONED.tenantUsers);
      const files = await restoreFiles(deps, trx, tenantId, mainDoctor, json<CopiedFile[]>('files.json') ?? [], entries, written);
      const records: Record<string, number> = {};
      for (const def of defs) {
        const rows = (json<Row[]>(`data/${def.name}.json`) ?? []).sort((a, b) => Number(a.id) - Number(b.id));
        const map = new Map<number, number>();
        ids.set(def.name, map);
        for (const row of rows) {
          map.set(Number(row.id), await restoreRow(deps, trx, tenantId, def, row, ids, files));
          // Other clinics' requests are served between rows (jobs/slices.ts).
          await slice();
        }
        records[def.name] = rows.length;
      }
      await restorePermissions(trx, tenantId, json<{ user_id: number; table_name: string; name: string }[]>('permissions.json') ?? [], ids.get('tenantUsers'));
      // Messages to patients come back as history: what had not gone is never sent from the copy
      // (its links name the old clinic's bookings).
      await sql`update messages set status = 'cancelled' where tenant_id = ${tenantId} and status in ('pending', 'sending')`.execute(trx);
      return { records, files: files.size };
    });
  } catch (err) {
    // Nothing of the copy stays behind: its files go with the rolled-back rows.
    for (const key of written) await deps.files.remove(key);
    throw err;
  }
}

/** Only into a clinic with nothing but what its creation gave it. */
async function assertEmpty(trx: Tx, tenantId: number, defs: ResourceDef[]): Promise<void> {
  for (const def of defs) {
    const where = [sql`tenant_id = ${tenantId}`, ...Object.entries(def.fixed ?? {}).map(([c, v]) => sql`${sql.ref(c)} = ${v}`)];
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(def.table)} where ${sql.join(where, sql` and `)}`.execute(trx);
    if (rows[0].n > (PROVISIONED[def.name] ? 1 : 0)) throw new ApiError(409, 'errors.restoreNotEmpty');
  }
}

/** The id of the record the clinic's creation made that `matches` describes (the Main Doctor, its page). */
async function provisionedId(trx: Tx, tenantId: number, def: ResourceDef, matches: (row: Row) => boolean): Promise<number> {
  const { rows } = await sql<Row>`select ${sql.join(readableFields(def).map((f) => sql.ref(f)))} from ${sql.table(def.table)} where tenant_id = ${tenantId} order by id`.execute(trx);
  const row = rows.find(matches);
  if (!row) throw new Error(`the new clinic has no provisioned ${def.name}`);
  return Number(row.id);
}

async function restoreFiles(deps: BuildDeps, trx: Tx, tenantId: number, uploader: number, listed: CopiedFile[], entries: Record<string, Uint8Array>, written: string[]): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  const key = await deps.keyring.keyOf(trx, tenantId);
  for (const file of listed) {
    const bytes = file.path ? entries[file.path] : undefined;
    if (!bytes) continue;
    const type = await fileTypeFromBuffer(bytes);
    // What an upload would refuse, a restore refuses too.
    if (!type || !ALLOWED_UPLOAD_TYPES.has(type.mime)) throw broken();
    const storageKey = path.posix.join(String(new Date().getUTCFullYear()), randomBytes(16).toString('hex'));
    const { rows } = await sql<{ id: number }>`insert into uploads (scope, tenant_id, user_id, mime, size, original_name, storage_key, is_public, sealed)
      values ('tenant', ${tenantId}, ${uploader}, ${type.mime}, ${bytes.length}, ${String(file.name).slice(0, 200) || 'file'}, ${storageKey}, ${file.public === true}, true) returning id`.execute(trx);
    await deps.files.create(uploadKey(storageKey), seal(key, fileContext(tenantId, storageKey), Buffer.from(bytes)));
    written.push(uploadKey(storageKey));
    map.set(Number(file.id), Number(rows[0].id));
  }
  return map;
}

/** A value of the copy with its record, file and list-item references moved to the new ids. */
function moved(field: FieldDef, value: unknown, ids: Map<string, Map<number, number>>, files: Map<number, number>): unknown {
  if (value === null || value === undefined) return null;
  if (field.type === 'relation') {
    const id = ids.get(field.relation!.resource)?.get(Number(value));
    if (id === undefined) throw broken();
    return id;
  }
  if (field.type === 'file') {
    const id = files.get(Number(value));
    if (id === undefined) throw broken();
    return id;
  }
  if (field.type === 'list') {
    if (!Array.isArray(value)) throw broken();
    const items = value.map((item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).map(([k, v]) => [k, field.items?.[k] ? moved(field.items[k], v, ids, files) : v])));
    return JSON.stringify(items);
  }
  if (field.type === 'json') return JSON.stringify(value);
  return value;
}

/** Types whose values a copy holds as the API takes them: checked by the API's own field rules. */
const CHECKED = new Set(['string', 'text', 'phone', 'email', 'url', 'integer', 'number', 'money', 'boolean', 'date', 'datetime', 'time', 'enum']);

const checks = new WeakMap<FieldDef, ValidateFunction>();

/**
 * A copy is a file anyone could have edited: a value a person types is of its field's type and
 * within its length (an 8 MB name never reaches the database). Only type and length: the finer
 * rules (formats, ranges, choices) may have tightened since a record was written, and a copy this
 * platform made must always come back. Values the server writes itself are not judged.
 */
function assertAccepted(def: ResourceDef, row: Row, name: string, field: FieldDef): void {
  const value = row[name];
  if (value === null || value === undefined || !CHECKED.has(field.type) || field.readOnly) return;
  let check = checks.get(field);
  if (!check) {
    const { type, maxLength } = fieldSchema(field);
    checks.set(field, (check = compile(maxLength === undefined ? { type } : { type, maxLength })));
  }
  if (!check(value)) throw invalidField('file', 'validation.restoreValue', { resource: def.name, id: String(row.id), field: name });
}

async function restoreRow(deps: BuildDeps, trx: Tx, tenantId: number, def: ResourceDef, row: Row, ids: Map<string, Map<number, number>>, files: Map<number, number>): Promise<number> {
  const fields = allFields(def);
  const values: Record<string, unknown> = {};
  for (const name of readableFields(def)) {
    if (name === 'id' || name === 'version' || isComputed(fields[name])) continue;
    assertAccepted(def, row, name, fields[name]);
    values[name] = moved(fields[name], row[name], ids, files);
  }
  await deps.cipher?.sealValues(trx, def, tenantId, values);
  const provisioned = PROVISIONED[def.name];
  if (provisioned?.(row)) {
    // The Main Doctor keeps the account the Owner made for them (its username and password).
    delete values.username;
    const id = await provisionedId(trx, tenantId, def, provisioned);
    await sql`update ${sql.table(def.table)} set ${sql.join(Object.entries(values).map(([c, v]) => sql`${sql.ref(c)} = ${v}`))} where tenant_id = ${tenantId} and id = ${id}`.execute(trx);
    return id;
  }
  // The copy holds no passwords: the clinic's staff get theirs anew from the Main Doctor.
  for (const [name, field] of Object.entries(def.fields)) if (field.type === 'password') values[`${name}_hash`] = await hashPassword(newToken());
  Object.assign(values, def.fixed, { tenant_id: tenantId });
  const names = Object.keys(values);
  const { rows } = await sql<{ id: number }>`insert into ${sql.table(def.table)} (${sql.join(names.map((n) => sql.ref(n)))})
    values (${sql.join(names.map((n) => values[n]))}) returning id`.execute(trx);
  return Number(rows[0].id);
}

async function restorePermissions(trx: Tx, tenantId: number, permissions: { user_id: number; table_name: string; name: string }[], users: Map<number, number> | undefined): Promise<void> {
  for (const p of permissions) {
    const user = users?.get(Number(p.user_id));
    if (user === undefined) throw broken();
    await sql`insert into user_permissions (tenant_id, user_id, permission_id)
      select ${tenantId}, ${user}, id from permissions where table_name = ${String(p.table_name)} and name = ${String(p.name)}
      on conflict do nothing`.execute(trx);
  }
}
