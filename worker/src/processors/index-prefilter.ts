import {
  MATCH_THRESHOLD,
  POSITION_GROUP_NAMES,
  POSITION_GROUPS,
  resolveAthlete,
  type PositionGroup,
  type ScoringAthlete,
  type ScoringRequest,
} from '@app/domain';

/**
 * Which athletes a request job reads: only those that could be listed (score >= 70) for the
 * request. Every condition here makes listing impossible, so the prefilter never changes a
 * ranked list; it only spares the worker from reading and scoring athletes that cannot appear.
 *
 * - Decision S1 exclusions: profile not complete; a transfer when the request is closed to
 *   transfers; a known age outside [ageMin, ageMax]; the wrong gender for a single-category
 *   request.
 * - Position (S2): without a position match the position component is 0 and the best possible
 *   total is the sum of the other weights (65 by default, 55 for urgent requests), under 70.
 *   So the athlete's primary OR secondary position must be in one of the request's groups.
 *   A secondary match can still be listed (0.15 + the rest can reach 70, decision S2), so it is
 *   kept, with its own GPA floor below.
 * - GPA (S3): a missing GPA scores academics 0 (best total again under 70, even before the
 *   incompleteness factor); a GPA under the request minimum halves the total. Beyond that,
 *   academics must make up what the other components cannot: with every other component at its
 *   maximum and no incompleteness penalty, the score reaches 70 only when
 *   (gpa - min) / span * w.academics >= 0.6995 - (position points + lyfs + region + budget + extras).
 *   That gives one GPA floor for a primary-group match and a higher one for a secondary match.
 *   The floors are lowered by a small margin so rounding can never exclude a listable athlete.
 *
 * Position names and GPA are compared as the profile route stores them (the domain's canonical
 * position names, GPA as a JSON number); a GPA stored as text is left for the scorer to judge.
 */
export interface AthletePrefilter {
  /** Athlete positions in the request's groups; empty means nobody can be listed. */
  positions: string[];
  /** Lowest GPA that can reach the threshold with a primary-group match / a secondary one. */
  primaryMinGpa: number;
  secondaryMinGpa: number;
  excludeTransfers: boolean;
  ageMin: number;
  ageMax: number;
  /** 'male' | 'female' for a single-category request, null otherwise. */
  gender: 'male' | 'female' | null;
}

/** Decision S2: a secondary-position match scores min(0.15, position weight). */
const SECONDARY_POSITION_POINTS = 0.15;
/** A score rounds (half up, one decimal) to 70 or more only from 69.95; less a margin for float error. */
const LISTABLE_FRACTION = (MATCH_THRESHOLD - 0.05) / 100 - 1e-6;
const GPA_MARGIN = 1e-6;

// The domain encodes groups and genders as numbers inside ScoringRequest; read those codes
// through its own resolver rather than copying them.
const GROUP_BITS: Array<{ group: PositionGroup; bit: number }> = POSITION_GROUP_NAMES.map((group) => ({
  group,
  bit: resolveAthlete({ id: '', primaryPosition: POSITION_GROUPS[group][0] }).primaryGroupBit,
}));
const GENDER_CODES = {
  male: resolveAthlete({ id: '', gender: 'male' }).gender,
  female: resolveAthlete({ id: '', gender: 'female' }).gender,
} as const;

/** The GPA an athlete needs at least for the pair to reach the threshold, given its position points. */
function gpaFloor(request: ScoringRequest, positionPoints: number): number {
  const w = request.weights;
  const othersAtBest = positionPoints + w.lyfs + w.region + w.budget + w.extras;
  const academicsNeeded = LISTABLE_FRACTION - othersAtBest;
  if (academicsNeeded <= 0) return request.minGpa;
  return Math.max(request.minGpa, request.minGpa + (academicsNeeded / w.academics) * request.gpaSpan - GPA_MARGIN);
}

export function athletePrefilter(request: ScoringRequest): AthletePrefilter {
  const positions = GROUP_BITS.filter(({ bit }) => (request.positionGroupMask & bit) !== 0).flatMap(({ group }) => [...POSITION_GROUPS[group]]);
  return {
    positions,
    primaryMinGpa: gpaFloor(request, request.weights.position),
    secondaryMinGpa: gpaFloor(request, Math.min(SECONDARY_POSITION_POINTS, request.weights.position)),
    excludeTransfers: !request.openToTransfer,
    ageMin: request.ageMin,
    ageMax: request.ageMax,
    gender: request.requiredGender === GENDER_CODES.male ? 'male' : request.requiredGender === GENDER_CODES.female ? 'female' : null,
  };
}

/**
 * The position rule above, from the athlete's side (the rebuild pairs each athlete with every
 * request): the requests sharing a position group with the athlete's primary or secondary
 * position. For any other request the pair cannot be listed, so it is skipped without scoring.
 * The lists are built once per combination of the athlete's two groups.
 */
export function requestsByPositionGroups<T extends { resolved: ScoringRequest }>(requests: readonly T[]): (athlete: ScoringAthlete) => readonly T[] {
  const byGroups = new Map<number, T[]>();
  return (athlete) => {
    const groups = athlete.primaryGroupBit | athlete.secondaryGroupBit;
    let list = byGroups.get(groups);
    if (list === undefined) {
      list = requests.filter((r) => (r.resolved.positionGroupMask & groups) !== 0);
      byGroups.set(groups, list);
    }
    return list;
  };
}
