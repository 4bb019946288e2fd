// Every validation message of spec section 5, each triggered by an input that should produce it.
// The messages are written out literally here (not taken from MESSAGES) so a changed text fails.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contactMessageSchema } from './contact.ts';
import {
  agencyAvailabilityError,
  agencyOptionLabel,
  agentRegistrationSchema,
  athleteCodeRequestError,
  athleteRegistrationSchema,
  coachCodeRequestError,
  coachRegistrationSchema,
  insightsLoginSchema,
  loginSchema,
} from './auth.ts';
import { athleteProfileFormSchema, athleteProfileSchema, athleteProfileSubmitError } from './athlete-profile.ts';
import { coachRequestSchema } from './coach-request.ts';
import { coachProfileSchema } from './coach-profile.ts';

/** The messages a schema gives for an input, by field path. */
function messagesOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const contact = { name: 'Ana', email: 'ana@example.com', subject: 'Athlete', message: 'Hello' };

const athleteForm = {
  fullName: 'Ana López',
  age: 18,
  phone: '+34 600 000 000',
  nationality: 'Spain',
  englishLevel: 'advanced',
  gradingScale: 'ten-point',
  academicStanding: 8.5,
  primaryPosition: 'Forward',
  leagueLevel: 'segunda-rfef',
  agency: 'Eture',
  intendedMajors: ['Economics'],
  targetStartTerms: ['Fall 2026'],
  preferredUsRegions: ['Midwest'],
};

const athleteRegistration = {
  email: 'ana@example.com',
  fullName: 'Ana López',
  password: 'secret1',
  confirmPassword: 'secret1',
  age: 18,
  gender: 'female',
  verificationCode: '123456',
};

const coachRegistration = {
  email: 'coach@college.edu',
  password: 'secret1',
  confirmPassword: 'secret1',
  verificationCode: '123456',
  programName: 'State University',
  division: 'NCAA Division I',
  programRegion: 'Midwest',
  schoolSize: 'Large 15-30k',
  minimumGpa: '2.5',
  sport: 'Soccer',
  coachFirstName: 'Sam',
  coachLastName: 'Lee',
  jobTitle: 'Head Coach',
  phoneNumber: '555-0100',
  preferredContactMethod: 'Email',
  complianceAcknowledged: true,
  consentToContact: true,
  termsAccepted: true,
};

const agent = {
  firstName: 'Eva',
  lastName: 'Ruiz',
  email: 'eva@eture.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  agency: 'Eture',
  agencyUrl: 'https://eture.com',
  verificationCode: '123456',
};

const hugeImage = 'A'.repeat(Math.ceil((5 * 1024 * 1024 + 1) / 3) * 4);

type Case = [message: string, field: string, schema: z.ZodType, input: unknown];

const schemaCases: Case[] = [
  // Contact form
  ['Please let us know who we’re speaking with', 'name', contactMessageSchema, { ...contact, name: '  ' }],
  ['Your email helps us reply', 'email', contactMessageSchema, { ...contact, email: '' }],
  ['Enter a valid email', 'email', contactMessageSchema, { ...contact, email: 'ana@' }],
  ['Let us know why you’re reaching out', 'subject', contactMessageSchema, { ...contact, subject: '' }],
  ['Please include a brief message', 'message', contactMessageSchema, { ...contact, message: '' }],

  // Athlete profile
  ['Full name is required', 'fullName', athleteProfileFormSchema, { ...athleteForm, fullName: ' ' }],
  ['Minimum age is 10', 'age', athleteProfileFormSchema, { ...athleteForm, age: 9 }],
  ['Maximum age is 40', 'age', athleteProfileFormSchema, { ...athleteForm, age: 41 }],
  ['Minimum age is 10', 'age', athleteProfileSchema, { age: '9' }],
  ['Phone number is required', 'phone', athleteProfileFormSchema, { ...athleteForm, phone: '' }],
  ['Select your English level', 'englishLevel', athleteProfileFormSchema, { ...athleteForm, englishLevel: '' }],
  ['Enter your academic average', 'academicStanding', athleteProfileFormSchema, { ...athleteForm, academicStanding: '' }],
  ['Minimum is 0', 'academicStanding', athleteProfileFormSchema, { ...athleteForm, academicStanding: -1 }],
  ['Maximum is 10', 'academicStanding', athleteProfileFormSchema, { ...athleteForm, academicStanding: 10.5 }],
  ['Maximum is 20', 'academicStanding', athleteProfileFormSchema, { ...athleteForm, gradingScale: 'twenty-point', academicStanding: 21 }],
  ['Maximum is 100', 'academicStanding', athleteProfileSchema, { gradingScale: 'hundred-point', academicStanding: 101 }],
  ['Minimum is 0.0', 'gpa', athleteProfileFormSchema, { ...athleteForm, gradingScale: 'custom', academicStanding: '', gpa: -0.5 }],
  ['Maximum is 4.0', 'gpa', athleteProfileFormSchema, { ...athleteForm, gradingScale: 'custom', academicStanding: '', gpa: 4.2 }],
  ['Enter your GPA on a 4.0 scale', 'gpa', athleteProfileFormSchema, { ...athleteForm, gradingScale: 'custom', gpa: 'abc' }],
  ['Enter your GPA on a 4.0 scale', 'gpa', athleteProfileFormSchema, { ...athleteForm, gradingScale: 'custom', gpa: '' }],
  ['Select the league you currently play in', 'leagueLevel', athleteProfileFormSchema, { ...athleteForm, leagueLevel: '' }],
  ['Select the league you currently play in', 'leagueLevel', athleteProfileSchema, { leagueLevel: 'premier-league' }],
  ['Enter a valid URL (https://…)', 'highlightVideoUrl', athleteProfileFormSchema, { ...athleteForm, highlightVideoUrl: 'youtube' }],
  ['Enter a valid URL (https://…)', 'highlightVideoUrl', athleteProfileSchema, { highlightVideoUrl: 'ftp://files.example.com/v.mp4' }],
  ['Select your agency', 'agency', athleteProfileFormSchema, { ...athleteForm, agency: '' }],
  ['Select at least one intended major', 'intendedMajors', athleteProfileFormSchema, { ...athleteForm, intendedMajors: [] }],
  ['Choose at least one target start term', 'targetStartTerms', athleteProfileFormSchema, { ...athleteForm, targetStartTerms: [] }],
  ['Pick at least one preferred U.S. region', 'preferredUsRegions', athleteProfileFormSchema, { ...athleteForm, preferredUsRegions: [] }],
  ['Image must be 5MB or less', 'profilePhotoBase64', athleteProfileSchema, { profilePhotoBase64: hugeImage, profilePhotoMime: 'image/png' }],
  ['Unable to read image', 'profilePhotoBase64', athleteProfileSchema, { profilePhotoBase64: 'not base64!', profilePhotoMime: 'image/png' }],
  ['Unable to read image', 'profilePhotoMime', athleteProfileSchema, { profilePhotoBase64: 'iVBORw0KGgo=', profilePhotoMime: 'image/gif' }],

  // Athlete registration
  ['Enter a valid email', 'email', athleteRegistrationSchema, { ...athleteRegistration, email: 'ana.example.com' }],
  ['Password does not match', 'confirmPassword', athleteRegistrationSchema, { ...athleteRegistration, confirmPassword: 'secret2' }],
  ['Minimum age is 10', 'age', athleteRegistrationSchema, { ...athleteRegistration, age: 9 }],
  ['Maximum age is 40', 'age', athleteRegistrationSchema, { ...athleteRegistration, age: 41 }],
  ['This field is required', 'fullName', athleteRegistrationSchema, { ...athleteRegistration, fullName: '' }],
  ['Enter the verification code we emailed you', 'verificationCode', athleteRegistrationSchema, { ...athleteRegistration, verificationCode: '' }],

  // Coach registration
  ['Please confirm your password', 'confirmPassword', coachRegistrationSchema, { ...coachRegistration, confirmPassword: '' }],
  ['Passwords do not match', 'confirmPassword', coachRegistrationSchema, { ...coachRegistration, confirmPassword: 'secret2' }],
  ['Enter the verification code we emailed you', 'verificationCode', coachRegistrationSchema, { ...coachRegistration, verificationCode: '' }],
  ['Enter the verification code we emailed you', 'verificationCode', coachRegistrationSchema, { ...coachRegistration, verificationCode: '12345a' }],
  ['Password must be at least 6 characters', 'password', coachRegistrationSchema, { ...coachRegistration, password: '12345', confirmPassword: '12345' }],
  ['This field is required', 'programName', coachRegistrationSchema, { ...coachRegistration, programName: '' }],
  ['This field is required', 'minimumGpa', coachRegistrationSchema, { ...coachRegistration, minimumGpa: '' }],
  ['Maximum is 4.0', 'minimumGpa', coachRegistrationSchema, { ...coachRegistration, minimumGpa: '4.5' }],

  // Agent registration
  ['Please choose your agency', 'agency', agentRegistrationSchema, { ...agent, agency: '' }],
  ['Agency website is required', 'agencyUrl', agentRegistrationSchema, { ...agent, agencyUrl: ' ' }],
  ['Passwords do not match', 'confirmPassword', agentRegistrationSchema, { ...agent, confirmPassword: 'other1' }],
  ['Enter a valid email', 'email', agentRegistrationSchema, { ...agent, email: 'eva' }],

  // Coach profile
  [
    'This field is required',
    'jobTitle',
    coachProfileSchema,
    { coachFirstName: 'Sam', coachLastName: 'Lee', phoneNumber: '1', preferredContactMethod: 'Email' },
  ],

  // Login forms and insights
  ['This field is required', 'email', loginSchema, { email: '', password: 'x' }],
  ['This field is required', 'password', loginSchema, { email: 'a@b.co' }],
  ['This field is required', 'username', insightsLoginSchema, { username: '', password: 'x' }],
  ['This field is required', 'password', insightsLoginSchema, { username: 'staff', password: '' }],

  // Request form
  ['Select at least one primary position', 'positions', coachRequestSchema, { positions: [] }],
  ['Select at least one primary position', 'positions', coachRequestSchema, {}],
];

describe('spec section 5 messages, from the schemas', () => {
  it('the base inputs are valid, so each case fails only on its change', () => {
    expect(messagesOf(contactMessageSchema, contact)).toEqual({});
    expect(messagesOf(athleteProfileFormSchema, athleteForm)).toEqual({});
    expect(messagesOf(athleteRegistrationSchema, athleteRegistration)).toEqual({});
    expect(messagesOf(coachRegistrationSchema, coachRegistration)).toEqual({});
    expect(messagesOf(agentRegistrationSchema, agent)).toEqual({});
  });

  it.each(schemaCases)('%s (%s)', (message, field, schema, input) => {
    expect(messagesOf(schema, input)[field]).toContain(message);
  });
});

describe('spec section 5 messages, from the form helpers', () => {
  it.each([
    ['Enter your academic average so we can convert it', athleteProfileSubmitError({ gradingScale: 'ten-point', academicStanding: '', agency: 'Eture' })],
    [
      'We couldn’t calculate your GPA. Check the academic average value.',
      athleteProfileSubmitError({ gradingScale: 'ten-point', academicStanding: 'eight', agency: 'Eture' }),
    ],
    ['Choose the agency that represents you.', athleteProfileSubmitError({ gradingScale: 'custom', agency: '' })],
    // An average outside its scale gets the field's message before any conversion is tried.
    ['Maximum is 10', athleteProfileSubmitError({ gradingScale: 'ten-point', academicStanding: '11', agency: 'Eture' })],
    ['Maximum is 20', athleteProfileSubmitError({ gradingScale: 'twenty-point', academicStanding: 20.5, agency: 'Eture' })],
    ['Maximum is 100', athleteProfileSubmitError({ gradingScale: 'hundred-point', academicStanding: '101', agency: 'Eture' })],
    ['Minimum is 0', athleteProfileSubmitError({ gradingScale: 'ten-point', academicStanding: '-1', agency: 'Eture' })],
    ['Fill out your account details before requesting a code.', athleteCodeRequestError({ ...athleteRegistration, fullName: '' })],
    ['Fill out your account details before requesting a code.', athleteCodeRequestError({ ...athleteRegistration, age: '' })],
    ['Enter a valid email before requesting a code', coachCodeRequestError({ email: 'coach@', password: 'secret1', confirmPassword: 'secret1' })],
    [
      'Create and confirm your password before requesting a code',
      coachCodeRequestError({ email: 'coach@college.edu', password: 'secret1', confirmPassword: '' }),
    ],
    ['Passwords must match before requesting a code', coachCodeRequestError({ email: 'coach@college.edu', password: 'secret1', confirmPassword: 'secret2' })],
    [
      'All partner agencies already have profiles. Contact support to make changes.',
      agencyAvailabilityError(['Eture', 'Global College', 'Mae'].map((agency) => ({ agency: agency as 'Eture', available: false }))),
    ],
    ['Mae (Already registered)', agencyOptionLabel({ agency: 'Mae', available: false })],
  ])('%s', (message, actual) => {
    expect(actual).toBe(message);
  });

  it('the helpers pass valid forms', () => {
    expect(athleteProfileSubmitError({ gradingScale: 'ten-point', academicStanding: '8.5', agency: 'Mae' })).toBeNull();
    expect(athleteCodeRequestError({ ...athleteRegistration, gender: '' })).toBeNull();
    expect(coachCodeRequestError({ email: 'coach@college.edu', password: 'secret1', confirmPassword: 'secret1' })).toBeNull();
    expect(
      agencyAvailabilityError([
        { agency: 'Eture', available: true },
        { agency: 'Mae', available: false },
      ]),
    ).toBeNull();
  });
});
