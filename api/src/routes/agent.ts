import type { MatchStatus } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { currentUser, requireRole } from '../auth/session.ts';
import { notFound } from '../lib/http-errors.ts';
import { athleteSummary, coachSummary, selectMatches, sharedMatch, type MatchRow } from './matches.ts';

export const AGENT_NOT_FOUND = 'Agent profile not found';

type StatusCounts = Record<MatchStatus, number>;
const zeroCounts = (): StatusCounts => ({ accepted: 0, pending: 0, declined: 0 });

const textList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** Player (agent view), spec section 3. */
function playerView(row: { id: string; full_name: string; age: number | null; primary_position: string | null; profile_completed: boolean; profile: unknown }) {
  const p = row.profile as Record<string, unknown>;
  return {
    id: row.id,
    fullName: textOrNull(p.fullName) ?? row.full_name,
    profilePhotoUrl: textOrNull(p.profilePhotoUrl),
    age: row.age ?? numberOrNull(p.age),
    nationality: textOrNull(p.nationality),
    leagueLevelLabel: textOrNull(p.leagueLevelLabel),
    primaryPosition: row.primary_position ?? textOrNull(p.primaryPosition),
    gpa: numberOrNull(p.gpa),
    targetStartTerms: textList(p.targetStartTerms),
    preferredUsRegions: textList(p.preferredUsRegions),
    highlightVideoUrl: textOrNull(p.highlightVideoUrl),
    profileCompleted: row.profile_completed,
  };
}

interface EventRow {
  match_id: string;
  from_status: MatchStatus | null;
  to_status: MatchStatus;
  actor_role: string;
  created_at: Date;
}

/** Who made a change, in words: the match's coach or athlete, or the auto-accept preference. */
function actorName(role: string, match: MatchRow): string {
  if (role === 'coach') return `${match.coach_first_name} ${match.coach_last_name}`.trim();
  if (role === 'athlete') return match.full_name;
  return 'Auto-accept preference';
}

/**
 * The agent's workspace: their agency's athletes and the matches coaches shared with them
 * (read only, decision A6). An agent sees athletes whose agency is theirs, nothing else.
 */
export async function agentRoutes(app: FastifyInstance) {
  const agentOnly = requireRole('agent');

  async function loadAgent(id: string) {
    const agent = await app.services.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
    if (!agent) throw notFound(AGENT_NOT_FOUND);
    return agent;
  }

  app.get('/agent/dashboard', { onRequest: agentOnly }, async (request) => {
    const agent = await loadAgent(currentUser(request).id);
    const players = await app.services.db
      .selectFrom('athletes')
      .select(['id', 'full_name', 'age', 'primary_position', 'profile_completed', 'profile'])
      .where('agency', '=', agent.agency)
      .orderBy(sql`lower(full_name)`)
      .orderBy('id')
      .execute();
    return {
      agent: {
        firstName: agent.first_name,
        lastName: agent.last_name,
        email: agent.email,
        agency: agent.agency,
        agencyUrl: agent.agency_url,
        profilePhotoUrl: agent.profile_photo_url,
      },
      playerCount: players.length,
      players: players.map(playerView),
    };
  });

  app.get('/agent/matches', { onRequest: agentOnly }, async (request) => {
    const agent = await loadAgent(currentUser(request).id);
    const { db } = app.services;
    // M8: only matches shared with the athlete, and their trail from the share on (a coach's
    // private decline and restore before sharing stay the coach's).
    const rows = await selectMatches(db)
      .where('a.agency', '=', agent.agency)
      .where(sharedMatch)
      .$narrowType<{ status: MatchStatus }>()
      .orderBy('m.updated_at', 'desc')
      .orderBy('m.id')
      .execute();
    const events: EventRow[] = rows.length
      ? await db
          .selectFrom('match_events as e')
          .innerJoin('matches as m', 'm.id', 'e.match_id')
          .select(['e.match_id', 'e.from_status', 'e.to_status', 'e.actor_role', 'e.created_at'])
          .where('e.match_id', 'in', rows.map((r) => r.id))
          .where((eb) => eb('e.created_at', '>=', eb.ref('m.shared_at')))
          .$narrowType<{ to_status: MatchStatus }>()
          .orderBy('e.created_at')
          .orderBy('e.id')
          .execute()
      : [];

    const eventsByMatch = new Map<string, EventRow[]>();
    for (const e of events) {
      const list = eventsByMatch.get(e.match_id);
      if (list) list.push(e);
      else eventsByMatch.set(e.match_id, [e]);
    }

    const stats = { total: rows.length, byStatus: zeroCounts(), byAthlete: {} as Record<string, StatusCounts> };
    const matches = rows.map((row) => {
      stats.byStatus[row.status] += 1;
      (stats.byAthlete[row.athlete_id] ??= zeroCounts())[row.status] += 1;
      return {
        id: row.id,
        status: row.status,
        autoResolved: row.auto_resolved,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
        requestId: row.request_id,
        athleteId: row.athlete_id,
        athlete: athleteSummary(row),
        // The coach's email is the "contact information" of a match both sides agreed to.
        coach: { ...coachSummary(row), email: row.status === 'accepted' ? row.coach_email : null },
        coachRequest: { positions: textList(row.positions), teamCategories: textList(row.team_categories), notes: row.notes ?? '' },
        events: (eventsByMatch.get(row.id) ?? []).map((e) => ({
          fromStatus: e.from_status,
          toStatus: e.to_status,
          actorRole: e.actor_role,
          actorName: actorName(e.actor_role, row),
          at: new Date(e.created_at).toISOString(),
        })),
      };
    });
    return { matches, stats };
  });
}
