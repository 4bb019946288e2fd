import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ThreadLink } from '../../conversations/ThreadLink.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { formatDate, listText } from '../../ui/format.ts';
import { EmptyState, LoadError, PageLoading } from '../../ui/states.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAthleteDashboard } from '../api/getDashboard.ts';
import { useAthleteMatches } from './api/getAthleteMatches.ts';
import { useRespondToMatch } from './api/respondToMatch.ts';
import type { AthleteMatch, MatchStatus } from './api/types.ts';
import './athlete-matches.css';

export const MATCHES_LOAD_ERROR = 'We couldn’t load your matches.';

const GROUPS: Array<{ status: MatchStatus; title: string; hint: string }> = [
  { status: 'pending', title: 'Waiting for your answer', hint: 'Accept to let the program and your agency know you are interested.' },
  { status: 'accepted', title: 'Matched', hint: 'Your agency can now help you take the next step with these programs.' },
  { status: 'declined', title: 'Declined', hint: 'Matches you turned down.' },
];

const STATUS_BADGE: Record<MatchStatus, { label: string; className: string }> = {
  pending: { label: 'Awaiting your answer', className: 'badge badge-warn' },
  accepted: { label: 'Matched', className: 'badge badge-success' },
  declined: { label: 'Declined', className: 'badge badge-danger' },
};

function programName(match: AthleteMatch) {
  return match.coach.programName || `Coach ${match.coach.lastName}`;
}

/** /athlete-matches: the matches coaches shared, with Accept / Decline for pending ones (decision M2). */
export default function AthleteMatchesPage() {
  const matches = useAthleteMatches();
  const dashboard = useAthleteDashboard();
  const incomplete = dashboard.data && !dashboard.data.profileCompleted;

  return (
    <main id="main" className="page container athlete-matches">
      <header className="page-header">
        <p className="eyebrow">Your matches</p>
        <h1>Programs interested in you</h1>
        <p className="lead">When a college coach shares a ⚡️ match, it appears here. Accept it to tell the program and your agency you are interested.</p>
        <Link to="/athlete-dashboard" className="athlete-back-link">
          ← Back to dashboard
        </Link>
      </header>

      {incomplete && (
        <div className="notice notice-warn athlete-matches-notice" role="note">
          Coaches only see completed profiles. <Link to="/athlete-complete-profile">Complete your profile</Link> so programs can find you.
        </div>
      )}

      {matches.isPending ? (
        <PageLoading label="Loading your matches…" />
      ) : matches.isError ? (
        <LoadError title={MATCHES_LOAD_ERROR} message={matches.error.message} onRetry={() => void matches.refetch()} />
      ) : matches.data.length === 0 ? (
        <EmptyState title="No matches yet.">
          <p className="muted">When a coach shares a ⚡️ match with you, it will appear here. Keep your profile and highlight video up to date to stand out.</p>
        </EmptyState>
      ) : (
        <div className="stack athlete-match-groups">
          {GROUPS.map((group) => {
            const items = matches.data.filter((m) => m.status === group.status);
            if (items.length === 0) return null;
            const headingId = `group-${group.status}`;
            return (
              <section key={group.status} aria-labelledby={headingId} className="athlete-match-group">
                <div className="athlete-match-group-header">
                  <h2 id={headingId}>
                    {group.title} <span className="count">({items.length})</span>
                  </h2>
                  <p className="muted">{group.hint}</p>
                </div>
                <ul className="athlete-match-list" role="list">
                  {items.map((match) => (
                    <li key={match.id}>
                      <AthleteMatchCard match={match} />
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      )}
    </main>
  );
}

function AthleteMatchCard({ match }: { match: AthleteMatch }) {
  const name = programName(match);
  const badge = STATUS_BADGE[match.status];
  const meta = [match.coach.division, match.coach.schoolSize, match.coach.programRegion].filter(Boolean).join(' · ');
  const positions = match.coachRequest.positions.length ? match.coachRequest.positions.join(', ') : 'Any';
  return (
    <article className="card athlete-match-card" aria-labelledby={`match-${match.id}`}>
      <div className="athlete-match-head">
        <Avatar name={name} photoUrl={match.coach.universityLogoUrl} size="md" />
        <div className="athlete-match-title">
          <h3 id={`match-${match.id}`}>{name}</h3>
          {meta && <p className="muted">{meta}</p>}
          <p className="muted small">
            Coach {match.coach.firstName} {match.coach.lastName} · Shared {formatDate(match.createdAt)}
          </p>
        </div>
        <div className="athlete-match-badges">
          <span className={badge.className}>{badge.label}</span>
          {match.autoResolved && match.status === 'accepted' && <span className="badge badge-accent">Auto accepted</span>}
        </div>
      </div>
      <dl className="facts athlete-match-facts">
        <div>
          <dt>Position</dt>
          <dd>{positions}</dd>
        </div>
        <div>
          <dt>Team</dt>
          <dd>{listText(match.coachRequest.teamCategories, 'Any')}</dd>
        </div>
        <div>
          <dt>Start term</dt>
          <dd>{listText(match.coachRequest.targetStartTerms, 'Flexible')}</dd>
        </div>
      </dl>
      {match.status === 'pending' && <MatchResponse match={match} programName={name} />}
      {match.status === 'accepted' && (
        <div className="athlete-match-actions">
          <ThreadLink matchId={match.id} about={name} label="Message the coach" className="btn btn-primary btn-sm" />
        </div>
      )}
    </article>
  );
}

/** Accept at once; decline asks once more, since the athlete cannot take it back. */
function MatchResponse({ match, programName }: { match: AthleteMatch; programName: string }) {
  const respond = useRespondToMatch();
  const toast = useToast();
  const [confirmingDecline, setConfirmingDecline] = useState(false);

  const answer = (status: 'accepted' | 'declined') =>
    respond.mutate(
      { id: match.id, status },
      {
        onSuccess: () => toast.success(status === 'accepted' ? 'Match accepted' : 'Match declined'),
        onError: (error) => toast.error(error.message),
        onSettled: () => setConfirmingDecline(false),
      },
    );

  if (confirmingDecline) {
    return (
      <div className="athlete-match-actions" role="group" aria-label={`Confirm declining ${programName}`}>
        <p className="decline-question">Decline this match? You can’t undo this.</p>
        <button type="button" className="btn btn-danger btn-sm" disabled={respond.isPending} onClick={() => answer('declined')}>
          {respond.isPending ? 'Declining…' : 'Yes, decline'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={respond.isPending} onClick={() => setConfirmingDecline(false)}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="athlete-match-actions">
      <button type="button" className="btn btn-primary btn-sm" disabled={respond.isPending} onClick={() => answer('accepted')} aria-label={`Accept match from ${programName}`}>
        {respond.isPending ? 'Saving…' : 'Accept'}
      </button>
      <button type="button" className="btn btn-outline btn-sm" disabled={respond.isPending} onClick={() => setConfirmingDecline(true)} aria-label={`Decline match from ${programName}`}>
        Decline
      </button>
    </div>
  );
}
