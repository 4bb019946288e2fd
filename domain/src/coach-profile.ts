// Coach profile (spec sections 3 and 5): PUT /coach/profile.
import { z } from 'zod';
import { BUDGET_LABELS, COACH_REGIONS, CONTACT_METHODS, DIVISIONS, ELIGIBILITY, SCHOOL_SIZES, SPORTS } from './reference.ts';
import { MESSAGES } from './messages.ts';
import {
  checkImagePair,
  choiceList,
  imageBase64Field,
  imageMimeField,
  leagueList,
  optionalChoice,
  optionalOrNull,
  optionalNumber,
  optionalText,
  requiredChoice,
  requiredText,
  termList,
  textList,
  websiteField,
} from './fields.ts';

const gpaBounds = { min: 0, max: 4, minMessage: MESSAGES.gpaMinimum, maxMessage: MESSAGES.gpaMaximum } as const;

/**
 * The fields a coach edits, shared by the profile update and the registration payload.
 * Numbers may be given as text; blank or null means "not given". Lists may be given as text
 * split on commas or newlines.
 */
export const coachProfileFields = {
  coachFirstName: requiredText(MESSAGES.required, 80),
  coachLastName: requiredText(MESSAGES.required, 80),
  jobTitle: requiredText(MESSAGES.required, 120),
  phoneNumber: requiredText(MESSAGES.required, 40),
  preferredContactMethod: requiredChoice(CONTACT_METHODS, MESSAGES.required),
  division: optionalChoice(DIVISIONS),
  sports: optionalOrNull(choiceList(SPORTS)),
  teamWebsite: websiteField(),
  yearsInRole: optionalNumber({ min: 0, max: 70, integer: true }),
  athleteEligibility: optionalOrNull(choiceList(ELIGIBILITY)),
  additionalStaff: optionalOrNull(textList(30, 200)),
  minimumGpa: optionalNumber(gpaBounds),
  englishToefl: optionalNumber({ min: 0, max: 120 }),
  englishIelts: optionalNumber({ min: 0, max: 9 }),
  estimatedCostBand: optionalChoice(BUDGET_LABELS),
  targetLeagueLevels: optionalOrNull(leagueList()),
  preferredFootDefault: optionalText(20),
  extrasValued: optionalOrNull(textList(30, 100)),
  rosterNeedPriority: optionalOrNull(textList(30, 100)),
  targetStartTerms: optionalOrNull(termList()),
  jucoOpenDefault: optionalOrNull(z.boolean()),
  programRegion: optionalChoice(COACH_REGIONS),
  schoolSize: optionalChoice(SCHOOL_SIZES),
  universityLogoBase64: imageBase64Field(),
  universityLogoMime: imageMimeField(),
  profilePhotoBase64: imageBase64Field(),
  profilePhotoMime: imageMimeField(),
};

/**
 * PUT /coach/profile. Strict like every other write: unknown keys, including the account email
 * and the locked university name (programName), which cannot be changed here, are refused.
 */
export const coachProfileSchema = z.strictObject(coachProfileFields).superRefine((data, ctx) => {
  checkImagePair(data, ctx, 'profilePhotoBase64', 'profilePhotoMime');
  checkImagePair(data, ctx, 'universityLogoBase64', 'universityLogoMime');
});
export type CoachProfileUpdate = z.infer<typeof coachProfileSchema>;
