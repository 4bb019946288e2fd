import {
  CONVERSATION_MESSAGES,
  conversationListQuerySchema,
  messageCreateSchema,
  messageListQuerySchema,
  splitList,
  type ConversationAbout,
  type ConversationList,
  type ConversationParticipant,
  type ConversationThread,
} from '@app/domain';
import { listThreads, postMessage, readThread, senderName, threadClosedReason, unreadThreads, type ThreadRow } from '@app/worker/store';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireRole } from '../auth/session.ts';
import { conflict, HttpError, notFound } from '../lib/http-errors.ts';
import {
  conversationListSchema,
  conversationMessageSchema,
  conversationThreadSchema,
  errorResponses,
  unreadThreadsSchema,
  type UnreadThreads,
} from '@app/domain';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const CONVERSATION_CLOSED = 'This conversation is closed: the match was declined.';

type Participants = Pick<ThreadRow, 'coach_name' | 'athlete_name' | 'agent_id' | 'agent_name'>;

function participants(row: Participants): ConversationParticipant[] {
  const list: ConversationParticipant[] = [
    { role: 'coach', name: row.coach_name },
    { role: 'athlete', name: row.athlete_name },
  ];
  if (row.agent_id) list.push({ role: 'agent', name: row.agent_name ?? 'Agent' });
  return list;
}

/** What the thread is about: the request's positions and teams, and the coach's program. */
function aboutOf(row: Pick<ThreadRow, 'program_name' | 'request_positions' | 'request_teams'>): ConversationAbout {
  return { programName: row.program_name || null, positions: splitList(row.request_positions), teamCategories: splitList(row.request_teams) };
}

/** Why a thread takes no message, in the user's words. */
const closedMessage = (reason: 'not-accepted' | 'declined') => (reason === 'not-accepted' ? CONVERSATION_MESSAGES.notAccepted : CONVERSATION_CLOSED);

/** Why the thread takes no message now, or null. */
function cannotSend(row: ThreadRow): string | null {
  const closed = threadClosedReason(row);
  return closed === null ? null : closedMessage(closed);
}

const iso = (d: Date | string) => new Date(d).toISOString();
const params = z.object({ id: z.string() });

/** Conversations (M9): one thread per accepted match between its coach, athlete and agent. */
export async function conversationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const participant = requireRole('athlete', 'coach', 'agent');
  const { db } = app.services;

  /** A page of the user's threads that hold a message, the most recently active first. */
  app.get(
    '/conversations',
    { onRequest: participant, schema: { querystring: conversationListQuerySchema, response: { 200: conversationListSchema, ...errorResponses } } },
    async (request): Promise<ConversationList> => {
      const { before, q, unread } = request.query;
      const { threads, hasMore } = await listThreads(db, currentUser(request), { before, q, unreadOnly: unread === 'yes' });
      return {
        hasMore,
        conversations: threads.map((row) => ({
          matchId: row.id,
          about: aboutOf(row),
          participants: participants(row),
          lastMessage: {
            id: row.last_id,
            sender: { role: row.last_sender_role, name: senderName(row, row.last_sender_role) },
            body: row.last_body,
            createdAt: iso(row.last_created_at),
          },
          canSend: threadClosedReason(row) === null,
          unread: row.unread,
        })),
      };
    },
  );

  /** The user's threads with new messages and how many each: the markers on match cards. */
  app.get(
    '/conversations/unread',
    { onRequest: participant, schema: { response: { 200: unreadThreadsSchema, ...errorResponses } } },
    async (request): Promise<UnreadThreads> => ({ threads: await unreadThreads(db, currentUser(request)) }),
  );

  app.get(
    '/matches/:id/messages',
    { onRequest: participant, schema: { params, querystring: messageListQuerySchema, response: { 200: conversationThreadSchema, ...errorResponses } } },
    async (request): Promise<ConversationThread> => {
      const user = currentUser(request);
      const { id } = request.params;
      const read = await readThread(db, id, user, request.query.before);
      if (!read.ok) throw notFound(CONVERSATION_NOT_FOUND);
      const { thread, messages: page, hasMore } = read.value;
      const reason = cannotSend(thread);
      return {
        participants: participants(thread),
        about: aboutOf(thread),
        messages: page.map((m) => ({
          id: m.id,
          sender: { role: m.sender_role, name: senderName(thread, m.sender_role) },
          body: m.body,
          createdAt: iso(m.created_at),
        })),
        hasMore,
        canSend: reason === null,
        ...(reason ? { cannotSendReason: reason } : {}),
        unread: thread.unread,
      };
    },
  );

  app.post(
    '/matches/:id/messages',
    { onRequest: participant, schema: { params, body: messageCreateSchema, response: { 201: conversationMessageSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      const posted = await postMessage(db, id, user, request.body.body);
      if (!posted.ok) {
        if (posted.reason === 'rate-limited') throw new HttpError(429, CONVERSATION_MESSAGES.rateLimited);
        if (posted.reason === 'not-found') throw notFound(CONVERSATION_NOT_FOUND);
        throw conflict(closedMessage(posted.reason));
      }
      const { thread, message: row } = posted.value;
      const message = { id: row.id, sender: { role: user.role, name: senderName(thread, user.role) }, body: row.body, createdAt: iso(row.created_at) };
      app.services.outbox.kick();
      return reply.code(201).send(message);
    },
  );
}
