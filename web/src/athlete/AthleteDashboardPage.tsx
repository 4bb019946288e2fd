import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Avatar } from '../ui/Avatar.tsx';
import { areaIcons } from '../ui/icons.tsx';
import type { AthleteProfile } from './api/types.ts';
import { CompletionBadge } from './CompletionBadge.tsx';
import { ProfileTips } from './ProfileTips.tsx';
import { firstNameOf, leagueLabelOf, programNameOf } from './labels.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { WithOwnProfile } from './WithOwnProfile.tsx';
import { useAthleteMatches } from './matches/api/getAthleteMatches.ts';
import { useDismissBudgetPrompt } from './api/dismissBudgetPrompt.ts';
import { useToast } from '../ui/toast.tsx';
import './athlete.css';

/** /athlete-dashboard: welcome, completion, and the three next steps (spec section 2). */
export function AthleteDashboardPage() {
  const { t } = useTranslation('athlete');
  useDocumentTitle(t('dashboard.title'));
  return <WithOwnProfile loadingLabel={t('dashboard.loading')}>{(profile) => <Dashboard profile={profile} />}</WithOwnProfile>;
}

function Dashboard({ profile }: { profile: AthleteProfile }) {
  const { t } = useTranslation('athlete');
  const complete = profile.profileCompleted;
  const league = leagueLabelOf(profile);

  return (
    <main id="main" className="page container athlete-page">
      <section className="welcome card" aria-labelledby="welcome-title">
        <Avatar name={profile.fullName} photoUrl={profile.profilePhotoUrl} size="lg" />
        <div className="welcome-body">
          <p className="eyebrow">{t('dashboard.title')}</p>
          <h1 id="welcome-title">{t('dashboard.welcome', { name: firstNameOf(profile.fullName) })}</h1>
          <div className="welcome-meta">
            <CompletionBadge complete={complete} />
            <span>
              <span className="muted">{t('dashboard.currentLeague')}</span> {league ?? t('dashboard.notSpecified')}
            </span>
            {profile.highlightVideoUrl ? (
              <a href={profile.highlightVideoUrl} target="_blank" rel="noopener noreferrer">
                {t('dashboard.watchVideo')} <span className="sr-only">{t('dashboard.opensInNewTab')}</span>↗
              </a>
            ) : (
              <span className="muted">{t('dashboard.noVideo')}</span>
            )}
          </div>
          {!complete && <p className="welcome-note">{t('dashboard.finishProfile')}</p>}
        </div>
      </section>

      {complete && <WaitingMatches />}
      {profile.budgetUnconfirmed && profile.estimatedBudget === undefined && <BudgetPrompt />}
      {complete && <ProfileTips profile={profile} />}

      <h2 className="sr-only">{t('dashboard.nextSteps')}</h2>
      <ul className="action-cards" role="list">
        <li className="action-card card">
          <span className="action-icon">{areaIcons.edit}</span>
          <h3>{complete ? t('dashboard.editYourProfile') : t('dashboard.completeYourProfile')}</h3>
          <p className="muted">{complete ? t('dashboard.keepUpToDate') : t('dashboard.addDetails')}</p>
          <div className="action-links">
            <Link to="/athlete-complete-profile" className="btn btn-primary btn-sm">
              {complete ? t('profile.edit') : t('profile.complete')}
            </Link>
            <Link to="/athlete-profile" className="btn btn-ghost btn-sm">
              {t('dashboard.viewProfile')}
            </Link>
          </div>
        </li>
        <li className="action-card card is-disabled">
          <span className="action-icon">{areaIcons.film}</span>
          <h3>
            {t('dashboard.exploreMedia')} <span className="badge">{t('dashboard.comingSoon')}</span>
          </h3>
          <p className="muted">{t('dashboard.mediaText')}</p>
          <div className="action-links">
            <button type="button" className="btn btn-outline btn-sm" disabled>
              {t('dashboard.comingSoon')}
            </button>
          </div>
        </li>
        <li className={`action-card card ${complete ? '' : 'is-disabled'}`}>
          <span className="action-icon">{areaIcons.bolt}</span>
          <h3>{t('dashboard.viewMatches')}</h3>
          <p className="muted">{complete ? t('dashboard.matchesText') : t('dashboard.matchesLocked')}</p>
          {complete && <MatchesSummary />}
          <div className="action-links">
            {complete ? (
              <Link to="/athlete-matches" className="btn btn-secondary btn-sm">
                {t('dashboard.viewMatches')}
              </Link>
            ) : (
              <button type="button" className="btn btn-outline btn-sm" disabled>
                {t('dashboard.locked')}
              </button>
            )}
          </div>
        </li>
      </ul>
    </main>
  );
}

/**
 * How the athlete's matches stand, on the card that leads to them: the ones waiting for an answer
 * first (a coach waits on them), else the programs matched. Live events refresh the list. Nothing
 * while it loads or when it cannot be read: the card's link still leads to the matches.
 */
function MatchesSummary() {
  const { t } = useTranslation('athlete');
  const matches = useAthleteMatches().data;
  if (!matches) return null;
  const waiting = matches.filter((m) => m.status === 'pending').length;
  const matched = matches.filter((m) => m.status === 'accepted').length;
  if (waiting > 0) return <p className="badge badge-warn matches-summary">{t('dashboard.matchesWaiting', { count: waiting })}</p>;
  if (matched > 0) return <p className="badge badge-success matches-summary">{t('dashboard.matchesMatched', { count: matched })}</p>;
  return <p className="muted matches-summary">{t('dashboard.noMatchesYet')}</p>;
}

/**
 * Matches waiting for the athlete's answer, first on the page: a coach waits on them, and the
 * card that leads to them sits below the tips. One names its program and opens it on the matches
 * page; several are counted. Nothing otherwise, or while the matches load or cannot be read.
 */
function WaitingMatches() {
  const { t } = useTranslation('athlete');
  const waiting = useAthleteMatches().data?.filter((m) => m.status === 'pending') ?? [];
  if (waiting.length === 0) return null;
  const [only] = waiting;
  return (
    <section className="notice notice-info waiting-matches" aria-labelledby="waiting-matches-title">
      <span className="action-icon">{areaIcons.bolt}</span>
      <div>
        <h2 id="waiting-matches-title">
          {waiting.length === 1 ? t('dashboard.waitingOne', { program: programNameOf(only) }) : t('dashboard.waitingMany', { count: waiting.length })}
        </h2>
        <p>{t('matches.pendingHint')}</p>
      </div>
      <Link to={waiting.length === 1 ? `/athlete-matches?match=${encodeURIComponent(only.id)}` : '/athlete-matches'} className="btn btn-primary btn-sm">
        {t('dashboard.answerNow')}
      </Link>
    </section>
  );
}

/** Decision S15: a budget reset to "not set" is asked about once; "Not now" does not ask again. */
function BudgetPrompt() {
  const { t } = useTranslation('athlete');
  const dismiss = useDismissBudgetPrompt();
  const toast = useToast();
  return (
    <section className="notice notice-warn budget-prompt" aria-labelledby="budget-prompt-title">
      <h2 id="budget-prompt-title">{t('budgetPrompt.title')}</h2>
      <p>{t('budgetPrompt.text')}</p>
      <div className="action-links">
        <Link to="/athlete-complete-profile#budget" className="btn btn-primary btn-sm">
          {t('budgetPrompt.set')}
        </Link>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(undefined, { onError: (error) => toast.error(error.message) })}
        >
          {t('budgetPrompt.notNow')}
        </button>
      </div>
    </section>
  );
}
