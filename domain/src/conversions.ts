// Unit conversions of spec section 9 and the coach-side cleaning of incoming athlete data
// (spec section 5, last paragraph).
import {
  ATHLETE_AGE_MAX,
  ATHLETE_AGE_MIN,
  COACH_VIEW_LEAGUE_MAX,
  COACH_VIEW_LEAGUE_MIN,
  GPA_MAX,
  GPA_MIN,
  gradingScaleOf,
  resolveLeague,
  SCHOOL_SIZE_PREFERENCES,
  type SchoolSizePreference,
} from './reference.ts';
import { normalizeExternalLinks, splitList } from './fields.ts';
import type { CoachAthlete } from './wire/athlete.ts';

const CM_PER_INCH = 2.54;
const KG_PER_LB = 0.45359237;
const LB_PER_KG = 2.20462262;

/**
 * Round half up at one decimal. `x * 10` of a decimal like 72.45 lands on 724.4999999999999 in
 * binary floating point; a value within 1e-9 of the half is taken as the half, so the result is
 * what the decimal arithmetic of the spec gives (72.5), not an artefact of the binary one.
 */
export function round1(x: number): number {
  const scaled = x * 10;
  const floor = Math.floor(scaled);
  return (scaled - floor >= 0.5 - 1e-9 ? floor + 1 : floor) / 10;
}

/** (feet x 12 + inches) x 2.54, rounded to one decimal. */
export function feetInchesToCm(feet: number, inches: number): number {
  return round1((feet * 12 + inches) * CM_PER_INCH);
}

/** The nearest whole inch, carried into feet at 12. */
export function cmToFeetInches(cm: number): { feet: number; inches: number } {
  const totalInches = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(totalInches / 12), inches: totalInches % 12 };
}

export function kgToLb(kg: number): number {
  return round1(kg * LB_PER_KG);
}

export function lbToKg(lb: number): number {
  return round1(lb * KG_PER_LB);
}

/**
 * Academic average on a ten, twenty or hundred-point scale to a 4.0 GPA: average / scale max x 4,
 * clamped to 0..4, one decimal. Null for the custom scale (the athlete types the GPA), when the
 * average is not a number, and when it is outside its scale: an 11 on the 0-10 scale is a typo to
 * refuse, not a 4.0 (see academicAverageError).
 */
export function gradeToGpa(average: number | null | undefined, scale: string | null | undefined): number | null {
  const grading = gradingScaleOf(scale);
  if (!grading || grading.value === 'custom') return null;
  if (typeof average !== 'number' || !Number.isFinite(average)) return null;
  if (average < grading.min || average > grading.max) return null;
  return round1(Math.min(GPA_MAX, Math.max(GPA_MIN, (average / grading.max) * 4)));
}

// ---------------------------------------------------------------------------------------------
// Incoming athlete data cleaning (coach side)

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function num(value: unknown, min = -Infinity, max = Infinity): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

function date(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  return text(value);
}

function leagueNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return num(value, COACH_VIEW_LEAGUE_MIN, COACH_VIEW_LEAGUE_MAX);
  const t = text(value);
  if (t === undefined) return undefined;
  if (/^\d+$/.test(t)) return num(t, COACH_VIEW_LEAGUE_MIN, COACH_VIEW_LEAGUE_MAX);
  return resolveLeague(t)?.score;
}

function sizePreference(value: unknown): SchoolSizePreference {
  const t = text(value)?.toLowerCase();
  return SCHOOL_SIZE_PREFERENCES.find((s) => s.toLowerCase() === t) ?? 'Any';
}

/** 'Athlete' + space + the id's last four characters, upper case, when neither name nor email is known. */
export function athleteDisplayName(fullName: string | undefined, email: string | undefined, id: string): string {
  if (fullName) return fullName;
  const local = email?.split('@')[0]?.trim();
  if (local) return local;
  return `Athlete ${id.slice(-4).toUpperCase()}`;
}

/**
 * Spec section 5, "Incoming athlete data cleaning": text trimmed and empty text absent; age kept
 * only within 10..40, GPA within 0..4, league level within 1..8, budget at least 0; no text id
 * means the profile is dropped (null); school size preference read as Small/Medium/Large/Any.
 */
export function cleanAthleteForCoach(raw: unknown): CoachAthlete | null {
  if (raw === null || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = text(r._id) ?? text(r.id);
  if (id === undefined) return null;

  const fullName = text(r.fullName);
  const email = text(r.email);
  const highlightVideoUrl = text(r.highlightVideoUrl) ?? text(r.videoUrl);
  const externalLinks = normalizeExternalLinks(r.externalLinks);
  const goalsAssistsLastSeason = num(r.goalsAssistsLastSeason, 0);
  const statsUrl = text(r.statsUrl);
  const leagueLevel = leagueNumber(r.leagueLevel);
  const league = typeof r.leagueLevel === 'string' ? resolveLeague(r.leagueLevel) : null;

  return {
    id,
    displayName: athleteDisplayName(fullName, email, id),
    fullName,
    email,
    phone: text(r.phone),
    nationality: text(r.nationality),
    gender: text(r.gender),
    agency: text(r.agency),
    englishLevel: text(r.englishLevel),
    gradingScale: text(r.gradingScale),
    primaryPosition: text(r.primaryPosition),
    secondaryPosition: text(r.secondaryPosition),
    leagueLevel,
    leagueLevelLabel: text(r.leagueLevelLabel) ?? league?.label,
    profilePhotoUrl: text(r.profilePhotoUrl),
    highlightVideoUrl,
    statsUrl,
    estimatedBudgetLabel: text(r.estimatedBudgetLabel),
    createdAt: date(r.createdAt),
    updatedAt: date(r.updatedAt),
    age: num(r.age, ATHLETE_AGE_MIN, ATHLETE_AGE_MAX),
    gpa: num(r.gpa, GPA_MIN, GPA_MAX),
    academicStanding: num(r.academicStanding, 0),
    satScore: num(r.satScore, 0),
    toeflScore: num(r.toeflScore, 0),
    heightCm: num(r.heightCm, 0),
    heightFeet: num(r.heightFeet, 0),
    heightInches: num(r.heightInches, 0),
    weightKg: num(r.weightKg, 0),
    weightLbs: num(r.weightLbs, 0),
    goalsAssistsLastSeason,
    estimatedBudget: num(r.estimatedBudget, 0),
    schoolSizePreference: sizePreference(r.schoolSizePreference),
    isTransfer: r.isTransfer === true,
    profileCompleted: r.profileCompleted === true,
    hasVideo: typeof r.hasVideo === 'boolean' ? r.hasVideo : highlightVideoUrl !== undefined,
    hasStats: typeof r.hasStats === 'boolean' ? r.hasStats : goalsAssistsLastSeason !== undefined || externalLinks.length > 0 || statsUrl !== undefined,
    intendedMajors: listOf(r.intendedMajors),
    targetStartTerms: listOf(r.targetStartTerms),
    preferredUsRegions: listOf(r.preferredUsRegions),
    playerExtras: listOf(r.playerExtras),
    highlights: listOf(r.highlights),
    externalLinks,
  };
}

function listOf(value: unknown): string[] {
  return typeof value === 'string' || Array.isArray(value) ? splitList(value) : [];
}

/** Cleans a list, dropping the profiles without an id. */
export function cleanAthletesForCoach(raw: unknown): CoachAthlete[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(cleanAthleteForCoach).filter((a): a is CoachAthlete => a !== null);
}
