import type { AgentPlayer, MatchStatus } from '@app/domain';

export type { AgentPlayer, MatchStatus };
export type StatusCounts = Record<MatchStatus, number>;

export interface AgentDashboard {
  agent: { firstName: string; lastName: string; email: string; agency: string; agencyUrl: string; profilePhotoUrl: string | null };
  playerCount: number;
  players: AgentPlayer[];
}

/** One entry of a match's audit trail (decision M5). */
export interface MatchEvent {
  fromStatus: MatchStatus | null;
  toStatus: MatchStatus;
  actorRole: 'coach' | 'athlete' | 'agent' | 'system';
  actorName: string;
  at: string;
}

export interface AgentMatch {
  id: string;
  status: MatchStatus;
  autoResolved: boolean;
  createdAt: string;
  updatedAt: string;
  requestId: string;
  athleteId: string;
  athlete: { id: string; fullName: string; primaryPosition: string | null; nationality: string | null; gpa: number | null; profilePhotoUrl: string | null };
  /** `email` is given once the match is accepted. */
  coach: { firstName: string; lastName: string; programName: string | null; division: string | null; schoolSize: string | null; email: string | null };
  coachRequest: { positions: string[]; teamCategories: string[]; notes: string };
  events: MatchEvent[];
}

export interface AgentMatches {
  matches: AgentMatch[];
  stats: { total: number; byStatus: StatusCounts; byAthlete: Record<string, StatusCounts> };
}
