import { Link } from 'react-router-dom';
import { Avatar } from '../ui/Avatar.tsx';
import { areaIcons } from '../ui/icons.tsx';
import type { AthleteProfile } from './api/types.ts';
import { CompletionBadge } from './CompletionBadge.tsx';
import { firstNameOf, leagueLabelOf } from './labels.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { WithOwnProfile } from './WithOwnProfile.tsx';
import { useDismissBudgetPrompt } from './api/dismissBudgetPrompt.ts';
import { useToast } from '../ui/toast.tsx';
import './athlete.css';

/** /athlete-dashboard: welcome, completion, and the three next steps (spec section 2). */
export function AthleteDashboardPage() {
  useDocumentTitle('Athlete dashboard');
  return <WithOwnProfile loadingLabel="Loading your dashboard…">{(profile) => <Dashboard profile={profile} />}</WithOwnProfile>;
}

function Dashboard({ profile }: { profile: AthleteProfile }) {
  const complete = profile.profileCompleted;
  const league = leagueLabelOf(profile);

  return (
    <main id="main" className="page container athlete-page">
      <section className="welcome card" aria-labelledby="welcome-title">
        <Avatar name={profile.fullName} photoUrl={profile.profilePhotoUrl} size="lg" />
        <div className="welcome-body">
          <p className="eyebrow">Athlete dashboard</p>
          <h1 id="welcome-title">Welcome, {firstNameOf(profile.fullName)}</h1>
          <div className="welcome-meta">
            <CompletionBadge complete={complete} />
            <span>
              <span className="muted">Current league:</span> {league ?? 'Not specified'}
            </span>
            {profile.highlightVideoUrl ? (
              <a href={profile.highlightVideoUrl} target="_blank" rel="noopener noreferrer">
                Watch highlight video <span className="sr-only">(opens in a new tab)</span>↗
              </a>
            ) : (
              <span className="muted">No highlight video yet</span>
            )}
          </div>
          {!complete && <p className="welcome-note">Finish the required fields of your profile so coaches can find you and your matches unlock.</p>}
        </div>
      </section>

      {profile.budgetUnconfirmed && profile.estimatedBudget === undefined && <BudgetPrompt />}

      <h2 className="sr-only">Next steps</h2>
      <ul className="action-cards" role="list">
        <li className="action-card card">
          <span className="action-icon">{areaIcons.edit}</span>
          <h3>{complete ? 'Edit your profile' : 'Complete your profile'}</h3>
          <p className="muted">{complete ? 'Keep your grades, stats and video up to date.' : 'Add your academics, athletic details and preferences.'}</p>
          <div className="action-links">
            <Link to="/athlete-complete-profile" className="btn btn-primary btn-sm">
              {complete ? 'Edit profile' : 'Complete profile'}
            </Link>
            <Link to="/athlete-profile" className="btn btn-ghost btn-sm">
              View profile
            </Link>
          </div>
        </li>
        <li className="action-card card is-disabled">
          <span className="action-icon">{areaIcons.film}</span>
          <h3>
            Explore media <span className="badge">Coming soon</span>
          </h3>
          <p className="muted">Training content and stories from athletes who made the move.</p>
          <div className="action-links">
            <button type="button" className="btn btn-outline btn-sm" disabled>
              Coming soon
            </button>
          </div>
        </li>
        <li className={`action-card card ${complete ? '' : 'is-disabled'}`}>
          <span className="action-icon">{areaIcons.bolt}</span>
          <h3>View matches</h3>
          <p className="muted">{complete ? 'See the programs that shared a match with you.' : 'Complete your profile to unlock your matches.'}</p>
          <div className="action-links">
            {complete ? (
              <Link to="/athlete-matches" className="btn btn-secondary btn-sm">
                View matches
              </Link>
            ) : (
              <button type="button" className="btn btn-outline btn-sm" disabled>
                Locked
              </button>
            )}
          </div>
        </li>
      </ul>
    </main>
  );
}

/** Decision S15: a budget reset to "not set" is asked about once; "Not now" does not ask again. */
function BudgetPrompt() {
  const dismiss = useDismissBudgetPrompt();
  const toast = useToast();
  return (
    <section className="notice notice-warn budget-prompt" aria-labelledby="budget-prompt-title">
      <h2 id="budget-prompt-title">Your yearly budget is not set</h2>
      <p>Programs are matched on what you can afford. Without a budget, every request that names a cost scores 0 for budget, so set yours to get the matches that fit.</p>
      <div className="action-links">
        <Link to="/athlete-complete-profile#budget" className="btn btn-primary btn-sm">
          Set your budget
        </Link>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate(undefined, { onError: (error) => toast.error(error.message) })}
        >
          Not now
        </button>
      </div>
    </section>
  );
}
