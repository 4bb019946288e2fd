import type { CoachAthlete, MatchStatus } from '@app/domain';

/** The coach profile as GET /coach/profile answers it (spec section 3). */
export interface CoachProfile {
  id: string;
  email: string;
  coachFirstName: string;
  coachLastName: string;
  programName: string | null;
  division?: string;
  sports?: string[];
  teamWebsite?: string;
  jobTitle?: string;
  phoneNumber?: string;
  preferredContactMethod?: string;
  yearsInRole?: number;
  athleteEligibility?: string[];
  additionalStaff?: string[];
  minimumGpa?: number;
  englishToefl?: number;
  englishIelts?: number;
  estimatedCostBand?: string;
  targetLeagueLevels?: string[];
  preferredFootDefault?: string;
  extrasValued?: string[];
  rosterNeedPriority?: string[];
  targetStartTerms?: string[];
  jucoOpenDefault?: boolean;
  programRegion?: string;
  schoolSize?: string;
  profilePhotoUrl: string | null;
  universityLogoUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One of the coach's matches on the dashboard. */
export interface DashboardMatch {
  id: string;
  status: MatchStatus;
  autoResolved: boolean;
  updatedAt: string;
  requestId: string;
  requestPosition: string | null;
  athlete: { id: string; fullName: string; primaryPosition: string | null; profilePhotoUrl: string | null };
}

/** GET /coach/dashboard. */
export interface CoachDashboard {
  coach: CoachProfile;
  matchSummary: {
    counts: Record<MatchStatus, number>;
    groups: Record<MatchStatus, DashboardMatch[]>;
  };
}

/** A recruitment request as GET /coach/requests lists it (spec section 3, "Coach request"). */
export interface CoachRequest {
  _id: string;
  createdAt: string;
  urgent: boolean;
  teamCategories: string[];
  positions: string[];
  playerLevels: string[];
  estimatedBudget: string;
  institutionSize: string;
  regions: string[];
  ageMin: number;
  ageMax: number;
  targetStartTerms: string[];
  playerExtras: string[];
  openToJuniorCollege: 'Yes' | 'No';
  openToTransfer: boolean;
  notes: string;
  /** The request's own minimum GPA (decision S3); absent when not set. */
  minGpa?: number;
}

export type { CoachAthlete };
