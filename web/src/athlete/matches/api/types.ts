import type { MatchStatus } from '@app/domain';

export type { MatchStatus };

/** A match as the athlete reads it (GET /athlete/matches). */
export interface AthleteMatch {
  id: string;
  status: MatchStatus;
  autoResolved: boolean;
  createdAt: string;
  updatedAt: string;
  coach: {
    firstName: string;
    lastName: string;
    programName: string | null;
    division: string | null;
    schoolSize: string | null;
    programRegion: string | null;
    universityLogoUrl: string | null;
  };
  coachRequest: { positions: string[]; teamCategories: string[]; targetStartTerms: string[] };
}
