// Coach recruitment request (spec sections 3, 5, 7): POST /coach/requests, and the form defaults.
import { z } from 'zod';
import {
  ATHLETE_REGIONS,
  BUDGET_LABELS,
  COACH_REGIONS,
  JUNIOR_COLLEGE_CHOICES,
  REQUEST_AGE_DEFAULT_MAX,
  REQUEST_AGE_DEFAULT_MIN,
  REQUEST_AGE_MAX,
  REQUEST_AGE_MIN,
  REQUEST_POSITIONS,
  REQUEST_START_TERMS,
  SCHOOL_SIZES,
  TEAM_CATEGORIES,
  resolveLeague,
  type BudgetLabel,
  type LeagueValue,
  type RequestPosition,
  type SchoolSize,
  type TeamCategory,
} from './reference.ts';
import { MESSAGES } from './messages.ts';
import { choiceList, inTermOrder, leagueList, numberOrNull, optionalNumber, splitList, storedText, textList } from './fields.ts';

export const REQUEST_NOTES_MAX = 2000;

/** Regions a request may name: the coach regions (which expand in scoring, decision S8) and the athlete regions. */
export const REQUEST_REGIONS = [...new Set([...COACH_REGIONS, ...ATHLETE_REGIONS])] as unknown as readonly [string, ...string[]];

/** Non-numeric ages are dropped, so the default applies (spec section 5). */
const requestAge = (fallback: number) =>
  z.preprocess(
    (v) => numberOrNull(v) ?? undefined,
    z.number().int(MESSAGES.wholeNumber).min(REQUEST_AGE_MIN, MESSAGES.requestMinimumAge).max(REQUEST_AGE_MAX, MESSAGES.requestMaximumAge).default(fallback),
  );

/** null and missing read as the default. */
const orDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) => z.preprocess((v) => (v === null || v === undefined ? fallback : v), schema);

export const coachRequestSchema = z
  .strictObject({
    /** One primary position, though sent as a list. */
    positions: z
      .array(z.enum(REQUEST_POSITIONS, { error: MESSAGES.selectFromList }), { error: MESSAGES.selectPrimaryPositionRequest })
      .min(1, MESSAGES.selectPrimaryPositionRequest)
      .max(1, MESSAGES.onePositionOnly),
    ageMin: requestAge(REQUEST_AGE_DEFAULT_MIN),
    ageMax: requestAge(REQUEST_AGE_DEFAULT_MAX),
    /** Only Spring 2026 and Fall 2026 are accepted; other terms are filtered out, not refused. */
    targetStartTerms: z.preprocess(
      (v) => (Array.isArray(v) ? inTermOrder((v as unknown[]).filter((t): t is string => (REQUEST_START_TERMS as readonly unknown[]).includes(t))) : []),
      z.array(z.enum(REQUEST_START_TERMS)),
    ),
    teamCategories: orDefault(choiceList(TEAM_CATEGORIES), []),
    regions: orDefault(choiceList(REQUEST_REGIONS), []),
    playerLevels: orDefault(leagueList(), []),
    estimatedBudget: orDefault(z.union([z.literal(''), z.enum(BUDGET_LABELS)], { error: MESSAGES.selectFromList }), ''),
    playerExtras: orDefault(textList(20, 100), []),
    openToJuniorCollege: orDefault(z.enum(JUNIOR_COLLEGE_CHOICES, { error: MESSAGES.selectFromList }), 'No'),
    openToTransfer: orDefault(z.boolean(), false),
    institutionSize: orDefault(z.union([z.literal(''), z.enum(SCHOOL_SIZES)], { error: MESSAGES.selectFromList }), ''),
    notes: orDefault(storedText().trim().max(REQUEST_NOTES_MAX, `Must be ${REQUEST_NOTES_MAX} characters or fewer`), ''),
    urgent: orDefault(z.boolean(), false),
    /** The minimum GPA (decision S3), 0..4; blank or null: the notes' "GPA n", else 2.5. */
    minGpa: optionalNumber({ min: 0, max: 4, minMessage: MESSAGES.gpaMinimum, maxMessage: MESSAGES.gpaMaximum }),
  })
  .refine((r) => r.ageMin <= r.ageMax, { error: MESSAGES.ageRangeOrder, path: ['ageMax'] });
export type CoachRequestInput = z.infer<typeof coachRequestSchema>;

export interface CoachRequestForm {
  urgent: boolean;
  teamCategories: TeamCategory[];
  positions: RequestPosition[];
  ageMin: number;
  ageMax: number;
  openToTransfer: boolean;
  playerLevels: LeagueValue[];
  targetStartTerms: (typeof REQUEST_START_TERMS)[number][];
  estimatedBudget: BudgetLabel | '';
  playerExtras: string[];
  openToJuniorCollege: 'Yes' | 'No';
  regions: string[];
  institutionSize: SchoolSize | '';
  notes: string;
  /** null: not set (the notes rule, else 2.5, decision S3). */
  minGpa: number | null;
}

/** The request form's starting values (and what it resets to after a request is created). */
export const REQUEST_FORM_DEFAULTS: Readonly<CoachRequestForm> = Object.freeze({
  urgent: false,
  teamCategories: [],
  positions: [],
  ageMin: REQUEST_AGE_DEFAULT_MIN,
  ageMax: REQUEST_AGE_DEFAULT_MAX,
  openToTransfer: false,
  playerLevels: [],
  targetStartTerms: [],
  estimatedBudget: '',
  playerExtras: [],
  openToJuniorCollege: 'No',
  regions: [],
  institutionSize: '',
  notes: '',
  minGpa: null,
});

/** The coach profile fields that prefill a request (spec section 3). */
export interface RequestPrefillSource {
  schoolSize?: string | null;
  programRegion?: string | null;
  rosterNeedPriority?: readonly string[] | string | null;
  targetLeagueLevels?: readonly string[] | null;
  extrasValued?: readonly string[] | string | null;
  jucoOpenDefault?: boolean | null;
  targetStartTerms?: readonly string[] | null;
  minimumGpa?: number | null;
}

/**
 * The request form prefilled from the coach profile: the first roster need that is a request
 * position, the program's region and size, the target leagues, valued extras, the junior college
 * default, the target terms that a request accepts, and the program's minimum GPA (S3).
 */
export function requestDefaultsFromCoachProfile(profile: RequestPrefillSource | null | undefined): CoachRequestForm {
  const form: CoachRequestForm = {
    ...REQUEST_FORM_DEFAULTS,
    teamCategories: [],
    positions: [],
    playerLevels: [],
    targetStartTerms: [],
    playerExtras: [],
    regions: [],
  };
  if (!profile) return form;
  const position = splitList(profile.rosterNeedPriority).find((p): p is RequestPosition => (REQUEST_POSITIONS as readonly string[]).includes(p));
  if (position) form.positions = [position];
  if (profile.programRegion && (REQUEST_REGIONS as readonly string[]).includes(profile.programRegion)) form.regions = [profile.programRegion];
  if (profile.schoolSize && (SCHOOL_SIZES as readonly string[]).includes(profile.schoolSize)) form.institutionSize = profile.schoolSize as SchoolSize;
  form.playerLevels = [...new Set((profile.targetLeagueLevels ?? []).map((l) => resolveLeague(l)?.value).filter((v): v is LeagueValue => !!v))];
  form.playerExtras = splitList(profile.extrasValued);
  form.openToJuniorCollege = profile.jucoOpenDefault ? 'Yes' : 'No';
  form.targetStartTerms = (profile.targetStartTerms ?? []).filter((t): t is (typeof REQUEST_START_TERMS)[number] =>
    (REQUEST_START_TERMS as readonly string[]).includes(t),
  );
  form.minGpa = typeof profile.minimumGpa === 'number' && profile.minimumGpa >= 0 && profile.minimumGpa <= 4 ? profile.minimumGpa : null;
  return form;
}
