// Property tests of the scoring engine, and a comparison with a plain reference implementation
// written straight from spec section 9 and decisions S1-S12. The reference works on the stored
// shapes directly (strings, arrays), shares no code with the engine, and favours obviousness
// over speed.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  highlightAthleteOf,
  highlightsFor,
  resolveAthlete,
  resolveRequest,
  scorePair,
  WEIGHTS_DEFAULT,
  WEIGHTS_URGENT,
  writeHighlights,
  type AthleteScoringInput,
  type RequestScoringInput,
} from './scoring.ts';

// ---------------------------------------------------------------------------------------------
// Reference implementation

const SPEC_LEAGUES: Record<string, number> = {
  'primera-rfef': 1,
  'segunda-rfef': 2,
  'tercera-rfef': 3,
  'ligas-regionales-preferente': 4,
  'primera-regional': 5,
  'division-de-honor': 2,
  'liga-nacional-juvenil': 3,
  'liga-preferente-juvenil': 4,
  'segunda-juvenil': 5,
};
const SPEC_LEAGUE_LABELS: Record<string, string> = {
  'Primera RFEF': 'primera-rfef',
  'Segunda RFEF': 'segunda-rfef',
  'Tercera RFEF': 'tercera-rfef',
  'Ligas Regionales Preferente': 'ligas-regionales-preferente',
  'Primera Regional': 'primera-regional',
  'Division de Honor': 'division-de-honor',
  'Liga Nacional Juvenil': 'liga-nacional-juvenil',
  'Liga Preferente Juvenil': 'liga-preferente-juvenil',
  'Segunda Juvenil': 'segunda-juvenil',
};
function specLeagueScore(level: unknown): number | null {
  if (typeof level === 'number') return level >= 1 && level <= 5 && Number.isInteger(level) ? level : null;
  if (typeof level !== 'string') return null;
  if (level in SPEC_LEAGUES) return SPEC_LEAGUES[level];
  if (level in SPEC_LEAGUE_LABELS) return SPEC_LEAGUES[SPEC_LEAGUE_LABELS[level]];
  return null;
}

function specGroup(position: string | null | undefined): string | null {
  switch (position) {
    case 'Goalkeeper':
      return 'goalkeeper';
    case 'Left Back':
    case 'Center Back':
    case 'Right Back':
      return 'defender';
    case 'Defensive Midfield':
    case 'Central Midfield':
    case 'Attacking Midfield':
      return 'midfielder';
    case 'Winger':
    case 'Left Winger':
    case 'Right Winger':
    case 'Forward':
      return 'attacker';
    default:
      return null;
  }
}

/** S3, read character by character: "gpa", then at most 12 non-digits, then a number. */
function specMinGpa(notes: string | null | undefined): number {
  const text = (notes ?? '').toLowerCase();
  for (let start = text.indexOf('gpa'); start !== -1; start = text.indexOf('gpa', start + 1)) {
    let i = start + 3;
    let skipped = 0;
    while (i < text.length && !/[0-9]/.test(text[i]) && skipped < 12) {
      i++;
      skipped++;
    }
    if (i < text.length && /[0-9]/.test(text[i])) {
      let number = '';
      while (i < text.length && /[0-9]/.test(text[i])) number += text[i++];
      if (text[i] === '.' && /[0-9]/.test(text[i + 1] ?? '')) {
        number += text[i++];
        while (i < text.length && /[0-9]/.test(text[i])) number += text[i++];
      }
      return Math.min(4, Math.max(0, parseFloat(number)));
    }
  }
  return 2.5;
}

function specTerm(term: string): { season: string; year: number } {
  const [season, year] = term.split(' ');
  return { season: season, year: Number(year) };
}

const SPEC_ADJACENT: Record<string, string[]> = {
  Northeast: ['Mid-Atlantic', 'Midwest'],
  'Mid-Atlantic': ['Northeast', 'Southeast', 'Midwest'],
  Southeast: ['Mid-Atlantic', 'Midwest', 'Southwest'],
  Midwest: ['Northeast', 'Mid-Atlantic', 'Southeast', 'Mountain West', 'Southwest'],
  Southwest: ['Southeast', 'Midwest', 'Mountain West', 'West Coast'],
  'Mountain West': ['Midwest', 'Southwest', 'West Coast', 'Pacific Northwest'],
  'West Coast': ['Southwest', 'Mountain West', 'Pacific Northwest'],
  'Pacific Northwest': ['West Coast', 'Mountain West'],
};
function specExpandRegion(region: string): string[] {
  if (region === 'Northeast') return ['Northeast', 'Mid-Atlantic'];
  if (region === 'South') return ['Southeast', 'Southwest'];
  if (region === 'West') return ['West Coast', 'Mountain West', 'Pacific Northwest'];
  return [region];
}

const SPEC_BUDGET_LIMITS: Record<string, number> = {
  '$0 - $5,000': 5000,
  '$5,000 - $15,000': 15000,
  '$15,000 - $30,000': 30000,
  '$30,000 - $50,000': 50000,
  '$50,000+': 60000,
};

function specSizeRank(size: string | null | undefined): number | null {
  if (size === 'Small' || size === 'Small <5k') return 0;
  if (size === 'Medium' || size === 'Medium 5-15k') return 1;
  if (size === 'Large' || size === 'Large 15-30k' || size === 'Very Large >30k') return 2;
  return null;
}

function specRound1(x: number): number {
  return Math.round(Number((x * 10).toFixed(6))) / 10;
}

function referenceScore(a: AthleteScoringInput, r: RequestScoringInput) {
  if (a.profileCompleted !== true) return null;
  if (r.openToTransfer === false && a.isTransfer === true) return null;
  if (typeof a.age === 'number' && (a.age < Number(r.ageMin) || a.age > Number(r.ageMax))) return null;
  const categories = r.teamCategories ?? [];
  if (categories.length === 1 && categories[0] === "Men's Team" && a.gender !== 'male') return null;
  if (categories.length === 1 && categories[0] === "Women's Team" && a.gender !== 'female') return null;

  const w = r.urgent
    ? { position: 0.5, academics: 0.4, lyfs: 0.06, region: 0.03, budget: 0.03, extras: 0.03 }
    : { position: 0.4, academics: 0.4, lyfs: 0.1, region: 0.05, budget: 0.05, extras: 0.05 };

  // Position
  const requestGroups = (r.positions ?? []).map(specGroup);
  let position = 0;
  let positionMatch: 'primary' | 'secondary' | null = null;
  if (specGroup(a.primaryPosition) !== null && requestGroups.includes(specGroup(a.primaryPosition))) {
    position = w.position;
    positionMatch = 'primary';
  } else if (specGroup(a.secondaryPosition) !== null && requestGroups.includes(specGroup(a.secondaryPosition))) {
    position = Math.min(0.15, w.position);
    positionMatch = 'secondary';
  }
  const positionExact = (r.positions ?? []).some(
    (p) => p === a.primaryPosition || (p === 'Winger' && (a.primaryPosition === 'Left Winger' || a.primaryPosition === 'Right Winger')),
  );

  // Academics
  // S3: the request's own minimum first, then the notes, then 2.5.
  const min = typeof r.minGpa === 'number' ? r.minGpa : specMinGpa(r.notes);
  let academics = 0;
  let penalty = 1;
  const gpa = typeof a.gpa === 'number' && a.gpa >= 0 && a.gpa <= 4 ? a.gpa : null;
  if (gpa !== null) {
    if (gpa < min) penalty = 0.5;
    else academics = ((gpa - min) / Math.max(4 - min, 0.1)) * w.academics;
  }

  // League
  let league: number;
  const levels = (r.playerLevels ?? []).map(specLeagueScore).filter((s): s is number => s !== null);
  const athleteLeague = specLeagueScore(a.leagueLevel);
  if (levels.length === 0) league = 1;
  else if (athleteLeague === null) league = 0.25;
  else {
    const difference = Math.min(...levels.map((l) => Math.abs(l - athleteLeague)));
    league = difference === 0 ? 1 : difference === 1 ? 0.75 : difference === 2 ? 0.5 : difference === 3 ? 0.25 : 0;
  }

  // Academic timing
  let timing = 0;
  const requestTerms = r.targetStartTerms ?? [];
  if (requestTerms.length === 0) timing = 1;
  else {
    for (const at of a.targetStartTerms ?? []) {
      for (const rt of requestTerms) {
        const x = specTerm(at);
        const y = specTerm(rt);
        if (x.season === y.season && x.year === y.year) timing = Math.max(timing, 1);
        else if (x.season === y.season && Math.abs(x.year - y.year) === 1) timing = Math.max(timing, 0.66);
      }
    }
  }

  // School size
  const athleteSize = specSizeRank(a.schoolSizePreference);
  const programSize = specSizeRank(r.institutionSize);
  let size = 1;
  if (athleteSize !== null && programSize !== null) {
    const steps = Math.abs(athleteSize - programSize);
    size = steps === 0 ? 1 : steps === 1 ? 0.5 : 0;
  }
  const lyfs = (league * 0.05 + timing * 0.03 + size * 0.02) * (w.lyfs / 0.1);

  // Region
  let region: number;
  const wanted = (r.regions ?? []).flatMap(specExpandRegion);
  const preferred = a.preferredUsRegions ?? [];
  if (wanted.length === 0) region = 1;
  else if (preferred.includes('No preference')) region = 1;
  else if (preferred.length === 0) region = 0.2;
  else if (preferred.some((p) => wanted.includes(p))) region = 1;
  else if (preferred.some((p) => wanted.some((x) => SPEC_ADJACENT[x].includes(p)))) region = 0.6;
  else region = 0.2;

  // Budget
  let budget: number;
  if (!r.estimatedBudget) budget = 1;
  else if (typeof a.estimatedBudget !== 'number') budget = 0;
  else budget = a.estimatedBudget >= SPEC_BUDGET_LIMITS[r.estimatedBudget] ? 1 : 0;

  // Extras
  const athleteExtras = (typeof a.playerExtras === 'string' ? a.playerExtras.split(/[,\n]/) : (a.playerExtras ?? [])).map((e) => e.trim().toLowerCase());
  const requestExtras = [
    ...new Set((typeof r.playerExtras === 'string' ? r.playerExtras.split(/[,\n]/) : (r.playerExtras ?? [])).map((e) => e.trim().toLowerCase())),
  ];
  const n = requestExtras.filter((e) => e !== '' && athleteExtras.includes(e)).length;
  let extras = 0;
  if (n === 1) extras = 0.02;
  if (n >= 2) extras = 0.02 + 0.015 + 0.01 * (n - 2);
  extras = Math.min(extras, w.extras);

  // Incompleteness
  let missing = 0;
  if (!a.highlightVideoUrl) missing++;
  if (gpa === null) missing++;
  if (!a.primaryPosition) missing++;
  if (typeof a.goalsAssistsLastSeason !== 'number' && (a.externalLinks ?? []).length === 0) missing++;
  if (!a.profileCompleted) missing++;
  const incompleteness = Math.max(0.8, Math.pow(0.95, missing));

  const base = position + academics + lyfs + region * w.region + budget * w.budget + extras;
  const score = specRound1(base * incompleteness * penalty * 100);
  return {
    score,
    listed: score >= 70,
    positionMatch,
    positionExact,
    subScores: {
      position: specRound1((position / w.position) * 100),
      academics: specRound1((academics / w.academics) * 100),
      lyfs: specRound1(((league * 0.05 + timing * 0.03 + size * 0.02) / 0.1) * 100),
      region: specRound1(region * 100),
      budget: specRound1(budget * 100),
      extras: specRound1((extras / w.extras) * 100),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Generators

const ATHLETE_POSITIONS = [
  'Goalkeeper',
  'Left Back',
  'Center Back',
  'Right Back',
  'Defensive Midfield',
  'Central Midfield',
  'Attacking Midfield',
  'Left Winger',
  'Right Winger',
  'Forward',
];
const REQUEST_POSITIONS = ['Goalkeeper', 'Left Back', 'Center Back', 'Right Back', 'Defensive Midfield', 'Attacking Midfield', 'Winger', 'Forward'];
const ATHLETE_REGIONS = Object.keys(SPEC_ADJACENT);
const REQUEST_REGIONS = [...ATHLETE_REGIONS, 'South', 'West'];
const TERMS = ['Fall 2025', 'Spring 2026', 'Fall 2026', 'Spring 2027', 'Fall 2027'];
const EXTRAS = ['Team captain', 'National team experience', 'Regional team', 'Top 10 scorer', 'Professional academy', 'Senior-level experience', 'Left footed'];
const leagueValues = Object.keys(SPEC_LEAGUES);
const leagueLabels = Object.keys(SPEC_LEAGUE_LABELS);

const orNull = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const gpaArb = fc.integer({ min: 0, max: 400 }).map((n) => n / 100);

const athleteArb: fc.Arbitrary<AthleteScoringInput> = fc.record({
  id: fc.uuid(),
  updatedAt: fc.constant('2025-06-01T00:00:00Z'),
  profileCompleted: fc.oneof({ arbitrary: fc.constant(true), weight: 4 }, { arbitrary: fc.constant(false), weight: 1 }),
  gender: fc.constantFrom('male', 'female', null),
  age: orNull(fc.integer({ min: 14, max: 30 })),
  isTransfer: fc.boolean(),
  gpa: orNull(gpaArb),
  primaryPosition: orNull(fc.constantFrom(...ATHLETE_POSITIONS)),
  secondaryPosition: orNull(fc.constantFrom(...ATHLETE_POSITIONS)),
  leagueLevel: orNull(fc.oneof(fc.constantFrom(...leagueValues), fc.constantFrom(...leagueLabels), fc.integer({ min: 1, max: 8 }))),
  targetStartTerms: fc.subarray(TERMS),
  schoolSizePreference: fc.constantFrom('Small', 'Medium', 'Large', 'Any', null),
  preferredUsRegions: fc.oneof(fc.subarray(ATHLETE_REGIONS, { maxLength: 3 }), fc.constant(['No preference'])),
  estimatedBudget: orNull(fc.integer({ min: 0, max: 70 }).map((n) => n * 1000)),
  playerExtras: fc.oneof(
    fc.subarray(EXTRAS),
    fc.subarray(EXTRAS).map((e) => e.join(', ').toUpperCase()),
  ),
  highlightVideoUrl: fc.constantFrom('https://youtu.be/x', null),
  goalsAssistsLastSeason: orNull(fc.integer({ min: 0, max: 40 })),
  externalLinks: fc.constantFrom([], [{ platform: 'BeSoccer', url: 'https://besoccer.com/p' }]),
});

const requestArb: fc.Arbitrary<RequestScoringInput> = fc
  .record({
    id: fc.uuid(),
    urgent: fc.boolean(),
    positions: fc.subarray(REQUEST_POSITIONS, { minLength: 0, maxLength: 2 }),
    ageMin: fc.integer({ min: 16, max: 24 }),
    ageSpan: fc.integer({ min: 0, max: 11 }),
    teamCategories: fc.subarray(["Men's Team", "Women's Team"]),
    regions: fc.subarray(REQUEST_REGIONS, { maxLength: 3 }),
    playerLevels: fc.subarray(leagueValues, { maxLength: 3 }),
    targetStartTerms: fc.subarray(['Spring 2026', 'Fall 2026']),
    estimatedBudget: fc.constantFrom('', ...Object.keys(SPEC_BUDGET_LIMITS)),
    playerExtras: fc.subarray(EXTRAS),
    openToTransfer: fc.boolean(),
    institutionSize: fc.constantFrom('', 'Small <5k', 'Medium 5-15k', 'Large 15-30k', 'Very Large >30k'),
    notes: fc.oneof(
      fc.constant(''),
      gpaArb.map((g) => `Looking for min GPA ${g}`),
      fc.integer({ min: 0, max: 40 }).map((g) => `GPA: ${g / 10} or better`),
      fc.string(),
    ),
    minGpa: fc.option(gpaArb, { nil: undefined }),
  })
  .map(({ ageSpan, ...r }) => ({ ...r, ageMax: r.ageMin + ageSpan }));

// ---------------------------------------------------------------------------------------------

describe('engine against the reference implementation', () => {
  it('agrees on exclusion, score, listing, sub-scores and position match', () => {
    fc.assert(
      fc.property(athleteArb, requestArb, (athlete, request) => {
        const expected = referenceScore(athlete, request);
        const actual = scorePair(resolveAthlete(athlete), resolveRequest(request));
        if (expected === null) {
          expect(actual).toBeNull();
          return;
        }
        expect(actual).not.toBeNull();
        const { highlight: _highlight, ...rest } = actual!;
        expect(rest).toEqual(expected);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('highlights', () => {
  it("a list read's wording (stored facts + the athlete's stored values) equals the domain's for every listed pair", () => {
    let listed = 0;
    fc.assert(
      fc.property(athleteArb, requestArb, (athlete, request) => {
        const [a, r] = [resolveAthlete(athlete), resolveRequest(request)];
        const pair = scorePair(a, r);
        if (!pair?.listed) return;
        listed++;
        expect(writeHighlights(pair, highlightAthleteOf(athlete))).toEqual(highlightsFor(a, r));
      }),
      { numRuns: 5000 },
    );
    expect(listed).toBeGreaterThan(20);
  });
});

describe('properties', () => {
  it('both weight sets add up to 1.05, as the spec gives them', () => {
    const sum = (w: typeof WEIGHTS_DEFAULT) => w.position + w.academics + w.lyfs + w.region + w.budget + w.extras;
    expect(sum(WEIGHTS_DEFAULT)).toBeCloseTo(1.05, 12);
    expect(sum(WEIGHTS_URGENT)).toBeCloseTo(1.05, 12);
  });

  it('scores lie within 0..105 (100 x the weight sum) and sub-scores within 0..100', () => {
    fc.assert(
      fc.property(athleteArb, requestArb, (athlete, request) => {
        const result = scorePair(resolveAthlete(athlete), resolveRequest(request));
        if (!result) return;
        expect(result.score).toBeGreaterThanOrEqual(0);
        expect(result.score).toBeLessThanOrEqual(105);
        expect(result.listed).toBe(result.score >= 70);
        for (const value of Object.values(result.subScores)) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('an athlete who improves their GPA never scores lower', () => {
    fc.assert(
      fc.property(athleteArb, requestArb, gpaArb, gpaArb, (athlete, request, g1, g2) => {
        const [low, high] = g1 <= g2 ? [g1, g2] : [g2, g1];
        const r = resolveRequest(request);
        const before = scorePair(resolveAthlete({ ...athlete, gpa: low }), r);
        const after = scorePair(resolveAthlete({ ...athlete, gpa: high }), r);
        expect(after === null).toBe(before === null);
        if (before && after) expect(after.score).toBeGreaterThanOrEqual(before.score);
      }),
      { numRuns: 3000 },
    );
  });

  it('resolving is deterministic and scoring does not depend on earlier pairs', () => {
    fc.assert(
      fc.property(athleteArb, requestArb, athleteArb, (athlete, request, other) => {
        const a = resolveAthlete(athlete);
        const r = resolveRequest(request);
        const first = scorePair(a, r);
        scorePair(resolveAthlete(other), r);
        expect(scorePair(a, r)).toEqual(first);
      }),
      { numRuns: 500 },
    );
  });
});
