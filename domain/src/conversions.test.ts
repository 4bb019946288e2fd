import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanAthleteForCoach, cleanAthletesForCoach, cmToFeetInches, feetInchesToCm, gradeToGpa, kgToLb, lbToKg, round1 } from './conversions.ts';

describe('round1 (half up at one decimal)', () => {
  it.each([
    [0.05, 0.1],
    [0.04, 0],
    [1.45, 1.5], // 1.45 is 1.4499999999999999556 in binary
    [72.45, 72.5],
    [72.44, 72.4],
    [69.95, 70],
    [69.94999, 69.9],
    [99.75, 99.8],
    [90.25, 90.3],
    [2.675, 2.7],
    [100, 100],
    [0, 0],
  ])('%d -> %d', (x, expected) => {
    expect(round1(x)).toBe(expected);
  });
});

describe('height and weight', () => {
  it.each([
    [5, 10, 177.8], // (60 + 10) x 2.54
    [6, 0, 182.9], // 72 x 2.54 = 182.88
    [5, 0, 152.4],
    [4, 11.5, 151.1], // 59.5 x 2.54 = 151.13
  ])('%d ft %d in = %d cm', (ft, inch, cm) => {
    expect(feetInchesToCm(ft, inch)).toBe(cm);
  });

  it.each([
    [177.8, 5, 10],
    [182.88, 6, 0],
    [190, 6, 3], // 74.8 in -> 75
    [152.4, 5, 0],
    [182.5, 6, 0], // 71.85 -> 72 in: carried into feet
  ])('%d cm = %d ft %d in', (cm, feet, inches) => {
    expect(cmToFeetInches(cm)).toEqual({ feet, inches });
  });

  it.each([
    [70, 154.3], // 70 x 2.20462262 = 154.32
    [80.5, 177.5], // 177.472
    [0, 0],
  ])('%d kg = %d lb', (kg, lb) => {
    expect(kgToLb(kg)).toBe(lb);
  });

  it.each([
    [154, 69.9], // 154 x 0.45359237 = 69.853
    [200, 90.7], // 90.718
    [1, 0.5], // 0.4536
  ])('%d lb = %d kg', (lb, kg) => {
    expect(lbToKg(lb)).toBe(kg);
  });

  it('feet and inches survive a round trip through centimetres', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 7 }), fc.integer({ min: 0, max: 11 }), (feet, inches) => {
        expect(cmToFeetInches(feetInchesToCm(feet, inches))).toEqual({ feet, inches });
      }),
    );
  });
});

describe('grading scale to GPA', () => {
  it.each([
    [8.5, 'ten-point', 3.4], // 8.5 / 10 x 4
    [7.25, 'ten-point', 2.9],
    [14, 'twenty-point', 2.8],
    [15.6, 'twenty-point', 3.1], // 3.12
    [87, 'hundred-point', 3.5], // 3.48
    [100, 'hundred-point', 4],
    [0, 'hundred-point', 0],
    [10, 'ten-point', 4],
    [20, 'twenty-point', 4],
    // Outside the scale is refused (the field says 'Maximum is N'), never a silent 4.0 or 0.0.
    [11, 'ten-point', null],
    [10.1, 'ten-point', null],
    [21, 'twenty-point', null],
    [120, 'hundred-point', null],
    [-5, 'ten-point', null],
    [3.5, 'custom', null], // custom is already a GPA
    [Number.NaN, 'ten-point', null],
    [null, 'ten-point', null],
    [8, 'five-point', null],
  ])('%d on %s -> %s', (average, scale, gpa) => {
    expect(gradeToGpa(average, scale)).toBe(gpa);
  });
});

describe('cleanAthleteForCoach', () => {
  it('drops profiles without a text id', () => {
    expect(cleanAthleteForCoach({ fullName: 'No Id' })).toBeNull();
    expect(cleanAthleteForCoach({ _id: 42, fullName: 'Numeric id' })).toBeNull();
    expect(cleanAthleteForCoach({ _id: '   ' })).toBeNull();
    expect(cleanAthleteForCoach(null)).toBeNull();
    expect(cleanAthletesForCoach([{ id: 'a' }, { fullName: 'x' }, 'junk', { _id: 'b' }]).map((a) => a.id)).toEqual(['a', 'b']);
  });

  it('trims text and makes empty text absent', () => {
    const athlete = cleanAthleteForCoach({ _id: ' abc123 ', fullName: '  Ana López ', nationality: '   ', phone: '' })!;
    expect(athlete.id).toBe('abc123');
    expect(athlete.fullName).toBe('Ana López');
    expect(athlete.nationality).toBeUndefined();
    expect(athlete.phone).toBeUndefined();
  });

  it.each([
    ['age', 9, undefined],
    ['age', 10, 10],
    ['age', 40, 40],
    ['age', 41, undefined],
    ['age', '18', 18],
    ['gpa', -0.1, undefined],
    ['gpa', 0, 0],
    ['gpa', 4, 4],
    ['gpa', 4.1, undefined],
    ['leagueLevel', 0, undefined],
    ['leagueLevel', 1, 1],
    ['leagueLevel', 8, 8],
    ['leagueLevel', 9, undefined],
    ['leagueLevel', 'tercera-rfef', 3], // a stored league value reads as its score
    ['estimatedBudget', -1, undefined],
    ['estimatedBudget', 0, 0],
    ['estimatedBudget', 25000, 25000],
  ])('%s %j -> %j', (field, value, expected) => {
    expect(cleanAthleteForCoach({ _id: 'x', [field]: value })![field as 'age']).toBe(expected);
  });

  it.each([
    ['Small', 'Small'],
    ['medium', 'Medium'],
    [' Large ', 'Large'],
    ['Any', 'Any'],
    ['Huge', 'Any'],
    [undefined, 'Any'],
  ])('school size preference %j -> %s', (value, expected) => {
    expect(cleanAthleteForCoach({ _id: 'x', schoolSizePreference: value })!.schoolSizePreference).toBe(expected);
  });

  it.each([
    [{ _id: 'abc-12ef', fullName: 'Ana López', email: 'ana@x.com' }, 'Ana López'],
    [{ _id: 'abc-12ef', fullName: '  ', email: ' ana.lopez@example.com ' }, 'ana.lopez'],
    [{ _id: 'abc-12ef' }, 'Athlete 12EF'],
    [{ _id: 'abc-12ef', email: '@example.com' }, 'Athlete 12EF'],
  ])('display name of %j is %s', (raw, expected) => {
    expect(cleanAthleteForCoach(raw)!.displayName).toBe(expected);
  });

  it('reads videoUrl when there is no highlightVideoUrl, and derives the tags', () => {
    const athlete = cleanAthleteForCoach({ _id: 'x', videoUrl: ' https://vimeo.com/1 ', goalsAssistsLastSeason: 7, isTransfer: true })!;
    expect(athlete.highlightVideoUrl).toBe('https://vimeo.com/1');
    expect(athlete.hasVideo).toBe(true);
    expect(athlete.hasStats).toBe(true);
    expect(athlete.isTransfer).toBe(true);
    const bare = cleanAthleteForCoach({ _id: 'y', isTransfer: 'yes' })!;
    expect([bare.hasVideo, bare.hasStats, bare.isTransfer, bare.profileCompleted]).toEqual([false, false, false, false]);
  });

  it('cleans lists and links', () => {
    const athlete = cleanAthleteForCoach({
      _id: 'x',
      playerExtras: 'Team captain, Regional team\n',
      preferredUsRegions: [' Midwest ', '', 3],
      externalLinks: [
        { platform: 'BeSoccer', url: ' https://b.com ' },
        { platform: '', url: 'https://x.com' },
      ],
    })!;
    expect(athlete.playerExtras).toEqual(['Team captain', 'Regional team']);
    expect(athlete.preferredUsRegions).toEqual(['Midwest']);
    expect(athlete.externalLinks).toEqual([{ platform: 'BeSoccer', url: 'https://b.com' }]);
  });
});
