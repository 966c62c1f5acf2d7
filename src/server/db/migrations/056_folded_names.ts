// Patients found however their name was typed (issue 32): the search text holds the name's folded
// key and a second column its loose key, each under its own trigram index, both made by SQL
// functions from the letter table of src/shared/fold.ts (written out here: a shipped migration never
// changes; tests/api/name-search.test.ts fails when the table and these functions part). The search
// function takes the loose pattern too, and rebuilding the generated columns re-keys every patient.
import { type Kysely, sql } from 'kysely';

const FROM =
  '\u064a\u06cc\u0649\u06ce\u0643\u06a9\u0647\u06d5\u0629\u06be\u06c0\u06c1\u0631\u0695\u0644\u06b5\u0648\u06c6\u0624\u0627\u0623\u0625\u0622\u0671' +
  '\u0660\u06f0\u0661\u06f1\u0662\u06f2\u0663\u06f3\u0664\u06f4\u0665\u06f5\u0666\u06f6\u0667\u06f7\u0668\u06f8\u0669\u06f9' +
  '\u0640\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0653\u0654\u0655\u0656\u0657\u0658\u0659\u065a\u065b\u065c\u065d\u065e\u065f' +
  '\u0670\u200b\u200c\u200d\u200e\u200f\u061c\u00a0\u0020\u0009\u000a\u000d';
const TO =
  '\u064a\u064a\u064a\u064a\u0643\u0643\u0647\u0647\u0647\u0647\u0647\u0647\u0631\u0631\u0644\u0644\u0648\u0648\u0648\u0627\u0627\u0627\u0627\u0627' +
  '00112233445566778899';
const VOWELS = '\u0627\u0648\u064a\u0647\u0626\u0621';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function fold_text(t text) returns text language sql immutable parallel safe
    return translate(lower(t), ${sql.lit(FROM)}, ${sql.lit(TO)})`.execute(db);
  await sql`create function loose_text(t text) returns text language sql immutable parallel safe
    return translate(fold_text(t), ${sql.lit(VOWELS)}, '')`.execute(db);

  await sql`drop index if exists patients_search_idx`.execute(db);
  await sql`alter table patients drop column search_text`.execute(db);
  await sql`alter table patients add column search_text text generated always as (
    fold_text(name) || ' ' || coalesce(regexp_replace(phone, '[^0-9+]', '', 'g'), '')) stored`.execute(db);
  await sql`alter table patients add column search_loose text generated always as (loose_text(name)) stored`.execute(db);
  await sql`create index patients_search_idx on patients using gin (tenant_id, search_text gin_trgm_ops)`.execute(db);
  await sql`create index patients_search_loose_idx on patients using gin (tenant_id, search_loose gin_trgm_ops)`.execute(db);

  // The loose pattern is null when q is too short without its vowels: then only the folded key counts.
  await sql`drop function patients_search(text, text, bigint)`.execute(db);
  await sql`create function patients_search(pattern text, loose text, lookup text, number bigint) returns setof patients
    language plpgsql stable security definer set search_path = public as $$
    begin
      return query execute
        'select * from patients where tenant_id = nullif(current_setting(''app.tenant_id'', true), '''')::bigint
           and (search_text ilike $1 or search_loose ilike $2 or national_id_lookup = $3 or file_number = $4)'
        using pattern, loose, lookup, number;
    end $$`.execute(db);
  await sql`revoke all on function patients_search(text, text, text, bigint) from public`.execute(db);
  await sql`grant execute on function patients_search(text, text, text, bigint) to clinic_app`.execute(db);
}
