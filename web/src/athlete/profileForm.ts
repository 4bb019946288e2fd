import {
  ATHLETE_PROFILE_FORM_DEFAULTS,
  BUDGET_SLIDER,
  EXTRAS,
  MAX_EXTERNAL_LINKS,
  cmToFeetInches,
  feetInchesToCm,
  gradeToGpa,
  kgToLb,
  lbToKg,
  normalizeExternalLinks,
  numberOrNull,
  showsGoalsAssists,
  splitList,
  type ExternalLink,
} from '@app/domain';
import { numberInputText } from '../ui/format.ts';
import type { AthleteProfile } from './api/types.ts';

/**
 * The complete-profile form as the inputs hold it: numbers as typed text, lists as arrays.
 * The pure functions below keep the paired fields in sync (spec section 4) and build the
 * PUT /athlete/profile payload.
 */
export interface ProfileFormValues {
  fullName: string;
  age: string;
  phone: string;
  nationality: string;
  gender: string;
  englishLevel: string;
  gradingScale: string;
  academicStanding: string;
  gpa: string;
  intendedMajors: string[];
  satScore: string;
  toeflScore: string;
  primaryPosition: string;
  secondaryPosition: string;
  leagueLevel: string;
  heightCm: string;
  heightFeet: string;
  heightInches: string;
  weightKg: string;
  weightLbs: string;
  goalsAssistsLastSeason: string;
  /** Extras from the reference list, as checkboxes. */
  playerExtras: string[];
  /** Any other extras, typed as comma separated text. */
  otherExtras: string;
  highlightVideoUrl: string;
  externalLinks: ExternalLink[];
  targetStartTerms: string[];
  preferredUsRegions: string[];
  /** Null until the athlete picks one (decision S15): never a silent 0. */
  estimatedBudget: number | null;
  schoolSizePreference: string;
  isTransfer: boolean;
  autoAcceptMatches: boolean;
  agency: string;
}

/** A saved value as its field shows it: numbers as the app's language writes them ("8,5" in Spanish). */
const text = (v: number | string | null | undefined) => (typeof v === 'number' ? numberInputText(v) : (v ?? ''));

export function formValuesFromProfile(profile: Partial<AthleteProfile> | undefined): ProfileFormValues {
  const p = profile ?? {};
  const extras = p.playerExtras ?? [];
  const known = extras.filter((e) => (EXTRAS as readonly string[]).includes(e));
  return {
    fullName: p.fullName ?? '',
    age: text(p.age),
    phone: p.phone ?? '',
    nationality: p.nationality ?? '',
    gender: p.gender ?? '',
    englishLevel: p.englishLevel ?? '',
    gradingScale: p.gradingScale ?? '',
    academicStanding: text(p.academicStanding),
    gpa: text(p.gpa),
    intendedMajors: p.intendedMajors ?? [],
    satScore: text(p.satScore),
    toeflScore: text(p.toeflScore),
    primaryPosition: p.primaryPosition ?? '',
    secondaryPosition: p.secondaryPosition ?? '',
    leagueLevel: p.leagueLevel ?? '',
    heightCm: text(p.heightCm),
    heightFeet: text(p.heightFeet),
    heightInches: text(p.heightInches),
    weightKg: text(p.weightKg),
    weightLbs: text(p.weightLbs),
    goalsAssistsLastSeason: text(p.goalsAssistsLastSeason),
    playerExtras: known,
    otherExtras: extras.filter((e) => !known.includes(e)).join(', '),
    highlightVideoUrl: p.highlightVideoUrl ?? '',
    externalLinks: p.externalLinks ?? [],
    targetStartTerms: p.targetStartTerms ?? [],
    preferredUsRegions: p.preferredUsRegions ?? [],
    estimatedBudget: p.estimatedBudget ?? null,
    schoolSizePreference: p.schoolSizePreference ?? ATHLETE_PROFILE_FORM_DEFAULTS.schoolSizePreference,
    isTransfer: p.isTransfer ?? ATHLETE_PROFILE_FORM_DEFAULTS.isTransfer,
    autoAcceptMatches: p.autoAcceptMatches ?? ATHLETE_PROFILE_FORM_DEFAULTS.autoAcceptMatches,
    agency: p.agency ?? ATHLETE_PROFILE_FORM_DEFAULTS.agency,
  };
}

// ---------------------------------------------------------------------------------------------
// Paired fields (spec section 4): editing one side fills the other; clearing one clears both.

export function withHeightCm<T extends ProfileFormValues>(values: T, heightCm: string): T {
  const cm = numberOrNull(heightCm);
  if (cm === null || cm <= 0) return { ...values, heightCm, heightFeet: '', heightInches: '' };
  const { feet, inches } = cmToFeetInches(cm);
  return { ...values, heightCm, heightFeet: numberInputText(feet), heightInches: numberInputText(inches) };
}

export function withHeightFeetInches<T extends ProfileFormValues>(values: T, heightFeet: string, heightInches: string): T {
  const feet = numberOrNull(heightFeet);
  const inches = numberOrNull(heightInches);
  if (feet === null && inches === null) return { ...values, heightFeet, heightInches, heightCm: '' };
  return { ...values, heightFeet, heightInches, heightCm: numberInputText(feetInchesToCm(feet ?? 0, inches ?? 0)) };
}

export function withWeightKg<T extends ProfileFormValues>(values: T, weightKg: string): T {
  const kg = numberOrNull(weightKg);
  return { ...values, weightKg, weightLbs: kg === null ? '' : numberInputText(kgToLb(kg)) };
}

export function withWeightLbs<T extends ProfileFormValues>(values: T, weightLbs: string): T {
  const lb = numberOrNull(weightLbs);
  return { ...values, weightLbs, weightKg: lb === null ? '' : numberInputText(lbToKg(lb)) };
}

/** Choosing a scale converts the average into a GPA; custom clears the average (the athlete types the GPA). */
export function withGradingScale<T extends ProfileFormValues>(values: T, gradingScale: string): T {
  if (gradingScale === 'custom') return { ...values, gradingScale, academicStanding: '' };
  const gpa = gradeToGpa(numberOrNull(values.academicStanding), gradingScale);
  return { ...values, gradingScale, gpa: gpa === null ? (gradingScale === '' ? values.gpa : '') : numberInputText(gpa, 1) };
}

export function withAcademicStanding<T extends ProfileFormValues>(values: T, academicStanding: string): T {
  const gpa = gradeToGpa(numberOrNull(academicStanding), values.gradingScale);
  return { ...values, academicStanding, gpa: gpa === null ? '' : numberInputText(gpa, 1) };
}

// ---------------------------------------------------------------------------------------------
// Budget slider (decision S15): one position per step up to the slider's max, then one last
// position for the top band, stored as its limit.

export const BUDGET_SLIDER_LAST_POSITION = BUDGET_SLIDER.max / BUDGET_SLIDER.step + 1;

export function budgetAtSliderPosition(position: number): number {
  if (position >= BUDGET_SLIDER_LAST_POSITION) return BUDGET_SLIDER.top;
  return BUDGET_SLIDER.min + Math.max(0, Math.round(position)) * BUDGET_SLIDER.step;
}

export function sliderPositionOfBudget(budget: number | null): number {
  if (budget === null) return 0;
  if (budget >= BUDGET_SLIDER.top) return BUDGET_SLIDER_LAST_POSITION;
  return Math.min(BUDGET_SLIDER_LAST_POSITION - 1, Math.max(0, Math.round((budget - BUDGET_SLIDER.min) / BUDGET_SLIDER.step)));
}

export const canAddExternalLink = (values: ProfileFormValues) => values.externalLinks.length < MAX_EXTERNAL_LINKS;

// ---------------------------------------------------------------------------------------------
// Payload

/** Text that is a number becomes a number; other text is sent as typed so the schema reports it. */
function numeric(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return numberOrNull(trimmed) ?? trimmed;
}

/**
 * The PUT /athlete/profile payload: blank fields left out (PUT clears them), links trimmed and
 * the incomplete ones dropped, goals-plus-assists only for attacking positions (spec section 5).
 */
export function toProfilePayload(values: ProfileFormValues, photo?: { base64: string; mime: string } | null): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    fullName: values.fullName,
    age: numeric(values.age),
    phone: values.phone,
    nationality: values.nationality,
    gender: values.gender,
    englishLevel: values.englishLevel,
    gradingScale: values.gradingScale,
    academicStanding: values.gradingScale === 'custom' ? undefined : numeric(values.academicStanding),
    gpa: numeric(values.gpa),
    intendedMajors: values.intendedMajors,
    satScore: numeric(values.satScore),
    toeflScore: numeric(values.toeflScore),
    targetStartTerms: values.targetStartTerms,
    primaryPosition: values.primaryPosition,
    secondaryPosition: values.secondaryPosition,
    leagueLevel: values.leagueLevel,
    heightCm: numeric(values.heightCm),
    heightFeet: numeric(values.heightFeet),
    heightInches: numeric(values.heightInches),
    weightKg: numeric(values.weightKg),
    weightLbs: numeric(values.weightLbs),
    goalsAssistsLastSeason: showsGoalsAssists(values.primaryPosition) ? numeric(values.goalsAssistsLastSeason) : undefined,
    playerExtras: [...new Set([...values.playerExtras, ...splitList(values.otherExtras)])],
    highlightVideoUrl: values.highlightVideoUrl,
    externalLinks: normalizeExternalLinks(values.externalLinks),
    preferredUsRegions: values.preferredUsRegions,
    estimatedBudget: values.estimatedBudget ?? undefined,
    schoolSizePreference: values.schoolSizePreference,
    isTransfer: values.isTransfer,
    autoAcceptMatches: values.autoAcceptMatches,
    agency: values.agency,
  };
  if (photo) Object.assign(payload, { profilePhotoBase64: photo.base64, profilePhotoMime: photo.mime });
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) delete payload[key];
  }
  return payload;
}
