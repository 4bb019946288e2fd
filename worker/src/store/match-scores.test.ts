import type { PairScore } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { sameContent, type ScoreRow } from './match-scores.ts';

const result: PairScore = {
  score: 81.4,
  listed: true,
  subScores: { position: 100, academics: 75, lyfs: 60, region: 50, budget: 100, extras: 25 },
  positionMatch: 'primary',
  positionExact: true,
  highlight: { exceedsMinGpa: 2.5, requestedLevel: true, extras: 'Team captain' },
};

const row = (changes: { result?: Partial<PairScore>; filters?: Partial<ScoreRow['filters']>; row?: Partial<ScoreRow> } = {}): ScoreRow => ({
  requestId: '00000000-0000-4000-8000-000000000001',
  athleteId: '00000000-0000-4000-8000-000000000002',
  requestVersion: '3',
  athleteVersion: '7',
  athleteUpdatedAt: new Date('2026-11-20T10:11:12.345Z'),
  filters: { position: 'Forward', nationality: 'Spain', league: 'Tercera', gpa: 3.4, hasVideo: true, ...changes.filters },
  result: { ...result, ...changes.result },
  ...changes.row,
});

describe('sameContent (the jobs skip rows whose computation did not change)', () => {
  it('holds for equal values in distinct objects, versions aside', () => {
    expect(sameContent(row(), row({ row: { athleteVersion: '9', requestVersion: '4', athleteUpdatedAt: new Date('2026-11-20T10:11:12.345Z') } }))).toBe(true);
    expect(sameContent(row({ result: { highlight: { ...result.highlight } } }), row())).toBe(true);
    // A missing value and a stored null are the same absence.
    expect(sameContent(row({ filters: { league: undefined as unknown as null } }), row({ filters: { league: null } }))).toBe(true);
  });

  it('tells apart any change of score, sub-score, position, highlight, timestamp or filter value', () => {
    const changed: ScoreRow[] = [
      row({ result: { score: 81.5 } }),
      row({ result: { subScores: { ...result.subScores, extras: 0 } } }),
      row({ result: { positionMatch: 'secondary' } }),
      row({ result: { positionExact: false } }),
      row({ result: { highlight: { ...result.highlight, exceedsMinGpa: null } } }),
      row({ result: { highlight: { ...result.highlight, exceedsMinGpa: 2.6 } } }),
      row({ result: { highlight: { ...result.highlight, requestedLevel: false } } }),
      row({ result: { highlight: { ...result.highlight, extras: 'Team captain, Top 10 scorer' } } }),
      row({ result: { highlight: { ...result.highlight, extras: null } } }),
      row({ row: { athleteUpdatedAt: new Date('2026-11-20T10:11:12.346Z') } }),
      row({ filters: { nationality: 'France' } }),
      row({ filters: { league: null } }),
      row({ filters: { gpa: 3.41 } }),
      row({ filters: { hasVideo: false } }),
      row({ filters: { position: 'Winger' } }),
    ];
    for (const other of changed) {
      expect(sameContent(row(), other)).toBe(false);
      expect(sameContent(other, row())).toBe(false);
    }
  });
});
