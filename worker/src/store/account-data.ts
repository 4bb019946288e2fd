import type { AccountExport, Role } from '@app/domain';
import { requestLabel } from '../notifications/content.ts';
import { notesBy } from './notes.ts';
import { savedViewsOf } from './saved-views.ts';
import { messagesVisibleTo } from './conversations.ts';
import { MEDIA_PREFIX } from './images.ts';
import { athleteMatches, coachMatches } from './matches.ts';
import { emailSettings } from './notifications.ts';
import type { Db } from './result.ts';

const iso = (time: Date | string) => new Date(time).toISOString();
const isoOrNull = (time: Date | string | null) => (time === null ? null : iso(time));

/**
 * Everything the product keeps about one account that its owner may take away (GET
 * /account/export): the account, the profile as stored, a coach's requests, private notes, saved views,
 * the matches and conversations the account sees, its notifications and email switches, its
 * sign-ins and its pictures. Not included: what is kept about the account but belongs to someone
 * else's work (a coach's ranked lists, scores and notes on an athlete, an agency's roster) and the
 * secrets (password hash, session ids).
 */
export async function accountData(db: Db, user: { id: string; role: Role }): Promise<Omit<AccountExport, 'exportedAt'>> {
  const account = await db.selectFrom('users').select(['id', 'role', 'email', 'language', 'created_at']).where('id', '=', user.id).executeTakeFirstOrThrow();
  const [profile, requests, notes, savedViews, matches, messages, notifications, settings, sessions, images] = await Promise.all([
    storedProfile(db, user),
    user.role === 'coach'
      ? db
          .selectFrom('coach_requests')
          .select(['id', 'data', 'urgent', 'created_at', 'updated_at', 'deleted_at'])
          .where('coach_id', '=', user.id)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      : [],
    user.role === 'athlete' ? [] : notesBy(db, user.id),
    user.role === 'athlete' ? [] : savedViewsOf(db, user.id),
    user.role === 'coach' ? coachMatches(db, user.id) : user.role === 'athlete' ? athleteMatches(db, user.id) : [],
    messagesVisibleTo(db, user),
    db
      .selectFrom('notifications')
      .select(['kind', 'title', 'body', 'link', 'created_at', 'read_at', 'emailed_at'])
      .where('user_id', '=', user.id)
      .orderBy('seq')
      .execute(),
    emailSettings(db, user.id, user.role),
    db
      .selectFrom('sessions')
      .select(['created_at', 'last_seen_at', 'expires_at', 'revoked_at', 'remembered'])
      .where('user_id', '=', user.id)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('images').select(['id', 'mime', 'size', 'created_at']).where('owner_id', '=', user.id).orderBy('created_at').orderBy('id').execute(),
  ]);
  return {
    account: { id: account.id, role: account.role, email: account.email, language: account.language, createdAt: iso(account.created_at) },
    profile,
    requests: requests.map((r) => ({
      id: r.id,
      request: r.data,
      urgent: r.urgent,
      createdAt: iso(r.created_at),
      updatedAt: isoOrNull(r.updated_at),
      deletedAt: isoOrNull(r.deleted_at),
    })),
    notes: notes.map((n) => ({ athleteId: n.athlete_id, athlete: n.full_name, body: n.body, createdAt: iso(n.created_at), updatedAt: iso(n.updated_at) })),
    savedViews: savedViews.map((v) => ({ name: v.name, query: v.query, createdAt: iso(v.created_at) })),
    matches: matches.map((m) => ({
      id: m.id,
      requestId: m.request_id,
      request: requestLabel(
        { requestPositions: (m.positions as string[] | null) ?? [], requestTeams: (m.team_categories as string[] | null) ?? [] },
        account.language,
      ),
      athlete: m.full_name,
      coach: `${m.coach_first_name} ${m.coach_last_name}`.trim(),
      program: m.program_name,
      status: m.status,
      sharedAt: isoOrNull(m.shared_at),
      updatedAt: iso(m.updated_at),
    })),
    messages: messages.map((m) => ({
      matchId: m.id,
      from: m.sender_name,
      fromRole: m.sender_role,
      byYou: m.sender_id === user.id,
      body: m.body,
      sentAt: iso(m.sent_at),
    })),
    notifications: notifications.map((n) => ({
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      createdAt: iso(n.created_at),
      readAt: isoOrNull(n.read_at),
      emailedAt: isoOrNull(n.emailed_at),
    })),
    emailSettings: settings.email,
    sessions: sessions.map((s) => ({
      signedInAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
      expiresAt: iso(s.expires_at),
      endedAt: isoOrNull(s.revoked_at),
      rememberMe: s.remembered,
    })),
    images: images.map((i) => ({ url: `/api/${MEDIA_PREFIX}${i.id}`, mime: i.mime, bytes: i.size, uploadedAt: iso(i.created_at) })),
  };
}

/** The role's profile row as stored: the saved profile with what the server keeps beside it. */
async function storedProfile(db: Db, user: { id: string; role: Role }): Promise<Record<string, unknown>> {
  if (user.role === 'athlete') {
    const row = await db
      .selectFrom('athletes')
      .select(['profile', 'profile_completed', 'auto_accept_matches', 'agency', 'created_at', 'updated_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    return {
      ...row.profile,
      agency: row.agency,
      profileCompleted: row.profile_completed,
      autoAcceptMatches: row.auto_accept_matches,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    };
  }
  if (user.role === 'coach') {
    const row = await db
      .selectFrom('coaches')
      .select(['profile', 'first_name', 'last_name', 'created_at', 'updated_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    return { ...row.profile, coachFirstName: row.first_name, coachLastName: row.last_name, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
  }
  const row = await db
    .selectFrom('agents')
    .select(['first_name', 'last_name', 'email', 'agency', 'agency_url', 'profile_photo_url', 'created_at'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    agency: row.agency,
    agencyUrl: row.agency_url,
    profilePhotoUrl: row.profile_photo_url,
    createdAt: iso(row.created_at),
  };
}
