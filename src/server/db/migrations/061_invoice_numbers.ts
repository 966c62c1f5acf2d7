// The platform's invoices get a number a doctor can file (issue 39): 1, 2, 3… within each year of
// issue, with no gap. A trigger numbers every invoice inserted, whatever writes it (the API, the
// demo seed, a test), as migration 043 numbers a clinic's records: one counter row per year
// (invoice_counters) is raised in the inserting transaction, so a rival issuer waits on that row,
// and a transaction that fails takes its number back with it: numbers are neither shared nor skipped.
// The counter table is the platform's own (no tenant_id: kept on the coordinator under Citus);
// invoices keep no unique index on (year, number), which a table distributed by clinic could not
// hold. Invoices also keep what they were issued for: the period and the plan's price and discount.
// invoices.year, invoices.number, invoices.period_start, invoices.period_end, invoices.price, invoices.discount: generated from the declaration by `npm run migration:new`, then the numbers of the invoices already issued and the counters added by hand.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`alter table invoices
  add column year integer,
  add column number integer,
  add column period_start date,
  add column period_end date,
  add column price numeric(14,2),
  add column discount integer`).execute(db);
  // The invoices already issued, numbered in the order they were issued within their year.
  await sql`update invoices i set year = n.year, number = n.number
    from (select id, extract(year from issued_on)::int as year, row_number() over (partition by extract(year from issued_on) order by issued_on, id)::int as number from invoices) n
    where n.id = i.id`.execute(db);
  await sql`alter table invoices alter column year set not null, alter column number set not null`.execute(db);
  await sql.raw(`create index invoices_year_idx on invoices (year)`).execute(db);
  await sql.raw(`create index invoices_number_idx on invoices (number)`).execute(db);
  await sql`create table invoice_counters (year integer primary key, last integer not null check (last > 0))`.execute(db);
  await sql`insert into invoice_counters (year, last) select year, max(number) from invoices group by year`.execute(db);
  await sql`create function number_invoice() returns trigger language plpgsql security definer set search_path from current as $$
    begin
      new.year := extract(year from new.issued_on)::int;
      insert into invoice_counters as c (year, last) values (new.year, 1)
        on conflict (year) do update set last = c.last + 1 returning last into new.number;
      return new;
    end $$`.execute(db);
  await sql`create trigger invoices_number before insert on invoices for each row execute function number_invoice()`.execute(db);
}
