import {
  ATHLETE_POSITIONS,
  ATHLETE_REGION_CHOICES,
  ATHLETE_START_TERMS,
  BUDGET_LABELS,
  COACH_REGIONS,
  EXTRAS,
  LEAGUE_VALUES,
  REQUEST_POSITIONS,
  SCHOOL_SIZE_PREFERENCES,
  SCHOOL_SIZES,
  TEAM_CATEGORIES,
  resolveAthlete,
  resolveRequest,
  scorePair,
  validGpa,
  type AthleteScoringInput,
  type RequestScoringInput,
} from '@app/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { athletePrefilter, requestsByPositionGroups, type AthletePrefilter } from './index-prefilter.ts';

/** The SQL prefilter of loadAthletePage (store/scoring-inputs.ts), read in JavaScript. */
function admits(f: AthletePrefilter, a: AthleteScoringInput): boolean {
  if (a.profileCompleted !== true) return false;
  if (f.excludeTransfers && a.isTransfer === true) return false;
  if (typeof a.age === 'number' && (a.age < f.ageMin || a.age > f.ageMax)) return false;
  if (f.gender && a.gender !== f.gender) return false;
  // A valid GPA (the scorer's rule; store/profile-sql.ts's athleteGpa is its SQL twin) of at least min.
  const gpa = validGpa(a.gpa) ?? NaN;
  const gpaAtLeast = (min: number) => gpa >= min;
  return (
    (f.positions.includes(a.primaryPosition ?? '') && gpaAtLeast(f.primaryMinGpa)) ||
    (f.positions.includes(a.secondaryPosition ?? '') && gpaAtLeast(f.secondaryMinGpa))
  );
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const subset = <T>(items: readonly T[]) => fc.subarray([...items]);
/** GPAs on a 0.05 grid hit the exact thresholds far more often than uniform doubles would. */
const gpa = fc.integer({ min: 0, max: 80 }).map((n) => n / 20);

const athleteArb: fc.Arbitrary<AthleteScoringInput> = fc.record({
  id: fc.constant('a'),
  profileCompleted: fc.boolean(),
  gender: fc.constantFrom('male', 'female'),
  age: maybe(fc.integer({ min: 14, max: 30 })),
  isTransfer: fc.boolean(),
  gpa: maybe(gpa),
  primaryPosition: fc.constantFrom(...ATHLETE_POSITIONS),
  secondaryPosition: maybe(fc.constantFrom(...ATHLETE_POSITIONS)),
  leagueLevel: maybe(fc.constantFrom(...LEAGUE_VALUES)),
  targetStartTerms: subset(ATHLETE_START_TERMS),
  schoolSizePreference: fc.constantFrom(...SCHOOL_SIZE_PREFERENCES),
  preferredUsRegions: subset(ATHLETE_REGION_CHOICES),
  estimatedBudget: maybe(fc.constantFrom(0, 5000, 15000, 30000, 50000, 60000)),
  playerExtras: subset(EXTRAS),
  highlightVideoUrl: maybe(fc.constant('https://video.example.com/1')),
  goalsAssistsLastSeason: maybe(fc.integer({ min: 0, max: 40 })),
});

const requestArb: fc.Arbitrary<RequestScoringInput> = fc.record({
  id: fc.constant('r'),
  urgent: fc.boolean(),
  positions: fc.constantFrom(...REQUEST_POSITIONS).map((p) => [p]),
  ageMin: fc.integer({ min: 16, max: 22 }),
  ageMax: fc.integer({ min: 22, max: 35 }),
  teamCategories: subset(TEAM_CATEGORIES),
  regions: subset(COACH_REGIONS),
  playerLevels: subset(LEAGUE_VALUES),
  targetStartTerms: subset(['Spring 2026', 'Fall 2026']),
  estimatedBudget: fc.constantFrom('', ...BUDGET_LABELS),
  playerExtras: subset(EXTRAS),
  openToTransfer: fc.boolean(),
  institutionSize: fc.constantFrom('', ...SCHOOL_SIZES),
  notes: fc.oneof(
    fc.constant(''),
    gpa.map((g) => `min GPA ${g}`),
  ),
  // The request's own minimum (S3) overrides the notes; the floors must follow it.
  minGpa: fc.option(gpa, { nil: undefined }),
});

describe('athletePrefilter', () => {
  it('never excludes a pair the scoring function lists', () => {
    fc.assert(
      fc.property(athleteArb, requestArb, (athlete, request) => {
        const resolved = resolveRequest(request);
        if (scorePair(resolveAthlete(athlete), resolved)?.listed) expect(admits(athletePrefilter(resolved), athlete)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('puts its GPA floors exactly at the threshold: a perfect athlete just above a floor is listed, just under is not', () => {
    fc.assert(
      fc.property(athleteArb, requestArb, fc.boolean(), (athlete, request, secondary) => {
        const resolved = resolveRequest({
          ...request,
          regions: [],
          playerLevels: [],
          targetStartTerms: [],
          estimatedBudget: '',
          institutionSize: '',
          playerExtras: [...EXTRAS],
        });
        const filter = athletePrefilter(resolved);
        const floor = secondary ? filter.secondaryMinGpa : filter.primaryMinGpa;
        if (floor > 4 || filter.positions.length === 0) return;
        const [inGroup] = filter.positions.filter((p) => (ATHLETE_POSITIONS as readonly string[]).includes(p));
        const outOfGroup = ATHLETE_POSITIONS.find((p) => !filter.positions.includes(p))!;
        const perfect = {
          ...athlete,
          profileCompleted: true,
          isTransfer: false,
          age: undefined,
          gender: filter.gender ?? 'male',
          primaryPosition: secondary ? outOfGroup : inGroup,
          secondaryPosition: secondary ? inGroup : undefined,
          playerExtras: [...EXTRAS],
          preferredUsRegions: ['No preference'],
          estimatedBudget: 1_000_000,
          schoolSizePreference: 'Any',
          highlightVideoUrl: 'https://video.example.com/1',
          goalsAssistsLastSeason: 3,
        };
        expect(scorePair(resolveAthlete({ ...perfect, gpa: floor - 0.001 }), resolved)?.listed ?? false).toBe(false);
        if (floor + 0.001 <= 4) expect(scorePair(resolveAthlete({ ...perfect, gpa: floor + 0.001 }), resolved)?.listed).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('selects the positions of the request group and the S1 exclusions', () => {
    const f = athletePrefilter(
      resolveRequest({ id: 'r', positions: ['Winger'], teamCategories: ["Women's Team"], openToTransfer: false, ageMin: 17, ageMax: 21 }),
    );
    expect(f.positions.sort()).toEqual(['Forward', 'Left Winger', 'Right Winger', 'Winger']);
    expect(f).toMatchObject({ gender: 'female', excludeTransfers: true, ageMin: 17, ageMax: 21 });
    expect(f.secondaryMinGpa).toBeGreaterThan(f.primaryMinGpa);
    const both = athletePrefilter(resolveRequest({ id: 'r', positions: ['Goalkeeper'], teamCategories: ["Men's Team", "Women's Team"], openToTransfer: true }));
    expect(both).toMatchObject({ positions: ['Goalkeeper'], gender: null, excludeTransfers: false });
  });
});

describe('requestsByPositionGroups', () => {
  const multiPositionRequestArb = fc
    .tuple(requestArb, fc.uniqueArray(fc.constantFrom(...REQUEST_POSITIONS), { minLength: 1, maxLength: 3 }))
    .map(([request, positions]) => ({ ...request, positions }));

  it('keeps every request that lists the athlete, and only requests sharing one of its position groups', () => {
    fc.assert(
      fc.property(athleteArb, fc.array(multiPositionRequestArb, { minLength: 1, maxLength: 12 }), (athleteInput, requestInputs) => {
        const athlete = resolveAthlete(athleteInput);
        const requests = requestInputs.map((input, i) => ({ i, resolved: resolveRequest(input) }));
        const kept = requestsByPositionGroups(requests)(athlete);
        for (const request of requests) {
          const listed = scorePair(athlete, request.resolved)?.listed ?? false;
          if (listed) expect(kept).toContain(request);
          if (kept.includes(request)) {
            const filter = athletePrefilter(request.resolved);
            expect(filter.positions.includes(athleteInput.primaryPosition ?? '') || filter.positions.includes(athleteInput.secondaryPosition ?? '')).toBe(true);
          }
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('skips the requests of other groups', () => {
    const requests = ['Goalkeeper', 'Center Back', 'Winger'].map((position) => ({
      position,
      resolved: resolveRequest({ id: position, positions: [position] }),
    }));
    const forRequests = requestsByPositionGroups(requests);
    const kept = (primaryPosition: string, secondaryPosition?: string) =>
      forRequests(resolveAthlete({ id: 'a', primaryPosition, secondaryPosition })).map((r) => r.position);
    expect(kept('Goalkeeper')).toEqual(['Goalkeeper']);
    expect(kept('Left Back', 'Left Winger')).toEqual(['Center Back', 'Winger']);
    expect(kept('Left Back')).toEqual(['Center Back']);
  });
});
