import { inTermOrder } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { referenceLabel } from '../i18n/reference.ts';
import { EmailText } from '../ui/EmailText.tsx';
import { Facts } from '../ui/Facts.tsx';
import { formatBudget, formatDate, formatNumber, heightText, listText, weightText } from '../ui/format.ts';
import type { AthleteProfile } from './api/types.ts';
import { genderText, gradingScaleLabel, leagueLabelOf } from './labels.ts';
import './athlete.css';
import { PhoneLink } from '../ui/PhoneLink.tsx';

/** What the profile sections read: the athlete's own profile, or the one their agent reads (without the athlete's own reminders). */
export type ProfileDetailsData = Omit<AthleteProfile, 'budgetUnconfirmed'>;

/** The profile's headline under the name: 'Left Back · Segunda RFEF · Spain', or '' while none of them is given. */
export function profileHeadline(p: Pick<ProfileDetailsData, 'primaryPosition' | 'leagueLevel' | 'leagueLevelLabel' | 'nationality'>): string {
  return [referenceLabel('positions', p.primaryPosition), leagueLabelOf(p), p.nationality].filter(Boolean).join(' · ');
}

/**
 * An athlete's profile, read-only, in cards (spec section 2): account, highlight video and links,
 * academic, athletic, preferences. One home for the athlete's own page and their agent's.
 */
export function ProfileDetails({ profile: p }: { profile: ProfileDetailsData }) {
  const { t } = useTranslation('athlete');
  const list = (kind: Parameters<typeof referenceLabel>[0], values: readonly string[] | undefined) =>
    values?.length ? listText(values.map((v) => referenceLabel(kind, v))) : undefined;
  const links = p.externalLinks ?? [];

  return (
    <div className="profile-grid">
      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">{t('profile.account')}</h2>
        <Facts
          items={[
            [t('fields.email'), p.email && <EmailText email={p.email} />],
            [t('profile.phone'), p.phone && <PhoneLink phone={p.phone} />],
            [t('fields.gender'), genderText(p.gender)],
            [t('fields.agency'), p.agency],
            [t('profile.created'), formatDate(p.createdAt)],
            [t('profile.lastUpdated'), formatDate(p.updatedAt)],
          ]}
        />
      </section>

      <section className="card" aria-labelledby="video-title">
        <h2 id="video-title">{t('fields.highlightVideo')}</h2>
        {p.highlightVideoUrl ? (
          <p>
            <a href={p.highlightVideoUrl} target="_blank" rel="noopener noreferrer" className="break-all">
              {p.highlightVideoUrl}
            </a>
          </p>
        ) : (
          <p className="muted">{t('profile.noVideo')}</p>
        )}
        <h3>{t('fields.externalLinks')}</h3>
        {links.length ? (
          <ul className="plain-list">
            {links.map((l) => (
              <li key={`${l.platform}-${l.url}`}>
                <strong>{l.platform}:</strong>{' '}
                <a href={l.url} target="_blank" rel="noopener noreferrer" className="break-all">
                  {l.url}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('profile.noLinks')}</p>
        )}
      </section>

      <section className="card" aria-labelledby="academic-title">
        <h2 id="academic-title">{t('profile.academic')}</h2>
        <Facts
          items={[
            [t('fields.englishLevel'), referenceLabel('englishLevels', p.englishLevel)],
            [t('fields.gradingScale'), gradingScaleLabel(p.gradingScale)],
            [t('fields.academicAverage'), p.gradingScale === 'custom' || p.academicStanding === undefined ? undefined : formatNumber(p.academicStanding)],
            [t('fields.gpa'), p.gpa === undefined ? undefined : formatNumber(p.gpa, { minimumFractionDigits: 1, maximumFractionDigits: 1 })],
            [t('fields.intendedMajors'), list('majors', p.intendedMajors)],
            ['SAT', p.satScore],
            ['TOEFL', p.toeflScore],
          ]}
        />
      </section>

      <section className="card" aria-labelledby="athletic-title">
        <h2 id="athletic-title">{t('profile.athletic')}</h2>
        <Facts
          items={[
            [t('fields.age'), p.age],
            [t('fields.primaryPosition'), referenceLabel('positions', p.primaryPosition)],
            [t('fields.secondaryPosition'), referenceLabel('positions', p.secondaryPosition)],
            [t('fields.league'), leagueLabelOf(p)],
            [t('fields.height'), heightText(p)],
            [t('fields.weight'), weightText(p)],
            [t('fields.goalsAssists'), p.goalsAssistsLastSeason],
            [t('fields.extras'), list('extras', p.playerExtras)],
          ]}
        />
      </section>

      <section className="card" aria-labelledby="preferences-title">
        <h2 id="preferences-title">{t('profile.preferences')}</h2>
        <Facts
          items={[
            [t('fields.targetStartTerms'), list('terms', p.targetStartTerms && inTermOrder(p.targetStartTerms))],
            [t('fields.preferredRegions'), list('regions', p.preferredUsRegions)],
            [t('fields.schoolSize'), p.schoolSizePreference === 'Any' ? t('profile.noPreference') : referenceLabel('schoolSizes', p.schoolSizePreference)],
            [t('fields.estimatedBudget'), formatBudget(p.estimatedBudget)],
            [t('fields.isTransfer'), p.isTransfer ? t('profile.yes') : t('profile.no')],
            [t('fields.autoAccept'), p.autoAcceptMatches ? t('profile.on') : t('profile.off')],
          ]}
        />
      </section>
    </div>
  );
}
