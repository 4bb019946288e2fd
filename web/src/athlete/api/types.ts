/** The athlete's own profile as GET /athlete/dashboard answers it: the domain's wire type (domain/src/wire/athlete.ts). */
export type { AthleteProfile } from '@app/domain';
