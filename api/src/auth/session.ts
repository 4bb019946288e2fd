import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@app/worker';
import { ABSOLUTE_TIMEOUT_MS, createSession, findLiveSession, revokeSession, touchSession, type LiveSessionRow } from '@app/worker/store';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../lib/http-errors.ts';

export { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, liveSessionSql, SHORT_ABSOLUTE_TIMEOUT_MS, SHORT_IDLE_TIMEOUT_MS, type LiveSessionRow } from '@app/worker/store';

/**
 * Server-side sessions (decision A1). The cookie holds 256 random bits; the database keeps only
 * their SHA-256, so a leaked table cannot be replayed. Sessions end after the idle limit without
 * use or the absolute limit after sign-in, whichever comes first, and on logout (the limits and
 * the statements: worker/src/store/accounts.ts). Without "Remember me" the cookie has no Max-Age
 * (the browser drops it when it closes) and the limits are shorter.
 */
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
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  user: { id: string; role: Role },
  { remember = true }: { remember?: boolean } = {},
) {
  const { db, config } = request.server.services;
  const token = randomBytes(32).toString('base64url');
  const previous = readCookie(request);
  await createSession(db, { idHash: hashToken(token), replacesHash: previous ? hashToken(previous) : undefined, userId: user.id, role: user.role, remember });
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
  if (token) await revokeSession(db, hashToken(token));
  const production = config.NODE_ENV === 'production';
  reply.clearCookie(sessionCookieName(production), { path: '/', httpOnly: true, sameSite: 'lax', secure: production });
}

function readCookie(request: FastifyRequest): string | undefined {
  const name = sessionCookieName(request.server.services.config.NODE_ENV === 'production');
  const value = request.cookies?.[name];
  return value && value.length <= 100 ? value : undefined;
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
    await touchSession(request.server.services.db, idHash);
  }
  return (request.user = { id: row.session_user_id, role: row.session_role, email: row.session_email, sessionHash: idHash });
}

/** Resolves the request's session, once per request. */
export async function loadUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.user !== undefined && request.user !== null) return request.user;
  const idHash = sessionCookieHash(request);
  if (!idHash) return (request.user = null);
  const row = await findLiveSession(request.server.services.db, idHash);
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

/**
 * For a route whose own statement read the session (readsSessionWithData): adopts `row`, the
 * session that statement returned, when it is of `role`; otherwise (no live session, or another
 * role's) answers as requireRole(role) does (401, 403).
 */
export async function adoptSessionOf(role: Role, request: FastifyRequest, reply: FastifyReply, idHash: string, row: LiveSessionRow | undefined): Promise<void> {
  if (row?.session_role === role) await adoptSession(request, idHash, row);
  else await requireRole(role).call(request.server, request, reply);
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized(SIGN_IN_REQUIRED);
  return request.user;
}
