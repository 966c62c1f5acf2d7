// The schema as the declarations say it (issue 38):
// - unique names compare case-folded ("plainmark" beside "PLAINMARK" is one name): each unique
//   text's constraint becomes a unique index on lower() named <table>_<field>_key, as the generator
//   now writes it. Names already held twice in different case are told apart first: all but the
//   oldest get their id appended ("Aspirin (12)"), so no record is lost and each can be renamed.
// - the clinic landing tables' checks and indexes their declarations say and their hand-written
//   migration (006) left out, found by the schema comparison (tests/api/schema-drift.test.ts). The
//   checks are NOT VALID: rows already there are not read again (the API has always refused longer
//   texts and positions out of range), every new or changed row is checked.
import { type Kysely, sql } from 'kysely';

/** The title, subtitle and description lengths, each in the three languages. */
const texts = (lengths: Record<string, number>) =>
  Object.entries(lengths).flatMap(([name, most]) => ['ar', 'ckb', 'en'].map((lang) => `add check ((char_length(${name}_${lang}) <= ${most})) not valid`));
const CONTENT = { description: 4000, subtitle: 300, title: 200 };

/** The unique texts of the declarations then: table, field, and whether it is a clinic's. */
const UNIQUE_NAMES: readonly [string, string, boolean][] = [
  ['common_diseases', 'name', true],
  ['examinations', 'name', true],
  ['life_styles', 'name', true],
  ['physical_theraphies', 'name', true],
  ['ingredients', 'name', true],
  ['drugs', 'name', true],
  ['courts', 'name', true],
  ['cities', 'name_en', false],
  ['educations', 'name_en', false],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const [table, column, clinic] of UNIQUE_NAMES) {
    const key = clinic ? `tenant_id, ${column}` : column;
    const folded = clinic ? `tenant_id, lower(${column})` : `lower(${column})`;
    await run(`update ${table} set ${column} = ${column} || ' (' || id || ')'
  where id in (select id from (select id, row_number() over (partition by ${folded} order by id) as nth from ${table}) d where nth > 1)`);
    const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
      where conrelid = ${table}::regclass and contype = 'u' and pg_get_constraintdef(oid) = ${`UNIQUE (${key})`}`.execute(db);
    for (const { name } of rows) await run(`alter table ${table} drop constraint ${name}`);
    await run(`create unique index ${table}_${column}_key on ${table} (${folded})`);
  }
  // A clinic page's highlights, projects and solutions: ordered, shown or hidden.
  for (const table of ['tenant_highlights', 'tenant_projects', 'tenant_solutions']) {
    await run(`alter table ${table}\n  ${['add check (("position" <= 1000)) not valid', 'add check (("position" >= 0)) not valid', ...texts(CONTENT)].join(',\n  ')}`);
    await run(`create index ${table}_position_idx on ${table} (tenant_id, "position")`);
    await run(`create index ${table}_is_visible_idx on ${table} (tenant_id, is_visible)`);
  }
  await run(`alter table tenant_landing_pages\n  ${texts({ about: 4000, ...CONTENT }).join(',\n  ')}`);
  await run(`alter table tenant_links
  add check ((char_length(kind) <= 40)) not valid,
  add check ((char_length(title) <= 160)) not valid`);
  await run(`create index tenant_links_kind_idx on tenant_links (tenant_id, kind)`);
  await run(`create index tenant_links_title_idx on tenant_links (tenant_id, title)`);
  await run(`alter table tenant_locations
  add check ((char_length(address) <= 300)) not valid,
  add check ((char_length(name) <= 160)) not valid,
  add check ((char_length(working_hours) <= 200)) not valid`);
  await run(`create index tenant_locations_name_idx on tenant_locations (tenant_id, name)`);
}
