// A table from its declaration (issue 16): the SQL a new entity's migration starts from, so the
// declaration is the schema. `npm run migration:new` writes these statements into a migration
// file for review (a migration never changes once shipped, so it holds the SQL, not a call to
// this). What it derives:
// - columns and types from the field types, not null where required, defaults;
// - checks: numeric ranges (min/max), enum values, choices, text lengths, and the declaration's
//   comparisons between fields (`checks`: paid_amount <= amount);
// - unique fields (per clinic, and within the fields named by `uniqueWith`; text case-folded: a
//   unique index on lower()), relations as foreign keys to (tenant_id, id) between a clinic's
//   records, never cascading (docs/api.md#record-guarantees);
// - indexes for relations and for filterable or sortable fields;
// - for a clinic's table: tenant_id leading the primary key, row-level security and its policy,
//   the version trigger, the live-update trigger (migration 039), the numbering trigger of a
//   `sequence` field (migration 043), archived_at for an archived resource, client_ref for one
//   made offline (issue 37), and the app role's grants.
// addedFieldStatements: the same column, checks, unique index and index for a field declared on a
// table that exists already (migration 059). A changed declaration's ALTERs in general are
// schema-changes.ts's, from the catalogs of the declared and the live table.
// tests/api/schema-drift.test.ts compares every declaration with the live database, and
// tests/api/table-generator.test.ts checks that what this generates passes that comparison.
import { enumValues } from '../../shared/enums';
import { CLIENT_REF_FIELD, type FieldDef, type ResourceDef, allFields, isArchivable, isComputed } from '../../shared/resource';

/** A declaration's relation targets, by resource name (the registry, or a test's own). */
export type Resolve = (name: string) => ResourceDef;

const SQL_TYPES: Record<FieldDef['type'], string> = {
  string: 'text',
  text: 'text',
  email: 'text',
  phone: 'text',
  url: 'text',
  password: 'text',
  integer: 'integer',
  number: 'numeric',
  money: 'numeric(14,2)',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  time: 'time',
  enum: 'smallint',
  relation: 'bigint',
  file: 'bigint',
  list: 'jsonb',
  json: 'jsonb',
};

const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain SQL name: ${name}`);
  return name;
};
const literal = (value: string | number | boolean): string => (typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value));

function checksOf(column: string, field: FieldDef): string[] {
  const checks: string[] = [];
  const numeric = ['integer', 'number', 'money'].includes(field.type);
  if (numeric && field.min !== undefined) checks.push(`${column} >= ${field.min}`);
  if (numeric && field.max !== undefined) checks.push(`${column} <= ${field.max}`);
  if (field.type === 'enum' && field.enum) checks.push(`${column} in (${enumValues(field.enum).join(', ')})`);
  if (field.choices) checks.push(`${column} in (${field.choices.map(literal).join(', ')})`);
  // Sealed fields are longer than what was typed: their length is checked before sealing.
  if (field.maxLength !== undefined && !field.encrypted && field.type !== 'password') checks.push(`char_length(${column}) <= ${field.maxLength}`);
  return checks;
}

function columnOf(name: string, field: FieldDef): string[] {
  const column = ident(field.type === 'password' ? `${name}_hash` : name);
  const notNull = (field.required && !field.nullable) || field.type === 'list' || field.sequence || (field.default !== undefined && !field.nullable);
  const fallback = field.type === 'list' ? "'[]'::jsonb" : field.default !== undefined ? literal(field.default) : null;
  const lines = [`${column} ${SQL_TYPES[field.type]}${notNull ? ' not null' : ''}${fallback !== null ? ` default ${fallback}` : ''}`];
  for (const check of checksOf(column, field)) lines.push(`check (${check})`);
  if (field.lookup) lines.push(`${ident(`${name}_lookup`)} text`);
  return lines;
}

/** A unique text field whose values differ by case only are the same value (issue 38). */
export function caseFolded(field: FieldDef): boolean {
  return ['string', 'text'].includes(field.type) && !field.lowercase && !field.encrypted && !field.caseSensitive;
}

/** A field's table constraints (unique, foreign key) and the statements after the table (indexes, triggers). */
function fieldConstraints(def: ResourceDef, name: string, field: FieldDef, resolve: Resolve): { constraints: string[]; indexes: string[] } {
  const table = ident(def.table);
  const clinic = def.scope === 'tenant';
  const scoped = (column: string) => (clinic ? `tenant_id, ${column}` : column);
  const constraints: string[] = [];
  const indexes: string[] = [];
  const column = ident(name);
  // Named for the field, so a duplicate's 422 points at it even when row-level security hides the detail.
  // Text compares case-folded ("plainmark" beside "PLAINMARK" is the same name): a unique index on
  // lower(), which a constraint cannot hold. Fields stored in lower case need none.
  if (field.unique && caseFolded(field)) indexes.push(`create unique index ${table}_${column}_key on ${table} (${scoped([...(field.uniqueWith ?? []).map(ident), `lower(${column})`].join(', '))})`);
  else if (field.unique) constraints.push(field.uniqueWith ? `constraint ${table}_${column}_key unique (${scoped([...field.uniqueWith.map(ident), column].join(', '))})` : `unique (${scoped(column)})`);
  if (field.type === 'relation' && field.relation) {
    const target = resolve(field.relation.resource);
    const both = clinic && target.scope === 'tenant';
    constraints.push(both ? `foreign key (tenant_id, ${column}) references ${ident(target.table)} (tenant_id, id)` : `foreign key (${column}) references ${ident(target.table)} (id)`);
    indexes.push(`create index ${table}_${column}_idx on ${table} (${scoped(column)})`);
  } else if ((field.filterable || field.sortable) && !field.unique && !field.encrypted) {
    indexes.push(`create index ${table}_${column}_idx on ${table} (${scoped(column)})`);
  }
  if (field.lookup) indexes.push(`create index ${table}_${column}_lookup_idx on ${table} (${scoped(`${column}_lookup`)})`);
  // A clinic's own count, given on insert by the database (migration 043).
  if (field.sequence) indexes.push(`create trigger ${table}_${column} before insert on ${table} for each row execute function number_record('${column}')`);
  return { constraints, indexes };
}

/**
 * The statements adding declared fields to the resource's existing table: each column with its
 * checks, its unique constraint (named `<table>_<field>_key`) or foreign key, and its indexes. The
 * fields are the declaration's, or the engine's own it adds (`client_ref` of an offline resource).
 */
export function addedFieldStatements(def: ResourceDef, names: readonly string[], resolve: Resolve): string[] {
  const table = ident(def.table);
  const statements: string[] = [];
  for (const name of names) {
    const field = allFields(def)[name];
    if (!field || field.virtual || isComputed(field)) throw new Error(`${def.name} declares no stored field ${name}`);
    const [column, ...rest] = columnOf(name, field);
    const made = fieldConstraints(def, name, field, resolve);
    const unique = made.constraints.map((c) => (c.startsWith('unique') ? `constraint ${table}_${ident(name)}_key ${c}` : c));
    const parts = [`add column ${column}`, ...[...rest, ...unique].map((c) => (c.startsWith(`${name}_lookup`) ? `add column ${c}` : `add ${c}`))];
    statements.push(`alter table ${table}\n  ${parts.join(',\n  ')}`, ...made.indexes);
  }
  return statements;
}

/** The statements creating the declaration's table, its indexes, isolation and versions. */
export function createTableStatements(def: ResourceDef, resolve: Resolve): string[] {
  const table = ident(def.table);
  const clinic = def.scope === 'tenant';
  const lines: string[] = clinic
    ? ['tenant_id bigint not null references tenants(id) on delete cascade', 'id bigint generated always as identity']
    : ['id bigint generated always as identity primary key'];
  const indexes: string[] = [];
  const stored = Object.entries({ ...def.fields, ...(def.offline ? { client_ref: CLIENT_REF_FIELD } : {}) }).filter(([, f]) => !f.virtual && !isComputed(f));
  for (const [name, field] of stored) lines.push(...columnOf(name, field));
  lines.push('created_at timestamptz not null default now()', 'updated_at timestamptz not null default now()');
  if (!def.appendOnly) lines.push('version integer not null default 1');
  if (isArchivable(def)) lines.push('archived_at timestamptz');
  for (const c of def.checks ?? []) lines.push(`constraint ${table}_${ident(c.field)}_vs_${ident(c.other)}_check check (${c.field} ${c.op} ${c.other})`);
  if (clinic) lines.push('primary key (tenant_id, id)');
  for (const [name, field] of stored) {
    const made = fieldConstraints(def, name, field, resolve);
    lines.push(...made.constraints);
    indexes.push(...made.indexes);
  }
  const statements = [`create table ${table} (\n  ${lines.join(',\n  ')}\n)`, ...indexes];
  if (!def.appendOnly) {
    statements.push(`create trigger ${table}_version before update on ${table} for each row execute function bump_version()`);
    // Live updates (migration 039): the change announced on commit, with the row's owner when only they read it.
    const owner = def.rowFilter?.read?.column;
    statements.push(`create trigger ${table}_record_changed after insert or update or delete on ${table} for each row execute function announce_record_change(${owner ? `'${owner}'` : ''})`);
  }
  if (clinic) {
    statements.push(
      `alter table ${table} enable row level security`,
      `create policy tenant_isolation on ${table}
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`,
      `grant select, insert, update, delete on ${table} to clinic_app`,
      'grant usage, select on all sequences in schema public to clinic_app',
    );
  }
  return statements;
}
