import { sql, type Kysely } from 'kysely';

/**
 * match_scores.highlights as JSON text instead of jsonb. Only the index's writers (the jobs and
 * the rebuild, from the domain's highlights) write it and the readers only hand it back; nothing
 * queries inside it. Postgres parsed every row's jsonb on the way in: loading the rebuild's 6.5M
 * rows of 100,000 athletes x 1,000 requests took 31.8 s as jsonb and 26.4 s as text (COPY alone).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table match_scores alter column highlights drop default`.execute(db);
  await sql`alter table match_scores alter column highlights type text using highlights::text`.execute(db);
  await sql`alter table match_scores alter column highlights set default '[]'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table match_scores alter column highlights drop default`.execute(db);
  await sql`alter table match_scores alter column highlights type jsonb using highlights::jsonb`.execute(db);
  await sql`alter table match_scores alter column highlights set default '[]'::jsonb`.execute(db);
}
