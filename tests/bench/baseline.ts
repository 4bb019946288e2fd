import {
  MATCH_VIEWS,
  orderForView,
  resolveAthlete,
  resolveRequest,
  scorePair,
  writeHighlights,
  type MatchStatus,
  type PairScore,
  type ScoringAthlete,
  type ViewRow,
} from '@app/domain';
import { athletePrefilter } from '@app/worker/processors/index-prefilter';
import { athleteScoringInput, loadAthletePage, requestScoringInput, type AthleteScoringRow } from '@app/worker/store/scoring-inputs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { currentUser, requireRole } from '../../api/src/auth/session.ts';
import { notFound } from '../../api/src/lib/http-errors.ts';

/**
 * Bench only (registered by tests/bench/server.ts, never by the product): the ranked list of
 * GET /api/coach/requests/:id/matches computed by scoring the pool at read time, the baseline the
 * match index has to beat. Same session check, ownership check, views and card fields; only the
 * source of the scores differs.
 *
 * pool=all (default): every completed athlete is read and scored, which is what "scoring the pool
 * at read time" means. pool=prefiltered: only the athletes the worker's SQL prefilter admits (the
 * best a read-time design could do with the same indexes), reported alongside for honesty.
 */
const PAGE = 2000;
const PAGE_SIZE = 50;

interface Scored extends ViewRow {
  result: PairScore;
  /** Kept to word the highlights of the rows shown only (as the index's read does). */
  athlete: ScoringAthlete;
}

export async function benchBaselineRoutes(app: FastifyInstance) {
  app.get('/bench/score-at-read/:id', { preHandler: requireRole('coach') }, async (request) => {
    const user = currentUser(request);
    const { id } = z.object({ id: z.guid() }).parse(request.params);
    const { view, pool } = z.object({ view: z.enum(MATCH_VIEWS).default('top15'), pool: z.enum(['all', 'prefiltered']).default('all') }).parse(request.query);
    const { db } = app.services;
    const row = await db
      .selectFrom('coach_requests')
      .select(['id', 'version', 'indexed_version', 'urgent', 'deleted_at', 'data'])
      .where('id', '=', id)
      .where('coach_id', '=', user.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound('Request not found');

    const scoringRequest = resolveRequest(requestScoringInput(row));
    const filter = pool === 'prefiltered' ? athletePrefilter(scoringRequest) : undefined;
    const statuses = new Map(
      (await db.selectFrom('matches').select(['athlete_id', 'status']).where('request_id', '=', id).execute()).map((m) => [
        m.athlete_id,
        m.status as MatchStatus,
      ]),
    );
    const listed: Scored[] = [];
    let after: string | null = null;
    for (;;) {
      const page: AthleteScoringRow[] = await loadAthletePage(db, after, PAGE, filter);
      for (const athleteRow of page) {
        const athlete = resolveAthlete(athleteScoringInput(athleteRow));
        const result = scorePair(athlete, scoringRequest);
        if (result?.listed) {
          listed.push({
            score: result.score,
            athleteId: athleteRow.id,
            athleteUpdatedAt: athleteRow.updated_at,
            positionMatch: result.positionMatch,
            positionExact: result.positionExact,
            status: statuses.get(athleteRow.id) ?? null,
            result,
            athlete,
          });
        }
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1].id;
    }
    const ordered = orderForView(view, listed);
    const shown = view === 'top15' ? ordered : ordered.slice(0, PAGE_SIZE);
    const ids = shown.map((s) => s.athleteId);
    const cards = new Map(
      ids.length === 0
        ? []
        : (
            await sql<{
              id: string;
              full_name: string;
              age: number | null;
              is_transfer: boolean;
              nationality: string | null;
              league: string | null;
              gpa: unknown;
              photo: string | null;
              has_video: boolean;
            }>`
              select a.id, a.full_name, a.age, a.is_transfer, a.profile->>'nationality' as nationality, a.profile->>'leagueLevelLabel' as league,
                a.profile->'gpa' as gpa, a.profile->>'profilePhotoUrl' as photo, coalesce(a.profile->>'highlightVideoUrl', '') <> '' as has_video
              from athletes a where a.id = any(${ids}::uuid[])`.execute(db)
          ).rows.map((c) => [c.id, c]),
    );
    return {
      status: 'ready',
      view,
      total: ordered.length,
      matches: shown.map((s) => {
        const c = cards.get(s.athleteId)!;
        return {
          athlete: {
            id: s.athleteId,
            name: c.full_name,
            photoUrl: c.photo,
            age: c.age,
            nationality: c.nationality,
            league: c.league,
            gpa: c.gpa,
            isTransfer: c.is_transfer,
            hasVideo: c.has_video,
          },
          score: s.score,
          subScores: s.result.subScores,
          positionMatch: s.positionMatch,
          positionExact: s.positionExact,
          highlights: writeHighlights(s.result, s.athlete),
          match: s.status ? { status: s.status } : null,
        };
      }),
    };
  });
}
