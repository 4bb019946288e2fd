// The agent area's answers: the wire types of the domain (domain/src/wire/agent.ts).
export type { AgentAthlete, AgentDashboard, AgentMatch, AgentMatches, AgentPlayer, MatchEvent, MatchStatus, StatusCounts } from '@app/domain';
