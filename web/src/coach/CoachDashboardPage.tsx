import { i18n } from '../i18n/index.ts';
import type { MatchStatus } from '@app/domain';
import { Link } from 'react-router-dom';
import { resolveImageUrl } from '../api/client.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { areaIcons } from '../ui/icons.tsx';
import { formatDate } from '../ui/format.ts';
import { EmptyState, LoadError, PageLoading } from '../ui/states.tsx';
import { useCoachDashboard } from './api/getDashboard.ts';
import type { DashboardMatch } from './api/types.ts';
import { groupState } from './matches/listContext.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import './coach.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

export const NO_MATCHES_YET = 'No matches yet. Share a ⚡️ match from an ongoing request to start the conversation.';

/** Spec section 4: how each match status reads on the coach side. */
const GROUPS: Array<{ status: MatchStatus; title: string; badge: string }> = [
  { status: 'accepted', title: 'Matched', badge: 'badge-success' },
  { status: 'pending', title: 'Pending player response', badge: 'badge-warn' },
  { status: 'declined', title: 'Declined', badge: 'badge-danger' },
];

const ACTIONS = [
  {
    to: '/coach-request',
    icon: areaIcons.plus,
    title: 'Create a request',
    text: 'Describe the player you need and get a ranked shortlist.',
    cta: 'New request',
  },
  { to: '/coach-requests', icon: areaIcons.list, title: 'Ongoing requests', text: 'Review your open requests and their ⚡️ matches.', cta: 'View requests' },
  {
    to: '/coach-profile',
    icon: areaIcons.school,
    title: 'Edit program profile',
    text: 'Keep your program, staff and recruiting preferences current.',
    cta: 'Edit profile',
  },
];

/** /coach-dashboard: welcome, next steps and the 'Review matches' list (spec section 2). */
export function CoachDashboardPage() {
  useDocumentTitle(t('coachDashboardPage.coachDashboard'));
  const dashboard = useCoachDashboard();
  if (dashboard.isPending) {
    return (
      <main id="main" className="page container coach-page">
        <PageLoading label={t('coachDashboardPage.loadingYourDashboard')} />
      </main>
    );
  }
  if (dashboard.isError) {
    return (
      <main id="main" className="page container coach-page">
        <LoadError title={t('coachDashboardPage.weCouldnTLoadYour')} message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
      </main>
    );
  }
  const { coach, matchSummary } = dashboard.data;
  const total = matchSummary.counts.accepted + matchSummary.counts.pending + matchSummary.counts.declined;
  const logo = resolveImageUrl(coach.universityLogoUrl);

  return (
    <main id="main" className="page container coach-page">
      <section className="coach-welcome card" aria-labelledby="welcome-title">
        <Avatar name={`${coach.coachFirstName} ${coach.coachLastName}`} photoUrl={coach.profilePhotoUrl} size="lg" />
        <div className="coach-welcome-body">
          <p className="eyebrow">{t('coachDashboardPage.coachDashboard')}</p>
          <h1 id="welcome-title">
            {t('coachDashboardPage.welcomeCoach')} {coach.coachLastName || coach.coachFirstName}
          </h1>
          <p className="coach-welcome-program">
            {logo && <img src={logo} alt="" className="program-logo-sm" />}
            <span>{[coach.programName, coach.division].filter(Boolean).join(' · ') || t('coachDashboardPage.yourProgram')}</span>
          </p>
        </div>
      </section>

      <h2 className="sr-only">{t('coachDashboardPage.nextSteps')}</h2>
      <ul className="coach-actions" role="list">
        {ACTIONS.map((a) => (
          <li key={a.to} className="card coach-action">
            <span className="action-icon">{a.icon}</span>
            <h3>{a.title}</h3>
            <p className="muted">{a.text}</p>
            <Link to={a.to} className="btn btn-primary btn-sm">
              {a.cta}
            </Link>
          </li>
        ))}
        <li className="card coach-action is-disabled">
          <span className="action-icon">{areaIcons.team}</span>
          <h3>
            {t('coachDashboardPage.manageYourTeam')} <span className="badge">{t('coachDashboardPage.comingSoon')}</span>
          </h3>
          <p className="muted">{t('coachDashboardPage.rosterToolsForYourStaff')}</p>
          <button type="button" className="btn btn-outline btn-sm" disabled>
            {t('coachDashboardPage.comingSoon')}
          </button>
        </li>
      </ul>

      <section aria-labelledby="review-title" className="review-matches">
        <div className="section-head">
          <h2 id="review-title">{t('coachDashboardPage.reviewMatches')}</h2>
          {total > 0 && <span className="muted">{total} total</span>}
        </div>
        {total === 0 ? (
          <EmptyState title={NO_MATCHES_YET}>
            <Link to="/coach-requests" className="btn btn-outline btn-sm">
              {t('coachDashboardPage.goToOngoingRequests')}
            </Link>
          </EmptyState>
        ) : (
          <div className="match-groups">
            {GROUPS.map((g) => (
              <MatchGroup key={g.status} title={g.title} badge={g.badge} count={matchSummary.counts[g.status]} matches={matchSummary.groups[g.status]} />
            ))}
          </div>
        )}
      </section>
    </main>
  );
}

function MatchGroup({ title, badge, count, matches }: { title: string; badge: string; count: number; matches: DashboardMatch[] }) {
  const headingId = `group-${title.replace(/\W+/g, '-').toLowerCase()}`;
  // A profile opened from the group steps through the group's players.
  const players = matches.map((m) => ({ id: m.athlete.id, name: m.athlete.fullName, requestId: m.requestId }));
  return (
    <section className="match-group card" aria-labelledby={headingId}>
      <h3 id={headingId} className="match-group-title">
        {title} <span className={`badge ${badge}`}>{count}</span>
      </h3>
      {matches.length === 0 ? (
        <p className="muted">{t('coachDashboardPage.noneYet')}</p>
      ) : (
        <ul className="match-mini-list" role="list">
          {matches.map((m, i) => (
            <li key={m.id}>
              <Link to={`/coach/athletes/${m.athlete.id}`} state={groupState(players, i)} className="match-mini">
                <Avatar name={m.athlete.fullName} photoUrl={m.athlete.profilePhotoUrl} size="sm" />
                <span className="match-mini-body">
                  <span className="match-mini-name">{m.athlete.fullName}</span>
                  <span className="muted match-mini-meta">
                    {[m.athlete.primaryPosition, m.requestPosition ? `${m.requestPosition} request` : null, formatDate(m.updatedAt)]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
                {m.autoResolved && <span className="badge badge-accent">{t('coachDashboardPage.autoAccepted')}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
