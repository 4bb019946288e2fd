import type { Database } from '@app/worker';
import { sql, type Kysely } from 'kysely';

/** How far back the seeded shares go: four weeks, so about a quarter falls in the agents' news (NEWS_DAYS, 7). */
export const SEEDED_MATCH_MINUTES = 28 * 24 * 60;

/**
 * The coaches' work on a seeded database whose match index is built (the benchmark's template):
 * each live request's `perRequest` best-ranked athletes (S12 order), as a coach would go down the
 * list over the past four weeks. Every twelfth of them is a private decline (never shared, M8);
 * the others were shared, and of those two in five are still pending, two accepted and one
 * declined by the athlete some time after the share. The audit trail (match_events) holds each
 * move, with its time, as the product writes it. Deterministic: the same index gives the same
 * matches, at the same distance from now(). No notification or conversation is written. On a
 * database with no match yet; returns the matches and events it holds after.
 */
export async function seedMatches(db: Kysely<Database>, perRequest: number): Promise<{ matches: number; events: number }> {
  await sql`
    with req as (
      select r.id, r.coach_id, row_number() over (order by r.id) as q from coach_requests r where r.deleted_at is null),
    picked as (
      select req.id as request_id, req.coach_id, t.athlete_id, t.k, req.q,
             now() - make_interval(mins => ((t.k * 7919 + req.q * 104729) % ${SEEDED_MATCH_MINUTES} + 1)::int) as first_at
      from req cross join lateral (
        select ms.athlete_id, row_number() over (order by ms.score desc, ms.athlete_updated_at desc, ms.athlete_id) as k
        from match_scores ms where ms.request_id = req.id
        order by ms.score desc, ms.athlete_updated_at desc, ms.athlete_id limit ${perRequest}) t),
    planned as (
      select *, case when k % 12 = 0 then 'private' when (k + q) % 5 < 2 then 'pending' when (k + q) % 5 < 4 then 'accepted' else 'declined' end as outcome
      from picked)
    insert into matches (request_id, athlete_id, coach_id, status, status_by, auto_resolved, shared_at, created_at, updated_at)
    select request_id, athlete_id, coach_id,
           case outcome when 'private' then 'declined' else outcome end,
           case when outcome in ('private', 'pending') then 'coach' else 'athlete' end,
           false,
           case when outcome <> 'private' then first_at end,
           first_at,
           case when outcome in ('accepted', 'declined') then first_at + (now() - first_at) / 2 else first_at end
    from planned`.execute(db);
  // The trail, once the matches are there and counted (its trigger reads each event's match by id:
  // planned on a table it thought empty, that was a scan of every match per event).
  await sql`analyze matches`.execute(db);
  await sql`
    insert into match_events (match_id, from_status, to_status, actor_role, actor_id, created_at)
    select id, null, case when status_by = 'coach' then status else 'pending' end, 'coach', coach_id, created_at
    from matches
    union all
    select id, 'pending', status, 'athlete', athlete_id, updated_at
    from matches where status_by = 'athlete'`.execute(db);
  const { rows } = await sql<{ matches: string; events: string }>`
    select (select count(*) from matches) as matches, (select count(*) from match_events) as events`.execute(db);
  return { matches: Number(rows[0].matches), events: Number(rows[0].events) };
}

/**
 * The conversations of the seeded matches (after seedMatches): in each accepted match the athlete
 * wrote once, a minute after it was accepted, and in about one of three (by the match's id, which
 * is random) the coach answered a minute later; the agent of each athlete's agency has not read
 * about one answer in ten (a message notification, as the worker writes them). On a database with no message yet,
 * returns the messages and message notifications it holds after.
 */
export async function seedConversations(db: Kysely<Database>): Promise<{ messages: number; notifications: number }> {
  await sql`
    insert into messages (match_id, sender_id, sender_role, body, created_at)
    select id, athlete_id, 'athlete', 'Thank you for the match! When could we talk?', updated_at + interval '1 minute'
    from matches where status = 'accepted'`.execute(db);
  const answered = sql`from matches m where m.status = 'accepted' and abs(hashtext(m.id::text)) % 3 = 0`;
  await sql`
    insert into messages (match_id, sender_id, sender_role, body, created_at)
    select m.id, m.coach_id, 'coach', 'Great to hear from you. Are you free on Friday for a call?', m.updated_at + interval '2 minutes' ${answered}`.execute(
    db,
  );
  await sql`
    with ev as (
      insert into notification_events (kind, match_id, request_id, athlete_id, actor_id, data, created_at)
      select 'message', m.id, m.request_id, m.athlete_id, m.coach_id, '{}', m.updated_at + interval '2 minutes'
      ${answered} and abs(hashtext(m.id::text)) % 30 = 0
      returning id, athlete_id, created_at)
    insert into notifications (event_id, user_id, kind, title, body, link, email_status, created_at)
    select ev.id, g.id, 'message', 'New message', 'Great to hear from you.', '/messages', 'sent', ev.created_at
    from ev join athletes a on a.id = ev.athlete_id join agents g on g.agency = a.agency`.execute(db);
  await sql`vacuum analyze messages, notification_events, notifications`.execute(db);
  const { rows } = await sql<{ messages: string; notifications: string }>`
    select (select count(*) from messages) as messages, (select count(*) from notifications where kind = 'message') as notifications`.execute(db);
  return { messages: Number(rows[0].messages), notifications: Number(rows[0].notifications) };
}
