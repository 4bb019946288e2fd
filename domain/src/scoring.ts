// The match score of an athlete against a coach request: spec section 9 as settled by
// decisions S1-S13.
//
// Shape, for speed: the worker scores every athlete against every open request (tens of millions
// of pairs in a rebuild). All string work happens once per athlete (`resolveAthlete`) and once per
// request (`resolveRequest`), which turn the stored rows into numbers, bit masks and small lookup
// tables. `scorePair` is then arithmetic and bit operations only; it allocates its result and,
// for listed pairs only, its highlight facts.
//
// Highlights (short bullets for the coach's match card, at most four, in this order). A pair's
// score records what they say beyond the position match (HighlightFacts: the index stores those
// few values, not the sentences) and `writeHighlights` words them with the athlete's details:
//   1. position: "Primary position Forward matches the request" (exact position, decision S2),
//      "Primary position Left Back fits the defender group", or
//      "Secondary position Forward fits the attacker group";
//   2. academics: "Exceeds the minimum GPA of 2.5 (GPA 3.4)" when gpa >= min + 0.3 (decision S3);
//   3. league: "Plays at a requested level: Segunda RFEF" when the league is one the request asks for;
//   4. extras: "Extras: Team captain, Top 10 scorer" naming at most the first two matched extras
//      (spec section 9: highlights use at most the first two extras).
import {
  ATHLETE_POSITIONS,
  ATHLETE_REGIONS,
  BUDGETS,
  COACH_REGIONS,
  DEFAULT_MIN_GPA,
  EXTRAS,
  GPA_MAX,
  GPA_MIN,
  MATCH_THRESHOLD,
  NO_REGION_PREFERENCE,
  POSITION_GROUP_NAMES,
  POSITION_GROUPS,
  REQUEST_AGE_DEFAULT_MAX,
  REQUEST_AGE_DEFAULT_MIN,
  SCHOOL_SIZE_AS_PREFERENCE,
  TOP_VIEW_SIZE,
  resolveLeague,
  type MatchStatus,
  type MatchView,
  type PositionGroup,
  type SchoolSize,
} from './reference.ts';
import { round1 } from './conversions.ts';
import type { ExclusionRule, PairExplanation, PositionMatch, SubScores } from './wire/matches.ts';
import { normalizeExternalLinks, splitList } from './fields.ts';

// ---------------------------------------------------------------------------------------------
// Weights

export interface ScoringWeights {
  position: number;
  academics: number;
  lyfs: number;
  region: number;
  budget: number;
  extras: number;
}

export const WEIGHTS_DEFAULT: Readonly<ScoringWeights> = Object.freeze({
  position: 0.4,
  academics: 0.4,
  lyfs: 0.1,
  region: 0.05,
  budget: 0.05,
  extras: 0.05,
});

/**
 * As the spec gives them. Note they add up to 1.05, not 1, so a perfect urgent pair scores 105;
 * kept literally (decisions.md: report, don't quietly change) and raised with the lead.
 */
export const WEIGHTS_URGENT: Readonly<ScoringWeights> = Object.freeze({
  position: 0.5,
  academics: 0.4,
  lyfs: 0.06,
  region: 0.03,
  budget: 0.03,
  extras: 0.03,
});

/** Decision S7: LYFS parts at the default LYFS weight of 0.10, rescaled to the request's LYFS weight. */
const LYFS_LEAGUE = 0.05;
const LYFS_TIMING = 0.03;
const LYFS_SIZE = 0.02;
const LYFS_BASE = 0.1;
const SECONDARY_POSITION_POINTS = 0.15;
const GPA_PENALTY = 0.5;
const EXCEEDS_MARGIN = 0.3;

// ---------------------------------------------------------------------------------------------
// Reference data as bits

const GROUP_BIT: Record<PositionGroup, number> = { goalkeeper: 1, defender: 2, midfielder: 4, attacker: 8 };

/** Every position name of either list gets a bit; `groupBit` is its group's bit. */
const POSITION_BITS = new Map<string, { name: string; bit: number; groupBit: number; group: PositionGroup }>();
for (const name of new Set<string>([...ATHLETE_POSITIONS, ...Object.values(POSITION_GROUPS).flat()])) {
  const group = POSITION_GROUP_NAMES.find((g) => (POSITION_GROUPS[g] as readonly string[]).includes(name))!;
  POSITION_BITS.set(name.toLowerCase(), { name, bit: 1 << POSITION_BITS.size, groupBit: GROUP_BIT[group], group });
}
const positionInfo = (name: unknown) => (typeof name === 'string' ? POSITION_BITS.get(name.trim().toLowerCase()) : undefined);
/** Decision S2: a requested Winger is matched exactly by a Left or Right Winger. */
const WINGER_ALIASES = ['winger', 'left winger', 'right winger'];

/** The position groups of some positions, in the order goalkeeper, defender, midfielder, attacker. */
export function positionGroupsOf(positions: readonly string[] | string | null | undefined): PositionGroup[] {
  const list = typeof positions === 'string' ? [positions] : (positions ?? []);
  const groups = new Set(list.map((p) => positionInfo(p)?.group).filter((g) => g !== undefined));
  return POSITION_GROUP_NAMES.filter((g) => groups.has(g));
}

const REGION_BIT = new Map<string, number>(ATHLETE_REGIONS.map((r, i) => [r.toLowerCase(), 1 << i]));
const regionBit = (name: string) => REGION_BIT.get(name.trim().toLowerCase()) ?? 0;
const regionMaskOf = (names: readonly string[]) => names.reduce((mask, n) => mask | regionBit(n), 0);

/** Decision S8 (symmetric). */
const REGION_ADJACENCY: Record<(typeof ATHLETE_REGIONS)[number], readonly string[]> = {
  Northeast: ['Mid-Atlantic', 'Midwest'],
  'Mid-Atlantic': ['Northeast', 'Southeast', 'Midwest'],
  Southeast: ['Mid-Atlantic', 'Midwest', 'Southwest'],
  Midwest: ['Northeast', 'Mid-Atlantic', 'Southeast', 'Mountain West', 'Southwest'],
  Southwest: ['Southeast', 'Midwest', 'Mountain West', 'West Coast'],
  'Mountain West': ['Midwest', 'Southwest', 'West Coast', 'Pacific Northwest'],
  'West Coast': ['Southwest', 'Mountain West', 'Pacific Northwest'],
  'Pacific Northwest': ['West Coast', 'Mountain West'],
};
const ADJACENT_MASK = new Map<number, number>(ATHLETE_REGIONS.map((r) => [regionBit(r), regionMaskOf(REGION_ADJACENCY[r])]));

/** Decision S8: coach regions stand for several athlete regions. */
const COACH_REGION_EXPANSION: Record<(typeof COACH_REGIONS)[number], readonly string[]> = {
  Northeast: ['Northeast', 'Mid-Atlantic'],
  Midwest: ['Midwest'],
  South: ['Southeast', 'Southwest'],
  West: ['West Coast', 'Mountain West', 'Pacific Northwest'],
};
const COACH_REGION_MASK = new Map<string, number>(
  Object.entries(COACH_REGION_EXPANSION).map(([coach, regions]) => [coach.toLowerCase(), regionMaskOf(regions)]),
);

const EXTRA_BIT = new Map<string, number>(EXTRAS.map((e, i) => [e.toLowerCase(), 1 << i]));

/** Small 0, Medium 1, Large 2; Any or unknown -1 (decision S6). */
function sizeStepOf(preference: unknown): number {
  if (typeof preference !== 'string') return -1;
  const text = preference.trim();
  const asPreference = SCHOOL_SIZE_AS_PREFERENCE[text as SchoolSize] ?? text;
  return ['small', 'medium', 'large'].indexOf(asPreference.toLowerCase());
}

/** "Fall 2026" -> 2026 * 2 + 1, "Spring 2026" -> 2026 * 2: the same term is equal codes, the same
 * season one year apart is codes 2 apart. Anything else is ignored. */
function termCodeOf(term: unknown): number {
  const m = typeof term === 'string' ? /^\s*(spring|fall)\s+(\d{4})\s*$/i.exec(term) : null;
  return m ? Number(m[2]) * 2 + (m[1].toLowerCase() === 'fall' ? 1 : 0) : -1;
}
const termCodesOf = (terms: unknown) => (Array.isArray(terms) ? [...new Set(terms.map(termCodeOf).filter((c) => c >= 0))] : []);

function budgetLimitOf(label: unknown): number {
  if (typeof label !== 'string') return NaN;
  const key = (s: string) => s.replace(/\s+/g, '').replace(/[–—]/g, '-').toLowerCase();
  return BUDGETS.find((b) => key(b.label) === key(label))?.limit ?? NaN;
}

function finiteOrNaN(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : NaN;
}

/**
 * A stored GPA when valid (a number, or a numeric string, within GPA_MIN..GPA_MAX), else null: the
 * one rule for scoring, cards and filters (worker/src/store/profile-sql.ts is its SQL twin).
 */
export function validGpa(value: unknown): number | null {
  const gpa = finiteOrNaN(value);
  return gpa >= GPA_MIN && gpa <= GPA_MAX ? gpa : null;
}

function timeOf(value: unknown): number {
  if (value instanceof Date) return value.getTime() || 0;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string') return Date.parse(value) || 0;
  return 0;
}

/** Decision S11's items, as bits of `ScoringAthlete.missingItems`. */
const MISSING_VIDEO = 1;
const MISSING_GPA = 2;
const MISSING_PRIMARY = 4;
const MISSING_STATS = 8;
const MISSING_COMPLETE = 16;

const lowerSet = (items: readonly string[]) => [...new Set(items.map((e) => e.toLowerCase()))];

const NOTES_GPA = /gpa\D{0,12}?(\d+(?:\.\d+)?)/i;

/**
 * Decision S3: the first number within 12 non-digit characters after the word "gpa"
 * (case-insensitive), clamped to 0..4; 2.5 when there is none.
 */
export function minGpaFromNotes(notes: string | null | undefined): number {
  const m = typeof notes === 'string' ? NOTES_GPA.exec(notes) : null;
  return m ? Math.min(GPA_MAX, Math.max(GPA_MIN, Number(m[1]))) : DEFAULT_MIN_GPA;
}

/** Where a request's minimum GPA comes from (decision S3): its own field, a "GPA n" in the notes, or the default. */
export function minGpaSource(input: { minGpa?: number | null; notes?: string | null }): 'request' | 'notes' | 'default' {
  const own = input.minGpa;
  if (typeof own === 'number' && own >= GPA_MIN && own <= GPA_MAX) return 'request';
  return typeof input.notes === 'string' && NOTES_GPA.test(input.notes) ? 'notes' : 'default';
}

/** Decision S3: the request's own `minGpa` (0..4) when set; otherwise the notes rule; otherwise 2.5. */
export function requestMinGpa(input: { minGpa?: number | null; notes?: string | null }): number {
  return minGpaSource(input) === 'request' ? input.minGpa! : minGpaFromNotes(input.notes);
}

// ---------------------------------------------------------------------------------------------
// Resolved forms

const GENDER_ANY = 0;
const GENDER_MALE = 1;
const GENDER_FEMALE = 2;

/** The stored athlete fields scoring reads. Loose on purpose: rows come from the database as they are. */
export interface AthleteScoringInput {
  id: string;
  updatedAt?: string | number | Date | null;
  profileCompleted?: boolean | null;
  gender?: string | null;
  age?: number | string | null;
  isTransfer?: boolean | null;
  gpa?: number | string | null;
  primaryPosition?: string | null;
  secondaryPosition?: string | null;
  leagueLevel?: string | number | null;
  targetStartTerms?: readonly string[] | null;
  schoolSizePreference?: string | null;
  preferredUsRegions?: readonly string[] | null;
  estimatedBudget?: number | string | null;
  playerExtras?: readonly string[] | string | null;
  highlightVideoUrl?: string | null;
  goalsAssistsLastSeason?: number | string | null;
  externalLinks?: readonly unknown[] | null;
}

/** The stored request fields scoring reads (as in `coachRequestSchema`). */
export interface RequestScoringInput {
  id: string;
  urgent?: boolean | null;
  positions?: readonly string[] | null;
  ageMin?: number | string | null;
  ageMax?: number | string | null;
  teamCategories?: readonly string[] | null;
  regions?: readonly string[] | null;
  playerLevels?: readonly (string | number)[] | null;
  targetStartTerms?: readonly string[] | null;
  estimatedBudget?: string | null;
  playerExtras?: readonly string[] | string | null;
  openToTransfer?: boolean | null;
  institutionSize?: string | null;
  notes?: string | null;
  /** The request's minimum GPA (S3); when unset the notes say it, else 2.5. */
  minGpa?: number | null;
}

/** An athlete ready for `scorePair`. NaN marks an unknown number. */
export interface ScoringAthlete {
  readonly id: string;
  readonly updatedAtMs: number;
  readonly profileCompleted: boolean;
  readonly gender: number;
  readonly age: number;
  readonly isTransfer: boolean;
  /** 0..4, NaN when missing or out of range. */
  readonly gpa: number;
  readonly primaryPosition: string | null;
  readonly secondaryPosition: string | null;
  readonly primaryPositionBit: number;
  readonly primaryGroupBit: number;
  readonly secondaryGroupBit: number;
  /** 1..5, 0 when unknown. */
  readonly leagueScore: number;
  readonly leagueLabel: string | null;
  readonly termCodes: readonly number[];
  /** Index into a request's size table: 0 Any/unknown, 1 Small, 2 Medium, 3 Large. */
  readonly sizeIndex: number;
  readonly regionMask: number;
  readonly noRegionPreference: boolean;
  readonly budget: number;
  readonly extrasMask: number;
  /** Lowercased extras outside the reference list (free text), null when none. */
  readonly otherExtras: ReadonlySet<string> | null;
  /** Decision S11, precomputed. */
  readonly incompleteness: number;
  /** Which S11 items are missing (MISSING_* bits), for `explainPair`. */
  readonly missingItems: number;
}

/** A request ready for `scorePair`. */
export interface ScoringRequest {
  readonly id: string;
  readonly weights: Readonly<ScoringWeights>;
  readonly openToTransfer: boolean;
  readonly ageMin: number;
  readonly ageMax: number;
  readonly requiredGender: number;
  readonly positionGroupMask: number;
  readonly exactPositionMask: number;
  readonly minGpa: number;
  readonly gpaSpan: number;
  /** League factor by athlete league score (index 0: unknown league). */
  readonly leagueFactors: Float64Array;
  readonly hasLevels: boolean;
  readonly termCodes: readonly number[];
  /** Size factor by athlete `sizeIndex`. */
  readonly sizeFactors: Float64Array;
  /** Weight of LYFS relative to its default 0.10. */
  readonly lyfsScale: number;
  /** Expanded athlete regions; 0 when the request names none. */
  readonly regionMask: number;
  readonly adjacentRegionMask: number;
  /** NaN when the request has no budget. */
  readonly budgetLimit: number;
  readonly extrasMask: number;
  readonly otherExtras: readonly string[];
  /** The request's extras as written, for highlights: by bit of the reference list, then the others. */
  readonly extrasLabels: readonly string[];
}

export function resolveAthlete(input: AthleteScoringInput): ScoringAthlete {
  const primary = positionInfo(input.primaryPosition);
  const secondary = positionInfo(input.secondaryPosition);
  const league = resolveLeague(input.leagueLevel);
  const gpa = validGpa(input.gpa) ?? NaN;
  const regions = splitList(input.preferredUsRegions ?? []);
  const extras = lowerSet(splitList(input.playerExtras));
  const others = extras.filter((e) => !EXTRA_BIT.has(e));
  const gender = typeof input.gender === 'string' ? input.gender.trim().toLowerCase() : '';
  const sizeStep = sizeStepOf(input.schoolSizePreference);
  const hasVideo = typeof input.highlightVideoUrl === 'string' && input.highlightVideoUrl.trim() !== '';
  const hasStats = !Number.isNaN(finiteOrNaN(input.goalsAssistsLastSeason)) || normalizeExternalLinks(input.externalLinks).length > 0;
  const hasPrimary = typeof input.primaryPosition === 'string' && input.primaryPosition.trim() !== '';
  const completed = input.profileCompleted === true;
  const missing = Number(!hasVideo) + Number(Number.isNaN(gpa)) + Number(!hasPrimary) + Number(!hasStats) + Number(!completed);
  const missingItems =
    (hasVideo ? 0 : MISSING_VIDEO) |
    (Number.isNaN(gpa) ? MISSING_GPA : 0) |
    (hasPrimary ? 0 : MISSING_PRIMARY) |
    (hasStats ? 0 : MISSING_STATS) |
    (completed ? 0 : MISSING_COMPLETE);

  return {
    id: input.id,
    updatedAtMs: timeOf(input.updatedAt),
    profileCompleted: completed,
    gender: gender === 'male' ? GENDER_MALE : gender === 'female' ? GENDER_FEMALE : GENDER_ANY,
    age: finiteOrNaN(input.age),
    isTransfer: input.isTransfer === true,
    gpa,
    primaryPosition: primary?.name ?? null,
    secondaryPosition: secondary?.name ?? null,
    primaryPositionBit: primary?.bit ?? 0,
    primaryGroupBit: primary?.groupBit ?? 0,
    secondaryGroupBit: secondary?.groupBit ?? 0,
    leagueScore: league?.score ?? 0,
    leagueLabel: league?.label ?? null,
    termCodes: termCodesOf(input.targetStartTerms),
    sizeIndex: sizeStep + 1,
    regionMask: regionMaskOf(regions),
    noRegionPreference: regions.some((r) => r.toLowerCase() === NO_REGION_PREFERENCE.toLowerCase()),
    budget: finiteOrNaN(input.estimatedBudget),
    extrasMask: extras.reduce((mask, e) => mask | (EXTRA_BIT.get(e) ?? 0), 0),
    otherExtras: others.length > 0 ? new Set(others) : null,
    incompleteness: Math.max(0.8, 0.95 ** missing),
    missingItems,
  };
}

export function resolveRequest(input: RequestScoringInput): ScoringRequest {
  const weights = input.urgent === true ? WEIGHTS_URGENT : WEIGHTS_DEFAULT;
  const positions = splitList(input.positions ?? []);
  let positionGroupMask = 0;
  let exactPositionMask = 0;
  for (const p of positions) {
    const info = positionInfo(p);
    if (!info) continue;
    positionGroupMask |= info.groupBit;
    const exact = info.name === 'Winger' ? WINGER_ALIASES : [info.name.toLowerCase()];
    for (const name of exact) exactPositionMask |= POSITION_BITS.get(name)!.bit;
  }

  // Decision S1: exactly one category restricts the gender; both or none admit anyone.
  const categories = [...new Set(splitList(input.teamCategories ?? []))];
  const requiredGender =
    categories.length !== 1 ? GENDER_ANY : categories[0] === "Men's Team" ? GENDER_MALE : categories[0] === "Women's Team" ? GENDER_FEMALE : GENDER_ANY;

  const minGpa = requestMinGpa(input);

  // Decision S4: smallest distance to a requested level. Unknown requested levels are ignored;
  // a request whose levels are all unknown counts as naming none.
  const levels = [...new Set((input.playerLevels ?? []).map((l) => resolveLeague(l)?.score).filter((s) => s !== undefined))];
  const leagueFactors = new Float64Array(6);
  leagueFactors[0] = levels.length === 0 ? 1 : 0.25;
  for (let score = 1; score <= 5; score++) {
    const distance = levels.length === 0 ? 0 : Math.min(...levels.map((l) => Math.abs(l - score)));
    leagueFactors[score] = [1, 0.75, 0.5, 0.25][distance] ?? 0;
  }

  // Decision S6: equal 1, one step 0.5, two 0; Any or unknown on either side 1.
  const requestStep = sizeStepOf(input.institutionSize);
  const sizeFactors = new Float64Array(4).fill(1);
  if (requestStep >= 0) for (let step = 0; step < 3; step++) sizeFactors[step + 1] = [1, 0.5, 0][Math.abs(step - requestStep)]!;

  // Decision S8: coach regions expand; athlete regions stand for themselves.
  let regionMask = 0;
  for (const r of splitList(input.regions ?? [])) regionMask |= COACH_REGION_MASK.get(r.toLowerCase()) ?? regionBit(r);
  let adjacentRegionMask = 0;
  for (const [bit, adjacent] of ADJACENT_MASK) if (regionMask & bit) adjacentRegionMask |= adjacent;

  const extrasWritten = [...new Map(splitList(input.playerExtras).map((e) => [e.toLowerCase(), e])).values()];
  const known = extrasWritten.filter((e) => EXTRA_BIT.has(e.toLowerCase()));
  const others = extrasWritten.filter((e) => !EXTRA_BIT.has(e.toLowerCase()));
  known.sort((a, b) => EXTRA_BIT.get(a.toLowerCase())! - EXTRA_BIT.get(b.toLowerCase())!);

  const ageMin = finiteOrNaN(input.ageMin);
  const ageMax = finiteOrNaN(input.ageMax);
  return {
    id: input.id,
    weights,
    openToTransfer: input.openToTransfer === true,
    ageMin: Number.isNaN(ageMin) ? REQUEST_AGE_DEFAULT_MIN : ageMin,
    ageMax: Number.isNaN(ageMax) ? REQUEST_AGE_DEFAULT_MAX : ageMax,
    requiredGender,
    positionGroupMask,
    exactPositionMask,
    minGpa,
    gpaSpan: Math.max(GPA_MAX - minGpa, 0.1),
    leagueFactors,
    hasLevels: levels.length > 0,
    termCodes: termCodesOf(input.targetStartTerms),
    sizeFactors,
    lyfsScale: weights.lyfs / LYFS_BASE,
    regionMask,
    adjacentRegionMask,
    budgetLimit: budgetLimitOf(input.estimatedBudget),
    extrasMask: known.reduce((mask, e) => mask | EXTRA_BIT.get(e.toLowerCase())!, 0),
    otherExtras: others.map((e) => e.toLowerCase()),
    extrasLabels: [...known, ...others],
  };
}

// ---------------------------------------------------------------------------------------------
// Scoring a pair

export interface PairScore {
  /** 0..100 (up to 105 with the spec's urgent weights), one decimal. */
  score: number;
  listed: boolean;
  /** Each component as a percent of its own weight, one decimal. */
  subScores: SubScores;
  positionMatch: PositionMatch;
  positionExact: boolean;
  /** For listed pairs only (NO_HIGHLIGHT_FACTS otherwise); `highlightsFor` words them for any pair. */
  highlight: HighlightFacts;
}

/**
 * What a pair's highlights say beyond its position match (which `positionMatch` and
 * `positionExact` hold): the index stores these few values, and `writeHighlights` words them.
 */
export interface HighlightFacts {
  /** The request's minimum GPA when the athlete's GPA reaches it plus 0.3 (decision S3), else null. */
  exceedsMinGpa: number | null;
  /** The athlete plays at a level the request asks for. */
  requestedLevel: boolean;
  /** The first two matched extras as the request wrote them, joined with ', ', or null. */
  extras: string | null;
}

export const NO_HIGHLIGHT_FACTS: Readonly<HighlightFacts> = Object.freeze({ exceedsMinGpa: null, requestedLevel: false, extras: null });

const MATCH_NONE = 0;
const MATCH_PRIMARY = 1;
const MATCH_SECONDARY = 2;

/** The points of the last evaluated pair. One module-level record keeps `evaluate` allocation-free. */
const last = {
  position: 0,
  academics: 0,
  lyfs: 0,
  region: 0,
  budget: 0,
  extras: 0,
  match: MATCH_NONE,
  leagueFactor: 0,
  extrasCount: 0,
};

function popcount(x: number): number {
  let n = 0;
  while (x !== 0) {
    x &= x - 1;
    n++;
  }
  return n;
}

/** The best timing factor over all pairs of terms (decision S5). */
function timingFactor(athleteTerms: readonly number[], requestTerms: readonly number[]): number {
  if (requestTerms.length === 0) return 1;
  let best = 0;
  for (let i = 0; i < athleteTerms.length; i++) {
    for (let j = 0; j < requestTerms.length; j++) {
      const d = athleteTerms[i] - requestTerms[j];
      if (d === 0) return 1;
      if (d === 2 || d === -2) best = 0.66;
    }
  }
  return best;
}

const INCLUDED = 0;
const EXCLUDED_INCOMPLETE = 1;
const EXCLUDED_TRANSFER = 2;
const EXCLUDED_AGE = 3;
const EXCLUDED_GENDER = 4;

/** Decision S1: which rule excludes the athlete from the request, INCLUDED when none does. */
function exclusionOf(a: ScoringAthlete, r: ScoringRequest): number {
  if (!a.profileCompleted) return EXCLUDED_INCOMPLETE;
  if (a.isTransfer && !r.openToTransfer) return EXCLUDED_TRANSFER;
  if (a.age < r.ageMin || a.age > r.ageMax) return EXCLUDED_AGE; // false for an unknown (NaN) age
  if (r.requiredGender !== GENDER_ANY && a.gender !== r.requiredGender) return EXCLUDED_GENDER;
  return INCLUDED;
}

/** The score of a pair, or -1 when the athlete is excluded (decision S1). Fills `last`. */
function evaluate(a: ScoringAthlete, r: ScoringRequest): number {
  if (exclusionOf(a, r) !== INCLUDED) return -1;
  const w = r.weights;

  // Position (S2)
  if ((a.primaryGroupBit & r.positionGroupMask) !== 0) {
    last.position = w.position;
    last.match = MATCH_PRIMARY;
  } else if ((a.secondaryGroupBit & r.positionGroupMask) !== 0) {
    last.position = Math.min(SECONDARY_POSITION_POINTS, w.position);
    last.match = MATCH_SECONDARY;
  } else {
    last.position = 0;
    last.match = MATCH_NONE;
  }

  // Academics (S3): a GPA under the minimum scores 0 and halves the total.
  let gpaPenalty = 1;
  last.academics = 0;
  if (a.gpa < r.minGpa) gpaPenalty = GPA_PENALTY;
  else if (a.gpa >= r.minGpa) last.academics = ((a.gpa - r.minGpa) / r.gpaSpan) * w.academics;

  // LYFS (S4-S7)
  last.leagueFactor = r.leagueFactors[a.leagueScore]!;
  const timing = timingFactor(a.termCodes, r.termCodes);
  last.lyfs = (last.leagueFactor * LYFS_LEAGUE + timing * LYFS_TIMING + r.sizeFactors[a.sizeIndex] * LYFS_SIZE) * r.lyfsScale;

  // Region (S8)
  let region: number;
  if (r.regionMask === 0 || a.noRegionPreference) region = 1;
  else if ((a.regionMask & r.regionMask) !== 0) region = 1;
  else if ((a.regionMask & r.adjacentRegionMask) !== 0) region = 0.6;
  else region = 0.2;
  last.region = region * w.region;

  // Budget (S9): an unknown (NaN) athlete budget compares false.
  last.budget = Number.isNaN(r.budgetLimit) || a.budget >= r.budgetLimit ? w.budget : 0;

  // Extras (S10)
  let n = popcount(a.extrasMask & r.extrasMask);
  if (a.otherExtras !== null) for (let i = 0; i < r.otherExtras.length; i++) if (a.otherExtras.has(r.otherExtras[i])) n++;
  last.extrasCount = n;
  last.extras = n === 0 ? 0 : Math.min(w.extras, n === 1 ? 0.02 : 0.035 + 0.01 * (n - 2));

  const base = last.position + last.academics + last.lyfs + last.region + last.budget + last.extras;
  return round1(base * a.incompleteness * gpaPenalty * 100);
}

export function scorePair(athlete: ScoringAthlete, request: ScoringRequest): PairScore | null {
  const score = evaluate(athlete, request);
  if (score < 0) return null;
  const w = request.weights;
  const listed = score >= MATCH_THRESHOLD;
  return {
    score,
    listed,
    subScores: {
      position: round1((last.position / w.position) * 100),
      academics: round1((last.academics / w.academics) * 100),
      lyfs: round1((last.lyfs / w.lyfs) * 100),
      region: round1((last.region / w.region) * 100),
      budget: round1((last.budget / w.budget) * 100),
      extras: round1((last.extras / w.extras) * 100),
    },
    positionMatch: last.match === MATCH_PRIMARY ? 'primary' : last.match === MATCH_SECONDARY ? 'secondary' : null,
    positionExact: (athlete.primaryPositionBit & request.exactPositionMask) !== 0,
    highlight: listed ? highlightFacts(athlete, request) : NO_HIGHLIGHT_FACTS,
  };
}

/** Only the total: null when excluded. Allocates nothing, for loops that keep few pairs. */
export function scoreValue(athlete: ScoringAthlete, request: ScoringRequest): number | null {
  const score = evaluate(athlete, request);
  return score < 0 ? null : score;
}

/** The highlights of any pair (empty when excluded). */
export function highlightsFor(athlete: ScoringAthlete, request: ScoringRequest): string[] {
  const pair = scorePair(athlete, request);
  if (pair === null) return [];
  // scorePair records the facts of listed pairs only.
  return writeHighlights(pair.listed ? pair : { ...pair, highlight: highlightFacts(athlete, request) }, athlete);
}

/** Reads `last`, so it runs right after `evaluate` of the same pair. */
function highlightFacts(a: ScoringAthlete, r: ScoringRequest): HighlightFacts {
  let extras: string | null = null;
  if (last.extrasCount > 0) {
    const matched = r.extrasLabels.filter(
      (label) => (a.extrasMask & (EXTRA_BIT.get(label.toLowerCase()) ?? 0)) !== 0 || a.otherExtras?.has(label.toLowerCase()),
    );
    extras = matched.slice(0, 2).join(', ');
  }
  return {
    // A tolerance keeps 2.5 + 0.3 from missing 2.8 by a binary rounding error.
    exceedsMinGpa: a.gpa >= r.minGpa + EXCEEDS_MARGIN - 1e-9 ? r.minGpa : null,
    requestedLevel: r.hasLevels && last.leagueFactor === 1,
    extras,
  };
}

/** The athlete's details the highlights name, as scoring reads them. */
export interface HighlightAthlete {
  /** Canonical position names (as `resolveAthlete` keeps them), or null. */
  primaryPosition: string | null;
  secondaryPosition: string | null;
  /** NaN when unknown. */
  gpa: number;
  leagueLabel: string | null;
}

/** The stored athlete values the highlights name, read as `resolveAthlete` reads them (a list read has the row, not a ScoringAthlete). */
export function highlightAthleteOf(input: { primaryPosition?: unknown; secondaryPosition?: unknown; gpa?: unknown; leagueLevel?: unknown }): HighlightAthlete {
  return {
    primaryPosition: positionInfo(input.primaryPosition)?.name ?? null,
    secondaryPosition: positionInfo(input.secondaryPosition)?.name ?? null,
    gpa: validGpa(input.gpa) ?? NaN,
    leagueLabel: resolveLeague(input.leagueLevel)?.label ?? null,
  };
}

/** A listed pair's highlights in words (at most four, in the order above). */
export function writeHighlights(pair: Pick<PairScore, 'positionMatch' | 'positionExact' | 'highlight'>, a: HighlightAthlete): string[] {
  const out: string[] = [];
  if (pair.positionMatch === 'primary')
    out.push(
      pair.positionExact
        ? `Primary position ${a.primaryPosition} matches the request`
        : `Primary position ${a.primaryPosition} fits the ${positionInfo(a.primaryPosition)?.group} group`,
    );
  else if (pair.positionMatch === 'secondary') out.push(`Secondary position ${a.secondaryPosition} fits the ${positionInfo(a.secondaryPosition)?.group} group`);
  const { exceedsMinGpa, requestedLevel, extras } = pair.highlight;
  // 3 -> '3.0', 3.25 stays '3.25': the minimum as the coach wrote it, at least one decimal.
  if (exceedsMinGpa !== null)
    out.push(`Exceeds the minimum GPA of ${Number.isInteger(exceedsMinGpa * 10) ? exceedsMinGpa.toFixed(1) : String(exceedsMinGpa)} (GPA ${a.gpa.toFixed(1)})`);
  if (requestedLevel) out.push(`Plays at a requested level: ${a.leagueLabel}`);
  if (extras !== null) out.push(`Extras: ${extras}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// "Why not?": a pair explained in words (issue 18), from the same evaluation as the index

/** 2.5 -> '2.5', 3 -> '3.0', 3.25 -> '3.25' (as the highlights write a GPA). */
const gpaText = (value: number) => (Number.isInteger(value * 10) ? value.toFixed(1) : String(Math.round(value * 100) / 100));
const pointsText = (value: number) => `${round1(value)} point${round1(value) === 1 ? '' : 's'}`;

const GENDER_WORD = ['', 'male', 'female'];
const TEAM_OF_GENDER = ['', "Men's Team", "Women's Team"];

function exclusionText(rule: number, a: ScoringAthlete, r: ScoringRequest): { rule: ExclusionRule; text: string } {
  switch (rule) {
    case EXCLUDED_INCOMPLETE:
      return { rule: 'incomplete', text: 'The profile is not complete, so the athlete is not scored' };
    case EXCLUDED_TRANSFER:
      return { rule: 'transfer', text: 'The athlete is a transfer (currently at a U.S. college) and the request is not open to transfers' };
    case EXCLUDED_AGE:
      return a.age > r.ageMax
        ? { rule: 'age', text: `Age ${a.age} is above ${r.ageMax}, the request's maximum age` }
        : { rule: 'age', text: `Age ${a.age} is below ${r.ageMin}, the request's minimum age` };
    default: {
      const athlete = GENDER_WORD[a.gender] || 'not given';
      return { rule: 'gender', text: `The request is for the ${TEAM_OF_GENDER[r.requiredGender]} only; the athlete's gender is ${athlete}` };
    }
  }
}

const MISSING_TEXTS: ReadonlyArray<[number, string]> = [
  [MISSING_VIDEO, 'no highlight video'],
  [MISSING_GPA, 'no GPA'],
  [MISSING_PRIMARY, 'no primary position'],
  [MISSING_STATS, 'no recent statistics'],
  [MISSING_COMPLETE, 'profile not complete'],
];

/**
 * Why an athlete is or is not listed for a request: the S1 exclusion, or the score, its sub-scores
 * and what keeps it down. Runs `evaluate`, the code path `scorePair` (and so the index) uses.
 */
export function explainPair(a: ScoringAthlete, r: ScoringRequest): PairExplanation {
  const rule = exclusionOf(a, r);
  if (rule !== INCLUDED) return { exclusion: exclusionText(rule, a, r), score: null, listed: false, subScores: null, positionMatch: null, reasons: [] };
  const result = scorePair(a, r)!;
  const w = r.weights;
  // `scorePair` ran `evaluate` for this pair, so `last` holds its points.
  const losses: Array<[number, string]> = [];
  const lost = (weight: number, points: number) => (weight - points) * 100;

  if (last.match === MATCH_NONE) {
    const positions = [a.primaryPosition, a.secondaryPosition].filter(Boolean).join(' / ') || 'no position given';
    losses.push([lost(w.position, 0), `Position (${positions}) is not in the requested position groups: position 0, ${pointsText(lost(w.position, 0))} lost`]);
  } else if (last.match === MATCH_SECONDARY) {
    losses.push([
      lost(w.position, last.position),
      `Only the secondary position ${a.secondaryPosition} fits the request: ${pointsText(lost(w.position, last.position))} of position lost`,
    ]);
  }

  if (Number.isNaN(a.gpa)) {
    losses.push([lost(w.academics, 0), `No GPA given: academics 0, ${pointsText(lost(w.academics, 0))} lost`]);
  } else if (a.gpa < r.minGpa) {
    losses.push([1000, `GPA ${gpaText(a.gpa)} is under the minimum ${gpaText(r.minGpa)}: academics 0, score halved`]);
  } else if (last.academics < w.academics) {
    losses.push([
      lost(w.academics, last.academics),
      `GPA ${gpaText(a.gpa)} against the minimum ${gpaText(r.minGpa)}: academics ${result.subScores.academics}%, ${pointsText(lost(w.academics, last.academics))} lost`,
    ]);
  }

  if (last.lyfs < w.lyfs - 1e-12) {
    const parts: string[] = [];
    if (last.leagueFactor < 1)
      parts.push(a.leagueScore === 0 ? 'league unknown' : r.hasLevels ? `league ${a.leagueLabel} is not a requested level` : `league ${a.leagueLabel}`);
    if (timingFactor(a.termCodes, r.termCodes) < 1) parts.push(a.termCodes.length === 0 ? 'no target start term' : 'start term differs from the requested one');
    if (r.sizeFactors[a.sizeIndex] < 1) parts.push('school size preference differs');
    losses.push([
      lost(w.lyfs, last.lyfs),
      `League, start and school size: ${parts.join('; ') || 'partly matching'} (${pointsText(lost(w.lyfs, last.lyfs))} lost)`,
    ]);
  }
  if (last.region < w.region - 1e-12) {
    losses.push([
      lost(w.region, last.region),
      `Preferred regions ${a.regionMask === 0 ? 'not given' : 'outside the requested regions'} (${pointsText(lost(w.region, last.region))} lost)`,
    ]);
  }
  if (last.budget < w.budget) {
    losses.push([
      lost(w.budget, last.budget),
      `Budget ${Number.isNaN(a.budget) ? 'not given' : `$${a.budget.toLocaleString('en-US')} is under the request's band`} (${pointsText(lost(w.budget, last.budget))} lost)`,
    ]);
  }
  if (r.extrasLabels.length > 0 && last.extras < w.extras - 1e-12) {
    losses.push([lost(w.extras, last.extras), `${last.extrasCount} of the requested extras (${pointsText(lost(w.extras, last.extras))} lost)`]);
  }
  if (a.missingItems !== 0) {
    const missing = MISSING_TEXTS.filter(([bit]) => (a.missingItems & bit) !== 0).map(([, text]) => text);
    losses.push([(1 - a.incompleteness) * 100, `Profile gaps (${missing.join(', ')}): score × ${a.incompleteness.toFixed(2).replace(/0$/, '')}`]);
  }

  const reasons = losses.sort((x, y) => y[0] - x[0]).map(([, text]) => text);
  reasons.push(
    result.listed
      ? `Score ${result.score} reaches ${MATCH_THRESHOLD}: listed`
      : `Score ${result.score} is ${round1(MATCH_THRESHOLD - result.score)} points under ${MATCH_THRESHOLD}`,
  );
  return { exclusion: null, score: result.score, listed: result.listed, subScores: result.subScores, positionMatch: result.positionMatch, reasons };
}

// ---------------------------------------------------------------------------------------------
// What an athlete can add to score higher (the dashboard's "Stand out to coaches")

/**
 * A gap in a profile that lowers its scores, by the rules above: `video`, `gpa` and `stats` are
 * S11's missing items (each multiplies every score by 0.95, down to 0.8); `extras` scores 0 with
 * every request that asks for extras (S10); `secondaryPosition` gives no position points where the
 * primary position's group is not requested (S2). A complete profile has a primary position, so
 * that item is not a tip.
 */
export type ProfileTip = 'video' | 'gpa' | 'stats' | 'extras' | 'secondaryPosition';

/** The profile's gaps as the scorer sees them (resolveAthlete: the same reading as the index). */
export function profileTips(input: AthleteScoringInput): ProfileTip[] {
  const a = resolveAthlete(input);
  const tips: ProfileTip[] = [];
  if (a.missingItems & MISSING_VIDEO) tips.push('video');
  if (a.missingItems & MISSING_GPA) tips.push('gpa');
  if (a.missingItems & MISSING_STATS) tips.push('stats');
  if (a.extrasMask === 0 && a.otherExtras === null) tips.push('extras');
  if (a.secondaryGroupBit === 0) tips.push('secondaryPosition');
  return tips;
}

// ---------------------------------------------------------------------------------------------
// Ranking and views (decisions S12, S13)

export interface RankableRow {
  score: number;
  athleteId: string;
  /** ISO text, epoch milliseconds or Date. */
  athleteUpdatedAt: string | number | Date | null;
}

/**
 * Score desc, then athlete updatedAt desc, then athlete id asc. Ids compare by code unit (not
 * locale), which is also how Postgres orders uuid values.
 */
export function compareRanked(a: RankableRow, b: RankableRow): number {
  if (a.score !== b.score) return b.score - a.score;
  const ta = timeOf(a.athleteUpdatedAt);
  const tb = timeOf(b.athleteUpdatedAt);
  if (ta !== tb) return tb - ta;
  return a.athleteId < b.athleteId ? -1 : a.athleteId > b.athleteId ? 1 : 0;
}

export interface ViewRow extends RankableRow {
  positionMatch: PositionMatch;
  positionExact: boolean;
  /** The coach's match with this athlete for this request, if any. */
  status?: MatchStatus | null;
}

/** Position priority tiers (S13): exact primary, other primary, secondary, none. */
function positionTier(row: ViewRow): number {
  if (row.positionMatch === 'primary') return row.positionExact ? 0 : 1;
  return row.positionMatch === 'secondary' ? 2 : 3;
}

/**
 * Decision S13. Listed rows only (score >= 70), declined ones left out (see `hiddenRows`).
 * `top15`: first 15 by rank; `all`: all by rank; `position`: by position tier, then rank.
 */
export function orderForView<T extends ViewRow>(view: MatchView, rows: readonly T[]): T[] {
  const visible = rows.filter((r) => r.status !== 'declined' && r.score >= MATCH_THRESHOLD);
  if (view === 'position') return visible.sort((a, b) => positionTier(a) - positionTier(b) || compareRanked(a, b));
  visible.sort(compareRanked);
  return view === 'top15' ? visible.slice(0, TOP_VIEW_SIZE) : visible;
}

/** The declined athletes of a request, by rank (the 'Hidden (N)' list). */
export function hiddenRows<T extends ViewRow>(rows: readonly T[]): T[] {
  return rows.filter((r) => r.status === 'declined').sort(compareRanked);
}
