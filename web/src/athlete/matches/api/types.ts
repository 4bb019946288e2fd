/** A match as the athlete reads it (GET /athlete/matches): the domain's wire type (domain/src/wire/matches.ts). */
export type { AthleteMatch, MatchStatus } from '@app/domain';
