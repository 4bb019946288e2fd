import { createHash, randomBytes } from 'node:crypto';
import { prepared, type Role } from '@app/worker';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { sql } from 'kysely';
import { forbidden, unauthorized } from '../lib/http-errors.ts';

/**
 * Server-side sessions (decision A1). The cookie holds 256 random bits; the database keeps only
 * their SHA-256, so a leaked table cannot be replayed. Sessions end after IDLE_TIMEOUT_MS
 * without use or ABSOLUTE_TIMEOUT_MS after sign-in, whichever comes first, and on logout.
 * Without "Remember me" the cookie has no Max-Age (the browser drops it when it closes) and the
 * limits are shorter (SHORT_IDLE_TIMEOUT_MS, SHORT_ABSOLUTE_TIMEOUT_MS).
 */
export const IDLE_TIMEOUT_MS = 3 * 24 * 60 * 60 * 1000; // 3 days
export const ABSOLUTE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000; // 30 days
export const SHORT_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000; // 2 hours
export const SHORT_ABSOLUTE_TIMEOUT_MS = 24 * 60 * 60 * 1000; // 1 day
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

export interface SessionUser {
  id: string;
  role: Role;
  email: string;
  sessionHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireRole`/`loadUser`; null when the request carries no valid session. */
    user: SessionUser | null;
  }
}

export function sessionCookieName(production: boolean) {
  // __Host- binds the cookie to this exact origin over HTTPS (no Domain, Path=/).
  return production ? '__Host-rp_session' : 'rp_session';
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a new session (a fresh id at every login) and sets the cookie; `remember` as "Remember me". */
export async function startSession(request: FastifyRequest, reply: FastifyReply, user: { id: string; role: Role }, { remember = true }: { remember?: boolean } = {}) {
  const { db, config } = request.server.services;
  const token = randomBytes(32).toString('base64url');
  const previous = readCookie(request);
  await db.transaction().execute(async (trx) => {
    if (previous) await trx.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id_hash', '=', hashToken(previous)).execute();
    await trx
      .insertInto('sessions')
      .values({
        id_hash: hashToken(token),
        user_id: user.id,
        role: user.role,
        remembered: remember,
        expires_at: new Date(Date.now() + (remember ? ABSOLUTE_TIMEOUT_MS : SHORT_ABSOLUTE_TIMEOUT_MS)),
      })
      .execute();
  });
  const production = config.NODE_ENV === 'production';
  reply.setCookie(sessionCookieName(production), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: production,
    // No Max-Age: a browser-session cookie, gone when the browser closes.
    ...(remember ? { maxAge: ABSOLUTE_TIMEOUT_MS / 1000 } : {}),
  });
}

/** Revokes the current session (if any) and clears the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply) {
  const { db, config } = request.server.services;
  const token = readCookie(request);
  if (token) await db.updateTable('sessions').set({ revoked_at: sql`now()` }).where('id_hash', '=', hashToken(token)).execute();
  const production = config.NODE_ENV === 'production';
  reply.clearCookie(sessionCookieName(production), { path: '/', httpOnly: true, sameSite: 'lax', secure: production });
}

function readCookie(request: FastifyRequest): string | undefined {
  const name = sessionCookieName(request.server.services.config.NODE_ENV === 'production');
  const value = request.cookies?.[name];
  return value && value.length <= 100 ? value : undefined;
}

/**
 * The rule for a live session, in SQL: the user of the session whose cookie hashes to `idHash`, if
 * it is neither revoked, expired nor idle too long; `session_stale` says its last_seen_at is due for a touch.
 * Its one home: loadUser runs it alone, and a hot route may run it inside its own statement
 * (`readsSessionWithData` below) to spare a round trip.
 */
export function liveSessionSql(idHash: string) {
  return sql`select u.id as session_user_id, u.role as session_role, u.email as session_email,
      s.last_seen_at < now() - make_interval(secs => ${TOUCH_INTERVAL_MS / 1000}) as session_stale
    from sessions s join users u on u.id = s.user_id
    where s.id_hash = ${idHash} and s.revoked_at is null and s.expires_at > now()
      and s.last_seen_at > now() - make_interval(secs => case when s.remembered then ${IDLE_TIMEOUT_MS / 1000}::float8 else ${SHORT_IDLE_TIMEOUT_MS / 1000}::float8 end)`;
}

/** A row of liveSessionSql, alone or carried by a route's own rows. */
export interface LiveSessionRow {
  session_user_id: string;
  session_role: Role;
  session_email: string;
  session_stale: boolean;
}

/** Whether the request carries a session cookie at all (live or not). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return readCookie(request) !== undefined;
}

/** The session cookie's hash, or undefined without a (plausible) session cookie. */
export function sessionCookieHash(request: FastifyRequest): string | undefined {
  const token = readCookie(request);
  return token ? hashToken(token) : undefined;
}

/** Makes a live session row the request's user, touching last_seen_at when it is due. */
export async function adoptSession(request: FastifyRequest, idHash: string, row: LiveSessionRow): Promise<SessionUser> {
  if (row.session_stale) {
    await request.server.services.db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id_hash', '=', idHash).execute();
  }
  return (request.user = { id: row.session_user_id, role: row.session_role, email: row.session_email, sessionHash: idHash });
}

/** Resolves the request's session, once per request. */
export async function loadUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.user !== undefined && request.user !== null) return request.user;
  const idHash = sessionCookieHash(request);
  if (!idHash) return (request.user = null);
  // Runs on every signed-in request: a prepared statement (planned once per connection).
  const { rows } = await sql<LiveSessionRow>`${prepared} ${liveSessionSql(idHash)}`.execute(request.server.services.db);
  const row = rows[0];
  return row ? adoptSession(request, idHash, row) : (request.user = null);
}

/**
 * The route guard, run as an onRequest hook (before the body is read or validated): 401 without
 * a valid session, 403 for a session of another role.
 * Ownership is checked by each route's query (objects of others answer 404, decision A6).
 */
export function requireRole(...roles: Role[]): onRequestAsyncHookHandler {
  return async function guard(request) {
    const user = await loadUser(request);
    if (!user) throw unauthorized(SIGN_IN_REQUIRED);
    if (roles.length && !roles.includes(user.role)) throw forbidden();
  };
}

/**
 * The guard of a route that reads the session inside its own statement (liveSessionSql), to save
 * the hot path a round trip: here only a session cookie is required (401 without one). The route
 * must then adopt the session its statement returned, or, when it returned nothing, run
 * `requireRole` itself before answering anything else (so 401, 403 and 404 stay as on every route).
 */
export const readsSessionWithData: onRequestAsyncHookHandler = async function sessionCookieGuard(request) {
  if (!readCookie(request)) throw unauthorized(SIGN_IN_REQUIRED);
};

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(SIGN_IN_REQUIRED);
  return request.user;
}
