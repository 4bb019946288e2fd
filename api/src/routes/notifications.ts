import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS_BY_ROLE,
  notificationListQuerySchema,
  notificationReadSchema,
  notificationSettingsSchema,
  type NotificationKind,
  type NotificationSettings,
} from '@app/domain';
import { notificationItem, unreadCount, verifyUnsubscribeToken, type Database, type LiveMessage, type Role } from '@app/worker';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { currentUser, liveSessionSql, requireRole } from '../auth/session.ts';
import { badRequest, HttpError } from '../lib/http-errors.ts';
import { z } from 'zod';
import { errorResponses, eventStreamSchema, notificationListSchema, notificationSettingsAnswerSchema, notificationUnreadSchema, unsubscribeInfoSchema } from '@app/domain';

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

async function emailSettings(db: Kysely<Database>, userId: string, role: Role): Promise<NotificationSettings> {
  const rows = await db.selectFrom('notification_settings').select(['kind', 'email']).where('user_id', '=', userId).execute();
  const off = new Map(rows.map((r) => [r.kind, r.email]));
  const email: NotificationSettings['email'] = {};
  for (const kind of NOTIFICATION_KINDS_BY_ROLE[role]) email[kind] = off.get(kind) ?? true;
  return { email };
}

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

  app.get('/notifications', { onRequest: signedIn, schema: { querystring: notificationListQuerySchema, response: { 200: notificationListSchema, ...errorResponses } } }, async (request) => {
    const user = currentUser(request);
    const { limit, before } = request.query;
    let query = db
      .selectFrom('notifications')
      .select(['id', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(limit);
    if (before) {
      query = query.where(sql<boolean>`(created_at, seq) < (select b.created_at, b.seq from notifications b where b.id = ${before} and b.user_id = ${user.id})`);
    }
    const [items, unread] = await Promise.all([query.execute(), unreadCount(db, user.id)]);
    return { unread, items: items.map(notificationItem) };
  });

  app.post('/notifications/read', { onRequest: signedIn, schema: { body: notificationReadSchema, response: { 200: notificationUnreadSchema, ...errorResponses } } }, async (request) => {
    const user = currentUser(request);
    let update = db.updateTable('notifications').set({ read_at: sql<Date>`now()` }).where('user_id', '=', user.id).where('read_at', 'is', null);
    if ('ids' in request.body) update = update.where('id', 'in', request.body.ids);
    await update.execute();
    return { unread: await unreadCount(db, user.id) };
  });

  app.get('/notification-settings', { onRequest: signedIn, schema: { response: { 200: notificationSettingsAnswerSchema, ...errorResponses } } }, async (request) => {
    const user = currentUser(request);
    return emailSettings(db, user.id, user.role);
  });

  app.put('/notification-settings', { onRequest: signedIn, schema: { body: notificationSettingsSchema, response: { 200: notificationSettingsAnswerSchema, ...errorResponses } } }, async (request) => {
    const user = currentUser(request);
    const entries = Object.entries(request.body.email) as Array<[NotificationKind, boolean]>;
    if (entries.some(([kind]) => !NOTIFICATION_KINDS_BY_ROLE[user.role].includes(kind))) throw badRequest(NOTIFICATION_MESSAGES.kindNotForRole);
    if (entries.length > 0) {
      await db
        .insertInto('notification_settings')
        .values(entries.map(([kind, email]) => ({ user_id: user.id, kind, email })))
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ email: (eb) => eb.ref('excluded.email'), updated_at: sql<Date>`now()` }))
        .execute();
    }
    return emailSettings(db, user.id, user.role);
  });

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
      const user = await db.selectFrom('users').select(['email']).where('id', '=', target.userId).executeTakeFirst();
      if (!user) throw badRequest(NOTIFICATION_MESSAGES.badToken);
      return { ...target, email: user.email };
    }
    unsubscribe.get('/notifications/unsubscribe', { schema: { response: { 200: unsubscribeInfoSchema, 303: redirectResponse, ...errorResponses } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // A browser opening the List-Unsubscribe address (a mail client without one-click) gets the page.
      const token = tokenOf(request);
      if (token && /\btext\/html\b/.test(request.headers.accept ?? '')) return reply.redirect(`/unsubscribe?token=${encodeURIComponent(token)}`, 303);
      const target = await resolve(request);
      const setting = await db.selectFrom('notification_settings').select('email').where('user_id', '=', target.userId).where('kind', '=', target.kind).executeTakeFirst();
      return { kind: target.kind, label: NOTIFICATION_KIND_LABELS[target.kind], email: target.email, unsubscribed: setting?.email === false };
    });
    unsubscribe.post('/notifications/unsubscribe', { schema: { response: { 200: unsubscribeInfoSchema, ...errorResponses } } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const target = await resolve(request);
      await db
        .insertInto('notification_settings')
        .values({ user_id: target.userId, kind: target.kind, email: false })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ email: false, updated_at: sql<Date>`now()` }))
        .execute();
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
    let missed: Array<Parameters<typeof notificationItem>[0] & { seq: string }>;
    let unread: number;
    try {
      missed = resumeFrom
        ? await db
            .selectFrom('notifications')
            .select(['id', 'seq', 'kind', 'title', 'body', 'link', 'created_at', 'read_at'])
            .where('user_id', '=', user.id)
            .where('seq', '>', resumeFrom)
            .orderBy('seq')
            .limit(RESUME_MAX)
            .execute()
        : [];
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
      sql`${liveSessionSql(user.sessionHash)}`
        .execute(db)
        .then(({ rows }) => {
          if (rows.length === 0) close();
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
