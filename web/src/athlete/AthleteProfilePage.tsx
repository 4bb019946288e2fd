import { Link } from 'react-router-dom';
import { Avatar } from '../ui/Avatar.tsx';
import { Facts } from '../ui/Facts.tsx';
import { capitalize, formatBudget, formatDate, listText } from '../ui/format.ts';
import type { AthleteProfile } from './api/types.ts';
import { CompletionBadge } from './CompletionBadge.tsx';
import { genderText, gradingScaleLabel, heightText, leagueLabelOf, weightText } from './labels.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { WithOwnProfile } from './WithOwnProfile.tsx';
import './athlete.css';

/** /athlete-profile: the athlete's profile, read-only (spec section 2). */
export function AthleteProfilePage() {
  useDocumentTitle('Your profile');
  return <WithOwnProfile loadingLabel="Loading your profile…">{(profile) => <Profile p={profile} />}</WithOwnProfile>;
}

function Profile({ p }: { p: AthleteProfile }) {
  const links = p.externalLinks ?? [];

  return (
    <main id="main" className="page container athlete-page">
      <header className="profile-hero card">
        <Avatar name={p.fullName} photoUrl={p.profilePhotoUrl} size="xl" />
        <div className="profile-hero-body">
          <p className="eyebrow">Your profile</p>
          <h1>{p.fullName}</h1>
          <p className="muted">{[p.primaryPosition, leagueLabelOf(p), p.nationality].filter(Boolean).join(' · ') || 'Add your position, league and nationality.'}</p>
          <CompletionBadge complete={p.profileCompleted} />
        </div>
        <Link to="/athlete-complete-profile" className="btn btn-primary profile-hero-action">
          {p.profileCompleted ? 'Edit profile' : 'Complete profile'}
        </Link>
      </header>

      {!p.profileCompleted && (
        <div className="notice notice-warn" role="note">
          Some required details are missing. Complete your profile to appear in coach searches and unlock your matches.
        </div>
      )}

      <div className="profile-grid">
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">Account</h2>
          <Facts
            items={[
              ['Email', p.email],
              ['Gender', genderText(p.gender)],
              ['Agency', p.agency],
              ['Created', formatDate(p.createdAt)],
              ['Last updated', formatDate(p.updatedAt)],
            ]}
          />
        </section>

        <section className="card" aria-labelledby="video-title">
          <h2 id="video-title">Highlight video</h2>
          {p.highlightVideoUrl ? (
            <p>
              <a href={p.highlightVideoUrl} target="_blank" rel="noopener noreferrer" className="break-all">
                {p.highlightVideoUrl}
              </a>
            </p>
          ) : (
            <p className="muted">No highlight video yet. Coaches look for footage first.</p>
          )}
          <h3>External links</h3>
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
            <p className="muted">No external links yet.</p>
          )}
        </section>

        <section className="card" aria-labelledby="academic-title">
          <h2 id="academic-title">Academic</h2>
          <Facts
            items={[
              ['English level', capitalize(p.englishLevel)],
              ['Grading scale', gradingScaleLabel(p.gradingScale)],
              ['Academic average', p.gradingScale === 'custom' ? undefined : p.academicStanding],
              ['GPA (4.0 scale)', p.gpa?.toFixed(1)],
              ['Intended majors', p.intendedMajors?.length ? listText(p.intendedMajors) : undefined],
              ['SAT', p.satScore],
              ['TOEFL', p.toeflScore],
            ]}
          />
        </section>

        <section className="card" aria-labelledby="athletic-title">
          <h2 id="athletic-title">Athletic</h2>
          <Facts
            items={[
              ['Age', p.age],
              ['Primary position', p.primaryPosition],
              ['Secondary position', p.secondaryPosition],
              ['League', leagueLabelOf(p)],
              ['Height', heightText(p)],
              ['Weight', weightText(p)],
              ['Goals + assists last season', p.goalsAssistsLastSeason],
              ['Extras', p.playerExtras?.length ? listText(p.playerExtras) : undefined],
            ]}
          />
        </section>

        <section className="card" aria-labelledby="preferences-title">
          <h2 id="preferences-title">Preferences</h2>
          <Facts
            items={[
              ['Target start terms', p.targetStartTerms?.length ? listText(p.targetStartTerms) : undefined],
              ['Preferred U.S. regions', p.preferredUsRegions?.length ? listText(p.preferredUsRegions) : undefined],
              ['School size', p.schoolSizePreference === 'Any' ? 'No preference' : p.schoolSizePreference],
              ['Estimated budget', formatBudget(p.estimatedBudget)],
              ['Currently at a U.S. college', p.isTransfer ? 'Yes' : 'No'],
              ['Auto-accept coach matches', p.autoAcceptMatches ? 'On' : 'Off'],
            ]}
          />
        </section>
      </div>
    </main>
  );
}
