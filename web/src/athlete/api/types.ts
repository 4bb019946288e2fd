import type { ExternalLink } from '@app/domain';

/** The athlete's own profile as GET /athlete/dashboard answers it (spec section 3). */
export interface AthleteProfile {
  id: string;
  email: string;
  fullName: string;
  age?: number;
  phone?: string;
  nationality?: string;
  gender?: string;
  englishLevel?: string;
  gradingScale?: string;
  academicStanding?: number;
  gpa?: number;
  intendedMajors?: string[];
  satScore?: number;
  toeflScore?: number;
  targetStartTerms?: string[];
  primaryPosition?: string;
  secondaryPosition?: string;
  leagueLevel?: string;
  leagueLevelLabel?: string;
  heightCm?: number;
  heightFeet?: number;
  heightInches?: number;
  weightKg?: number;
  weightLbs?: number;
  goalsAssistsLastSeason?: number;
  playerExtras?: string[];
  highlightVideoUrl?: string;
  externalLinks?: ExternalLink[];
  preferredUsRegions?: string[];
  /** Absent until the athlete picks one (decision S15). */
  estimatedBudget?: number;
  /** A budget of 0 nobody chose was reset to "not set": the dashboard asks once (decision S15). */
  budgetUnconfirmed?: boolean;
  agency: string | null;
  schoolSizePreference?: string;
  isTransfer?: boolean;
  autoAcceptMatches?: boolean;
  profilePhotoUrl: string | null;
  profileCompleted: boolean;
  createdAt: string;
  updatedAt: string;
}
