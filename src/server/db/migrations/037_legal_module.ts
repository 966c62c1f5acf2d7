// tasks.kind (by hand, first statement); courts, clients, lawsuits, executions, petitions, lawsuitSessions, lawsuitInstallments, lawsuitFiles, executionSessions, executionInstallments, executionFiles, laws, lawArticles: generated from their declarations by `npm run migration:new` (review it; once shipped it never changes).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Added by hand (the generator writes new tables): a task's kind, company, individual or customer.
  await sql.raw(`alter table tasks add column kind text not null default 'individual' check (kind in ('individual', 'company', 'customer'))`).execute(db);
  await sql.raw(`create index tasks_kind_idx on tasks (tenant_id, kind)`).execute(db);
  await sql.raw(`create table courts (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  check (char_length(name) <= 200),
  city text,
  check (char_length(city) <= 100),
  address text,
  check (char_length(address) <= 255),
  phone text,
  check (char_length(phone) <= 30),
  notes text,
  check (char_length(notes) <= 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  unique (tenant_id, name)
)`).execute(db);
  await sql.raw(`create index courts_city_idx on courts (tenant_id, city)`).execute(db);
  await sql.raw(`create trigger courts_version before update on courts for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table courts enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on courts
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on courts to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table legal_clients (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  name text not null,
  check (char_length(name) <= 200),
  kind text not null default 'individual',
  check (kind in ('individual', 'company')),
  phone text,
  check (char_length(phone) <= 30),
  email text,
  check (char_length(email) <= 200),
  address text,
  check (char_length(address) <= 255),
  national_id text,
  check (char_length(national_id) <= 60),
  company_code_1 text,
  check (char_length(company_code_1) <= 60),
  company_code_2 text,
  check (char_length(company_code_2) <= 60),
  company_code_3 text,
  check (char_length(company_code_3) <= 60),
  ministry_commerce_code text,
  check (char_length(ministry_commerce_code) <= 60),
  bank_account text,
  check (char_length(bank_account) <= 60),
  notes text,
  check (char_length(notes) <= 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index legal_clients_name_idx on legal_clients (tenant_id, name)`).execute(db);
  await sql.raw(`create index legal_clients_kind_idx on legal_clients (tenant_id, kind)`).execute(db);
  await sql.raw(`create trigger legal_clients_version before update on legal_clients for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table legal_clients enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on legal_clients
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on legal_clients to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table lawsuits (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  title text not null,
  check (char_length(title) <= 200),
  client_id bigint not null,
  court_id bigint,
  case_number text,
  check (char_length(case_number) <= 60),
  brikarnama_number text,
  check (char_length(brikarnama_number) <= 60),
  contract_number text,
  check (char_length(contract_number) <= 60),
  guarantee_code text,
  check (char_length(guarantee_code) <= 60),
  date date,
  location text,
  check (char_length(location) <= 200),
  path text,
  check (char_length(path) <= 200),
  status text not null default 'open',
  check (status in ('open', 'pending', 'won', 'lost', 'settled', 'closed')),
  fee numeric(14,2),
  check (fee >= 0),
  check (fee <= 10000000000),
  informations text,
  check (char_length(informations) <= 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, client_id) references legal_clients (tenant_id, id),
  foreign key (tenant_id, court_id) references courts (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index lawsuits_title_idx on lawsuits (tenant_id, title)`).execute(db);
  await sql.raw(`create index lawsuits_client_id_idx on lawsuits (tenant_id, client_id)`).execute(db);
  await sql.raw(`create index lawsuits_court_id_idx on lawsuits (tenant_id, court_id)`).execute(db);
  await sql.raw(`create index lawsuits_date_idx on lawsuits (tenant_id, date)`).execute(db);
  await sql.raw(`create index lawsuits_status_idx on lawsuits (tenant_id, status)`).execute(db);
  await sql.raw(`create trigger lawsuits_version before update on lawsuits for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table lawsuits enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on lawsuits
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on lawsuits to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table executions (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  title text not null,
  check (char_length(title) <= 200),
  client_id bigint not null,
  court_id bigint,
  lawsuit_id bigint,
  case_number text,
  check (char_length(case_number) <= 60),
  date date,
  amount numeric(14,2),
  check (amount >= 0),
  check (amount <= 10000000000),
  status text not null default 'open',
  check (status in ('open', 'pending', 'won', 'lost', 'settled', 'closed')),
  informations text,
  check (char_length(informations) <= 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, client_id) references legal_clients (tenant_id, id),
  foreign key (tenant_id, court_id) references courts (tenant_id, id),
  foreign key (tenant_id, lawsuit_id) references lawsuits (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index executions_title_idx on executions (tenant_id, title)`).execute(db);
  await sql.raw(`create index executions_client_id_idx on executions (tenant_id, client_id)`).execute(db);
  await sql.raw(`create index executions_court_id_idx on executions (tenant_id, court_id)`).execute(db);
  await sql.raw(`create index executions_lawsuit_id_idx on executions (tenant_id, lawsuit_id)`).execute(db);
  await sql.raw(`create index executions_date_idx on executions (tenant_id, date)`).execute(db);
  await sql.raw(`create index executions_status_idx on executions (tenant_id, status)`).execute(db);
  await sql.raw(`create trigger executions_version before update on executions for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table executions enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on executions
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on executions to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table petitions (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  title text not null,
  check (char_length(title) <= 200),
  client_id bigint not null,
  court_id bigint,
  lawsuit_id bigint,
  date date,
  body text,
  check (char_length(body) <= 20000),
  file bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, client_id) references legal_clients (tenant_id, id),
  foreign key (tenant_id, court_id) references courts (tenant_id, id),
  foreign key (tenant_id, lawsuit_id) references lawsuits (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index petitions_title_idx on petitions (tenant_id, title)`).execute(db);
  await sql.raw(`create index petitions_client_id_idx on petitions (tenant_id, client_id)`).execute(db);
  await sql.raw(`create index petitions_court_id_idx on petitions (tenant_id, court_id)`).execute(db);
  await sql.raw(`create index petitions_lawsuit_id_idx on petitions (tenant_id, lawsuit_id)`).execute(db);
  await sql.raw(`create index petitions_date_idx on petitions (tenant_id, date)`).execute(db);
  await sql.raw(`create trigger petitions_version before update on petitions for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table petitions enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on petitions
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on petitions to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table lawsuit_sessions (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  lawsuit_id bigint not null,
  session_date date not null,
  subject text,
  check (char_length(subject) <= 200),
  decision text,
  check (char_length(decision) <= 4000),
  next_session_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint lawsuit_sessions_next_session_date_vs_session_date_check check (next_session_date >= session_date),
  primary key (tenant_id, id),
  foreign key (tenant_id, lawsuit_id) references lawsuits (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index lawsuit_sessions_lawsuit_id_idx on lawsuit_sessions (tenant_id, lawsuit_id)`).execute(db);
  await sql.raw(`create index lawsuit_sessions_session_date_idx on lawsuit_sessions (tenant_id, session_date)`).execute(db);
  await sql.raw(`create index lawsuit_sessions_next_session_date_idx on lawsuit_sessions (tenant_id, next_session_date)`).execute(db);
  await sql.raw(`create trigger lawsuit_sessions_version before update on lawsuit_sessions for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table lawsuit_sessions enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on lawsuit_sessions
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on lawsuit_sessions to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table lawsuit_installments (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  lawsuit_id bigint not null,
  amount numeric(14,2) not null,
  check (amount >= 0),
  check (amount <= 10000000000),
  paid_amount numeric(14,2) not null default 0,
  check (paid_amount >= 0),
  check (paid_amount <= 10000000000),
  due_date date,
  is_paid boolean not null default false,
  note text,
  check (char_length(note) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint lawsuit_installments_paid_amount_vs_amount_check check (paid_amount <= amount),
  primary key (tenant_id, id),
  foreign key (tenant_id, lawsuit_id) references lawsuits (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index lawsuit_installments_lawsuit_id_idx on lawsuit_installments (tenant_id, lawsuit_id)`).execute(db);
  await sql.raw(`create index lawsuit_installments_due_date_idx on lawsuit_installments (tenant_id, due_date)`).execute(db);
  await sql.raw(`create index lawsuit_installments_is_paid_idx on lawsuit_installments (tenant_id, is_paid)`).execute(db);
  await sql.raw(`create trigger lawsuit_installments_version before update on lawsuit_installments for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table lawsuit_installments enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on lawsuit_installments
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on lawsuit_installments to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table lawsuit_files (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  lawsuit_id bigint not null,
  title text not null,
  check (char_length(title) <= 200),
  file bigint,
  note text,
  check (char_length(note) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, lawsuit_id) references lawsuits (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index lawsuit_files_lawsuit_id_idx on lawsuit_files (tenant_id, lawsuit_id)`).execute(db);
  await sql.raw(`create index lawsuit_files_title_idx on lawsuit_files (tenant_id, title)`).execute(db);
  await sql.raw(`create trigger lawsuit_files_version before update on lawsuit_files for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table lawsuit_files enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on lawsuit_files
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on lawsuit_files to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table execution_sessions (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  execution_id bigint not null,
  session_date date not null,
  subject text,
  check (char_length(subject) <= 200),
  decision text,
  check (char_length(decision) <= 4000),
  next_session_date date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint execution_sessions_next_session_date_vs_session_date_check check (next_session_date >= session_date),
  primary key (tenant_id, id),
  foreign key (tenant_id, execution_id) references executions (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index execution_sessions_execution_id_idx on execution_sessions (tenant_id, execution_id)`).execute(db);
  await sql.raw(`create index execution_sessions_session_date_idx on execution_sessions (tenant_id, session_date)`).execute(db);
  await sql.raw(`create index execution_sessions_next_session_date_idx on execution_sessions (tenant_id, next_session_date)`).execute(db);
  await sql.raw(`create trigger execution_sessions_version before update on execution_sessions for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table execution_sessions enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on execution_sessions
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on execution_sessions to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table execution_installments (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  execution_id bigint not null,
  amount numeric(14,2) not null,
  check (amount >= 0),
  check (amount <= 10000000000),
  paid_amount numeric(14,2) not null default 0,
  check (paid_amount >= 0),
  check (paid_amount <= 10000000000),
  due_date date,
  is_paid boolean not null default false,
  note text,
  check (char_length(note) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint execution_installments_paid_amount_vs_amount_check check (paid_amount <= amount),
  primary key (tenant_id, id),
  foreign key (tenant_id, execution_id) references executions (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index execution_installments_execution_id_idx on execution_installments (tenant_id, execution_id)`).execute(db);
  await sql.raw(`create index execution_installments_due_date_idx on execution_installments (tenant_id, due_date)`).execute(db);
  await sql.raw(`create index execution_installments_is_paid_idx on execution_installments (tenant_id, is_paid)`).execute(db);
  await sql.raw(`create trigger execution_installments_version before update on execution_installments for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table execution_installments enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on execution_installments
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on execution_installments to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table execution_files (
  tenant_id bigint not null references tenants(id) on delete cascade,
  id bigint generated always as identity,
  execution_id bigint not null,
  title text not null,
  check (char_length(title) <= 200),
  file bigint,
  note text,
  check (char_length(note) <= 200),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  primary key (tenant_id, id),
  foreign key (tenant_id, execution_id) references executions (tenant_id, id)
)`).execute(db);
  await sql.raw(`create index execution_files_execution_id_idx on execution_files (tenant_id, execution_id)`).execute(db);
  await sql.raw(`create index execution_files_title_idx on execution_files (tenant_id, title)`).execute(db);
  await sql.raw(`create trigger execution_files_version before update on execution_files for each row execute function bump_version()`).execute(db);
  await sql.raw(`alter table execution_files enable row level security`).execute(db);
  await sql.raw(`create policy tenant_isolation on execution_files
  using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
  with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)`).execute(db);
  await sql.raw(`grant select, insert, update, delete on execution_files to clinic_app`).execute(db);
  await sql.raw(`grant usage, select on all sequences in schema public to clinic_app`).execute(db);
  await sql.raw(`create table laws (
  id bigint generated always as identity primary key,
  number text,
  check (char_length(number) <= 60),
  issued_on date,
  title_ckb text not null,
  check (char_length(title_ckb) <= 300),
  title_ar text not null,
  check (char_length(title_ar) <= 300),
  title_en text not null,
  check (char_length(title_en) <= 300),
  description_ckb text,
  check (char_length(description_ckb) <= 4000),
  description_ar text,
  check (char_length(description_ar) <= 4000),
  description_en text,
  check (char_length(description_en) <= 4000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1
)`).execute(db);
  await sql.raw(`create index laws_issued_on_idx on laws (issued_on)`).execute(db);
  await sql.raw(`create index laws_title_ckb_idx on laws (title_ckb)`).execute(db);
  await sql.raw(`create trigger laws_version before update on laws for each row execute function bump_version()`).execute(db);
  await sql.raw(`create table law_articles (
  id bigint generated always as identity primary key,
  law_id bigint not null,
  number integer not null,
  check (number >= 1),
  check (number <= 100000),
  title_ckb text,
  check (char_length(title_ckb) <= 300),
  title_ar text,
  check (char_length(title_ar) <= 300),
  title_en text,
  check (char_length(title_en) <= 300),
  body_ckb text not null,
  check (char_length(body_ckb) <= 20000),
  body_ar text not null,
  check (char_length(body_ar) <= 20000),
  body_en text not null,
  check (char_length(body_en) <= 20000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  foreign key (law_id) references laws (id)
)`).execute(db);
  await sql.raw(`create index law_articles_law_id_idx on law_articles (law_id)`).execute(db);
  await sql.raw(`create index law_articles_number_idx on law_articles (number)`).execute(db);
  await sql.raw(`create trigger law_articles_version before update on law_articles for each row execute function bump_version()`).execute(db);
}
