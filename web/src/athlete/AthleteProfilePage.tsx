import { inTermOrder } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { referenceLabel } from '../i18n/reference.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { EmailText } from '../ui/EmailText.tsx';
import { Facts } from '../ui/Facts.tsx';
import { formatBudget, formatDate, formatNumber, listText } from '../ui/format.ts';
import type { AthleteProfile } from './api/types.ts';
import { CompletionBadge } from './CompletionBadge.tsx';
import { genderText, gradingScaleLabel, heightText, leagueLabelOf, weightText } from './labels.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { WithOwnProfile } from './WithOwnProfile.tsx';
import './athlete.css';

/** /athlete-profile: the athlete's profile, read-only (spec section 2). */
export function AthleteProfilePage() {
  const { t } = useTranslation('athlete');
  useDocumentTitle(t('profile.title'));
  return <WithOwnProfile loadingLabel={t('profile.loading')}>{(profile) => <Profile p={profile} />}</WithOwnProfile>;
}

function Profile({ p }: { p: AthleteProfile }) {
  const { t } = useTranslation('athlete');
  const list = (kind: Parameters<typeof referenceLabel>[0], values: readonly string[] | undefined) =>
    values?.length ? listText(values.map((v) => referenceLabel(kind, v))) : undefined;
  const links = p.externalLinks ?? [];

  return (
    <main id="main" className="page container athlete-page">
      <header className="profile-hero card">
        <Avatar name={p.fullName} photoUrl={p.profilePhotoUrl} size="xl" />
        <div className="profile-hero-body">
          <p className="eyebrow">{t('profile.title')}</p>
          <h1>{p.fullName}</h1>
          <p className="muted">
            {[referenceLabel('positions', p.primaryPosition), leagueLabelOf(p), p.nationality].filter(Boolean).join(' · ') || t('profile.addBasics')}
          </p>
          <CompletionBadge complete={p.profileCompleted} />
        </div>
        <Link to="/athlete-complete-profile" className="btn btn-primary profile-hero-action">
          {p.profileCompleted ? t('profile.edit') : t('profile.complete')}
        </Link>
      </header>

      {!p.profileCompleted && (
        <div className="notice notice-warn" role="note">
          {t('profile.missingDetails')}
        </div>
      )}

      <div className="profile-grid">
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">{t('profile.account')}</h2>
          <Facts
            items={[
              [t('fields.email'), p.email && <EmailText email={p.email} />],
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
    </main>
  );
}
