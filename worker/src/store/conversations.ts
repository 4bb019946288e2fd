import { foldName, isUuid, MESSAGE_PAGE_SIZE, MESSAGES_PER_SENDER_PER_DAY, type Role } from '@app/domain';
import { sql, type Kysely } from 'kysely';
import { executePrepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { markThreadRead, recordNotificationEvent } from './notifications.ts';
import { coachText, requestJson } from './profile-sql.ts';
import { nameContains } from './roster.ts';
import { found, refusedWith, type Db } from './result.ts';

/** Conversations (M9): one thread per match between its coach, athlete and the athlete's agent. */

/** Who reads or writes a thread. */
export interface ThreadReader {
  id: string;
  role: Role;
}

/**
 * Who may see a match's thread (M9), as a condition on `m` (matches): the match's coach; the
 * athlete and the agent of their agency (the match's) once the match was shared and
 * not hidden, or once it was ever accepted (messages are kept forever). The one home of the rule:
 * a thread (loadThread) and the list of threads (listThreads) both read through it.
 */
function visibleTo(user: ThreadReader) {
  const sharedOrAccepted = sql<boolean>`(m.status in ('pending', 'accepted') or exists (select 1 from match_events e where e.match_id = m.id and e.to_status = 'accepted'))`;
  if (user.role === 'coach') return sql<boolean>`m.coach_id = ${user.id}`;
  if (user.role === 'athlete') return sql<boolean>`(m.athlete_id = ${user.id} and ${sharedOrAccepted})`;
  // The agent's agency as a value (not through `g`), so its threads are one range of an index on the agency.
  return sql<boolean>`(m.agency = (select own.agency from agents own where own.id = ${user.id}) and ${sharedOrAccepted})`;
}

/** The matches whose threads `reader` may see (visibleTo), of live requests: `m` (matches) and `r` (its request). */
function visibleMatches(db: Db, reader: ThreadReader) {
  return db.selectFrom('matches as m').innerJoin('coach_requests as r', 'r.id', 'm.request_id').where('r.deleted_at', 'is', null).where(visibleTo(reader));
}

/** What a thread is about (its request's positions and teams), from its request `r`. */
const threadRequestColumns = [
  requestJson<string[] | null>('positions').as('request_positions'),
  requestJson<string[] | null>('teamCategories').as('request_teams'),
];

/**
 * Who is in a thread and the coach's program, from its athlete `a`, coach `c` and agent `g`. An
 * agency has one agent (agents_agency_key); the match carries its athlete's agency (triggers keep
 * it), so `g` joins on that, and the agent's threads are one index range (listThreads).
 */
const threadPeopleColumns = [
  sql<string>`a.full_name`.as('athlete_name'),
  sql<string>`trim(c.first_name || ' ' || c.last_name)`.as('coach_name'),
  sql<string | null>`g.id`.as('agent_id'),
  sql<string | null>`trim(g.first_name || ' ' || g.last_name)`.as('agent_name'),
  coachText('programName').as('program_name'),
];

/**
 * The threads `reader` may see (visibleMatches), with who is in each and what it is about: a
 * thread's read narrows it to one match.
 */
function visibleThreads(db: Db, reader: ThreadReader) {
  return visibleMatches(db, reader)
    .innerJoin('athletes as a', 'a.id', 'm.athlete_id')
    .innerJoin('coaches as c', 'c.id', 'm.coach_id')
    .leftJoin('agents as g', 'g.agency', 'm.agency')
    .select(['m.id', 'm.status', 'm.request_id', 'm.athlete_id', 'm.coach_id', ...threadPeopleColumns, ...threadRequestColumns]);
}

/**
 * The reader's messages not seen yet: their unread 'message' notifications, as a condition on `n`
 * (notifications; driven by the reader's unread ones, notifications_unread_idx).
 */
const unreadMessageNotifications = (reader: ThreadReader) => sql<boolean>`n.user_id = ${reader.id} and n.read_at is null and n.kind = 'message'`;

/**
 * How many messages of each thread are new to the reader (`match_id`, `unread`): their unread
 * message notifications with the events that name the match, grouped by match. The one home of
 * the count: a thread, the list of threads (counted once for the whole page, not once per thread)
 * and the cards' markers (unreadThreads) read it.
 */
const unreadByThread = (db: Db, reader: ThreadReader) =>
  db
    .selectFrom('notifications as n')
    .innerJoin('notification_events as e', 'e.id', 'n.event_id')
    .select(['e.match_id', sql<number>`count(*)::int`.as('unread')])
    .where(unreadMessageNotifications(reader))
    .where('e.match_id', 'is not', null)
    .groupBy('e.match_id');

/** A match's thread as one participant may see it (visibleTo), or null for anyone else (the caller answers 404: no leak). */
async function loadThread(db: Db, matchId: string, user: ThreadReader, lock = false) {
  if (!isUuid(matchId)) return null;
  let query = visibleThreads(db, user).where('m.id', '=', matchId);
  if (lock) query = query.forUpdate('m');
  return (await query.executeTakeFirst()) ?? null;
}

export type ThreadRow = NonNullable<Awaited<ReturnType<typeof loadThread>>>;

/** The name each role signs its messages with in this thread. */
export function senderName(row: Pick<ThreadRow, 'coach_name' | 'athlete_name' | 'agent_name'>, role: Role): string {
  return role === 'coach' ? row.coach_name : role === 'athlete' ? row.athlete_name : (row.agent_name ?? 'Agent');
}

/**
 * Every message of every thread `reader` may see, oldest first within each thread, with who wrote
 * it: the reader's copy of their conversations (GET /account/export).
 */
export async function messagesVisibleTo(db: Db, reader: ThreadReader) {
  const rows = await visibleThreads(db, reader)
    .innerJoin('messages as msg', 'msg.match_id', 'm.id')
    .select(['msg.sender_role', 'msg.sender_id', 'msg.body', 'msg.created_at as sent_at'])
    .orderBy('m.id')
    .orderBy('msg.seq')
    .execute();
  return rows.map((row) => ({ ...row, sender_name: senderName(row, row.sender_role) }));
}

/** Why the thread takes no message now (the match is not accepted yet, or was declined), or null. */
export function threadClosedReason(row: Pick<ThreadRow, 'status'>): 'not-accepted' | 'declined' | null {
  if (row.status === 'accepted') return null;
  return row.status === 'pending' ? 'not-accepted' : 'declined';
}

/**
 * The thread (with how many of its messages are new to the reader) and a page of its messages,
 * oldest first (`before`: the id of the oldest message already shown), with whether older ones
 * exist; not-found for anyone who may not see it.
 */
export async function readThread(db: Db, matchId: string, reader: ThreadReader, before?: string) {
  if (!isUuid(matchId)) return refusedWith('not-found');
  const thread = await visibleThreads(db, reader)
    .leftJoin(unreadByThread(db, reader).as('u'), 'u.match_id', 'm.id')
    .where('m.id', '=', matchId)
    .select(sql<number>`coalesce(u.unread, 0)`.as('unread'))
    .executeTakeFirst();
  if (!thread) return refusedWith('not-found');
  let query = db
    .selectFrom('messages')
    .select(['id', 'sender_role', 'body', 'created_at'])
    .where('match_id', '=', matchId)
    .orderBy('seq', 'desc')
    .limit(MESSAGE_PAGE_SIZE + 1);
  if (before) query = query.where('seq', '<', (eb) => eb.selectFrom('messages').select('seq').where('id', '=', before).where('match_id', '=', matchId));
  const rows = await query.execute();
  return found({ thread, messages: rows.slice(0, MESSAGE_PAGE_SIZE).reverse(), hasMore: rows.length > MESSAGE_PAGE_SIZE });
}

/**
 * Posts a message to the thread, with its notification event (and outbox row) in the same
 * transaction, and marks the sender's new-message notifications of the thread read. The match row
 * lock serializes the thread's posts, so the daily count cannot be raced. Refused: not-found (may
 * not see it), not-accepted / declined (threadClosedReason), rate-limited (the sender's daily
 * limit).
 */
export async function postMessage(db: Kysely<Database>, matchId: string, sender: ThreadReader, body: string) {
  return db.transaction().execute(async (trx) => {
    const thread = await loadThread(trx, matchId, sender, true);
    if (!thread) return refusedWith('not-found');
    const closed = threadClosedReason(thread);
    if (closed) return refusedWith(closed);
    const today = await trx
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('match_id', '=', matchId)
      .where('sender_id', '=', sender.id)
      .where('created_at', '>=', sql<Date>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`)
      .executeTakeFirstOrThrow();
    if (Number(today.n) >= MESSAGES_PER_SENDER_PER_DAY) return refusedWith('rate-limited');
    const row = await trx
      .insertInto('messages')
      .values({ match_id: matchId, sender_id: sender.id, sender_role: sender.role, body })
      .returning(['id', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    await recordNotificationEvent(trx, {
      kind: 'message',
      matchId,
      requestId: thread.request_id,
      athleteId: thread.athlete_id,
      actorId: sender.id,
      data: { messageId: row.id },
    });
    // Whoever writes in a thread has read it: its new messages are no longer new to them.
    await markThreadRead(trx, sender.id, matchId);
    return found({ thread, message: row });
  });
}

/** How many threads a page of the conversation list holds (the most recently active first). */
export const THREAD_LIST_PAGE = 50;
/** How much of a thread's latest message the list carries (characters). */
const LAST_MESSAGE_PREVIEW = 200;

/** Which of the reader's threads a page of the list holds. */
export interface ThreadListQuery {
  /** The latest message of the last thread already shown: the page holds threads active earlier. */
  before?: string;
  /** A part of a participant's name (athlete, coach, agent) or of the coach's program, any case. */
  q?: string;
  /** Only threads with messages new to the reader. */
  unreadOnly?: boolean;
}

/**
 * A thread of `m` whose athlete (`a`, joined), coach, agent or program is named with `q` (any
 * case, with or without accents, as the roster's name search: the characters are letters and the like, no wildcards, domain
 * searchTextSchema). The coaches and the agents so named are found once, as hashed sets of ids and
 * agencies: joined to each thread walked, they cost two index probes per thread (454 threads for
 * "mar" at the benchmark's largest agency).
 */
function threadNamed(q: string) {
  const pattern = `%${foldName(q)}%`;
  return sql<boolean>`(${nameContains(q)}
    or m.coach_id in (select c.id from coaches c
      where fold_name(c.first_name || ' ' || c.last_name) like ${pattern} or fold_name(coalesce(${coachText('programName')}, '')) like ${pattern})
    or m.agency in (select g.agency from agents g where fold_name(coalesce(g.first_name || ' ' || g.last_name, '')) like ${pattern}))`;
}

/**
 * A page of the threads a participant may see (visibleTo) that hold at least one message, the most
 * recently active first, each with what it is about, who else is in it, its latest message and how
 * many of its messages are new to the reader; narrowed by a name (`q`) or to threads with new
 * messages. `before` (the latest message of the last thread already shown) pages back in time. A
 * thread that receives a message moves to the first page.
 */
export async function listThreads(db: Db, reader: ThreadReader, { before, q, unreadOnly = false }: ThreadListQuery = {}) {
  // The page's threads first, in the order of the reader's threads' index (by coach, athlete or
  // agency, then the latest message's time, migration 2026-12-02T13-00): the page walks the first
  // entries of that range with only what decides whether a thread is on it, and stops. Only then
  // does each of its threads read who is in it, its latest message and its count: joined to the
  // walk, the counts made it hinge on the planner's estimate of the range (estimated as one
  // thread, the page hashed all of the largest agency's 4,000 threads and sorted them, 33 ms), and
  // the people were read for every thread walked, not only the listed ones (the benchmark's agent:
  // 148 unread threads for 50 listed, 1.9 -> 1.5 ms; "mar", 454 threads walked, 2.9 -> 2.1 ms).
  let page = visibleMatches(db, reader)
    .select(['m.id', 'm.status', 'm.request_id', 'm.athlete_id', 'm.coach_id', 'm.agency', 'm.last_message_at', ...threadRequestColumns])
    .where('m.last_message_at', 'is not', null)
    .orderBy('m.last_message_at', 'desc')
    .orderBy('m.id', 'desc')
    // The page's size is written into the text (as a parameter, the generic plan guessed its rows
    // at a tenth of the range, and planned the joins of the page's people for that many).
    .limit(sql.lit(THREAD_LIST_PAGE + 1));
  // After the cursor's place in that order (the thread's latest message then); an unknown cursor
  // reads as past the end (an empty page).
  if (before) page = page.where(sql<boolean>`(m.last_message_at, m.id) < (select b.created_at, b.match_id from messages b where b.id = ${before})`);
  if (q) page = page.innerJoin('athletes as a', 'a.id', 'm.athlete_id').where(threadNamed(q));
  // The reader's unread threads read once, as a list of ids (an init plan): as a join or a
  // semi-join, Postgres joined them again for each thread it walked (38 ms at the largest agency).
  if (unreadOnly) page = page.where(sql<boolean>`m.id = any(array(select u.match_id from (${unreadByThread(db, reader)}) u))`);
  const query = db
    .selectFrom(page.as('t'))
    .innerJoin('athletes as a', 'a.id', 't.athlete_id')
    .innerJoin('coaches as c', 'c.id', 't.coach_id')
    .leftJoin('agents as g', 'g.agency', 't.agency')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('messages as l')
          // The list shows the start of the latest message only.
          .select(['l.id', 'l.sender_role', sql<string>`left(l.body, ${LAST_MESSAGE_PREVIEW})`.as('body'), 'l.created_at'])
          .whereRef('l.match_id', '=', 't.id')
          .orderBy('l.seq', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    // Counted once for the page: the reader's unread message notifications grouped by thread (as a
    // subquery per thread, Postgres walked them again for each of the page's threads).
    .leftJoin(unreadByThread(db, reader).as('u'), 'u.match_id', 't.id')
    .select([
      't.id',
      't.status',
      't.request_id',
      't.athlete_id',
      't.coach_id',
      ...threadPeopleColumns,
      't.request_positions',
      't.request_teams',
      't.last_message_at',
    ])
    .select(['last.id as last_id', 'last.sender_role as last_sender_role', 'last.body as last_body', 'last.created_at as last_created_at'])
    .select(sql<number>`coalesce(u.unread, 0)`.as('unread'))
    .orderBy('t.last_message_at', 'desc')
    .orderBy('t.id', 'desc');
  // Prepared: planning the page (its seven joins) cost Postgres more than running it, 1.5-3 ms a read.
  const rows = await executePrepared(db, query);
  return { threads: rows.slice(0, THREAD_LIST_PAGE), hasMore: rows.length > THREAD_LIST_PAGE };
}

/** At most this many threads' counts are answered by unreadThreads (those notified most recently). */
export const UNREAD_THREADS_MAX = 200;

/**
 * The reader's threads with messages new to them, and how many each (the markers on the match
 * cards' way into a thread), the most recently notified first. It reads the reader's own unread
 * notifications only: a thread they can no longer open has no card to mark.
 */
export async function unreadThreads(db: Db, reader: ThreadReader): Promise<Array<{ matchId: string; unread: number }>> {
  // Prepared: every page's top bar asks (planning was 0.2 ms of its 0.7 ms round trip in process).
  const rows = await executePrepared(
    db,
    unreadByThread(db, reader)
      .orderBy(sql`max(n.seq)`, 'desc')
      .limit(UNREAD_THREADS_MAX),
  );
  return rows.map((row) => ({ matchId: row.match_id!, unread: row.unread }));
}
