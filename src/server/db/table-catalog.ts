// Two catalogs of the same tables compared (issue 38): the live schema the migrations made, and a
// scratch schema made from the declarations by the generator's own CREATE statements
// (src/server/db/table-from-declaration.ts). Read from pg_catalog, so PGlite and PostgreSQL word
// every expression alike (pg_get_expr, pg_get_constraintdef, pg_get_indexdef): what the generator
// writes is compared as the database understood it, whatever the migration's spelling.
// tests/api/schema-drift.test.ts compares the two; `npm run migration:new` (schema-changes.ts)
// writes the ALTERs that take the live table to the declared one.
import { type Kysely, sql } from 'kysely';
import type { ResourceDef } from '../../shared/resource';
import { type Resolve, createTableStatements } from './table-from-declaration';

export interface ColumnInfo {
  type: string;
  notNull: boolean;
  /** The default's expression as the database prints it (a generated column's: `generated as ...`), or null. */
  default: string | null;
  identity: boolean;
}

export interface TableInfo {
  columns: Map<string, ColumnInfo>;
  primaryKey: string | null;
  /** CHECK constraints: their expressions, NOT VALID aside (a check added to rows already there is still a check). */
  checks: string[];
  /** Unique and plain indexes: method, columns or expressions, and predicate, names and schema aside. */
  uniques: string[];
  indexes: string[];
  /** Foreign keys: columns, target and target columns, and what a delete or update of the target does. */
  foreignKeys: string[];
  /** The privileges given on the table, `role: privilege`, the owner's aside. */
  grants: string[];
  rowSecurity: boolean;
  /** Each row-level security policy: its command, kind, roles and both expressions. */
  policies: string[];
  /** Triggers calling a function, with their timing, events and arguments. */
  triggers: string[];
  /** Each check, unique, index, foreign key, policy and trigger above (the same words) as an object of this table. */
  objects: Map<string, CatalogObject>;
}

/** A check, unique, index, foreign key, policy or trigger: its name and the SQL making and dropping it, schema aside. */
export interface CatalogObject {
  name: string;
  create: string;
  drop: string;
}

export type SchemaCatalog = Map<string, TableInfo>;

const ACTIONS: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };
const COMMANDS: Record<string, string> = { r: 'select', a: 'insert', w: 'update', d: 'delete', '*': 'all' };

const oneLine = (expression: string) => expression.replace(/\s+/g, ' ');
/** An index definition without its name, table and schema: `UNIQUE btree (tenant_id, name) WHERE ...`. */
const bareIndex = (def: string) => def.replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+ USING /, (_m, unique: string | undefined) => (unique ? 'UNIQUE ' : ''));
/** A trigger definition without its name, table and schema. */
const bareTrigger = (def: string) => def.replace(/^CREATE (CONSTRAINT )?TRIGGER \S+ /, '').replace(/ ON \S+ /, ' ');

/** The tables of `schema` (all of them, or those named), as their catalog describes them. */
export async function readSchema(db: Kysely<unknown>, schema: string, tables?: readonly string[]): Promise<SchemaCatalog> {
  const only = tables ? sql`and c.relname = any(${tables as string[]})` : sql``;
  const catalog: SchemaCatalog = new Map();
  const table = (name: string) => catalog.get(name)!;
  const { rows: rels } = await sql<{ table: string; rls: boolean }>`
    select c.relname as table, c.relrowsecurity as rls
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p') ${only}`.execute(db);
  for (const r of rels) {
    catalog.set(r.table, { columns: new Map(), primaryKey: null, checks: [], uniques: [], indexes: [], foreignKeys: [], grants: [], rowSecurity: r.rls, policies: [], triggers: [], objects: new Map() });
  }
  const { rows: cols } = await sql<{ table: string; column: string; type: string; not_null: boolean; default: string | null; identity: boolean }>`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
      case when a.attgenerated = 's' then 'generated as ' else '' end || pg_get_expr(d.adbin, d.adrelid) as default, a.attidentity <> '' as identity
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = ${schema} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped ${only}
    order by a.attnum`.execute(db);
  for (const c of cols) table(c.table).columns.set(c.column, { type: c.type, notNull: c.not_null, default: c.default && oneLine(c.default), identity: c.identity });
  const { rows: cons } = await sql<{ table: string; name: string; kind: string; definition: string; columns: string[]; target: string | null; target_columns: string[] | null; on_delete: string; on_update: string }>`
    select c.relname as table, k.conname as name, k.contype as kind, pg_get_constraintdef(k.oid) as definition,
      array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
      t.relname as target,
      array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as target_columns,
      k.confdeltype as on_delete, k.confupdtype as on_update
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace left join pg_class t on t.oid = k.confrelid
    where n.nspname = ${schema} and k.contype in ('p', 'c', 'f') ${only}`.execute(db);
  const unqualified = (text: string) => text.replaceAll(`${schema}.`, '');
  for (const k of cons) {
    const t = table(k.table);
    const object = { name: k.name, create: `alter table ${k.table} add constraint ${k.name} ${unqualified(k.definition)}`, drop: `alter table ${k.table} drop constraint ${k.name}` };
    if (k.kind === 'p') t.primaryKey = k.columns.join(', ');
    else if (k.kind === 'c') {
      const check = k.definition.replace(/ NOT VALID$/, '');
      t.checks.push(check);
      t.objects.set(check, object);
    } else {
      const key = `(${k.columns.join(', ')}) -> ${k.target} (${(k.target_columns ?? []).join(', ')}) on delete ${ACTIONS[k.on_delete]}, on update ${ACTIONS[k.on_update]}`;
      t.foreignKeys.push(key);
      t.objects.set(key, object);
    }
  }
  const { rows: idx } = await sql<{ table: string; name: string; definition: string; unique: boolean; primary: boolean; constraint: string | null }>`
    select c.relname as table, ic.relname as name, pg_get_indexdef(i.indexrelid) as definition, i.indisunique as unique, i.indisprimary as primary,
      (select pg_get_constraintdef(k.oid) from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid and k.contype = 'u') as constraint
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} ${only}`.execute(db);
  for (const i of idx) {
    if (i.primary) continue;
    const t = table(i.table);
    const bare = bareIndex(i.definition);
    (i.unique ? t.uniques : t.indexes).push(bare);
    // A unique constraint is made and dropped as one; a unique or plain index as an index.
    const create = i.constraint ? `alter table ${i.table} add constraint ${i.name} ${i.constraint}` : unqualified(i.definition).replace(/^CREATE (UNIQUE )?INDEX \S+ ON (ONLY )?\S+/, (_m, u: string | undefined) => `create ${u ? 'unique ' : ''}index ${i.name} on ${i.table}`);
    t.objects.set(bare, { name: i.name, create, drop: i.constraint ? `alter table ${i.table} drop constraint ${i.name}` : `drop index ${i.name}` });
  }
  const { rows: grants } = await sql<{ table: string; grantee: string; privilege: string }>`
    select c.relname as table, coalesce(r.rolname, 'public') as grantee, g.privilege_type as privilege
    from pg_class c join pg_namespace n on n.oid = c.relnamespace, aclexplode(c.relacl) g left join pg_roles r on r.oid = g.grantee
    where n.nspname = ${schema} and c.relkind in ('r', 'p') and g.grantee <> c.relowner ${only}`.execute(db);
  for (const g of grants) table(g.table).grants.push(`${g.grantee}: ${g.privilege.toLowerCase()}`);
  const { rows: policies } = await sql<{ table: string; name: string; command: string; permissive: boolean; roles: string[]; using: string | null; check: string | null }>`
    select c.relname as table, p.polname as name, p.polcmd as command, p.polpermissive as permissive,
      array(select case when r = 0 then 'public' else (select rolname::text from pg_roles where oid = r) end from unnest(p.polroles) r order by 1) as roles,
      pg_get_expr(p.polqual, p.polrelid) as using, pg_get_expr(p.polwithcheck, p.polrelid) as check
    from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} ${only}`.execute(db);
  for (const p of policies) {
    const key = `${p.permissive ? 'permissive' : 'restrictive'} ${COMMANDS[p.command]} to ${p.roles.join(', ')} using (${p.using ?? ''}) with check (${p.check ?? ''})`;
    table(p.table).policies.push(key);
    const create = [
      `create policy ${p.name} on ${p.table} as ${p.permissive ? 'permissive' : 'restrictive'} for ${COMMANDS[p.command]} to ${p.roles.join(', ')}`,
      ...(p.using === null ? [] : [`  using (${unqualified(p.using)})`]),
      ...(p.check === null ? [] : [`  with check (${unqualified(p.check)})`]),
    ].join('\n');
    table(p.table).objects.set(key, { name: p.name, create, drop: `drop policy ${p.name} on ${p.table}` });
  }
  const { rows: triggers } = await sql<{ table: string; name: string; definition: string }>`
    select c.relname as table, t.tgname as name, pg_get_triggerdef(t.oid) as definition
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and not t.tgisinternal ${only}`.execute(db);
  for (const t of triggers) {
    const bare = bareTrigger(t.definition);
    table(t.table).triggers.push(bare);
    const create = unqualified(t.definition).replace(/^CREATE (CONSTRAINT )?TRIGGER/, (m) => m.toLowerCase());
    table(t.table).objects.set(bare, { name: t.name, create, drop: `drop trigger ${t.name} on ${t.table}` });
  }
  for (const t of catalog.values()) for (const list of [t.checks, t.uniques, t.indexes, t.foreignKeys, t.grants, t.policies, t.triggers]) list.sort();
  return catalog;
}

/** A trigger of a function the generator's tables call: another one on a table is drift. */
export const GENERATED_TRIGGER = /EXECUTE FUNCTION (bump_version|announce_record_change|number_record)\(/;

export const missing = (wanted: readonly string[], found: readonly string[]) => wanted.filter((w) => !found.includes(w));

/**
 * What of the declared table the live one lacks or does differently, in words naming each part
 * (empty: it has everything the generator writes). The live table may hold more than the
 * declaration says where that takes nothing away: columns the engine fills itself, extra checks
 * and indexes. It may not hold another foreign key on a declared relation, another policy, other
 * grants, or another trigger of the generator's functions.
 */
export function tableDiff(declared: TableInfo, live: TableInfo | undefined): string[] {
  if (!live) return ['no table'];
  const wrong: string[] = [];
  for (const [name, want] of declared.columns) {
    const have = live.columns.get(name);
    if (!have) {
      wrong.push(`column ${name}: missing`);
      continue;
    }
    if (have.type !== want.type) wrong.push(`column ${name}: type ${have.type}, declared ${want.type}`);
    if (have.notNull !== want.notNull) wrong.push(`column ${name}: ${have.notNull ? 'not null' : 'nullable'}, declared ${want.notNull ? 'not null' : 'nullable'}`);
    if (have.identity !== want.identity) wrong.push(`column ${name}: ${have.identity ? '' : 'not '}an identity, declared ${want.identity ? '' : 'not '}one`);
    else if (have.default !== want.default) wrong.push(`column ${name}: default ${have.default ?? 'none'}, declared ${want.default ?? 'none'}`);
  }
  for (const [name, have] of live.columns) {
    // A column no declaration fills must fill itself, or every insert the engine makes fails.
    if (!declared.columns.has(name) && have.notNull && have.default === null && !have.identity) wrong.push(`column ${name}: not null with no default, not declared`);
  }
  if (live.primaryKey !== declared.primaryKey) wrong.push(`primary key (${live.primaryKey ?? ''}), declared (${declared.primaryKey ?? ''})`);
  for (const c of missing(declared.checks, live.checks)) wrong.push(`check missing: ${c}`);
  for (const u of missing(declared.uniques, live.uniques)) wrong.push(`unique missing: ${u}`);
  for (const i of missing(declared.indexes, [...live.indexes, ...live.uniques.map((u) => u.replace(/^UNIQUE /, ''))])) wrong.push(`index missing: ${i}`);
  for (const f of missing(declared.foreignKeys, live.foreignKeys)) wrong.push(`foreign key missing: ${f}`);
  // Another key on a declared relation's columns: a cascade or set null the declaration never said.
  const keyColumns = new Set(declared.foreignKeys.map((f) => f.slice(0, f.indexOf(' -> '))));
  for (const f of missing(live.foreignKeys, declared.foreignKeys)) if (keyColumns.has(f.slice(0, f.indexOf(' -> ')))) wrong.push(`foreign key not declared: ${f}`);
  for (const g of missing(declared.grants, live.grants)) wrong.push(`grant missing: ${g}`);
  for (const g of missing(live.grants, declared.grants)) wrong.push(`grant not declared: ${g}`);
  if (live.rowSecurity !== declared.rowSecurity) wrong.push(`row-level security ${live.rowSecurity ? 'on' : 'off'}, declared ${declared.rowSecurity ? 'on' : 'off'}`);
  for (const p of missing(declared.policies, live.policies)) wrong.push(`policy missing: ${p}`);
  for (const p of missing(live.policies, declared.policies)) wrong.push(`policy not declared: ${p}`);
  
  for (const t of missing(declared.triggers, live.triggers)) wrong.push(`trigger missing: ${t}`);
  for (const t of missing(live.triggers, declared.triggers)) if (GENERATED_TRIGGER.test(t)) wrong.push(`trigger not declared: ${t}`);
  return wrong;
}

/**
 * Makes `schema` hold the tables of `defs` as the generator creates them, next to the migrated
 * ones (functions, roles and tables it does not make are found in public). A table shared by
 * several declarations is left out: no one declaration makes it.
 */
export async function createDeclaredSchema(db: Kysely<unknown>, schema: string, defs: readonly ResourceDef[], resolve: Resolve): Promise<string[]> {
  const count = new Map<string, number>();
  for (const d of defs) count.set(d.table, (count.get(d.table) ?? 0) + 1);
  const own = defs.filter((d) => count.get(d.table) === 1);
  // Relation targets first: the generator writes each foreign key into its CREATE TABLE.
  const ordered: ResourceDef[] = [];
  const visit = (def: ResourceDef, path: string[]) => {
    if (ordered.includes(def)) return;
    if (path.includes(def.name)) throw new Error(`relations form a cycle: ${[...path, def.name].join(' -> ')}`);
    for (const f of Object.values(def.fields)) {
      const target = f.type === 'relation' && f.relation ? own.find((d) => d.name === f.relation!.resource) : undefined;
      if (target && target !== def) visit(target, [...path, def.name]);
    }
    ordered.push(def);
  };
  for (const def of own) visit(def, []);
  await db.transaction().execute(async (trx) => {
    await sql.raw(`create schema ${schema}`).execute(trx);
    await sql.raw(`set local search_path to ${schema}, public`).execute(trx);
    for (const def of ordered) for (const statement of createTableStatements(def, resolve)) await sql.raw(statement).execute(trx);
  });
  return ordered.map((d) => d.table);
}
