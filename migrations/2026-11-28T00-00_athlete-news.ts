import { sql, type Kysely } from 'kysely';

/**
 * When each athlete last had news (issue 18: the agent roster's first screen puts players with
 * news first). News is a match of a live request shared with the athlete or answered by them, as
 * the audit trail records it: an event from no status to one that is not a decline, or one of the
 * athlete's own. The roster counted each agency's news at read time from every event of the last
 * NEWS_DAYS, of every agency: with the coaches' shares of four weeks at the benchmark's size
 * (24,000 matches, 37,200 events), 38 ms of Postgres on every roster read, whatever its sort.
 * Stored here with the athlete's agency, the first screen walks the agency's latest news in order
 * and stops at the page's end; each page row counts its own news (a few events).
 *
 * Kept by triggers, in the transaction of the change: a news event moves its athlete's time
 * forward (`greatest`, so two concurrent shares cannot undo each other); a request deleted (soft,
 * or with its matches) and a match removed recompute the time of their athletes from the trail;
 * the athlete's agency follows the athlete. `news_at` is the latest news ever: the roster applies
 * the window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table athlete_news (
      athlete_id uuid primary key references athletes(id) on delete cascade,
      agency text,
      news_at timestamptz not null
    )`.execute(db);
  await sql`create index athlete_news_agency_idx on athlete_news (agency, news_at desc, athlete_id)`.execute(db);
  // A roster row's news and shared-match counts read the athlete's matches: by when each last
  // changed (a match's events are never later than its updated_at, so only the matches changed in
  // the window are looked up for news), with the columns the counts test (their entries alone).
  await sql`create index matches_athlete_changed_idx on matches (athlete_id, updated_at) include (request_id, status, shared_at)`.execute(db);
  await sql`drop index matches_athlete_idx`.execute(db);

  // The one definition of a news event (the roster's reads call it too; a plain SQL body, so Postgres inlines it).
  await sql`
    create function match_event_is_news(from_status text, to_status text, actor_role text) returns boolean
    language sql immutable parallel safe
    as $$ select (from_status is null and to_status <> 'declined') or actor_role = 'athlete' $$`.execute(db);

  // Recomputed from the trail for these athletes: their latest news on live requests, or no row.
  await sql`
    create function refresh_athlete_news(ids uuid[]) returns void language sql as $$
      insert into athlete_news as n (athlete_id, agency, news_at)
      select a.id, a.agency, latest.at
      from athletes a
      cross join lateral (
        select max(ev.created_at) as at
        from matches m
        join coach_requests r on r.id = m.request_id and r.deleted_at is null
        join match_events ev on ev.match_id = m.id
        where m.athlete_id = a.id and match_event_is_news(ev.from_status, ev.to_status, ev.actor_role)) latest
      where a.id = any(ids) and latest.at is not null
      order by a.id
      on conflict (athlete_id) do update set news_at = excluded.news_at, agency = excluded.agency;
      delete from athlete_news n
      where n.athlete_id = any(ids)
        and not exists (
          select 1 from matches m
          join coach_requests r on r.id = m.request_id and r.deleted_at is null
          join match_events ev on ev.match_id = m.id
          where m.athlete_id = n.athlete_id and match_event_is_news(ev.from_status, ev.to_status, ev.actor_role));
    $$`.execute(db);

  // A news event: its athlete's news is now (the event's time), unless a later one is stored.
  await sql`
    create function athlete_news_on_event() returns trigger language plpgsql as $$
    begin
      insert into athlete_news as n (athlete_id, agency, news_at)
      select m.athlete_id, a.agency, max(e.created_at)
      from new_rows e join matches m on m.id = e.match_id join athletes a on a.id = m.athlete_id
      where match_event_is_news(e.from_status, e.to_status, e.actor_role)
      group by m.athlete_id, a.agency
      order by m.athlete_id
      on conflict (athlete_id) do update set news_at = greatest(n.news_at, excluded.news_at), agency = excluded.agency;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger match_events_news after insert on match_events
    referencing new table as new_rows for each statement execute function athlete_news_on_event()`.execute(db);

  // Matches gone (a request or a coach deleted, and their cascades): their athletes' news recomputed.
  await sql`
    create function athlete_news_on_matches_gone() returns trigger language plpgsql as $$
    begin
      perform refresh_athlete_news(array(select distinct athlete_id from old_rows));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger matches_news_gone after delete on matches
    referencing old table as old_rows for each statement execute function athlete_news_on_matches_gone()`.execute(db);

  // A request deleted (its matches stay, out of everyone's sight) or back: its athletes' news recomputed.
  await sql`
    create function athlete_news_on_request_deleted() returns trigger language plpgsql as $$
    begin
      perform refresh_athlete_news(array(select distinct athlete_id from matches where request_id = new.id));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger coach_requests_news after update of deleted_at on coach_requests
    for each row when (old.deleted_at is distinct from new.deleted_at) execute function athlete_news_on_request_deleted()`.execute(db);

  await sql`
    create function athlete_news_follow_agency() returns trigger language plpgsql as $$
    begin
      update athlete_news set agency = new.agency where athlete_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger athletes_news_agency after update of agency on athletes
    for each row when (old.agency is distinct from new.agency) execute function athlete_news_follow_agency()`.execute(db);

  await sql`select refresh_athlete_news(array(select distinct athlete_id from matches))`.execute(db);
  await sql`analyze athlete_news`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists athletes_news_agency on athletes`.execute(db);
  await sql`drop function if exists athlete_news_follow_agency()`.execute(db);
  await sql`drop trigger if exists coach_requests_news on coach_requests`.execute(db);
  await sql`drop function if exists athlete_news_on_request_deleted()`.execute(db);
  await sql`drop trigger if exists matches_news_gone on matches`.execute(db);
  await sql`drop function if exists athlete_news_on_matches_gone()`.execute(db);
  await sql`drop trigger if exists match_events_news on match_events`.execute(db);
  await sql`drop function if exists athlete_news_on_event()`.execute(db);
  await sql`drop function if exists refresh_athlete_news(uuid[])`.execute(db);
  await sql`drop function if exists match_event_is_news(text, text, text)`.execute(db);
  await sql`drop table if exists athlete_news`.execute(db);
  await sql`create index if not exists matches_athlete_idx on matches (athlete_id)`.execute(db);
  await sql`drop index if exists matches_athlete_changed_idx`.execute(db);
}
