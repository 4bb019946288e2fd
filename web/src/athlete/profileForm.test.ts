import { athleteProfileSchema, isProfileComplete } from '@app/domain';
import { formatBudget } from '../ui/format.ts';
import { describe, expect, it } from 'vitest';
import { inSpanish } from '../testing/inSpanish.ts';
import {
  BUDGET_SLIDER_LAST_POSITION,
  budgetAtSliderPosition,
  sliderPositionOfBudget,
  formValuesFromProfile,
  toProfilePayload,
  withAcademicStanding,
  withGradingScale,
  withHeightCm,
  withHeightFeetInches,
  withWeightKg,
  withWeightLbs,
} from './profileForm.ts';

const empty = formValuesFromProfile(undefined);

describe('athlete profile form: paired fields', () => {
  it('keeps height in cm and in feet/inches in sync, whichever is edited', () => {
    expect(withHeightCm(empty, '180')).toMatchObject({ heightCm: '180', heightFeet: '5', heightInches: '11' });
    expect(withHeightFeetInches(empty, '6', '2')).toMatchObject({ heightCm: '188' });
    expect(withHeightFeetInches(empty, '5', '')).toMatchObject({ heightCm: '152.4' });
    expect(withHeightCm(withHeightCm(empty, '180'), '')).toMatchObject({ heightCm: '', heightFeet: '', heightInches: '' });
    expect(withHeightFeetInches(withHeightCm(empty, '180'), '', '')).toMatchObject({ heightCm: '' });
  });

  it('keeps weight in kg and lbs in sync, rounded to one decimal', () => {
    expect(withWeightKg(empty, '70')).toMatchObject({ weightKg: '70', weightLbs: '154.3' });
    expect(withWeightLbs(empty, '160')).toMatchObject({ weightLbs: '160', weightKg: '72.6' });
    expect(withWeightLbs(withWeightKg(empty, '70'), '')).toMatchObject({ weightKg: '' });
  });

  it('converts the academic average into a GPA; custom clears the average', () => {
    const ten = withAcademicStanding(withGradingScale(empty, 'ten-point'), '8.5');
    expect(ten).toMatchObject({ academicStanding: '8.5', gpa: '3.4' });
    expect(withGradingScale(ten, 'twenty-point')).toMatchObject({ academicStanding: '8.5', gpa: '1.7' });
    expect(withGradingScale(ten, 'hundred-point')).toMatchObject({ gpa: '0.3' });
    const custom = withGradingScale(ten, 'custom');
    expect(custom).toMatchObject({ gradingScale: 'custom', academicStanding: '', gpa: '3.4' });
    expect(withAcademicStanding(withGradingScale(empty, 'twenty-point'), '20')).toMatchObject({ gpa: '4.0' });
  });

  it('gives no GPA for an average outside its scale (11 of 10 is refused, not a 4.0)', () => {
    expect(withAcademicStanding(withGradingScale(empty, 'ten-point'), '11')).toMatchObject({ academicStanding: '11', gpa: '' });
    expect(withAcademicStanding(withGradingScale(empty, 'twenty-point'), '25')).toMatchObject({ gpa: '' });
    // Switching to a scale the average no longer fits clears the GPA too.
    expect(withGradingScale(withAcademicStanding(withGradingScale(empty, 'twenty-point'), '15'), 'ten-point')).toMatchObject({ gpa: '' });
  });
});

describe('athlete profile form: payload', () => {
  const filled = {
    ...empty,
    fullName: 'Lucía Pérez',
    age: '19',
    phone: '+34 600',
    nationality: 'Spain',
    gender: 'female',
    englishLevel: 'advanced',
    gradingScale: 'ten-point',
    academicStanding: '8.5',
    gpa: '3.4',
    intendedMajors: ['Economics'],
    primaryPosition: 'Center Back',
    leagueLevel: 'segunda-rfef',
    goalsAssistsLastSeason: '12',
    playerExtras: ['Team captain'],
    otherExtras: 'U19 call-up, Team captain',
    externalLinks: [
      { platform: ' YouTube ', url: ' https://youtube.com/x ' },
      { platform: 'Other', url: '' },
    ],
    targetStartTerms: ['Fall 2026'],
    preferredUsRegions: ['Midwest'],
    estimatedBudget: 20000,
  };

  it('is accepted by the server schema, complete, and drops what the spec drops', () => {
    const payload = toProfilePayload(filled, { base64: 'AAAA', mime: 'image/png' });
    expect(payload).not.toHaveProperty('goalsAssistsLastSeason'); // not an attacking position
    expect(payload.externalLinks).toEqual([{ platform: 'YouTube', url: 'https://youtube.com/x' }]);
    expect(payload.playerExtras).toEqual(['Team captain', 'U19 call-up']);
    expect(payload).toMatchObject({ age: 19, academicStanding: 8.5, gpa: 3.4, agency: 'Eture', profilePhotoBase64: 'AAAA', profilePhotoMime: 'image/png' });
    expect(payload).not.toHaveProperty('heightCm');
    expect(athleteProfileSchema.safeParse(payload).success).toBe(true);
    expect(isProfileComplete(payload)).toBe(true);
  });

  it('keeps goals plus assists for attacking positions, and text that is not a number for the schema to report', () => {
    const payload = toProfilePayload({ ...filled, primaryPosition: 'Forward', age: 'nineteen' });
    expect(payload.goalsAssistsLastSeason).toBe(12);
    expect(payload.age).toBe('nineteen');
    expect(athleteProfileSchema.safeParse(payload).success).toBe(false);
  });

  it('reads a saved profile back into the same form values', () => {
    const saved = athleteProfileSchema.parse(toProfilePayload(filled));
    const again = formValuesFromProfile({
      ...saved,
      id: 'x',
      email: 'x@example.com',
      agency: 'Eture',
      profilePhotoUrl: null,
      profileCompleted: true,
      createdAt: '',
      updatedAt: '',
    });
    expect(again).toMatchObject({
      fullName: 'Lucía Pérez',
      age: '19',
      playerExtras: ['Team captain'],
      otherExtras: 'U19 call-up',
      gpa: '3.4',
      estimatedBudget: 20000,
    });
  });
});

describe('athlete profile form in Spanish: numbers with a decimal comma', () => {
  inSpanish();

  it("shows a saved profile's decimals with a comma, and sends them back as the numbers they were", () => {
    const values = formValuesFromProfile({ academicStanding: 8.5, gpa: 3.4, weightKg: 72.5, weightLbs: 159.8, heightCm: 180, age: 19 });
    expect(values).toMatchObject({ academicStanding: '8,5', gpa: '3,4', weightKg: '72,5', weightLbs: '159,8', heightCm: '180', age: '19' });
    expect(toProfilePayload(values)).toMatchObject({ academicStanding: 8.5, gpa: 3.4, weightKg: 72.5, weightLbs: 159.8, heightCm: 180, age: 19 });
  });

  it('fills the paired fields with a comma too', () => {
    expect(withAcademicStanding(withGradingScale(empty, 'ten-point'), '8,5')).toMatchObject({ gpa: '3,4' });
    expect(withAcademicStanding(withGradingScale(empty, 'twenty-point'), '20')).toMatchObject({ gpa: '4,0' });
    expect(withWeightKg(empty, '70')).toMatchObject({ weightLbs: '154,3' });
    expect(withWeightLbs(empty, '160,5')).toMatchObject({ weightKg: '72,8' });
    expect(withHeightFeetInches(empty, '5', '')).toMatchObject({ heightCm: '152,4' });
  });
});

describe('athlete profile form: budget (decision S15)', () => {
  it('starts unset and sends no budget until one is picked: never a silent 0', () => {
    expect(empty.estimatedBudget).toBeNull();
    expect(toProfilePayload(empty)).not.toHaveProperty('estimatedBudget');
    expect(toProfilePayload({ ...empty, estimatedBudget: 0 })).toMatchObject({ estimatedBudget: 0 });
    expect(formValuesFromProfile({ estimatedBudget: 0 }).estimatedBudget).toBe(0);
  });

  it('reaches the top band: the last stop is "$50,000+", stored as 60,000', () => {
    expect(budgetAtSliderPosition(0)).toBe(0);
    expect(budgetAtSliderPosition(20)).toBe(20000);
    expect(budgetAtSliderPosition(BUDGET_SLIDER_LAST_POSITION - 1)).toBe(50000);
    expect(budgetAtSliderPosition(BUDGET_SLIDER_LAST_POSITION)).toBe(60000);
    for (const budget of [0, 1000, 25000, 50000, 60000]) expect(budgetAtSliderPosition(sliderPositionOfBudget(budget))).toBe(budget);
    expect(sliderPositionOfBudget(75000)).toBe(BUDGET_SLIDER_LAST_POSITION);
  });
});

describe('formatBudget', () => {
  it('names an unset budget and the top band', () => {
    expect(formatBudget(undefined)).toBe('Not set');
    expect(formatBudget(null)).toBe('Not set');
    expect(formatBudget(0)).toBe('$0');
    expect(formatBudget(25000)).toBe('$25,000');
    expect(formatBudget(60000)).toBe('$50,000+');
  });
});
