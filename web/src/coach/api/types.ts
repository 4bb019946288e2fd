// The coach area's answers: the wire types of the domain (one definition, shared with the API's
// response schemas; see domain/src/wire/coach.ts).
export type { CoachAthlete, CoachDashboard, CoachProfile, CoachRequestView as CoachRequest, DashboardMatch } from '@app/domain';
