import { GRADING_SCALES, resolveLeague } from '@app/domain';
import { i18n } from '../i18n/index.ts';
import type { AthleteProfile } from './api/types.ts';
import type { AthleteMatch } from './matches/api/types.ts';

/** Texts the athlete screens derive from a profile. */

export function firstNameOf(fullName: string | null | undefined): string {
  return (fullName ?? '').trim().split(/\s+/)[0] || i18n.t('athlete:dashboard.there');
}

export function leagueLabelOf(profile: Pick<AthleteProfile, 'leagueLevel' | 'leagueLevelLabel'>): string | undefined {
  return profile.leagueLevelLabel ?? resolveLeague(profile.leagueLevel)?.label;
}

export function gradingScaleLabel(value: string | undefined): string | undefined {
  const scale = GRADING_SCALES.find((s) => s.value === value);
  if (!scale) return undefined;
  return scale.value === 'custom' ? i18n.t('athlete:profile.customScale') : scale.label;
}

/** The program that shared a match, by name, else by its coach ("Coach Reyes"). */
export function programNameOf(match: Pick<AthleteMatch, 'coach'>): string {
  return match.coach.programName || i18n.t('athlete:matches.coachName', { name: match.coach.lastName });
}

/** The athlete's gender as the registration form names it. */
export const genderText = (g: string | undefined) => (g === 'male' ? i18n.t('auth:genders.male') : g === 'female' ? i18n.t('auth:genders.female') : g);

/** Spec section 8, page-level message. */
export const PROFILE_LOAD_ERROR = 'profile.loadError';
