// What the schemas accept and how they reshape it. (The spec's messages are covered one by one in
// spec-messages.test.ts.)
import { describe, expect, it } from 'vitest';
import {
  agentRegistrationPayloadSchema,
  agentRegistrationSchema,
  athleteCodeRequestError,
  athleteRegistrationSchema,
  coachConsentsGiven,
  coachRegistrationPayloadSchema,
  coachRegistrationSchema,
  insightsLoginSchema,
  loginSchema,
  sendCodeSchema,
  toCoachRegistrationPayload,
} from './auth.ts';
import { athleteProfileFormSchema, athleteProfileSchema, isProfileComplete, showsGoalsAssists, ATHLETE_PROFILE_FORM_DEFAULTS } from './athlete-profile.ts';
import { coachProfileSchema } from './coach-profile.ts';
import { inTermOrder } from './fields.ts';
import { coachRequestSchema, REQUEST_FORM_DEFAULTS, requestDefaultsFromCoachProfile } from './coach-request.ts';
import { matchCreateSchema, matchUpdateSchema, matchViewSchema } from './match.ts';
import { base64DecodedBytes, isStorableText, normalizeExternalLinks, numberFromText, numberOrNull, numberToText, splitList } from './fields.ts';
import { contactMessageSchema } from './contact.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('helpers', () => {
  it.each([
    ['a, b\nc', ['a', 'b', 'c']],
    [' a ,, \n\n b ', ['a', 'b']],
    ['a\r\nb', ['a', 'b']],
    ['', []],
    [null, []],
    [
      [' x ', '', 'y'],
      ['x', 'y'],
    ],
  ])('splitList(%j)', (input, expected) => {
    expect(splitList(input)).toEqual(expected);
  });

  it.each([
    ['', null],
    ['  ', null],
    [null, null],
    ['3.5', 3.5],
    [' 12 ', 12],
    [0, 0],
    ['abc', null],
    // A decimal comma (Spanish): one or two digits after it; three could be a thousands separator.
    ['7,5', 7.5],
    [' 72,25 ', 72.25],
    ['-0,5', -0.5],
    ['1,000', null],
    ['1,5,5', null],
    [',5', null],
  ])('numberOrNull(%j) = %j', (input, expected) => {
    expect(numberOrNull(input)).toBe(expected);
  });

  it.each([
    [7.5, true, '7,5'],
    [72.25, true, '72,25'],
    [-0.5, true, '-0,5'],
    [12, true, '12'],
    [1000, true, '1000'],
    [3.125, true, '3.125'],
    [7.5, false, '7.5'],
  ])('numberToText(%j, %j) = %j, which numberFromText reads back', (value, decimalComma, expected) => {
    expect(numberToText(value, decimalComma)).toBe(expected);
    expect(numberFromText(expected)).toBe(value);
  });

  it('numberToText fixes the decimals shown when asked', () => {
    expect(numberToText(3, true, 1)).toBe('3,0');
    expect(numberToText(3.25, false, 1)).toBe('3.3');
  });

  it('normalizeExternalLinks drops incomplete entries, trims, keeps at most 5', () => {
    const links = [
      { platform: ' Transfermarkt ', url: ' https://tm.com/a ' },
      { platform: '', url: 'https://x.com' },
      { platform: 'YouTube' },
      null,
      ...Array.from({ length: 6 }, (_, i) => ({ platform: 'Other', url: `https://o.com/${i}` })),
    ];
    expect(normalizeExternalLinks(links)).toEqual([
      { platform: 'Transfermarkt', url: 'https://tm.com/a' },
      { platform: 'Other', url: 'https://o.com/0' },
      { platform: 'Other', url: 'https://o.com/1' },
      { platform: 'Other', url: 'https://o.com/2' },
      { platform: 'Other', url: 'https://o.com/3' },
    ]);
    expect(normalizeExternalLinks('nope')).toEqual([]);
  });

  it('goals plus assists only for attacking positions', () => {
    expect(['Attacking Midfield', 'Left Winger', 'Right Winger', 'Forward'].every(showsGoalsAssists)).toBe(true);
    expect(['Goalkeeper', 'Center Back', 'Defensive Midfield', 'Central Midfield', undefined].some(showsGoalsAssists)).toBe(false);
  });

  it('decoded image size', () => {
    expect(base64DecodedBytes('QUJD')).toBe(3);
    expect(base64DecodedBytes('QUI=')).toBe(2);
    expect(base64DecodedBytes('data:image/png;base64,QQ==')).toBe(1);
  });
});

describe('stored text (decision A10)', () => {
  it.each([['plain'], ['emoji 😀 pair'], ['Ñandú'], ['']])('keeps %j', (text) => expect(isStorableText(text)).toBe(true));
  it.each([['nul \u0000'], ['\ud800'], ['high \udbff then a'], ['\udc00 low first'], ['reversed \ude00\ud83d']])('refuses %j', (text) =>
    expect(isStorableText(text)).toBe(false),
  );
  it("refuses them with the field's message", () => {
    const athlete = athleteProfileSchema.safeParse({ fullName: 'A\u0000B' });
    expect(athlete.error?.issues[0]).toMatchObject({ path: ['fullName'], message: 'Remove the unsupported characters (such as NUL) from this field' });
    const contact = contactMessageSchema.safeParse({ name: 'Jo', email: 'jo\ud800@example.com', subject: 'Other', message: 'Hi' });
    expect(contact.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['email', 'Enter a valid email']);
  });
});

describe('login, codes, insights', () => {
  it('login needs both fields and lowercases the email', () => {
    expect(loginSchema.parse({ email: ' Ana@Example.COM ', password: 'x' })).toEqual({ email: 'ana@example.com', password: 'x' });
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x', extra: 1 }).success).toBe(false);
  });
  it('send code needs a valid email', () => {
    expect(sendCodeSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(messages(sendCodeSchema.safeParse({ email: 'a@b' }))).toEqual(['Enter a valid email']);
  });
  it('insights login', () => {
    expect(insightsLoginSchema.safeParse({ username: 'staff', password: 'pw' }).success).toBe(true);
  });
});

describe('athlete registration', () => {
  const valid = {
    email: 'Ana@Example.com',
    fullName: ' Ana ',
    password: 'secret1',
    confirmPassword: 'secret1',
    age: '18',
    gender: '',
    verificationCode: ' 123456 ',
  };
  it('accepts and normalises a valid form; the gender placeholder means none', () => {
    expect(athleteRegistrationSchema.parse(valid)).toEqual({
      email: 'ana@example.com',
      fullName: 'Ana',
      password: 'secret1',
      confirmPassword: 'secret1',
      age: 18,
      gender: undefined,
      verificationCode: '123456',
    });
  });
  it.each([
    [{ age: 17.5 }, 'Enter a whole number'],
    [{ gender: 'other' }, 'Select an option from the list'],
    [{ verificationCode: '12345' }, 'Enter the verification code we emailed you'],
    [{ password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ role: 'coach' }, 'Unrecognized key: "role"'],
  ])('refuses %j', (change, message) => {
    expect(messages(athleteRegistrationSchema.safeParse({ ...valid, ...change }))).toContain(message);
  });
  it('code request passes once everything is filled', () => {
    expect(athleteCodeRequestError(valid)).toBeNull();
    expect(athleteCodeRequestError({ ...valid, password: '' })).toBe('Fill out your account details before requesting a code.');
  });
});

describe('coach registration', () => {
  const form = {
    email: 'Coach@College.edu',
    password: 'secret1',
    confirmPassword: 'secret1',
    verificationCode: '654321',
    programName: 'State University',
    division: 'NCAA Division II',
    programRegion: 'South',
    schoolSize: 'Medium 5-15k',
    minimumGpa: '2.8',
    sport: 'Soccer',
    coachFirstName: 'Sam',
    coachLastName: 'Lee',
    jobTitle: 'Head Coach',
    phoneNumber: '555-0100',
    preferredContactMethod: 'WhatsApp',
    teamWebsite: 'stateu.edu/soccer',
    yearsInRole: '4',
    englishToefl: '',
    englishIelts: '6.5',
    additionalStaffRaw: 'Alex Kim, Jo Park\n\nRiley Fox ',
    athleteEligibility: ['Transfers'],
    targetLeagueLevels: ['Segunda RFEF', 'tercera-rfef'],
    targetStartTerms: ['Fall 2026'],
    jucoOpenDefault: true,
    profilePhotoBase64: 'iVBORw0KGgo=',
    profilePhotoMime: 'image/png',
    universityLogoBase64: 'iVBORw0KGgo=',
    universityLogoMime: '',
    complianceAcknowledged: true,
    consentToContact: true,
    termsAccepted: true,
  };

  it('reshapes the form into the payload of spec section 3', () => {
    const payload = toCoachRegistrationPayload(coachRegistrationSchema.parse(form));
    expect(payload).not.toHaveProperty('confirmPassword');
    expect(payload).not.toHaveProperty('additionalStaffRaw');
    expect(payload).not.toHaveProperty('englishToefl'); // empty: not sent
    expect(payload).not.toHaveProperty('universityLogoBase64'); // only one half given
    expect(payload).toMatchObject({
      email: 'coach@college.edu',
      sports: ['Soccer'],
      yearsInRole: 4,
      englishIelts: 6.5,
      minimumGpa: 2.8,
      additionalStaff: ['Alex Kim', 'Jo Park', 'Riley Fox'],
      jucoOpenDefault: true,
      teamWebsite: 'https://stateu.edu/soccer',
      targetLeagueLevels: ['segunda-rfef', 'tercera-rfef'],
      profilePhotoBase64: 'iVBORw0KGgo=',
      profilePhotoMime: 'image/png',
    });
    expect(coachRegistrationPayloadSchema.parse(payload)).toMatchObject({ yearsInRole: 4, sports: ['Soccer'] });
  });

  it('the server payload is strict and needs the three consents', () => {
    const payload = toCoachRegistrationPayload(coachRegistrationSchema.parse(form));
    expect(messages(coachRegistrationPayloadSchema.safeParse({ ...payload, confirmPassword: 'secret1' }))).toContain('Unrecognized key: "confirmPassword"');
    expect(messages(coachRegistrationPayloadSchema.safeParse({ ...payload, termsAccepted: false }))).toEqual(['Please accept the terms of service']);
    expect(messages(coachRegistrationPayloadSchema.safeParse({ ...payload, consentToContact: undefined }))).toEqual(['Please consent to being contacted']);
    expect(messages(coachRegistrationPayloadSchema.safeParse({ ...payload, complianceAcknowledged: 'yes' }))).toEqual([
      'Please acknowledge the compliance statement',
    ]);
    expect(messages(coachRegistrationPayloadSchema.safeParse({ ...payload, password: '12345' }))).toEqual(['Password must be at least 6 characters']);
  });

  it.each([
    [{ minimumGpa: '2.85' }, 'Use at most one decimal place'],
    [{ minimumGpa: '2,85' }, 'Use at most one decimal place'],
    [{ englishToefl: '1,000' }, 'Enter a number'],
    [{ minimumGpa: '-1' }, 'Minimum is 0.0'],
    [{ minimumGpa: 'abc' }, 'Enter a number'],
    [{ yearsInRole: '2.5' }, 'Enter a whole number'],
    [{ division: 'NCAA Division IV' }, 'This field is required'],
    [{ teamWebsite: 'javascript:alert(1)' }, 'Enter a valid URL (https://…)'],
    [{ targetLeagueLevels: ['Premier League'] }, 'Select an option from the list'],
  ])('form refuses %j', (change, message) => {
    expect(messages(coachRegistrationSchema.safeParse({ ...form, ...change }))).toContain(message);
  });

  it('reads a decimal comma in the number fields', () => {
    const payload = toCoachRegistrationPayload(coachRegistrationSchema.parse({ ...form, minimumGpa: '2,8', englishIelts: '6,5' }));
    expect([payload.minimumGpa, payload.englishIelts]).toEqual([2.8, 6.5]);
  });

  it('the submit button waits for the three consents', () => {
    expect(coachConsentsGiven(form)).toBe(true);
    expect(coachConsentsGiven({ ...form, termsAccepted: false })).toBe(false);
  });
});

describe('agent registration', () => {
  const form = {
    firstName: 'Eva',
    lastName: 'Ruiz',
    email: 'eva@eture.com',
    password: 'secret1',
    confirmPassword: 'secret1',
    agency: 'Mae',
    agencyUrl: 'mae.agency',
    verificationCode: '123456',
  };
  it('form and payload', () => {
    expect(agentRegistrationSchema.parse(form).agencyUrl).toBe('https://mae.agency');
    const { confirmPassword: _c, ...payload } = form;
    expect(agentRegistrationPayloadSchema.safeParse(payload).success).toBe(true);
    expect(messages(agentRegistrationPayloadSchema.safeParse(form))).toContain('Unrecognized key: "confirmPassword"');
    expect(messages(agentRegistrationPayloadSchema.safeParse({ ...payload, agency: 'Other Agency' }))).toEqual(['Please choose your agency']);
    expect(messages(agentRegistrationPayloadSchema.safeParse({ ...payload, password: 'abc' }))).toEqual(['Password must be at least 6 characters']);
    expect(messages(agentRegistrationPayloadSchema.safeParse({ ...payload, profilePhotoBase64: 'iVBORw0KGgo=' }))).toEqual(['Unable to read image']);
  });
});

describe('athlete profile', () => {
  const complete = {
    fullName: 'Ana López',
    age: 18,
    phone: '+34 600 000 000',
    nationality: 'Spain',
    gender: 'female',
    englishLevel: 'intermediate',
    gradingScale: 'twenty-point',
    academicStanding: 15,
    primaryPosition: 'Left Winger',
    leagueLevel: 'Liga Nacional Juvenil',
    agency: 'Global College',
    intendedMajors: ['Economics', 'Finance'],
    targetStartTerms: ['Spring 2026', 'Fall 2026'],
    preferredUsRegions: ['No preference'],
  };

  it('accepts an empty profile and fills the defaults (P1, M3)', () => {
    expect(athleteProfileSchema.parse({})).toEqual({ schoolSizePreference: 'Any', isTransfer: false, autoAcceptMatches: false });
  });

  it.each(['profileCompleted', 'role', 'email', 'createdAt', 'updatedAt', 'id'])('refuses the server-owned key %s', (key) => {
    expect(messages(athleteProfileSchema.safeParse({ [key]: 'x' }))).toContain(`Unrecognized key: "${key}"`);
  });

  it('derives GPA from the scale, the league label, and the other unit', () => {
    const saved = athleteProfileSchema.parse({ ...complete, heightCm: 170, weightLbs: 154, leagueLevelLabel: 'stale' });
    expect(saved.gpa).toBe(3); // 15 / 20 x 4
    expect(saved.leagueLevel).toBe('liga-nacional-juvenil');
    expect(saved.leagueLevelLabel).toBe('Liga Nacional Juvenil');
    expect([saved.heightFeet, saved.heightInches]).toEqual([5, 7]); // 66.9 in -> 67
    expect(saved.weightKg).toBe(69.9);
  });

  it('reads numbers typed with a decimal comma, and refuses one that could be a thousands separator', () => {
    const saved = athleteProfileSchema.parse({ ...complete, academicStanding: '15,5', weightKg: '72,5', heightCm: ' 180 ' });
    expect([saved.academicStanding, saved.gpa, saved.weightKg, saved.heightCm]).toEqual([15.5, 3.1, 72.5, 180]);
    expect(messages(athleteProfileSchema.safeParse({ ...complete, weightKg: '1,000' }))).toEqual(['Enter a number']);
  });

  it('the custom scale keeps the typed GPA and clears the average', () => {
    const saved = athleteProfileSchema.parse({ gradingScale: 'custom', academicStanding: 9, gpa: '3.7' });
    expect(saved.gpa).toBe(3.7);
    expect(saved.academicStanding).toBeUndefined();
  });

  it('reads extras text as a list and normalises links; blank and null are absent', () => {
    const saved = athleteProfileSchema.parse({
      playerExtras: 'Team captain,\nRegional team',
      externalLinks: [
        { platform: 'BeSoccer', url: ' https://besoccer.com/p ' },
        { platform: 'X', url: '' },
      ],
      fullName: '   ',
      age: null,
      estimatedBudget: '25000',
    });
    expect(saved.playerExtras).toEqual(['Team captain', 'Regional team']);
    expect(saved.externalLinks).toEqual([{ platform: 'BeSoccer', url: 'https://besoccer.com/p' }]);
    expect(saved.fullName).toBeUndefined();
    expect(saved.age).toBeUndefined();
    expect(saved.estimatedBudget).toBe(25000);
  });

  it('an external link must be http(s)', () => {
    expect(messages(athleteProfileSchema.safeParse({ externalLinks: [{ platform: 'X', url: 'not a url' }] }))).toEqual(['Enter a valid URL (https://…)']);
  });

  it('completion (P2): every required field present and valid', () => {
    expect(isProfileComplete(complete)).toBe(true);
    expect(athleteProfileFormSchema.parse(complete).gpa).toBe(3);
    // a stored row: extra columns and nulls are fine
    expect(isProfileComplete({ ...complete, id: 'x', email: 'ana@x.com', createdAt: new Date(), secondaryPosition: null, highlightVideoUrl: null })).toBe(true);
    expect(isProfileComplete({ ...complete, gradingScale: 'custom', academicStanding: null, gpa: 3.2 })).toBe(true);
    expect(isProfileComplete({ ...complete, gradingScale: 'custom', academicStanding: null, gpa: null })).toBe(false);
    for (const key of Object.keys(complete).filter((k) => k !== 'gender')) {
      expect(isProfileComplete({ ...complete, [key]: undefined }), key).toBe(false);
    }
    expect(isProfileComplete({ ...complete, highlightVideoUrl: 'javascript:x' })).toBe(false);
    expect(isProfileComplete({ ...complete, age: 41 })).toBe(false);
  });

  it('form defaults', () => {
    expect(ATHLETE_PROFILE_FORM_DEFAULTS).toMatchObject({ agency: 'Eture', schoolSizePreference: 'Any', isTransfer: false, autoAcceptMatches: false });
  });
});

describe('coach profile', () => {
  const profile = { coachFirstName: 'Sam', coachLastName: 'Lee', jobTitle: 'Head Coach', phoneNumber: '555', preferredContactMethod: 'Phone' };
  it('splits lists, converts numbers', () => {
    const saved = coachProfileSchema.parse({
      ...profile,
      additionalStaff: 'Alex, Jo\nRiley',
      extrasValued: ['Team captain', ' '],
      yearsInRole: '',
      minimumGpa: '3.0',
      englishToefl: 80,
    });
    expect(saved.additionalStaff).toEqual(['Alex', 'Jo', 'Riley']);
    expect(saved.extrasValued).toEqual(['Team captain']);
    expect(saved.yearsInRole).toBeUndefined();
    expect(saved.minimumGpa).toBe(3);
    expect(saved.englishToefl).toBe(80);
  });
  it.each(['email', 'programName'])('refuses the locked field %s (strict)', (key) => {
    expect(coachProfileSchema.safeParse({ ...profile, [key]: 'x' }).success).toBe(false);
  });
  it.each(['coachFirstName', 'coachLastName', 'jobTitle', 'phoneNumber', 'preferredContactMethod'])('%s is required', (key) => {
    expect(coachProfileSchema.safeParse({ ...profile, [key]: '' }).success).toBe(false);
  });
});

describe('coach request', () => {
  it('fills the defaults', () => {
    expect(coachRequestSchema.parse({ positions: ['Goalkeeper'] })).toEqual({ ...REQUEST_FORM_DEFAULTS, minGpa: undefined, positions: ['Goalkeeper'] });
  });
  it('takes a minimum GPA from 0 to 4, blank or null as not set (S3)', () => {
    expect(coachRequestSchema.parse({ positions: ['Forward'], minGpa: '3.2' }).minGpa).toBe(3.2);
    expect(coachRequestSchema.parse({ positions: ['Forward'], minGpa: 0 }).minGpa).toBe(0);
    expect(coachRequestSchema.parse({ positions: ['Forward'], minGpa: '' }).minGpa).toBeUndefined();
    expect(coachRequestSchema.parse({ positions: ['Forward'], minGpa: null }).minGpa).toBeUndefined();
  });
  it('drops non-numeric ages to the defaults, keeps numeric text', () => {
    expect(coachRequestSchema.parse({ positions: ['Forward'], ageMin: 'abc', ageMax: '' })).toMatchObject({ ageMin: 16, ageMax: 22 });
    expect(coachRequestSchema.parse({ positions: ['Forward'], ageMin: '18', ageMax: 35 })).toMatchObject({ ageMin: 18, ageMax: 35 });
  });
  it('filters start terms to Spring 2026 and Fall 2026, stored in calendar order', () => {
    expect(
      coachRequestSchema.parse({ positions: ['Forward'], targetStartTerms: ['Fall 2025', 'Fall 2026', 'Spring 2026', 'Fall 2026', 'Spring 2027'] })
        .targetStartTerms,
    ).toEqual(['Spring 2026', 'Fall 2026']);
  });
  it('stores league labels as values; accepts coach and athlete regions', () => {
    const saved = coachRequestSchema.parse({ positions: ['Forward'], playerLevels: ['Segunda RFEF', 3], regions: ['South', 'Mid-Atlantic'] });
    expect(saved.playerLevels).toEqual(['segunda-rfef', 'tercera-rfef']);
    expect(saved.regions).toEqual(['South', 'Mid-Atlantic']);
  });
  it.each([
    [{ positions: ['Forward', 'Winger'] }, 'Only one primary position can be selected'],
    [{ positions: ['Central Midfield'] }, 'Select an option from the list'],
    [{ positions: ['Forward'], ageMin: 15 }, 'Minimum age is 16'],
    [{ positions: ['Forward'], ageMax: 36 }, 'Maximum age is 35'],
    [{ positions: ['Forward'], ageMin: 25, ageMax: 20 }, 'Minimum age cannot be above maximum age'],
    [{ positions: ['Forward'], estimatedBudget: '$1,000,000' }, 'Select an option from the list'],
    [{ positions: ['Forward'], institutionSize: 'Tiny' }, 'Select an option from the list'],
    [{ positions: ['Forward'], openToJuniorCollege: 'Maybe' }, 'Select an option from the list'],
    [{ positions: ['Forward'], regions: ['Europe'] }, 'Select an option from the list'],
    [{ positions: ['Forward'], notes: 'x'.repeat(2001) }, 'Must be 2000 characters or fewer'],
    [{ positions: ['Forward'], coachId: 'x' }, 'Unrecognized key: "coachId"'],
    [{ positions: ['Forward'], minGpa: 4.5 }, 'Maximum is 4.0'],
    [{ positions: ['Forward'], minGpa: -1 }, 'Minimum is 0.0'],
    [{ positions: ['Forward'], minGpa: 'three' }, 'Enter a number'],
  ])('refuses %j', (input, message) => {
    expect(messages(coachRequestSchema.safeParse(input))).toContain(message);
  });

  it('prefills from the coach profile', () => {
    expect(
      requestDefaultsFromCoachProfile({
        schoolSize: 'Large 15-30k',
        programRegion: 'West',
        rosterNeedPriority: ['Striker', 'Winger', 'Goalkeeper'],
        targetLeagueLevels: ['segunda-rfef'],
        extrasValued: 'Team captain, Top 10 scorer',
        jucoOpenDefault: true,
        targetStartTerms: ['Fall 2025', 'Fall 2026'],
        minimumGpa: 3.2,
      }),
    ).toEqual({
      ...REQUEST_FORM_DEFAULTS,
      minGpa: 3.2,
      positions: ['Winger'],
      regions: ['West'],
      institutionSize: 'Large 15-30k',
      playerLevels: ['segunda-rfef'],
      playerExtras: ['Team captain', 'Top 10 scorer'],
      openToJuniorCollege: 'Yes',
      targetStartTerms: ['Fall 2026'],
    });
    expect(requestDefaultsFromCoachProfile(null)).toEqual(REQUEST_FORM_DEFAULTS);
  });
});

describe('matches', () => {
  const id = '0b6f3b1e-8f0a-4c1e-9a57-3f1f2c9d8e7a';
  it('create and update', () => {
    expect(matchCreateSchema.safeParse({ athleteId: id, requestId: id }).success).toBe(true);
    expect(matchCreateSchema.safeParse({ athleteId: 'abc', requestId: id }).success).toBe(false);
    expect(matchUpdateSchema.parse({ status: 'accepted' })).toEqual({ status: 'accepted' });
    expect(matchUpdateSchema.safeParse({ status: 'archived' }).success).toBe(false);
    expect(matchUpdateSchema.safeParse({ status: 'pending', autoResolved: true }).success).toBe(false);
    expect(matchViewSchema.parse(undefined)).toBe('top15');
    expect(matchViewSchema.safeParse('best').success).toBe(false);
  });
});

describe('contact', () => {
  it('accepts a valid message', () => {
    expect(contactMessageSchema.safeParse({ name: 'Ana', email: 'ana@example.com', subject: 'Partnership', message: 'Hi' }).success).toBe(true);
  });
});

describe('start terms in calendar order (inTermOrder)', () => {
  it('orders by year, Spring before Fall, without duplicates; what is not a term goes last as given', () => {
    expect(inTermOrder(['Fall 2027', 'Spring 2026', 'Fall 2025', 'Spring 2027', 'Fall 2026', 'Spring 2026'])).toEqual([
      'Fall 2025',
      'Spring 2026',
      'Fall 2026',
      'Spring 2027',
      'Fall 2027',
    ]);
    expect(inTermOrder(['later', 'Fall 2026', 'soon', 'Spring 2026'])).toEqual(['Spring 2026', 'Fall 2026', 'later', 'soon']);
    expect(inTermOrder([])).toEqual([]);
  });
  it('is how athlete and coach profiles store the terms ticked in any order', () => {
    const athlete = athleteProfileSchema.parse({ targetStartTerms: ['Fall 2026', 'Fall 2025', 'Spring 2026'] });
    expect(athlete.targetStartTerms).toEqual(['Fall 2025', 'Spring 2026', 'Fall 2026']);
    const coach = coachProfileSchema.parse({
      coachFirstName: 'Sam',
      coachLastName: 'Lee',
      jobTitle: 'Head Coach',
      phoneNumber: '555',
      preferredContactMethod: 'Phone',
      targetStartTerms: ['Spring 2027', 'Fall 2026', 'Spring 2027'],
    });
    expect(coach.targetStartTerms).toEqual(['Fall 2026', 'Spring 2027']);
  });
});
