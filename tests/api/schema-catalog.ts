// The live database's schema as the drift checks read it (pg_catalog: PGlite and PostgreSQL alike),
// and what a declaration expects of it. Used by the drift test over the registry and by the test
// of the table generator.
import { type Kysely, sql } from 'kysely';
import { type FieldDef, type ResourceDef, allFields, isArchivable, isComputed } from '../../src/shared/resource';
import type { Database } from '../../src/server/db/schema';
import { caseFolded } from '../../src/server/db/table-from-declaration';

interface Column {
  type: string;
  notNull: boolean;
}
interface Constraint {
  table: string;
  kind: 'p' | 'u' | 'f';
  columns: string[];
  target: string | null;
  targetColumns: string[];
}

export interface Catalog {
  columns: Map<string, Map<string, Column>>;
  constraints: Constraint[];
  uniqueIndexes: { table: string; columns: string[] }[];
  /** CHECK constraints, as pg_get_constraintdef writes them ("CHECK ((paid_amount <= amount)) NOT VALID"). */
  checks: { table: string; definition: string }[];
  tables: Map<string, { rls: boolean; policies: number; versionTrigger: boolean; appRoleWrites: boolean; liveTrigger: string[] | null; numbered: string[] }>;
}

export async function readCatalog(db: Kysely<Database>): Promise<Catalog> {
  const catalog: Catalog = { columns: new Map(), constraints: [], uniqueIndexes: [], checks: [], tables: new Map() };
  const { rows: cols } = await sql<{ table: string; column: string; type: string; not_null: boolean }>`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped`.execute(db);
  for (const c of cols) {
    if (!catalog.columns.has(c.table)) catalog.columns.set(c.table, new Map());
    catalog.columns.get(c.table)!.set(c.column, { type: c.type, notNull: c.not_null });
  }
  const { rows: cons } = await sql<{ table: string; kind: 'p' | 'u' | 'f'; columns: string[]; target: string | null; target_columns: string[] | null }>`
    select c.relname as table, k.contype as kind,
      array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as columns,
      t.relname as target,
      array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as target_columns
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace left join pg_class t on t.oid = k.confrelid
    where n.nspname = 'public' and k.contype in ('p', 'u', 'f')`.execute(db);
  for (const k of cons) catalog.constraints.push({ table: k.table, kind: k.kind, columns: k.columns, target: k.target, targetColumns: k.target_columns ?? [] });
  const { rows: idx } = await sql<{ table: string; columns: string[] }>`
    select c.relname as table,
      array(select coalesce(a.attname::text, pg_get_indexdef(i.indexrelid, u.o::int, false)) from unnest(i.indkey::int2[]) with ordinality u(n, o)
        left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = u.n order by u.o) as columns
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and i.indisunique`.execute(db);
  catalog.uniqueIndexes.push(...idx);
  const { rows: checks } = await sql<{ table: string; definition: string }>`
    select c.relname as table, pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and k.contype = 'c'`.execute(db);
  catalog.checks.push(...checks);
  const { rows: sec } = await sql<{ table: string; rls: boolean; policies: number; version_trigger: boolean; app_role_writes: boolean; live_args: string | null; numbered: string[] }>`
    select c.relname as table, c.relrowsecurity as rls, (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies,
      exists (select 1 from pg_trigger t join pg_proc f on f.oid = t.tgfoid where t.tgrelid = c.oid and f.proname = 'bump_version') as version_trigger,
      has_table_privilege('clinic_app', c.oid, 'select, insert') as app_role_writes,
      (select encode(t.tgargs, 'escape') from pg_trigger t join pg_proc f on f.oid = t.tgfoid where t.tgrelid = c.oid and f.proname = 'announce_record_change' limit 1) as live_args,
      array(select encode(t.tgargs, 'escape') from pg_trigger t join pg_proc f on f.oid = t.tgfoid where t.tgrelid = c.oid and f.proname = 'number_record' and t.tgtype & 7 = 7) as numbered
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r'`.execute(db);
  // A trigger's arguments are stored NUL-separated.
  const args = (raw: string | null) => (raw === null ? null : raw.split('\\000').filter(Boolean));
  for (const s of sec) catalog.tables.set(s.table, { rls: s.rls, policies: s.policies, versionTrigger: s.version_trigger, appRoleWrites: s.app_role_writes, liveTrigger: args(s.live_args), numbered: s.numbered.flatMap((a) => args(a) ?? []) });
  return catalog;

}

/** The SQL types a field's values may be stored as. */
const TYPES: Record<FieldDef['type'], RegExp> = {
  string: /^(text|character varying.*)$/,
  text: /^(text|character varying.*)$/,
  email: /^(text|character varying.*|citext)$/,
  phone: /^(text|character varying.*)$/,
  url: /^(text|character varying.*)$/,
  password: /^text$/,
  integer: /^(integer|bigint|smallint)$/,
  number: /^(numeric.*|real|double precision)$/,
  money: /^numeric.*$/,
  boolean: /^boolean$/,
  date: /^date$/,
  datetime: /^timestamp.* with time zone$/,
  time: /^time.*$/,
  enum: /^(smallint|integer)$/,
  relation: /^(bigint|integer)$/,
  file: /^(bigint|integer)$/,
  list: /^jsonb?$/,
  json: /^(jsonb?|text\[\]|bigint\[\])$/,
};

const stored = (def: ResourceDef) => Object.entries(allFields(def)).filter(([, f]) => !f.virtual && !isComputed(f));

/** The foreign key a relation needs: a clinic's record points at (tenant_id, id) of another clinic table. */
function expectedKey(def: ResourceDef, name: string, field: FieldDef, resolve: (name: string) => ResourceDef): { columns: string[]; target: string; targetColumns: string[] } {
  const target = resolve(field.relation!.resource);
  if (def.scope === 'tenant' && target.scope === 'tenant') return { columns: ['tenant_id', name], target: target.table, targetColumns: ['tenant_id', 'id'] };
  return { columns: [name], target: target.table, targetColumns: ['id'] };
}

/**
 * What of the declaration the database does not have, in words (empty: they agree). `sharedTable`:
 * the table also holds the platform's rows (the audit trail), so its key cannot lead with tenant_id.
 */
export function schemaProblems(def: ResourceDef, catalog: Catalog, resolve: (name: string) => ResourceDef, sharedTable = false): string[] {
  const table = catalog.columns.get(def.table);
  if (!table) return [`no table ${def.table}`];
  const wrong: string[] = [];
  for (const [name, field] of stored(def)) {
    const column = table.get(field.type === 'password' ? `${name}_hash` : name);
    if (!column) wrong.push(`${name}: no column`);
    else if (!TYPES[field.type].test(column.type)) wrong.push(`${name}: ${column.type} for a ${field.type}`);
    else if (field.nullable && column.notNull) wrong.push(`${name}: declared nullable, column not null`);
    if (field.lookup && !table.has(`${name}_lookup`)) wrong.push(`${name}: no ${name}_lookup column`);
    if (field.sequence && !catalog.tables.get(def.table)?.numbered.includes(name)) wrong.push(`${name}: no numbering trigger (number_record('${name}') before insert)`);
    if (field.unique) {
      const wanted = [...(def.scope === 'tenant' ? ['tenant_id'] : []), ...(field.uniqueWith ?? []), caseFolded(field) ? `lower(${name})` : name];
      if (!catalog.uniqueIndexes.some((i) => i.table === def.table && i.columns.join() === wanted.join())) wrong.push(`${name}: no unique index on (${wanted.join(', ')})`);
    }
    if (field.type === 'relation') {
      const key = expectedKey(def, name, field, resolve);
      const found = catalog.constraints.some((k) => k.kind === 'f' && k.table === def.table && k.columns.join() === key.columns.join() && k.target === key.target && k.targetColumns.join() === key.targetColumns.join());
      if (!found) wrong.push(`${name}: no foreign key (${key.columns.join(', ')}) -> ${key.target} (${key.targetColumns.join(', ')})`);
    }
  }
  // A comparison between fields is a CHECK of the same expression (parentheses and spaces aside).
  const bare = (s: string) => s.replace(/^CHECK|NOT VALID$|[()\s]/g, '');
  for (const c of def.checks ?? []) {
    if (!catalog.checks.some((k) => k.table === def.table && bare(k.definition) === `${c.field}${c.op}${c.other}`)) wrong.push(`no check (${c.field} ${c.op} ${c.other})`);
  }
  if (isArchivable(def) && !table.has('archived_at')) wrong.push('archived_at: no column (delete policy archive)');
  // Live updates: every write announced, naming the row's owner where only they read it.
  if (!def.appendOnly) {
    const live = catalog.tables.get(def.table)?.liveTrigger;
    const owner = def.rowFilter?.read?.column;
    if (!live) wrong.push('no live-update trigger (announce_record_change)');
    else if (owner && !live.includes(owner)) wrong.push(`the live-update trigger does not name the row's owner (${owner})`);
  }
  if (def.scope === 'tenant') {
    const primary = catalog.constraints.find((k) => k.kind === 'p' && k.table === def.table);
    if (!sharedTable && primary?.columns.join() !== 'tenant_id,id') wrong.push(`primary key (${primary?.columns.join(', ') ?? ''}), not (tenant_id, id)`);
    const security = catalog.tables.get(def.table);
    if (!security?.rls || !security.policies) wrong.push('no row-level security policy');
    if (!def.appendOnly && !security?.versionTrigger) wrong.push('no version trigger');
    if (!security?.appRoleWrites) wrong.push('the app role may not read and write it');
  }
  return wrong;
}
