// The statements taking the live schema to what the declarations say (issue 38): CREATE TABLE for
// a resource without a table (table-from-declaration.ts), and for one whose table exists the ALTERs
// of the difference between its declared table (built by the generator in a scratch schema) and
// the live one, both read from the catalog (table-catalog.ts, as the drift test reads them):
// added columns, nullability, defaults, checks, uniques, indexes, foreign keys, row-level security,
// policies, grants and the generator's triggers.
// What would lose or convert data is refused, never written: a type change, an identity or
// primary key change, a required column without a default on a table that may hold rows. What the
// live table holds beyond its declaration (a column, a check, an index) is dropped only when asked
// (`drop`), else listed as kept; what the drift test counts as wrong (another policy, grant, foreign
// key on a declared relation, or generator trigger) is always dropped.
import { type Kysely, sql } from 'kysely';
import type { ResourceDef } from '../../shared/resource';
import { GENERATED_TRIGGER, type TableInfo, createDeclaredSchema, missing, readSchema } from './table-catalog';
import { type Resolve, createTableStatements } from './table-from-declaration';

export interface SchemaChanges {
  /** The migration's statements, in order. */
  statements: string[];
  /** What the live tables hold beyond their declarations and were left as they are. */
  kept: string[];
}

/** A declaration change the generator will not write: each reason says what and why. */
export class RefusedChange extends Error {
  constructor(readonly reasons: string[]) {
    super(`cannot generate this migration safely:\n- ${reasons.join('\n- ')}`);
  }
}

/** The statements making `live` what `declared` says, for `table`; `refused` collects what cannot be. */
export function alterStatements(table: string, declared: TableInfo, live: TableInfo, opts: { drop?: boolean }, refused: string[]): SchemaChanges {
  const drops: string[] = [];
  const columns: string[] = [];
  const adds: string[] = [];
  const kept: string[] = [];
  const dropped = new Set<string>();
  const dropObject = (key: string) => {
    const object = live.objects.get(key)!;
    dropped.add(object.name);
    drops.push(object.drop);
  };

  if (live.primaryKey !== declared.primaryKey) refused.push(`${table}: primary key (${live.primaryKey ?? ''}) would become (${declared.primaryKey ?? ''}): rewrite the keys by hand`);
  for (const [name, want] of declared.columns) {
    const have = live.columns.get(name);
    if (!have) {
      if (want.identity) refused.push(`${table}.${name}: a new identity column: write it by hand`);
      else if (want.notNull && want.default === null) refused.push(`${table}.${name}: required with no default, and the table may hold rows: declare a default, or add it optional, fill it, then require it`);
      else columns.push(`alter table ${table} add column ${name} ${want.type}${want.notNull ? ' not null' : ''}${want.default === null ? '' : ` default ${want.default}`}`);
      continue;
    }
    if (have.type !== want.type) {
      refused.push(`${table}.${name}: type ${have.type} would become ${want.type}, which converts the data: write that migration by hand`);
      continue;
    }
    if (have.identity !== want.identity) {
      refused.push(`${table}.${name}: ${want.identity ? 'becoming' : 'no longer'} an identity: write it by hand`);
      continue;
    }
    if (have.default !== want.default) columns.push(`alter table ${table} alter column ${name} ${want.default === null ? 'drop default' : `set default ${want.default}`}`);
    // Rows already null make this fail when the migration runs: loudly, never half-done (one transaction).
    if (have.notNull !== want.notNull) columns.push(`alter table ${table} alter column ${name} ${want.notNull ? 'set' : 'drop'} not null`);
  }
  for (const name of live.columns.keys()) {
    if (declared.columns.has(name)) continue;
    if (opts.drop) columns.push(`alter table ${table} drop column ${name}`);
    else kept.push(`${table}: column ${name}`);
  }

  // Objects the live table has and the declaration does not: the drift test's wrongs always go,
  // the rest (more checks, uniques and indexes, triggers of other functions) only when asked.
  const keyColumns = new Set(declared.foreignKeys.map((f) => f.slice(0, f.indexOf(' -> '))));
  for (const f of missing(live.foreignKeys, declared.foreignKeys)) {
    if (opts.drop || keyColumns.has(f.slice(0, f.indexOf(' -> ')))) dropObject(f);
    else kept.push(`${table}: foreign key ${f}`);
  }
  for (const p of missing(live.policies, declared.policies)) dropObject(p);
  for (const t of missing(live.triggers, declared.triggers)) {
    if (GENERATED_TRIGGER.test(t)) dropObject(t);
    else kept.push(`${table}: trigger ${t}`);
  }
  for (const c of missing(live.checks, declared.checks)) {
    if (opts.drop) dropObject(c);
    else kept.push(`${table}: ${c}`);
  }
  const declaredIndexes = [...declared.uniques, ...declared.indexes];
  for (const i of [...missing(live.uniques, declared.uniques), ...missing(live.indexes, declared.indexes)]) {
    // A unique index also serves a declared plain index on the same columns.
    if (declaredIndexes.includes(i.replace(/^UNIQUE /, ''))) continue;
    if (opts.drop) dropObject(i);
    else kept.push(`${table}: ${i}`);
  }

  // What the declaration has and the live table lacks, made under the declared name unless the
  // live table holds that name for something else.
  const taken = new Set([...live.objects.values()].map((o) => o.name).filter((n) => !dropped.has(n)));
  const make = (key: string, suffix = '') => {
    const info = declared.objects.get(key)!;
    const name = info.name;
    let free = name;
    for (let n = 1; taken.has(free); n++) free = `${name}_${n}`;
    taken.add(free);
    adds.push((free === name ? info.create : info.create.replace(new RegExp(`\\b${name}\\b`), free)) + suffix);
  };
  // A new check is NOT VALID: rows already there are not read again (the API refused them before
  // the database did), every new or changed row is checked.
  for (const c of missing(declared.checks, live.checks)) make(c, ' not valid');
  for (const u of missing(declared.uniques, live.uniques)) make(u);
  const liveIndexes = [...live.indexes, ...live.uniques.map((u) => u.replace(/^UNIQUE /, ''))];
  for (const i of missing(declared.indexes, liveIndexes)) make(i);
  for (const f of missing(declared.foreignKeys, live.foreignKeys)) make(f);
  if (live.rowSecurity !== declared.rowSecurity) adds.push(`alter table ${table} ${declared.rowSecurity ? 'enable' : 'disable'} row level security`);
  for (const p of missing(declared.policies, live.policies)) make(p);
  for (const t of missing(declared.triggers, live.triggers)) make(t);
  const byRole = (grants: string[]) => {
    const roles = new Map<string, string[]>();
    for (const g of grants) {
      const [role, privilege] = g.split(': ');
      roles.set(role, [...(roles.get(role) ?? []), privilege]);
    }
    return [...roles];
  };
  for (const [role, privileges] of byRole(missing(live.grants, declared.grants))) drops.push(`revoke ${privileges.join(', ')} on ${table} from ${role}`);
  for (const [role, privileges] of byRole(missing(declared.grants, live.grants))) adds.push(`grant ${privileges.join(', ')} on ${table} to ${role}`);
  return { statements: [...drops, ...columns, ...adds], kept };
}

/**
 * The migration's statements for `defs` against the schema of `db` (public): CREATE for a table
 * not there, ALTERs for one that is. Throws RefusedChange, writing nothing, when any part cannot
 * be made safely. The declared tables are built in a scratch schema, dropped afterwards.
 */
export async function schemaChanges(db: Kysely<unknown>, defs: readonly ResourceDef[], resolve: Resolve, everyDef: readonly ResourceDef[], opts: { drop?: boolean } = {}): Promise<SchemaChanges> {
  const refused: string[] = [];
  for (const def of defs) {
    const sharing = everyDef.filter((d) => d.table === def.table && d.name !== def.name);
    if (sharing.length) refused.push(`${def.name}: its table ${def.table} is declared by ${sharing.map((d) => d.name).join(', ')} too, so no one declaration makes it: write that migration by hand`);
  }
  if (refused.length) throw new RefusedChange(refused);
  const scratch = `declared_next_${process.pid}`;
  try {
    const ordered = await createDeclaredSchema(db, scratch, defs, resolve);
    const [declared, live] = await Promise.all([readSchema(db, scratch), readSchema(db, 'public', ordered)]);
    const statements: string[] = [];
    const kept: string[] = [];
    for (const table of ordered) {
      const have = live.get(table);
      if (!have) {
        statements.push(...createTableStatements(defs.find((d) => d.table === table)!, resolve));
        continue;
      }
      const change = alterStatements(table, declared.get(table)!, have, opts, refused);
      statements.push(...change.statements);
      kept.push(...change.kept);
    }
    if (refused.length) throw new RefusedChange(refused);
    return { statements, kept };
  } finally {
    await sql.raw(`drop schema if exists ${scratch} cascade`).execute(db);
  }
}
