import { GRADING_SCALES, resolveLeague } from '@app/domain';
import { i18n } from '../i18n/index.ts';
import type { AthleteProfile } from './api/types.ts';

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

export function heightText(p: Pick<AthleteProfile, 'heightCm' | 'heightFeet' | 'heightInches'>): string | undefined {
  if (p.heightCm === undefined) return undefined;
  return p.heightFeet !== undefined ? `${p.heightCm} cm (${p.heightFeet}′${p.heightInches ?? 0}″)` : `${p.heightCm} cm`;
}

export function weightText(p: Pick<AthleteProfile, 'weightKg' | 'weightLbs'>): string | undefined {
  if (p.weightKg === undefined) return undefined;
  return p.weightLbs !== undefined ? `${p.weightKg} kg (${p.weightLbs} lbs)` : `${p.weightKg} kg`;
}

/** The athlete's gender as the registration form names it. */
export const genderText = (g: string | undefined) => (g === 'male' ? i18n.t('auth:genders.male') : g === 'female' ? i18n.t('auth:genders.female') : g);

/** Spec section 8, page-level message. */
export const PROFILE_LOAD_ERROR = 'profile.loadError';
