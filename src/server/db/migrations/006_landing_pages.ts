// Landing pages: the platform's sections and their items, and each clinic's page with its
// solutions, highlights and projects. Image columns hold upload ids (checked by the engine).
import { type Kysely, sql } from 'kysely';
import { grantAppRole, isolateTenantTable } from './helpers';

const timestamps = sql`created_at timestamptz not null default now(), updated_at timestamptz not null default now()`;
const content = sql`
  title_en text, title_ar text, title_ckb text,
  subtitle_en text, subtitle_ar text, subtitle_ckb text,
  description_en text, description_ar text, description_ckb text,
  image_pc bigint, image_tablet bigint, image_mobile bigint`;

const SECTIONS = [
  'hero', 'about', 'feature', 'service', 'screen', 'software', 'functionality', 'solution', 'highlight', 'why', 'work',
  'achievement', 'project', 'gallery', 'offer', 'plan', 'company', 'info', 'contact', 'contact_info', 'footer',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table landing_sections (
    id bigint generated always as identity primary key,
    key text not null unique, position integer not null default 0, is_visible boolean not null default true,
    ${content},
    button_text_en text, button_text_ar text, button_text_ckb text, button_url text,
    email text, phone text, facebook_url text, instagram_url text, x_url text, youtube_url text, linkedin_url text,
    ${timestamps})`.execute(db);
  await sql`insert into landing_sections (key, position) values ${sql.join(SECTIONS.map((key, i) => sql`(${key}, ${(i + 1) * 10})`))}`.execute(db);

  await sql`create table landing_items (
    id bigint generated always as identity primary key,
    kind text not null, position integer not null default 0, is_visible boolean not null default true,
    ${content}, icon text, url text, value text,
    ${timestamps})`.execute(db);
  await sql`create index landing_items_kind_idx on landing_items (kind, position)`.execute(db);

  await sql`create table tenant_landing_pages (
    tenant_id bigint not null references tenants(id) on delete cascade,
    id bigint generated always as identity,
    is_visible boolean not null default true,
    ${content}, about_en text, about_ar text, about_ckb text,
    ${timestamps},
    primary key (tenant_id, id), unique (tenant_id))`.execute(db);
  await sql`insert into tenant_landing_pages (tenant_id, title_en, title_ar, title_ckb) select id, name, name, name from tenants`.execute(db);

  for (const name of ['solutions', 'highlights', 'projects']) {
    await sql`create table ${sql.table(`tenant_${name}`)} (
      tenant_id bigint not null references tenants(id) on delete cascade,
      id bigint generated always as identity,
      position integer not null default 0, is_visible boolean not null default true,
      ${content}, ${timestamps},
      primary key (tenant_id, id))`.execute(db);
  }
  for (const table of ['tenant_landing_pages', 'tenant_solutions', 'tenant_highlights', 'tenant_projects']) await isolateTenantTable(db, table);
  await grantAppRole(db);
}
