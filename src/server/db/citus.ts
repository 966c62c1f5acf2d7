// Citus on paper, checked in code (issue 21): where each table of the migrated schema would go in a
// Citus cluster, what that placement requires of the table, and the statements that distribute it.
// Read from the live catalog (pg_catalog: PGlite and PostgreSQL alike), so a new table is placed
// and judged the day its migration lands. tests/api/citus-schema.test.ts fails on any problem;
// `npm run citus:statements` prints the statements (docs/operations.md#citus).
//
// Placements:
// - distributed by tenant_id, all in one colocation group: every table holding a clinic's rows
//   (a tenant_id column), but those listed in LOCAL_TABLES;
// - reference (a copy on every node): the central catalogs those tables reference (tenants, plans,
//   users, permissions, ...) and whatever those reference in turn. `tenants` is one of them, not
//   distributed by id: its subdomain must stay unique across all clinics (a distributed table's
//   unique constraints must include its distribution column), every request finds its clinic by
//   that subdomain (one local read on any node, not a query to every shard), it is small and
//   rarely written, and the central tables kept on the coordinator reference it (a local table may
//   reference a reference table, never a distributed one);
// - local, on the coordinator: the rest (central tables nobody distributed references) and the
//   listed exceptions. Those referencing a reference table are added to Citus's metadata.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

export type Placement = 'distributed' | 'reference' | 'local';

export interface ForeignKey {
  name: string;
  columns: string[];
  target: string;
  targetColumns: string[];
  /** pg_constraint's action codes: a no action, r restrict, c cascade, n set null, d set default. */
  onDelete: string;
  onUpdate: string;
}

export interface TableShape {
  name: string;
  /** The tenant_id column: null when the table has none. */
  tenantId: 'not null' | 'nullable' | null;
  /** A tenant_key column (the clinic, or 0 for the platform) instead of tenant_id. */
  tenantKey: boolean;
  primaryKey: string[] | null;
  /** Unique constraints and unique indexes, partial ones too; null stands for an expression. */
  uniques: { name: string; columns: (string | null)[] }[];
  foreignKeys: ForeignKey[];
  /** Columns filled by a sequence (identity or serial), with their type. */
  generated: { column: string; type: string }[];
  /** Row-level security policies whose expression holds a subquery. */
  policiesWithSubqueries: string[];
}

export type CitusSchema = Map<string, TableShape>;

/**
 * Tables holding a clinic's rows that stay on the coordinator, each with why (the one place the
 * exceptions are listed; the test fails on a table neither placed by the rules nor listed here, and
 * on an entry that no longer describes its table). `mixed`: tenant_id is nullable because the
 * platform's own rows sit beside the clinics' (Citus refuses NULL in a distribution column);
 * `tenant_key`: keyed by tenant_key, 0 for the platform, without a tenant_id to distribute by.
 */
export const LOCAL_TABLES: Record<string, { kind: 'mixed' | 'tenant_key'; reason: string }> = {
  audit_events: { kind: 'mixed', reason: "the platform staff's events and every clinic's, in one append-only trail (migration 021)" },
  audit_seals: { kind: 'tenant_key', reason: 'the hash chain sealing audit_events per clinic and for the platform (tenant_key 0)' },
  doctor_requests: { kind: 'mixed', reason: 'requests about a doctor, some (a registration) before the clinic exists; the platform decides them' },
  idempotency_keys: { kind: 'tenant_key', reason: "kept answers of central and clinic requests alike, a day long (tenant_key 0 for the platform's)" },
  list_views: { kind: 'mixed', reason: "saved list views of platform staff (no clinic) and of clinic staff" },
  mfa_challenges: { kind: 'mixed', reason: 'two-step login challenges of platform and clinic users, looked up by token before the clinic is known' },
  mfa_policies: { kind: 'mixed', reason: "the platform's two-step policy (tenant_id null) beside each clinic's" },
  notifications: { kind: 'mixed', reason: "notifications to platform staff and to clinic staff" },
  password_resets: { kind: 'mixed', reason: 'recovery codes of platform and clinic users' },
  sessions: { kind: 'mixed', reason: 'sessions of platform and clinic users, looked up by token hash on every request before the clinic is known' },
  uploads: { kind: 'mixed', reason: "files of the platform (a doctor's picture and documents on the clinic's record) and of clinics" },
};

/**
 * Foreign keys a Citus cluster cannot keep, by "table.constraint", with why. The statements drop
 * them first; until a change gives them another shape, the rows they guard are checked by the
 * server alone there (on PostgreSQL and PGlite they stay).
 */
export const DROPPED_FOREIGN_KEYS: Record<string, string> = {
  'tenants.tenants_profile_picture_fkey': 'a reference table (tenants) may reference a local table (uploads) only with NO ACTION or RESTRICT; this one sets null when the file goes',
  'tenants.tenants_national_id_file_fkey': 'as tenants_profile_picture_fkey: ON DELETE SET NULL from a reference table to a local one',
  'tenants.tenants_passport_file_fkey': 'as tenants_profile_picture_fkey: ON DELETE SET NULL from a reference table to a local one',
};

export async function readCitusSchema(db: Kysely<Database>): Promise<CitusSchema> {
  const schema: CitusSchema = new Map();
  const { rows: tables } = await sql<{ name: string; tenant_id: boolean | null; tenant_key: boolean }>`
    select c.relname as name,
      (select a.attnotnull from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant_id,
      exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_key' and not a.attisdropped) as tenant_key
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`.execute(db);
  for (const t of tables) {
    schema.set(t.name, {
      name: t.name,
      tenantId: t.tenant_id === null ? null : t.tenant_id ? 'not null' : 'nullable',
      tenantKey: t.tenant_key,
      primaryKey: null,
      uniques: [],
      foreignKeys: [],
      generated: [],
      policiesWithSubqueries: [],
    });
  }
  const names = (list: string) => sql.raw(`array(select a.attname::text from unnest(${list}) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i)`);
  const { rows: keys } = await sql<{ table: string; name: string; kind: 'p' | 'f'; columns: string[]; target: string | null; target_columns: string[] | null; on_delete: string; on_update: string }>`
    select c.relname as table, k.conname as name, k.contype as kind, ${names('k.conkey')} as columns, t.relname as target,
      array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as target_columns,
      k.confdeltype as on_delete, k.confupdtype as on_update
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace left join pg_class t on t.oid = k.confrelid
    where n.nspname = 'public' and k.contype in ('p', 'f')`.execute(db);
  for (const k of keys) {
    const table = schema.get(k.table);
    if (!table) continue;
    if (k.kind === 'p') table.primaryKey = k.columns;
    else table.foreignKeys.push({ name: k.name, columns: k.columns, target: k.target ?? '', targetColumns: k.target_columns ?? [], onDelete: k.on_delete, onUpdate: k.on_update });
  }
  // Every unique index (a unique or primary key constraint has one): attnum 0 is an expression.
  const { rows: uniques } = await sql<{ table: string; name: string; columns: (string | null)[] }>`
    select c.relname as table, x.relname as name,
      array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality u(n, o) left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = u.n order by u.o) as columns
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_class x on x.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and i.indisunique`.execute(db);
  for (const u of uniques) schema.get(u.table)?.uniques.push({ name: u.name, columns: u.columns });
  const { rows: generated } = await sql<{ table: string; column: string; type: string }>`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
      and (a.attidentity <> '' or pg_get_expr(d.adbin, d.adrelid) like 'nextval(%')`.execute(db);
  for (const g of generated) schema.get(g.table)?.generated.push({ column: g.column, type: g.type });
  const { rows: policies } = await sql<{ table: string; name: string; expression: string }>`
    select c.relname as table, p.polname as name, coalesce(pg_get_expr(p.polqual, p.polrelid), '') || ' ' || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as expression
    from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`.execute(db);
  for (const p of policies) if (/\bselect\b/i.test(p.expression)) schema.get(p.table)?.policiesWithSubqueries.push(p.name);
  return schema;
}

/** Where each table goes (see the top of this file). */
export function placements(schema: CitusSchema): Map<string, Placement> {
  const placed = new Map<string, Placement>();
  for (const t of schema.values()) placed.set(t.name, t.tenantId !== null && !(t.name in LOCAL_TABLES) ? 'distributed' : 'local');
  // The central catalogs distributed tables reference, then what those reference, until none is added.
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of schema.values()) {
      const from = placed.get(t.name);
      if (from !== 'distributed' && from !== 'reference') continue;
      for (const fk of kept(t)) {
        const target = schema.get(fk.target);
        if (target && target.tenantId === null && !(target.name in LOCAL_TABLES) && placed.get(target.name) === 'local') {
          placed.set(target.name, 'reference');
          grew = true;
        }
      }
    }
  }
  return placed;
}

const kept = (t: TableShape) => t.foreignKeys.filter((fk) => !(`${t.name}.${fk.name}` in DROPPED_FOREIGN_KEYS));
const ACTION: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

/** What would stop Citus from placing the schema as placements() says, in words (empty: nothing). */
export function citusProblems(schema: CitusSchema): string[] {
  const placed = placements(schema);
  const wrong: string[] = [];
  for (const [name, exception] of Object.entries(LOCAL_TABLES)) {
    const t = schema.get(name);
    if (!t) wrong.push(`${name}: listed in LOCAL_TABLES but there is no such table`);
    else if (exception.kind === 'mixed' && t.tenantId !== 'nullable') wrong.push(`${name}: listed in LOCAL_TABLES for a nullable tenant_id, but tenant_id is ${t.tenantId ?? 'missing'}`);
    else if (exception.kind === 'tenant_key' && (!t.tenantKey || t.tenantId !== null)) wrong.push(`${name}: listed in LOCAL_TABLES as keyed by tenant_key, but it is not`);
  }
  for (const key of Object.keys(DROPPED_FOREIGN_KEYS)) {
    const [table, constraint] = key.split('.');
    if (!schema.get(table)?.foreignKeys.some((fk) => fk.name === constraint)) wrong.push(`${key}: listed in DROPPED_FOREIGN_KEYS but there is no such foreign key`);
  }
  for (const t of [...schema.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const placement = placed.get(t.name)!;
    if (t.tenantKey && t.tenantId === null && !(t.name in LOCAL_TABLES)) wrong.push(`${t.name}: holds clinics' rows under tenant_key; distribute it by tenant_id or list it in LOCAL_TABLES with the reason`);
    if (placement === 'distributed') wrong.push(...distributedProblems(t, placed));
    for (const fk of kept(t)) {
      const to = placed.get(fk.target);
      const key = `${t.name}.${fk.name}`;
      if (placement === 'reference' && to !== 'reference') wrong.push(`${key}: the central catalog ${t.name} references the ${to === 'distributed' ? 'clinic' : 'local'} table ${fk.target}; a reference table may only reference reference tables`);
      if (placement === 'local' && to === 'distributed') wrong.push(`${key}: the local table ${t.name} references the distributed table ${fk.target}, which Citus refuses`);
    }
    if (placement !== 'local') {
      // Citus gives each node its own range of an identity's values: only bigint has room for it.
      for (const g of t.generated) if (g.type !== 'bigint') wrong.push(`${t.name}.${g.column}: a generated ${g.type}; only bigint identities are supported on a ${placement} table`);
      for (const p of t.policiesWithSubqueries) wrong.push(`${t.name}: the policy ${p} holds a subquery, which Citus refuses on a ${placement} table`);
    }
  }
  return wrong;
}

function distributedProblems(t: TableShape, placed: Map<string, Placement>): string[] {
  const wrong: string[] = [];
  if (t.tenantId === 'nullable') wrong.push(`${t.name}: tenant_id is nullable (central rows beside clinic rows?); Citus refuses NULL in the distribution column: make it not null, or list the table in LOCAL_TABLES with the reason`);
  if (t.primaryKey?.[0] !== 'tenant_id') wrong.push(`${t.name}: the primary key (${t.primaryKey?.join(', ') ?? 'none'}) does not lead with tenant_id`);
  for (const u of t.uniques) if (!u.columns.includes('tenant_id')) wrong.push(`${t.name}: the unique index ${u.name} (${u.columns.map((c) => c ?? '<expression>').join(', ')}) does not include tenant_id`);
  for (const fk of kept(t)) {
    const key = `${t.name}.${fk.name}`;
    const to = placed.get(fk.target);
    const onDistributionColumn = fk.columns.includes('tenant_id');
    if (to === 'local') wrong.push(`${key}: references the local table ${fk.target}; a distributed table may only reference distributed or reference tables`);
    if (to === 'distributed' && (fk.columns[0] !== 'tenant_id' || fk.targetColumns[0] !== 'tenant_id')) {
      wrong.push(`${key}: (${fk.columns.join(', ')}) -> ${fk.target} (${fk.targetColumns.join(', ')}) does not lead with tenant_id on both sides`);
    }
    // Citus never sets the distribution column through a foreign key, nor cascades an update to it.
    if (onDistributionColumn && (fk.onDelete === 'n' || fk.onDelete === 'd' || ['c', 'n', 'd'].includes(fk.onUpdate))) {
      wrong.push(`${key}: on delete ${ACTION[fk.onDelete]}, on update ${ACTION[fk.onUpdate]} over tenant_id, which Citus refuses`);
    }
  }
  return wrong;
}

/** Parents before children (a foreign key's target first), ties by name; a cycle is an error. */
function ordered(tables: string[], parentsOf: (table: string) => string[]): string[] {
  const left = new Set(tables);
  const out: string[] = [];
  while (left.size) {
    const ready = [...left].filter((t) => parentsOf(t).every((p) => p === t || !left.has(p))).sort();
    if (!ready.length) throw new Error(`foreign keys form a cycle among ${[...left].sort().join(', ')}`);
    for (const t of ready) left.delete(t);
    out.push(...ready);
  }
  return out;
}

export interface CitusStep {
  table: string;
  placement: Placement;
  /** The statement placing it; null for a local table Citus needs to know nothing of. */
  statement: string | null;
}

export interface CitusPlan {
  /** Foreign keys dropped first (DROPPED_FOREIGN_KEYS present in the schema). */
  drops: { table: string; constraint: string; reason: string; statement: string }[];
  /** One step per table, in the order they run. */
  steps: CitusStep[];
}

const quote = (name: string) => `'${name.replace(/'/g, "''")}'`;

/** The statements placing every table of the schema, in an order Citus accepts. */
export function citusPlan(schema: CitusSchema): CitusPlan {
  const placed = placements(schema);
  const of = (placement: Placement) => [...placed].filter(([, p]) => p === placement).map(([t]) => t);
  const parents = (table: string) => kept(schema.get(table)!).map((fk) => fk.target);
  const drops = Object.entries(DROPPED_FOREIGN_KEYS)
    .map(([key, reason]) => ({ key, reason, table: key.split('.')[0], constraint: key.split('.')[1] }))
    .filter(({ table, constraint }) => schema.get(table)?.foreignKeys.some((fk) => fk.name === constraint))
    .map(({ table, constraint, reason }) => ({ table, constraint, reason, statement: `alter table ${table} drop constraint ${constraint}` }));
  const steps: CitusStep[] = [];
  for (const table of ordered(of('reference'), parents)) steps.push({ table, placement: 'reference', statement: `select create_reference_table(${quote(table)})` });
  const distributed = ordered(of('distributed'), (t) => parents(t).filter((p) => placed.get(p) === 'distributed'));
  // One colocation group of their own: the first starts it, the others join it, so a clinic's rows
  // of every table sit on the same node and its joins and foreign keys stay there.
  distributed.forEach((table, i) => {
    const colocate = i === 0 ? "'none'" : quote(distributed[0]);
    steps.push({ table, placement: 'distributed', statement: `select create_distributed_table(${quote(table)}, 'tenant_id', colocate_with => ${colocate})` });
  });
  // A local table with a foreign key to a reference table (or to such a local table) must be in
  // Citus's metadata for the key to hold; the others stay plain PostgreSQL tables.
  const known = new Set(of('reference'));
  const local = of('local');
  let grew = true;
  while (grew) {
    grew = false;
    for (const t of local) {
      if (known.has(t)) continue;
      const linked = parents(t).some((p) => known.has(p)) || local.some((o) => known.has(o) && parents(o).includes(t));
      if (linked) {
        known.add(t);
        grew = true;
      }
    }
  }
  for (const table of local.sort()) {
    steps.push({ table, placement: 'local', statement: known.has(table) ? `select citus_add_local_table_to_metadata(${quote(table)}, cascade_via_foreign_keys => true)` : null });
  }
  return { drops, steps };
}

/** The plan as a script for psql on the coordinator, commented. */
export function citusScript(plan: CitusPlan): string {
  const lines = [
    '-- Distributes the migrated schema on Citus (docs/operations.md#citus). Run once, on the coordinator, after',
    '-- the migrations, with the coordinator in the metadata (citus_set_coordinator_host).',
    '',
    '-- Foreign keys Citus cannot keep (DROPPED_FOREIGN_KEYS in src/server/db/citus.ts):',
    ...plan.drops.flatMap((d) => [`-- ${d.reason}`, `${d.statement};`]),
    '',
    '-- Every clinic table has triggers (versions, live updates, numbering): Citus distributes those only when told to.',
    'set citus.enable_unsafe_triggers = on;',
    '-- Keep the tables not yet distributed plain while their central catalogs become reference tables,',
    '-- so each clinic table can be distributed after the ones it references.',
    'set citus.enable_local_reference_table_foreign_keys = off;',
    '',
    '-- Central catalogs, on every node:',
    ...plan.steps.filter((s) => s.placement === 'reference').map((s) => `${s.statement};`),
    '',
    "-- Clinics' tables, by tenant_id, in one colocation group:",
    ...plan.steps.filter((s) => s.placement === 'distributed').map((s) => `${s.statement};`),
    '',
    '-- On the coordinator (mixed central and clinic rows, or central only):',
    'reset citus.enable_local_reference_table_foreign_keys;',
    ...plan.steps.filter((s) => s.placement === 'local').map((s) => (s.statement ? `${s.statement};` : `-- ${s.table}: a plain local table`)),
    '',
  ];
  return lines.join('\n');
}
