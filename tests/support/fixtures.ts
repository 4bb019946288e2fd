/**
 * A complete athlete profile (spec section 3: every required field, valid), as PUT /api/athlete/profile
 * takes it. Tests that need more fields, or other values, spread it and add their own.
 */
export const COMPLETE_ATHLETE_PROFILE = {
  fullName: 'Lucía Pérez',
  age: 19,
  phone: '+34 600 123 456',
  nationality: 'Spain',
  gender: 'female',
  englishLevel: 'advanced',
  gradingScale: 'ten-point',
  academicStanding: 8.5,
  intendedMajors: ['Economics'],
  targetStartTerms: ['Fall 2026'],
  primaryPosition: 'Forward',
  leagueLevel: 'segunda-rfef',
  heightCm: 170,
  weightKg: 62,
  highlightVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  preferredUsRegions: ['Northeast'],
  estimatedBudget: 25000,
  agency: 'Mae',
};
