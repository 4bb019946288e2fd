import { sql, type Kysely, type RawBuilder } from 'kysely';

/**
 * Issue 18: a request's list filtered (position, nationality, league, GPA at least, has video),
 * counted and faceted from the match index alone. Each listed row carries the athlete's filter
 * values, written with the pair by the index jobs and the rebuild (SCORE_COLUMNS in
 * worker/src/store/match-scores.ts), and the two view indexes include them: a filtered page,
 * count or facet walks index entries only (an index-only scan) instead of fetching every listed
 * row's athlete and reading its profile JSON. The position index also includes the columns of
 * its tier expression: Postgres considers an index-only scan only when every column a query reads is in the index. The backfill below uses the same rules as
 * worker/src/store/profile-sql.ts (as they stand today; a later change there is a new migration or a reindex).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table match_scores
      add column athlete_position text,
      add column athlete_nationality text,
      add column athlete_league text,
      add column athlete_gpa float8,
      add column athlete_has_video boolean not null default false`.execute(db);
  const gpaText = sql`btrim(a.profile->>'gpa')`;
  const gpaValue = sql`(case jsonb_typeof(a.profile->'gpa') when 'number' then (a.profile->'gpa')::float8
    when 'string' then (case when ${gpaText} ~ '^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$' then (${gpaText})::float8 end) end)`;
  await sql`
    update match_scores ms set
      athlete_position = a.primary_position,
      athlete_nationality = nullif(btrim(a.profile->>'nationality'), ''),
      athlete_league = a.profile->>'leagueLevel',
      athlete_gpa = (case when ${gpaValue} between 0 and 4 then ${gpaValue} end),
      athlete_has_video = coalesce(nullif(btrim(a.profile->>'highlightVideoUrl'), ''), nullif(btrim(a.profile->>'videoUrl'), '')) is not null
    from athletes a where a.id = ms.athlete_id`.execute(db);
  const filterColumns = sql`athlete_position, athlete_nationality, athlete_league, athlete_gpa, athlete_has_video`;
  await viewIndexes(db, sql`include (${filterColumns})`, sql`include (position_match, position_exact, ${filterColumns})`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await viewIndexes(db, sql``, sql``);
  await sql`
    alter table match_scores
      drop column athlete_position, drop column athlete_nationality, drop column athlete_league,
      drop column athlete_gpa, drop column athlete_has_video`.execute(db);
}

/** match_scores_rank_idx and match_scores_position_idx, recreated with the columns they include. */
async function viewIndexes(db: Kysely<any>, rankInclude: RawBuilder<unknown>, positionInclude: RawBuilder<unknown>): Promise<void> {
  await sql`drop index match_scores_rank_idx`.execute(db);
  await sql`create index match_scores_rank_idx on match_scores (request_id, score desc, athlete_updated_at desc, athlete_id) ${rankInclude}`.execute(db);
  await sql`drop index match_scores_position_idx`.execute(db);
  await sql`
    create index match_scores_position_idx on match_scores (
      request_id,
      (case when position_match = 'primary' and position_exact then 0 when position_match = 'primary' then 1 when position_match = 'secondary' then 2 else 3 end),
      score desc, athlete_updated_at desc, athlete_id
    ) ${positionInclude}`.execute(db);
}
