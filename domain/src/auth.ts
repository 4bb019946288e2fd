// Accounts: login, verification codes, registration of athletes, coaches and agents, and the
// insights console login (spec sections 3, 5 and 7; decisions A2, A3, A5).
//
// Naming: `...Schema` validates what a form holds (the web uses it, field messages are the spec's);
// `...PayloadSchema` validates what the server receives (strict: unknown keys refused). Where the
// two are the same shape there is only one schema.
import { z } from 'zod';
import {
  AGENCIES,
  type Role,
  ATHLETE_AGE_MAX,
  ATHLETE_AGE_MIN,
  BUDGET_LABELS,
  COACH_REGIONS,
  CONTACT_METHODS,
  DIVISIONS,
  ELIGIBILITY,
  GENDERS,
  SCHOOL_SIZES,
  SPORTS,
  type Agency,
} from './reference.ts';
import { MESSAGES, maximumIs, minimumIs } from './messages.ts';
import {
  checkImagePair,
  choiceList,
  confirmPasswordField,
  currentPasswordField,
  emailField,
  imageBase64Field,
  imageMimeField,
  leagueList,
  numberFromText,
  optionalChoice,
  optionalText,
  passwordField,
  requiredChoice,
  requiredNumber,
  requiredText,
  splitList,
  storedText,
  termList,
  textList,
  toOptionalNumber,
  verificationCodeField,
  websiteField,
} from './fields.ts';
import { coachProfileFields } from './coach-profile.ts';
import type { AgencyOption } from './wire/account.ts';

type IssueSink = { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void };

/** The confirmation is checked only once typed, so an empty one shows its own "required" message. */
function checkConfirmation(data: { password?: unknown; confirmPassword?: unknown }, ctx: IssueSink, message: string) {
  if (typeof data.confirmPassword === 'string' && data.confirmPassword !== '' && data.confirmPassword !== data.password) {
    ctx.addIssue({ code: 'custom', message, path: ['confirmPassword'] });
  }
}

/** The first message of a failed parse, or null when valid (for the "request a code" buttons). */
function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

// ---------------------------------------------------------------------------------------------
// Login (athlete, coach, agent) and verification codes

export const loginSchema = z.strictObject({
  email: storedText({ error: MESSAGES.required }, MESSAGES.invalidEmail).trim().toLowerCase().min(1, MESSAGES.required).max(254, MESSAGES.invalidEmail),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200, 'Must be 200 characters or fewer'),
  /** "Remember me": a 30-day cookie when true (the default), a browser-session cookie when false. */
  remember: z.boolean({ error: 'Select yes or no' }).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

const ROLE_ARTICLE: Record<Role, string> = { athlete: 'an athlete', coach: 'a coach', agent: 'an agent' };
/**
 * The answer when the right email and password of one role are used on another role's login
 * (only someone who knows the password learns it; a wrong password gets the generic message).
 */
export function otherRoleLoginMessage(role: Role): string {
  return `This is ${ROLE_ARTICLE[role]} account: sign in at the ${role} login`;
}

// ---------------------------------------------------------------------------------------------
// Password reset (decision A8): a code by email, then a new password

/** POST /{role}/password-reset/code. */
export const passwordResetCodeSchema = sendCodeSchema_();
/** POST /{role}/password-reset: the emailed code and the new password (with its confirmation). */
export const passwordResetSchema = z
  .strictObject({
    email: emailField(),
    verificationCode: verificationCodeField(),
    password: passwordField(),
    confirmPassword: confirmPasswordField(),
  })
  .superRefine((data, ctx) => checkConfirmation(data, ctx, MESSAGES.passwordsDoNotMatch));
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
export const PASSWORD_RESET_MESSAGES = {
  codeSent: 'Check your email: we sent you a message with a code to reset your password.',
  done: 'Your password has been reset. Sign in with your new password.',
} as const;

/** PUT /account/password: a signed-in user's new password, confirmed by their current one. */
export const passwordChangeSchema = z
  .strictObject({
    currentPassword: currentPasswordField(),
    password: passwordField(),
    confirmPassword: confirmPasswordField(),
  })
  .superRefine((data, ctx) => checkConfirmation(data, ctx, MESSAGES.passwordsDoNotMatch));
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export const PASSWORD_CHANGE_MESSAGES = {
  done: 'Your password has been changed. You stay signed in here; your other devices were signed out.',
  wrongCurrent: 'Your current password is not correct',
} as const;

/**
 * PUT /account/email: a signed-in user's new sign-in email, proven by the code mailed to it (bound
 * to this user) and confirmed by their current password.
 */
export const emailChangeSchema = z.strictObject({
  email: emailField(),
  currentPassword: currentPasswordField(),
  verificationCode: verificationCodeField(),
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;
/** POST /account/email/code: mails the code to the new email (the current password first). */
export const emailChangeCodeSchema = emailChangeSchema.pick({ email: true, currentPassword: true });
export type EmailChangeCodeInput = z.infer<typeof emailChangeCodeSchema>;
export const EMAIL_CHANGE_MESSAGES = {
  codeSent: 'Check your new email: we sent it a code to confirm the change.',
  sameEmail: 'This is already your email',
  done: 'Your email has been changed. Sign in with your new address from now on.',
} as const;

/** DELETE /account: the signed-in user's account, for good, confirmed by their current password. */
export const accountDeletionSchema = z.strictObject({ currentPassword: currentPasswordField() });
export type AccountDeletionInput = z.infer<typeof accountDeletionSchema>;
export const ACCOUNT_DELETION_MESSAGES = { done: 'Your account has been deleted.' } as const;
/** POST /account/sessions/end-others: every other session of the account ends. */
export const OTHER_SESSIONS_ENDED = 'You are now signed out on every other device.';

/** POST /athlete/send-verification-code and /coach/send-verification-code. */
function sendCodeSchema_() {
  return z.strictObject({ email: emailField(MESSAGES.invalidEmail) });
}
export const sendCodeSchema = sendCodeSchema_();
export type SendCodeInput = z.infer<typeof sendCodeSchema>;

// ---------------------------------------------------------------------------------------------
// Athlete registration (the payload carries the confirmation too, spec section 3)

export const athleteRegistrationSchema = z
  .strictObject({
    email: emailField(),
    fullName: requiredText(MESSAGES.required, 120),
    password: passwordField(),
    confirmPassword: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
    age: requiredNumber({
      min: ATHLETE_AGE_MIN,
      max: ATHLETE_AGE_MAX,
      integer: true,
      minMessage: MESSAGES.minimumAge10,
      maxMessage: MESSAGES.maximumAge40,
    }),
    /** The form's placeholder choice sends '' (no gender). */
    gender: optionalChoice(GENDERS),
    verificationCode: verificationCodeField(),
  })
  .superRefine((data, ctx) => checkConfirmation(data, ctx, MESSAGES.athletePasswordMismatch));
export type AthleteRegistration = z.infer<typeof athleteRegistrationSchema>;

/** Requesting a code needs every account detail filled (gender may stay on its placeholder). */
export const athleteCodeRequestSchema = z.object({
  email: storedText({ error: MESSAGES.athleteCodeRequest }).trim().min(1, MESSAGES.athleteCodeRequest),
  fullName: storedText({ error: MESSAGES.athleteCodeRequest }).trim().min(1, MESSAGES.athleteCodeRequest),
  password: z.string({ error: MESSAGES.athleteCodeRequest }).min(1, MESSAGES.athleteCodeRequest),
  confirmPassword: z.string({ error: MESSAGES.athleteCodeRequest }).min(1, MESSAGES.athleteCodeRequest),
  age: z.preprocess(toOptionalNumber, z.number({ error: MESSAGES.athleteCodeRequest })),
});
export function athleteCodeRequestError(form: Record<string, unknown>): string | null {
  return firstMessage(athleteCodeRequestSchema.safeParse(form));
}

// ---------------------------------------------------------------------------------------------
// Coach registration

/** A number field of the form, kept as typed (text) and converted by `toCoachRegistrationPayload`. */
function numericText(rule: { required?: boolean; min: number; max: number; minLabel?: string; maxLabel?: string; integer?: boolean; oneDecimal?: boolean }) {
  return z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v),
    storedText(undefined, MESSAGES.enterNumber)
      .trim()
      .superRefine((value, ctx) => {
        const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
        if (value === '') return rule.required ? fail(MESSAGES.required) : undefined;
        const n = numberFromText(value);
        if (!Number.isFinite(n)) return fail(MESSAGES.enterNumber);
        if (n < rule.min) return fail(minimumIs(rule.minLabel ?? rule.min));
        if (n > rule.max) return fail(maximumIs(rule.maxLabel ?? rule.max));
        if (rule.integer && !Number.isInteger(n)) return fail(MESSAGES.wholeNumber);
        // Step 0.1: at most one decimal place.
        if (rule.oneDecimal && Math.abs(n * 10 - Math.round(n * 10)) > 1e-9) return fail(MESSAGES.gpaStep);
      }),
  );
}

const consentFields = {
  complianceAcknowledged: z.literal(true, { error: MESSAGES.complianceRequired }),
  consentToContact: z.literal(true, { error: MESSAGES.consentRequired }),
  termsAccepted: z.literal(true, { error: MESSAGES.termsRequired }),
};

/** The registration form as the coach fills it (numbers as text, staff as one text, one sport). */
export const coachRegistrationSchema = z
  .object({
    email: emailField(),
    password: passwordField(),
    confirmPassword: confirmPasswordField(),
    verificationCode: verificationCodeField(),
    programName: requiredText(MESSAGES.required, 200),
    division: requiredChoice(DIVISIONS, MESSAGES.required),
    programRegion: requiredChoice(COACH_REGIONS, MESSAGES.required),
    schoolSize: requiredChoice(SCHOOL_SIZES, MESSAGES.required),
    minimumGpa: numericText({ required: true, min: 0, max: 4, minLabel: '0.0', maxLabel: '4.0', oneDecimal: true }),
    sport: requiredChoice(SPORTS, MESSAGES.required),
    coachFirstName: requiredText(MESSAGES.required, 80),
    coachLastName: requiredText(MESSAGES.required, 80),
    jobTitle: requiredText(MESSAGES.required, 120),
    phoneNumber: requiredText(MESSAGES.required, 40),
    preferredContactMethod: requiredChoice(CONTACT_METHODS, MESSAGES.required),
    teamWebsite: websiteField(),
    yearsInRole: numericText({ min: 0, max: 70, integer: true }),
    englishToefl: numericText({ min: 0, max: 120 }),
    englishIelts: numericText({ min: 0, max: 9 }),
    additionalStaffRaw: storedText().max(5000).default(''),
    athleteEligibility: choiceList(ELIGIBILITY).default([]),
    estimatedCostBand: optionalChoice(BUDGET_LABELS),
    targetLeagueLevels: leagueList().default([]),
    preferredFootDefault: optionalText(20),
    extrasValued: textList(30, 100).default([]),
    rosterNeedPriority: textList(30, 100).default([]),
    targetStartTerms: termList().default([]),
    jucoOpenDefault: z.boolean().default(false),
    profilePhotoBase64: imageBase64Field(),
    profilePhotoMime: imageMimeField(),
    universityLogoBase64: imageBase64Field(),
    universityLogoMime: imageMimeField(),
    ...consentFields,
  })
  .superRefine((data, ctx) => checkConfirmation(data, ctx, MESSAGES.passwordsDoNotMatch));
export type CoachRegistrationForm = z.infer<typeof coachRegistrationSchema>;

/** POST /coach/register: the profile fields plus account, code and the three consents. */
export const coachRegistrationPayloadSchema = z
  .strictObject({
    ...coachProfileFields,
    email: emailField(),
    password: passwordField(),
    verificationCode: verificationCodeField(),
    programName: requiredText(MESSAGES.required, 200),
    division: requiredChoice(DIVISIONS, MESSAGES.required),
    programRegion: requiredChoice(COACH_REGIONS, MESSAGES.required),
    schoolSize: requiredChoice(SCHOOL_SIZES, MESSAGES.required),
    minimumGpa: requiredNumber({ min: 0, max: 4, minMessage: MESSAGES.gpaMinimum, maxMessage: MESSAGES.gpaMaximum }),
    sports: z
      .array(z.enum(SPORTS, { error: MESSAGES.required }), { error: MESSAGES.required })
      .min(1, MESSAGES.required)
      .transform((sports) => [...new Set(sports)]),
    ...consentFields,
  })
  .superRefine((data, ctx) => {
    checkImagePair(data, ctx, 'profilePhotoBase64', 'profilePhotoMime');
    checkImagePair(data, ctx, 'universityLogoBase64', 'universityLogoMime');
  });
export type CoachRegistrationPayload = z.infer<typeof coachRegistrationPayloadSchema>;

/**
 * Spec section 3, "Coach registration payload": numbers only when typed; staff from the raw text
 * split on newlines or commas; the sport as a one-item list; each image only with both halves;
 * the confirmation never sent.
 */
export function toCoachRegistrationPayload(form: CoachRegistrationForm): CoachRegistrationPayload {
  const {
    confirmPassword: _confirmPassword,
    additionalStaffRaw,
    sport,
    minimumGpa,
    yearsInRole,
    englishToefl,
    englishIelts,
    profilePhotoBase64,
    profilePhotoMime,
    universityLogoBase64,
    universityLogoMime,
    ...rest
  } = form;
  const payload: CoachRegistrationPayload = {
    ...rest,
    sports: [sport],
    minimumGpa: numberFromText(minimumGpa),
    additionalStaff: splitList(additionalStaffRaw),
    jucoOpenDefault: form.jucoOpenDefault,
  };
  if (yearsInRole !== '') payload.yearsInRole = numberFromText(yearsInRole);
  if (englishToefl !== '') payload.englishToefl = numberFromText(englishToefl);
  if (englishIelts !== '') payload.englishIelts = numberFromText(englishIelts);
  if (profilePhotoBase64 && profilePhotoMime) Object.assign(payload, { profilePhotoBase64, profilePhotoMime });
  if (universityLogoBase64 && universityLogoMime) Object.assign(payload, { universityLogoBase64, universityLogoMime });
  return payload;
}

/** The submit button stays disabled until the three boxes are ticked. */
export function coachConsentsGiven(form: { complianceAcknowledged?: unknown; consentToContact?: unknown; termsAccepted?: unknown }): boolean {
  return form.complianceAcknowledged === true && form.consentToContact === true && form.termsAccepted === true;
}

/** Requesting a code needs a valid email and a matching password and confirmation. */
export const coachCodeRequestSchema = z
  .object({
    email: storedText({ error: MESSAGES.coachCodeEmail }, MESSAGES.coachCodeEmail).trim().pipe(z.email(MESSAGES.coachCodeEmail)),
    password: z.string({ error: MESSAGES.coachCodePasswords }).min(1, MESSAGES.coachCodePasswords),
    confirmPassword: z.string({ error: MESSAGES.coachCodePasswords }).min(1, MESSAGES.coachCodePasswords),
  })
  .refine((d) => d.password === '' || d.confirmPassword === '' || d.password === d.confirmPassword, {
    error: MESSAGES.coachCodeMismatch,
    path: ['confirmPassword'],
  });
export function coachCodeRequestError(form: Record<string, unknown>): string | null {
  return firstMessage(coachCodeRequestSchema.safeParse(form));
}

// ---------------------------------------------------------------------------------------------
// Agent registration

const agentAccountFields = {
  firstName: requiredText(MESSAGES.required, 80),
  lastName: requiredText(MESSAGES.required, 80),
  email: emailField(),
  password: passwordField(),
  agency: requiredChoice(AGENCIES, MESSAGES.chooseAgency),
  agencyUrl: websiteField(MESSAGES.agencyUrlRequired),
  profilePhotoBase64: imageBase64Field(),
  profilePhotoMime: imageMimeField(),
  /** The agent proves an address at the agency's email domain (decision A10). */
  verificationCode: verificationCodeField(),
};

export const agentRegistrationSchema = z.object({ ...agentAccountFields, confirmPassword: confirmPasswordField() }).superRefine((data, ctx) => {
  checkConfirmation(data, ctx, MESSAGES.passwordsDoNotMatch);
  checkImagePair(data, ctx, 'profilePhotoBase64', 'profilePhotoMime');
});
export type AgentRegistrationForm = z.infer<typeof agentRegistrationSchema>;

/** POST /agent/register: the form without the confirmation. */
export const agentRegistrationPayloadSchema = z
  .strictObject(agentAccountFields)
  .superRefine((data, ctx) => checkImagePair(data, ctx, 'profilePhotoBase64', 'profilePhotoMime'));
export type AgentRegistrationPayload = z.infer<typeof agentRegistrationPayloadSchema>;

/** POST /agent/send-verification-code: the address and the agency whose domain it must be at. */
export const agentCodeRequestSchema = z.strictObject({
  email: emailField(MESSAGES.invalidEmail),
  agency: requiredChoice(AGENCIES, MESSAGES.chooseAgency),
});
export type AgentCodeRequest = z.infer<typeof agentCodeRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Agency email domains (decision A10)

/** Used when AGENCY_EMAIL_DOMAINS is not set; confirm them with each agency before going live. */
export const DEFAULT_AGENCY_EMAIL_DOMAINS: Record<Agency, readonly string[]> = {
  Eture: ['eture.com'],
  'Global College': ['globalcollege.com'],
  Mae: ['mae.com'],
};

const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * Reads the AGENCY_EMAIL_DOMAINS setting: `Agency=domain[,domain…]` entries separated by `;`,
 * e.g. `Eture=eture.com,eture.es;Global College=globalcollege.com;Mae=mae.com`. Agencies not
 * named keep their defaults. Throws with a readable message on a bad entry.
 */
export function parseAgencyEmailDomains(setting: string | undefined): Record<Agency, readonly string[]> {
  const result: Record<Agency, readonly string[]> = { ...DEFAULT_AGENCY_EMAIL_DOMAINS };
  if (!setting || !setting.trim()) return result;
  for (const entry of setting
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [name, list = ''] = entry.split('=').map((p) => p.trim());
    const agency = AGENCIES.find((a) => a.toLowerCase() === name.toLowerCase());
    if (!agency) throw new Error(`unknown agency "${name}" (known: ${AGENCIES.join(', ')})`);
    const domains = list
      .split(',')
      .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean);
    if (domains.length === 0) throw new Error(`no email domain for ${agency}`);
    const bad = domains.find((d) => !DOMAIN_PATTERN.test(d));
    if (bad) throw new Error(`"${bad}" is not an email domain`);
    result[agency] = domains;
  }
  return result;
}

/** Whether the (normalized) email is at one of the domains, exactly (no subdomains). */
export function emailAtDomains(email: string, domains: readonly string[]): boolean {
  const at = email.trim().toLowerCase().lastIndexOf('@');
  return (
    at > 0 &&
    domains.includes(
      email
        .trim()
        .toLowerCase()
        .slice(at + 1),
    )
  );
}

export function agencyEmailMessage(agency: string, domains: readonly string[]): string {
  return `Use your ${agency} email address (${domains.map((d) => `@${d}`).join(' or ')}).`;
}

/** 'Mae (Already registered)' for an agency that has its agent. */
export function agencyOptionLabel(option: Pick<AgencyOption, 'agency' | 'available'>): string {
  return option.available ? option.agency : `${option.agency} ${MESSAGES.agencyAlreadyRegistered}`;
}
/** Blocks the agent form when every agency already has its agent (decision A3). */
export function agencyAvailabilityError(options: readonly Pick<AgencyOption, 'agency' | 'available'>[]): string | null {
  return options.length > 0 && options.every((o) => !o.available) ? MESSAGES.allAgenciesTaken : null;
}

// ---------------------------------------------------------------------------------------------
// Insights console (decision A5)

export const insightsLoginSchema = z.strictObject({
  username: storedText({ error: MESSAGES.required }).trim().min(1, MESSAGES.required).max(200, 'Must be 200 characters or fewer'),
  password: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(200, 'Must be 200 characters or fewer'),
});
export type InsightsLogin = z.infer<typeof insightsLoginSchema>;
