// An article's number is unique within its law (lawArticles.number, `uniqueWith: ['law_id']`). A
// law that already holds two articles under one number keeps both: the later ones move past the
// law's highest number, where its editors see and renumber them, rather than the migration failing.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`with repeated as (
      select id, law_id, row_number() over (partition by law_id, number order by id) as nth,
             row_number() over (partition by law_id order by id) as seq
      from law_articles),
    top as (select law_id, max(number) as highest from law_articles group by law_id)
    update law_articles a set number = top.highest + repeated.seq
    from repeated join top using (law_id)
    where a.id = repeated.id and repeated.nth > 1`.execute(db);
  await sql`alter table law_articles add constraint law_articles_number_key unique (law_id, number)`.execute(db);
}
