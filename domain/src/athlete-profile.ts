// Athlete profile (spec sections 3 and 5; decisions P1, P2, M3): PUT /athlete/profile, the
// completion rule and the profile form.
import { z } from 'zod';
import {
  AGENCIES,
  ATHLETE_AGE_MAX,
  ATHLETE_AGE_MIN,
  ATHLETE_POSITIONS,
  ATHLETE_REGION_CHOICES,
  ATHLETE_START_TERMS,
  DEFAULT_AGENCY,
  ENGLISH_LEVELS,
  GENDERS,
  GOALS_ASSISTS_POSITIONS,
  GRADING_SCALE_VALUES,
  gradingScaleOf,
  MAJORS,
  resolveLeague,
  SCHOOL_SIZE_PREFERENCES,
} from './reference.ts';
import { MESSAGES, maximumIs, minimumIs } from './messages.ts';
import {
  checkImagePair,
  emptyToUndefined,
  httpUrlField,
  imageBase64Field,
  imageMimeField,
  inTermOrder,
  normalizeExternalLinks,
  numberOrNull,
  optionalChoice,
  optionalHttpUrl,
  optionalLeague,
  optionalNumber,
  optionalOrNull,
  optionalText,
  requiredChoice,
  requiredLeague,
  requiredNumber,
  requiredText,
  storedText,
  textList,
} from './fields.ts';
import { cmToFeetInches, feetInchesToCm, gradeToGpa, kgToLb, lbToKg } from './conversions.ts';

/** Spec section 5: the goals-plus-assists field appears only for attacking positions. */
export function showsGoalsAssists(primaryPosition: unknown): boolean {
  return (GOALS_ASSISTS_POSITIONS as readonly unknown[]).includes(primaryPosition);
}

const gpaRule = {
  min: 0,
  max: 4,
  minMessage: MESSAGES.gpaMinimum,
  maxMessage: MESSAGES.gpaMaximum,
  typeMessage: MESSAGES.enterCustomGpa,
  requiredMessage: MESSAGES.enterCustomGpa,
} as const;

/** A list of choices where null means "not given" and duplicates are removed. */
const choices = <const T extends readonly [string, ...string[]]>(values: T, minMessage?: string) => {
  const item = z.enum(values, { error: MESSAGES.selectFromList });
  const list = minMessage ? z.array(item, { error: minMessage }).min(1, minMessage) : z.array(item, { error: MESSAGES.selectFromList });
  return list.transform((items) => [...new Set(items)]);
};

const externalLinksField = z.preprocess(
  (v) => (v === null || v === undefined ? undefined : normalizeExternalLinks(v)),
  z.array(z.object({ platform: storedText().max(50, MESSAGES.selectFromList), url: httpUrlField() })).optional(),
);

/**
 * Every field of the profile, each optional: the athlete may save an incomplete profile, and the
 * values that are present are validated with the spec's messages. Blank text and null mean absent.
 */
const profileFields = {
  fullName: optionalText(120),
  age: optionalNumber({ min: ATHLETE_AGE_MIN, max: ATHLETE_AGE_MAX, integer: true, minMessage: MESSAGES.minimumAge10, maxMessage: MESSAGES.maximumAge40 }),
  phone: optionalText(40),
  nationality: optionalText(80),
  gender: optionalChoice(GENDERS),
  englishLevel: optionalChoice(ENGLISH_LEVELS, MESSAGES.selectEnglishLevel),
  gradingScale: optionalChoice(GRADING_SCALE_VALUES, MESSAGES.selectGradingScale),
  /** Bounded by the chosen scale: checked on the whole object. */
  academicStanding: optionalNumber({ typeMessage: MESSAGES.enterAcademicAverage }),
  gpa: optionalNumber(gpaRule),
  intendedMajors: optionalOrNull(choices(MAJORS)),
  satScore: optionalNumber({ min: 400, max: 1600, integer: true }),
  toeflScore: optionalNumber({ min: 0, max: 120, integer: true }),
  targetStartTerms: optionalOrNull(choices(ATHLETE_START_TERMS).transform(inTermOrder)),
  primaryPosition: optionalChoice(ATHLETE_POSITIONS, MESSAGES.selectPrimaryPosition),
  secondaryPosition: optionalChoice(ATHLETE_POSITIONS),
  leagueLevel: optionalLeague(MESSAGES.selectLeague),
  /** Accepted for convenience but always recomputed from leagueLevel. */
  leagueLevelLabel: optionalText(100),
  heightCm: optionalNumber({ min: 90, max: 250 }),
  heightFeet: optionalNumber({ min: 3, max: 8, integer: true }),
  heightInches: optionalNumber({ min: 0, max: 11.9 }),
  weightKg: optionalNumber({ min: 20, max: 250 }),
  weightLbs: optionalNumber({ min: 44, max: 552 }),
  goalsAssistsLastSeason: optionalNumber({ min: 0, max: 500, integer: true }),
  /** Text or list; stored as a list. */
  playerExtras: optionalOrNull(textList(20, 100)),
  highlightVideoUrl: optionalHttpUrl(),
  externalLinks: externalLinksField,
  preferredUsRegions: optionalOrNull(choices(ATHLETE_REGION_CHOICES)),
  estimatedBudget: optionalNumber({ min: 0, max: 1_000_000 }),
  agency: optionalChoice(AGENCIES, MESSAGES.selectAgency),
  schoolSizePreference: z.preprocess(emptyToUndefined, z.enum(SCHOOL_SIZE_PREFERENCES, { error: MESSAGES.selectFromList }).default('Any')),
  /** "Currently at a U.S. college" (decision P1). */
  isTransfer: z.preprocess((v) => (v === null ? undefined : v), z.boolean().default(false)),
  /** "Auto-accept coach matches" (decision M3). */
  autoAcceptMatches: z.preprocess((v) => (v === null ? undefined : v), z.boolean().default(false)),
  profilePhotoBase64: imageBase64Field(),
  profilePhotoMime: imageMimeField(),
};

type IssueSink = { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void };
type AcademicValues = { gradingScale?: string; academicStanding?: number; gpa?: number };

/** 'Minimum is X' / 'Maximum is Y' of the scale, and the average required unless custom when `required`. */
function checkAcademics(data: AcademicValues, ctx: IssueSink, required: boolean): void {
  const scale = gradingScaleOf(data.gradingScale);
  if (!scale) return;
  if (scale.value === 'custom') {
    if (required && data.gpa === undefined) ctx.addIssue({ code: 'custom', message: MESSAGES.enterCustomGpa, path: ['gpa'] });
    return;
  }
  const average = data.academicStanding;
  if (average === undefined) {
    if (required) ctx.addIssue({ code: 'custom', message: MESSAGES.enterAcademicAverage, path: ['academicStanding'] });
    return;
  }
  const outOfScale = academicAverageError(average, scale.value);
  if (outOfScale) ctx.addIssue({ code: 'custom', message: outOfScale, path: ['academicStanding'] });
}

/**
 * 'Minimum is X' / 'Maximum is Y' of the chosen scale when the average lies outside it (the
 * field's message, shown as it is typed and on submit); null when it fits, is blank or not a
 * number yet, or when no converted scale is chosen.
 */
export function academicAverageError(average: unknown, gradingScale: unknown): string | null {
  const scale = gradingScaleOf(gradingScale);
  if (!scale || scale.value === 'custom') return null;
  const value = numberOrNull(average);
  if (value === null) return null;
  if (value < scale.min) return minimumIs(scale.min);
  if (value > scale.max) return maximumIs(scale.max);
  return null;
}

/**
 * What the server derives so stored values agree with each other:
 * - on a ten/twenty/hundred-point scale the GPA is the converted average (the form does the same);
 *   the custom scale clears the average (spec section 4);
 * - the league label follows the league value;
 * - a height or weight given in one unit only is filled in the other.
 */
function derive<
  T extends Record<string, unknown> &
    AcademicValues & {
      leagueLevel?: string;
      leagueLevelLabel?: string;
      heightCm?: number;
      heightFeet?: number;
      heightInches?: number;
      weightKg?: number;
      weightLbs?: number;
    },
>(data: T): T {
  const out = { ...data };
  const scale = gradingScaleOf(out.gradingScale);
  if (scale?.value === 'custom') out.academicStanding = undefined;
  else if (scale && out.academicStanding !== undefined) out.gpa = gradeToGpa(out.academicStanding, scale.value) ?? undefined;
  out.leagueLevelLabel = resolveLeague(out.leagueLevel)?.label;
  if (out.heightCm === undefined && out.heightFeet !== undefined) out.heightCm = feetInchesToCm(out.heightFeet, out.heightInches ?? 0);
  else if (out.heightCm !== undefined && out.heightFeet === undefined) {
    const { feet, inches } = cmToFeetInches(out.heightCm);
    out.heightFeet = feet;
    out.heightInches = inches;
  }
  if (out.weightKg === undefined && out.weightLbs !== undefined) out.weightKg = lbToKg(out.weightLbs);
  else if (out.weightKg !== undefined && out.weightLbs === undefined) out.weightLbs = kgToLb(out.weightKg);
  return out;
}

/**
 * PUT /athlete/profile. Incomplete profiles are accepted; present values are validated. Strict:
 * fields the server owns (profileCompleted, role, email, createdAt, ...) are refused.
 */
export const athleteProfileSchema = z
  .strictObject(profileFields)
  .superRefine((data, ctx) => {
    checkAcademics(data, ctx, false);
    checkImagePair(data, ctx, 'profilePhotoBase64', 'profilePhotoMime');
  })
  .transform(derive);
export type AthleteProfileUpdate = z.infer<typeof athleteProfileSchema>;

/**
 * The profile form: every required field of spec section 5 with its message. Unknown keys are
 * ignored so a stored profile (with id, email, dates...) can be checked as it is.
 */
export const athleteProfileFormSchema = z
  .object({
    ...profileFields,
    fullName: requiredText(MESSAGES.fullNameRequired, 120),
    age: requiredNumber({
      min: ATHLETE_AGE_MIN,
      max: ATHLETE_AGE_MAX,
      integer: true,
      minMessage: MESSAGES.minimumAge10,
      maxMessage: MESSAGES.maximumAge40,
      requiredMessage: MESSAGES.ageRequired,
    }),
    phone: requiredText(MESSAGES.phoneRequired, 40),
    nationality: requiredText(MESSAGES.nationalityRequired, 80),
    englishLevel: requiredChoice(ENGLISH_LEVELS, MESSAGES.selectEnglishLevel),
    gradingScale: requiredChoice(GRADING_SCALE_VALUES, MESSAGES.selectGradingScale),
    primaryPosition: requiredChoice(ATHLETE_POSITIONS, MESSAGES.selectPrimaryPosition),
    leagueLevel: requiredLeague(MESSAGES.selectLeague),
    agency: requiredChoice(AGENCIES, MESSAGES.selectAgency),
    intendedMajors: choices(MAJORS, MESSAGES.selectMajor),
    targetStartTerms: choices(ATHLETE_START_TERMS, MESSAGES.selectStartTerm).transform(inTermOrder),
    preferredUsRegions: choices(ATHLETE_REGION_CHOICES, MESSAGES.selectRegion),
  })
  .superRefine((data, ctx) => {
    checkAcademics(data, ctx, true);
    checkImagePair(data, ctx, 'profilePhotoBase64', 'profilePhotoMime');
  })
  .transform(derive);
export type AthleteProfileForm = z.infer<typeof athleteProfileFormSchema>;

/** Decision P2: complete when every required field of spec section 5 is present and valid. */
export function isProfileComplete(profile: unknown): boolean {
  return athleteProfileFormSchema.safeParse(profile).success;
}

/**
 * The submit-time checks of spec section 5, in the order the form runs them; null when the form
 * may be sent.
 */
export function athleteProfileSubmitError(values: { gradingScale?: unknown; academicStanding?: unknown; agency?: unknown }): string | null {
  const scale = gradingScaleOf(values.gradingScale);
  if (scale && scale.value !== 'custom') {
    if (emptyToUndefined(values.academicStanding) === undefined) return MESSAGES.averageNeededToConvert;
    const outOfScale = academicAverageError(values.academicStanding, scale.value);
    if (outOfScale) return outOfScale;
    if (gradeToGpa(numberOrNull(values.academicStanding), scale.value) === null) return MESSAGES.gpaNotCalculated;
  }
  if (!(AGENCIES as readonly unknown[]).includes(values.agency)) return MESSAGES.chooseRepresentingAgency;
  return null;
}

/** Starting values of the profile form (decisions P1, M3; spec section 9: default agency Eture). */
export const ATHLETE_PROFILE_FORM_DEFAULTS = {
  agency: DEFAULT_AGENCY,
  schoolSizePreference: 'Any',
  isTransfer: false,
  autoAcceptMatches: false,
  intendedMajors: [],
  targetStartTerms: [],
  preferredUsRegions: [],
  externalLinks: [],
  playerExtras: [],
} as const;
