// Fields declared `encrypted: true` are stored sealed under their clinic's key (keyring.ts) as text
// `enc1:<base64>`, bound to their table, column and clinic. The engine seals what it writes and
// opens what it reads, so the API answers plaintext to who may read and the database, its WAL and
// its backups hold none. A value written before encryption (no prefix) reads as it is until the
// job seals it (sealLegacyValues).
import { type Kysely, sql } from 'kysely';
import type { ResourceDef } from '../../shared/resource';
import type { Database } from '../db/schema';
import { type KeyRing, open, seal } from './keyring';

const PREFIX = 'enc1:';

export function encryptedColumns(def: ResourceDef): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => f.encrypted)
    .map(([name]) => name);
}

function context(def: ResourceDef, column: string, tenantId: number): string {
  return `${def.table}.${column}:${tenantId}`;
}

export function isSealed(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/**
 * Values opened lately, by where they are bound and their sealed text: a list read again (today's
 * appointments on every desk, a patient's page) opens nothing again. A sealed text carries its own
 * random IV and tag, so the same text under the same binding is the same value, authenticated when
 * first opened; a text copied to another clinic, table or column has another binding and is opened
 * (and refused) as ever. The plaintext stays in this process's memory a while longer (where every
 * clinic's key is anyway), never on disk. At most OPENED_MAX values and OPENED_MAX_CHARS characters,
 * the least recently read go first.
 */
export class OpenedValues {
  private readonly values = new Map<string, string>();
  /** Characters held, keys and values: long texts (a visit's examination) fill it before the count does. */
  private chars = 0;
  constructor(
    private readonly max = OPENED_MAX,
    private readonly maxChars = OPENED_MAX_CHARS,
  ) {}

  get(key: string): string | undefined {
    const value = this.values.get(key);
    if (value !== undefined) {
      this.values.delete(key);
      this.values.set(key, value);
    }
    return value;
  }

  set(key: string, value: string): void {
    const size = key.length + value.length;
    if (size > this.maxChars || this.values.has(key)) return;
    this.values.set(key, value);
    this.chars += size;
    while (this.values.size > this.max || this.chars > this.maxChars) {
      const oldest = this.values.keys().next().value!;
      this.chars -= oldest.length + this.values.get(oldest)!.length;
      this.values.delete(oldest);
    }
  }

  get size(): number {
    return this.values.size;
  }
}

const OPENED_MAX = 20_000;
/** About 16-32 MB of strings at most. */
const OPENED_MAX_CHARS = 8_000_000;

export class FieldCipher {
  readonly opened = new OpenedValues();
  constructor(readonly keyring: KeyRing) {}

  /** Seals the encrypted columns among `values` (in place), with the lookup hash of lookup fields. */
  async sealValues(db: Kysely<Database>, def: ResourceDef, tenantId: number | null, values: Record<string, unknown>): Promise<void> {
    const columns = encryptedColumns(def).filter((c) => c in values);
    if (!columns.length) return;
    if (tenantId === null) throw new Error(`${def.name}: encrypted fields belong to a clinic`);
    for (const c of columns) {
      const value = values[c];
      const text = typeof value === 'string' && value !== '' ? value : null;
      if (def.fields[c].lookup) values[`${c}_lookup`] = text === null ? null : await this.keyring.lookupHash(db, tenantId, c, text);
      if (text !== null) values[c] = PREFIX + seal(await this.keyring.keyOf(db, tenantId), context(def, c, tenantId), Buffer.from(text, 'utf8')).toString('base64');
    }
  }

  /** The lookup hash a filter on a lookup field compares with. */
  lookupHash(db: Kysely<Database>, tenantId: number, column: string, value: string): Promise<string> {
    return this.keyring.lookupHash(db, tenantId, column, value);
  }

  /** Opens the encrypted columns of `rows` (in place). */
  async openRows<R extends Record<string, unknown>>(db: Kysely<Database>, def: ResourceDef, tenantId: number | null, rows: R[]): Promise<R[]> {
    const columns = encryptedColumns(def);
    if (!columns.length || tenantId === null || !rows.some((r) => columns.some((c) => isSealed(r[c])))) return rows;
    const key = await this.keyring.keyOf(db, tenantId);
    const bindings = columns.map((c) => context(def, c, tenantId));
    for (const row of rows) {
      columns.forEach((c, i) => {
        const value = row[c];
        if (!isSealed(value)) return;
        const known = `${bindings[i]}\u0000${value as string}`;
        let plain = this.opened.get(known);
        if (plain === undefined) {
          plain = open(key, bindings[i], Buffer.from((value as string).slice(PREFIX.length), 'base64')).toString('utf8');
          this.opened.set(known, plain);
        }
        (row as Record<string, unknown>)[c] = plain;
      });
    }
    return rows;
  }

  /**
   * Seals values stored before their field was encrypted, a batch at a time (the job calls it until
   * it answers 0). Returns how many values it sealed.
   */
  async sealLegacyValues(db: Kysely<Database>, def: ResourceDef, batch = 500): Promise<number> {
    let sealed = 0;
    for (const column of encryptedColumns(def)) {
      const ref = sql.ref(column);
      const { rows } = await sql<{ tenant_id: number; id: number; value: string }>`select tenant_id, id, ${ref} as value from ${sql.table(def.table)}
        where ${ref} is not null and ${ref} <> '' and ${ref} not like ${`${PREFIX}%`} limit ${batch}`.execute(db);
      if (!rows.length) continue;
      const lookup = def.fields[column].lookup;
      const updates = [];
      for (const row of rows) {
        const values: Record<string, unknown> = { [column]: row.value };
        await this.sealValues(db, def, Number(row.tenant_id), values);
        updates.push(sql`(${row.tenant_id}::bigint, ${row.id}::bigint, ${row.value}::text, ${values[column]}::text, ${lookup ? values[`${column}_lookup`] : null}::text)`);
      }
      // One statement per batch; a row is replaced only if still the plain value read (an edit
      // through the API meanwhile sealed it itself).
      const setLookup = lookup ? sql`, ${sql.ref(`${column}_lookup`)} = v.lookup` : sql``;
      await sql`update ${sql.table(def.table)} t set ${ref} = v.sealed${setLookup}
        from (values ${sql.join(updates)}) as v(tenant_id, id, plain, sealed, lookup)
        where t.tenant_id = v.tenant_id and t.id = v.id and t.${ref} = v.plain`.execute(db);
      sealed += rows.length;
    }
    return sealed;
  }
}
