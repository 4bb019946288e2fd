import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_BY_ROLE,
  notificationListQuerySchema,
  notificationReadSchema,
  notificationSettingsSchema,
  type NotificationKind,
} from '@app/domain';
import { verifyUnsubscribeToken, type LiveMessage } from '@app/worker';
import {
  emailSettings,
  emailTurnedOff,
  findLiveSession,
  findUserEmail,
  listNotifications,
  markNotificationsRead,
  notificationItem,
  notificationsSince,
  saveEmailSettings,
  unreadCount,
} from '@app/worker/store';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireRole } from '../auth/session.ts';
import { badRequest, HttpError } from '../lib/http-errors.ts';
import { z } from 'zod';
import {
  errorResponses,
  eventStreamSchema,
  notificationListSchema,
  notificationSettingsAnswerSchema,
  notificationUnreadSchema,
  unsubscribeInfoSchema,
} from '@app/domain';

export const NOTIFICATION_MESSAGES = {
  badToken: 'This unsubscribe link is not valid.',
  kindNotForRole: 'This notification kind does not apply to your account.',
  tooManyStreams: 'Too many open live connections. Close another tab and try again.',
} as const;

/** A browser (Accept: text/html) opening an unsubscribe link is sent to the page that shows it. */
const redirectResponse = z.undefined().describe('To the unsubscribe page of the web app');
/** GET /api/events is written to the socket as Server-Sent Events, not serialized. */
const eventStream = { description: 'Server-Sent Events', content: { 'text/event-stream': { schema: eventStreamSchema } } };

/** A heartbeat comment keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Every this many heartbeats the stream checks its session is still live (signed out, expired: it ends). */
const SESSION_CHECK_EVERY = 4;
/** Open streams per user and API process (tabs, devices); more is refused with 429. */
export const MAX_STREAMS_PER_USER = 10;
/** At most this many missed notifications are replayed on a Last-Event-ID resume. */
const RESUME_MAX = 100;

/**
 * The open event streams of this process, by user. Live events arrive on the bus (Redis pub/sub
 * across API processes, or in process) and are written to the streams of the users they name.
 */
class StreamRegistry {
  private readonly streams = new Map<string, Set<(message: LiveMessage) => void>>();
  count(userId: string) {
    return this.streams.get(userId)?.size ?? 0;
  }
  add(userId: string, send: (message: LiveMessage) => void) {
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(send);
    return () => {
      set.delete(send);
      if (set.size === 0) this.streams.delete(userId);
    };
  }
  dispatch = (message: LiveMessage) => {
    for (const userId of message.userIds) for (const send of this.streams.get(userId) ?? []) send(message);
  };
}

function sseFrame(message: { event: string; data: unknown; id?: string }) {
  return `${message.id ? `id: ${message.id}\n` : ''}event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`;
}

/** The token of an unsubscribe call: ?token= or a JSON / form body { token }. */
function tokenOf(request: FastifyRequest): string | undefined {
  const q = (request.query as { token?: unknown } | undefined)?.token;
  if (typeof q === 'string') return q;
  const b = (request.body as { token?: unknown } | undefined)?.token;
  return typeof b === 'string' ? b : undefined;
}

/** In-app notifications, email settings, unsubscribe and the live event stream (decisions N1-N3). */
export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireRole('athlete', 'coach', 'agent');
  const { db, live } = app.services;

  const registry = new StreamRegistry();
  const unsubscribeBus = live.subscribe(registry.dispatch);
  const closers = new Set<() => void>();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const close of closers) close();
  });
  app.addHook('onClose', async () => unsubscribeBus());

  app.get(
    '/notifications',
    { onRequest: signedIn, schema: { querystring: notificationListQuerySchema, response: { 200: notificationListSchema, ...errorResponses } } },
    async (request) => {
      const user = currentUser(request);
      const { limit, before } = request.query;
      return listNotifications(db, user.id, { limit, before });
    },
  );

  app.post(
    '/notifications/read',
    { onRequest: signedIn, schema: { body: notificationReadSchema, response: { 200: notificationUnreadSchema, ...errorResponses } } },
    async (request) => {
      const user = currentUser(request);
      const { body } = request;
      return { unread: await markNotificationsRead(db, user.id, 'ids' in body ? { ids: body.ids } : 'thread' in body ? { thread: body.thread } : {}) };
    },
  );

  app.get(
    '/notification-settings',
    { onRequest: signedIn, schema: { response: { 200: notificationSettingsAnswerSchema, ...errorResponses } } },
    async (request) => {
      const user = currentUser(request);
      return emailSettings(db, user.id, user.role);
    },
  );

  app.put(
    '/notification-settings',
    { onRequest: signedIn, schema: { body: notificationSettingsSchema, response: { 200: notificationSettingsAnswerSchema, ...errorResponses } } },
    async (request) => {
      const user = currentUser(request);
      const entries = Object.entries(request.body.email) as Array<[NotificationKind, boolean]>;
      if (entries.some(([kind]) => !NOTIFICATION_KINDS_BY_ROLE[user.role].includes(kind))) throw badRequest(NOTIFICATION_MESSAGES.kindNotForRole);
      await saveEmailSettings(db, user.id, entries);
      return emailSettings(db, user.id, user.role);
    },
  );

  // Unsubscribe works signed out: the signed token names the user and the kind. The one-click
  // POST of mail clients (RFC 8058) sends a form body, read here as such.
  await app.register(async (unsubscribe) => {
    unsubscribe.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    async function resolve(request: FastifyRequest) {
      const token = tokenOf(request);
      const target = token && token.length <= 1000 ? await verifyUnsubscribeToken(db, token) : null;
      if (!target) throw badRequest(NOTIFICATION_MESSAGES.badToken);
      const email = await findUserEmail(db, target.userId);
      if (email === undefined) throw badRequest(NOTIFICATION_MESSAGES.badToken);
      return { ...target, email };
    }
    unsubscribe.get(
      '/notifications/unsubscribe',
      { schema: { response: { 200: unsubscribeInfoSchema, 303: redirectResponse, ...errorResponses } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // A browser opening the List-Unsubscribe address (a mail client without one-click) gets the page.
        const token = tokenOf(request);
        if (token && /\btext\/html\b/.test(request.headers.accept ?? '')) return reply.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
        const target = await resolve(request);
        const unsubscribed = await emailTurnedOff(db, target.userId, target.kind);
        return { kind: target.kind, label: NOTIFICATION_KIND_LABELS[target.kind], email: target.email, unsubscribed };
      },
    );
    unsubscribe.post('/notifications/unsubscribe', { schema: { response: { 200: unsubscribeInfoSchema, ...errorResponses } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const target = await resolve(request);
      await saveEmailSettings(db, target.userId, [[target.kind, false]]);
      return { kind: target.kind, label: NOTIFICATION_KIND_LABELS[target.kind], email: target.email, unsubscribed: true };
    });
  });

  /**
   * The live stream (Server-Sent Events) of the signed-in user. Notification events carry their
   * seq as id; a reconnect with Last-Event-ID first replays the notifications created since.
   */
  app.get('/events', { onRequest: signedIn, schema: { response: { 200: eventStream, ...errorResponses } } }, async (request, reply) => {
    const user = currentUser(request);
    if (registry.count(user.id) >= MAX_STREAMS_PER_USER) throw new HttpError(429, NOTIFICATION_MESSAGES.tooManyStreams);
    const lastId = request.headers['last-event-id'];
    const resumeFrom = typeof lastId === 'string' && /^\d{1,18}$/.test(lastId) ? lastId : null;
    // Registered before the replay is read, so nothing published meanwhile falls between the two;
    // what arrives before the stream is open waits here.
    const early: LiveMessage[] = [];
    let send: ((message: LiveMessage) => void) | null = null;
    const removeStream = registry.add(user.id, (message) => (send ? send(message) : early.push(message)));
    let missed: Awaited<ReturnType<typeof notificationsSince>>;
    let unread: number;
    try {
      missed = resumeFrom ? await notificationsSince(db, user.id, resumeFrom, RESUME_MAX) : [];
      unread = missed.length > 0 ? await unreadCount(db, user.id) : 0;
    } catch (error) {
      removeStream();
      throw error;
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    res.write('retry: 3000\n\n');
    for (const row of missed) res.write(sseFrame({ event: 'notification', id: String(row.seq), data: { notification: notificationItem(row), unread } }));

    const replayed = new Set(missed.map((row) => String(row.seq)));
    send = (message) => res.write(sseFrame(message));
    for (const message of early) if (!message.id || !replayed.has(message.id)) send(message);
    let beats = 0;
    const heartbeat = setInterval(() => {
      res.write(': hb\n\n');
      if (++beats % SESSION_CHECK_EVERY !== 0) return;
      findLiveSession(db, user.sessionHash)
        .then((session) => {
          if (!session) close();
        })
        .catch(() => {
          /* the database is unreachable: keep the stream; the next check decides */
        });
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      clearInterval(heartbeat);
      removeStream();
      closers.delete(close);
      if (!res.writableEnded) res.end();
    };
    closers.add(close);
    request.raw.on('close', close);
    res.on('error', close);
  });
}
