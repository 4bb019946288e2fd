import { sql, type Kysely } from 'kysely';

/**
 * When each athlete last had news (issue 18: the agent roster's first screen puts players with
 * news first). News is a match of a live request shared with the athlete or answered by them, as
 * the audit trail records it: an event from no status to one that is not a decline, or one of the
 * athlete's own. The roster counted each agency's news at read time from every event of the last
 * NEWS_DAYS, of every agency: with the coaches' shares of four weeks at the benchmark's size
 * (24,000 matches, 37,200 events), 38 ms of Postgres on every roster read, whatever its sort.
 * Stored here with the athlete's agency, the first screen walks the agency's latest news in order
 * and stops at the page's end; each page row counts its own news and shared matches.
 *
 * A page row's counts read the athlete's events and matches from index entries alone: each event
 * carries its match's athlete and request (filled by a trigger from the match, which never changes
 * either), and the matches' athlete index holds the columns the counts test. A request's liveness
 * is tested against the few deleted requests (a partial index), not by reading each request's row:
 * the best-ranked athletes have dozens of matches, and a page of them read about 1,900 rows of
 * matches, events and requests (7 ms).
 *
 * Kept by triggers, in the transaction of the change: a news event moves its athlete's time
 * forward (`greatest`, so two concurrent shares cannot undo each other); a request deleted (soft,
 * or with its matches) and a match removed recompute the time of their athletes from the trail;
 * the athlete's agency follows the athlete. `news_at` is the latest news ever: the roster applies
 * the window.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table match_events add column athlete_id uuid, add column request_id uuid`.execute(db);
  await sql`update match_events e set athlete_id = m.athlete_id, request_id = m.request_id from matches m where m.id = e.match_id`.execute(db);
  await sql`alter table match_events alter column athlete_id set not null, alter column request_id set not null`.execute(db);
  await sql`
    create function match_events_of_match() returns trigger language plpgsql as $$
    begin
      select m.athlete_id, m.request_id into new.athlete_id, new.request_id from matches m where m.id = new.match_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger match_events_of_match before insert on match_events for each row execute function match_events_of_match()`.execute(db);
  await sql`
    create index match_events_athlete_idx on match_events (athlete_id, created_at)
    include (request_id, from_status, to_status, actor_role)`.execute(db);
  await sql`drop index matches_athlete_idx`.execute(db);
  await sql`create index matches_athlete_idx on matches (athlete_id) include (request_id, status, shared_at)`.execute(db);
  await sql`create index coach_requests_deleted_idx on coach_requests (id) where deleted_at is not null`.execute(db);

  await sql`
    create table athlete_news (
      athlete_id uuid primary key references athletes(id) on delete cascade,
      agency text,
      news_at timestamptz not null
    )`.execute(db);
  await sql`create index athlete_news_agency_idx on athlete_news (agency, news_at desc, athlete_id)`.execute(db);

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
        from match_events ev join coach_requests r on r.id = ev.request_id and r.deleted_at is null
        where ev.athlete_id = a.id and match_event_is_news(ev.from_status, ev.to_status, ev.actor_role)) latest
      where a.id = any(ids) and latest.at is not null
      order by a.id
      on conflict (athlete_id) do update set news_at = excluded.news_at, agency = excluded.agency;
      delete from athlete_news n
      where n.athlete_id = any(ids)
        and not exists (
          select 1 from match_events ev join coach_requests r on r.id = ev.request_id and r.deleted_at is null
          where ev.athlete_id = n.athlete_id and match_event_is_news(ev.from_status, ev.to_status, ev.actor_role));
    $$`.execute(db);

  // A news event: its athlete's news is now (the event's time), unless a later one is stored.
  await sql`
    create function athlete_news_on_event() returns trigger language plpgsql as $$
    begin
      insert into athlete_news as n (athlete_id, agency, news_at)
      select e.athlete_id, a.agency, max(e.created_at)
      from new_rows e join athletes a on a.id = e.athlete_id
      where match_event_is_news(e.from_status, e.to_status, e.actor_role)
      group by e.athlete_id, a.agency
      order by e.athlete_id
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
  await sql`drop index if exists coach_requests_deleted_idx`.execute(db);
  await sql`drop index if exists matches_athlete_idx`.execute(db);
  await sql`create index matches_athlete_idx on matches (athlete_id)`.execute(db);
  await sql`drop index if exists match_events_athlete_idx`.execute(db);
  await sql`drop trigger if exists match_events_of_match on match_events`.execute(db);
  await sql`drop function if exists match_events_of_match()`.execute(db);
  await sql`alter table match_events drop column athlete_id, drop column request_id`.execute(db);
}
