import { CONVERSATION_MESSAGES, MESSAGE_PAGE_SIZE, MESSAGES_PER_SENDER_PER_DAY, messageCreateSchema, messageListQuerySchema, type ConversationParticipant, type ConversationThread } from '@app/domain';
import { recordNotificationEvent, type Database, type Role } from '@app/worker';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import { currentUser, requireRole, type SessionUser } from '../auth/session.ts';
import { conflict, HttpError, notFound } from '../lib/http-errors.ts';
import { isUuid } from '../lib/ids.ts';
import { conversationMessageSchema, conversationThreadSchema, errorResponses } from '@app/domain';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const CONVERSATION_CLOSED = 'This conversation is closed: the match was declined.';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A match's thread as one participant may see it (M9), or null for anyone else (404: no leak).
 * The coach of the match sees it; the athlete and the agent of the athlete's agency once the match
 * was shared and not hidden, or once it was ever accepted (messages are kept forever).
 */
async function loadThread(db: Db, matchId: string, user: SessionUser, lock = false) {
  let query = db
    .selectFrom('matches as m')
    .innerJoin('coach_requests as r', 'r.id', 'm.request_id')
    .innerJoin('athletes as a', 'a.id', 'm.athlete_id')
    .innerJoin('coaches as c', 'c.id', 'm.coach_id')
    .leftJoin('agents as g', 'g.agency', 'a.agency')
    .select([
      'm.id',
      'm.status',
      'm.request_id',
      'm.athlete_id',
      'm.coach_id',
      'a.full_name as athlete_name',
      sql<string>`trim(c.first_name || ' ' || c.last_name)`.as('coach_name'),
      'g.id as agent_id',
      sql<string | null>`trim(g.first_name || ' ' || g.last_name)`.as('agent_name'),
      sql<boolean>`(m.status in ('pending', 'accepted') or exists (select 1 from match_events e where e.match_id = m.id and e.to_status = 'accepted'))`.as('visible_to_athlete'),
    ])
    .where('m.id', '=', matchId)
    .where('r.deleted_at', 'is', null);
  if (lock) query = query.forUpdate('m');
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const allowed = user.role === 'coach' ? row.coach_id === user.id : row.visible_to_athlete && (user.role === 'athlete' ? row.athlete_id === user.id : row.agent_id === user.id);
  return allowed ? row : null;
}

type ThreadRow = NonNullable<Awaited<ReturnType<typeof loadThread>>>;

function participants(row: ThreadRow): ConversationParticipant[] {
  const list: ConversationParticipant[] = [
    { role: 'coach', name: row.coach_name },
    { role: 'athlete', name: row.athlete_name },
  ];
  if (row.agent_id) list.push({ role: 'agent', name: row.agent_name ?? 'Agent' });
  return list;
}

function senderName(row: ThreadRow, role: Role): string {
  return role === 'coach' ? row.coach_name : role === 'athlete' ? row.athlete_name : (row.agent_name ?? 'Agent');
}

/** Why the thread takes no message now, or null. */
function cannotSend(row: ThreadRow): string | null {
  if (row.status === 'accepted') return null;
  return row.status === 'pending' ? CONVERSATION_MESSAGES.notAccepted : CONVERSATION_CLOSED;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const params = z.object({ id: z.string() });

/** Conversations (M9): one thread per accepted match between its coach, athlete and agent. */
export async function conversationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const participant = requireRole('athlete', 'coach', 'agent');
  const { db } = app.services;

  app.get('/matches/:id/messages', { onRequest: participant, schema: { params, querystring: messageListQuerySchema, response: { 200: conversationThreadSchema, ...errorResponses } } }, async (request): Promise<ConversationThread> => {
    const user = currentUser(request);
    const { id } = request.params;
    const thread = isUuid(id) ? await loadThread(db, id, user) : null;
    if (!thread) throw notFound(CONVERSATION_NOT_FOUND);
    let query = db
      .selectFrom('messages')
      .select(['id', 'sender_role', 'body', 'created_at'])
      .where('match_id', '=', id)
      .orderBy('seq', 'desc')
      .limit(MESSAGE_PAGE_SIZE + 1);
    const { before } = request.query;
    if (before) query = query.where('seq', '<', (eb) => eb.selectFrom('messages').select('seq').where('id', '=', before).where('match_id', '=', id));
    const rows = await query.execute();
    const page = rows.slice(0, MESSAGE_PAGE_SIZE).reverse();
    const reason = cannotSend(thread);
    return {
      participants: participants(thread),
      messages: page.map((m) => ({ id: m.id, sender: { role: m.sender_role, name: senderName(thread, m.sender_role) }, body: m.body, createdAt: iso(m.created_at) })),
      hasMore: rows.length > MESSAGE_PAGE_SIZE,
      canSend: reason === null,
      ...(reason ? { cannotSendReason: reason } : {}),
    };
  });

  app.post('/matches/:id/messages', { onRequest: participant, schema: { params, body: messageCreateSchema, response: { 201: conversationMessageSchema, ...errorResponses } } }, async (request, reply) => {
    const user = currentUser(request);
    const { id } = request.params;
    if (!isUuid(id)) throw notFound(CONVERSATION_NOT_FOUND);
    const message = await db.transaction().execute(async (trx) => {
      // The match row lock serializes the thread's posts, so the daily count cannot be raced.
      const thread = await loadThread(trx, id, user, true);
      if (!thread) throw notFound(CONVERSATION_NOT_FOUND);
      const reason = cannotSend(thread);
      if (reason) throw conflict(reason);
      const today = await trx
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('match_id', '=', id)
        .where('sender_id', '=', user.id)
        .where('created_at', '>=', sql<Date>`date_trunc('day', now() at time zone 'utc') at time zone 'utc'`)
        .executeTakeFirstOrThrow();
      if (Number(today.n) >= MESSAGES_PER_SENDER_PER_DAY) throw new HttpError(429, CONVERSATION_MESSAGES.rateLimited);
      const row = await trx
        .insertInto('messages')
        .values({ match_id: id, sender_id: user.id, sender_role: user.role, body: request.body.body })
        .returning(['id', 'body', 'created_at'])
        .executeTakeFirstOrThrow();
      await recordNotificationEvent(trx, { kind: 'message', matchId: id, requestId: thread.request_id, athleteId: thread.athlete_id, actorId: user.id, data: { messageId: row.id } });
      return { id: row.id, sender: { role: user.role, name: senderName(thread, user.role) }, body: row.body, createdAt: iso(row.created_at) };
    });
    app.services.outbox.kick();
    return reply.code(201).send(message);
  });
}
