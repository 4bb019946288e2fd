import { inTermOrder } from '@app/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ThreadLink } from '../../conversations/ThreadLink.tsx';
import { referenceLabel, type ReferenceList } from '../../i18n/reference.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { Facts } from '../../ui/Facts.tsx';
import { formatDate, listText } from '../../ui/format.ts';
import { useLinkedMatch, type LinkedMatch } from '../../ui/linkedMatch.ts';
import { EmptyState, LoadError, PageLoading } from '../../ui/states.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAthleteDashboard } from '../api/getDashboard.ts';
import { programNameOf } from '../labels.ts';
import { useAthleteMatches } from './api/getAthleteMatches.ts';
import { useRespondToMatch } from './api/respondToMatch.ts';
import type { AthleteMatch, MatchStatus } from './api/types.ts';
import './athlete-matches.css';

/** Keys of the `athlete` catalog. */
export const MATCHES_LOAD_ERROR = 'matches.loadError';

const GROUPS: Array<{ status: MatchStatus; title: string; hint: string }> = [
  { status: 'pending', title: 'matches.pendingTitle', hint: 'matches.pendingHint' },
  { status: 'accepted', title: 'matches.acceptedTitle', hint: 'matches.acceptedHint' },
  { status: 'declined', title: 'matches.declinedTitle', hint: 'matches.declinedHint' },
];

const STATUS_BADGE: Record<MatchStatus, { label: string; className: string }> = {
  pending: { label: 'matches.badgePending', className: 'badge badge-warn' },
  accepted: { label: 'matches.acceptedTitle', className: 'badge badge-success' },
  declined: { label: 'matches.declinedTitle', className: 'badge badge-danger' },
};

/** /athlete-matches: the matches coaches shared, with Accept / Decline for pending ones (decision M2). */
export default function AthleteMatchesPage() {
  const { t } = useTranslation('athlete');
  const matches = useAthleteMatches();
  const dashboard = useAthleteDashboard();
  const incomplete = dashboard.data && !dashboard.data.profileCompleted;
  const linked = useLinkedMatch();

  return (
    <main id="main" className="page container athlete-matches">
      <header className="page-header">
        <p className="eyebrow">{t('matches.eyebrow')}</p>
        <h1>{t('matches.title')}</h1>
        <p className="lead">{t('matches.lead')}</p>
        <Link to="/athlete-dashboard" className="athlete-back-link">
          {t('matches.backToDashboard')}
        </Link>
      </header>

      {incomplete && (
        <div className="notice notice-warn athlete-matches-notice" role="note">
          {t('matches.incompleteBefore')} <Link to="/athlete-complete-profile">{t('dashboard.completeYourProfile')}</Link> {t('matches.incompleteAfter')}
        </div>
      )}

      {matches.isPending ? (
        <PageLoading label={t('matches.loading')} />
      ) : matches.isError ? (
        <LoadError title={t(MATCHES_LOAD_ERROR)} message={matches.error.message} onRetry={() => void matches.refetch()} />
      ) : matches.data.length === 0 ? (
        <EmptyState title={t('matches.emptyTitle')}>
          <p className="muted">{t('matches.emptyText')}</p>
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
                    {t(group.title)} <span className="count">({items.length})</span>
                  </h2>
                  <p className="muted">{t(group.hint)}</p>
                </div>
                <ul className="athlete-match-list" role="list">
                  {items.map((match) => (
                    <li key={match.id}>
                      <AthleteMatchCard match={match} linked={linked} />
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

function AthleteMatchCard({ match, linked }: { match: AthleteMatch; linked: LinkedMatch }) {
  const { t } = useTranslation('athlete');
  const name = programNameOf(match);
  const badge = STATUS_BADGE[match.status];
  const meta = [match.coach.division, referenceLabel('schoolSizes', match.coach.schoolSize), referenceLabel('regions', match.coach.programRegion)]
    .filter(Boolean)
    .join(' · ');
  const { positions, teamCategories, targetStartTerms } = match.coachRequest;
  /** The stored values in the reader's words, or `none` for an empty list. */
  const labels = (kind: ReferenceList, values: string[], none: string) =>
    listText(
      values.map((value) => referenceLabel(kind, value)),
      none,
    );
  return (
    <article {...linked.cardProps(match.id, 'card athlete-match-card')} aria-labelledby={`match-${match.id}`}>
      <div className="athlete-match-head">
        <Avatar name={name} photoUrl={match.coach.universityLogoUrl} size="md" />
        <div className="athlete-match-title">
          <h3 id={`match-${match.id}`}>{name}</h3>
          {meta && <p className="muted">{meta}</p>}
          <p className="muted small">
            {t('matches.sharedBy', { name: `${match.coach.firstName} ${match.coach.lastName}`, date: formatDate(match.createdAt) })}
          </p>
        </div>
        <div className="athlete-match-badges">
          <span className={badge.className}>{t(badge.label)}</span>
          {match.autoResolved && match.status === 'accepted' && <span className="badge badge-accent">{t('matches.autoAccepted')}</span>}
        </div>
      </div>
      <Facts
        className="athlete-match-facts"
        items={[
          [t('matches.position'), labels('positions', positions, t('matches.any'))],
          [t('matches.team'), labels('teamCategories', teamCategories, t('matches.any'))],
          [t('matches.startTerm'), labels('terms', inTermOrder(targetStartTerms), t('matches.flexible'))],
        ]}
      />
      {match.status === 'pending' && <MatchResponse match={match} programName={name} />}
      {match.status === 'accepted' && (
        <div className="athlete-match-actions">
          <ThreadLink matchId={match.id} about={name} label={t('matches.messageCoach')} className="btn btn-primary btn-sm" />
        </div>
      )}
    </article>
  );
}

/** Accept at once; decline asks once more, since the athlete cannot take it back. */
function MatchResponse({ match, programName }: { match: AthleteMatch; programName: string }) {
  const { t } = useTranslation('athlete');
  const respond = useRespondToMatch();
  const toast = useToast();
  const [confirmingDecline, setConfirmingDecline] = useState(false);

  const answer = (status: 'accepted' | 'declined') =>
    respond.mutate(
      { id: match.id, status },
      {
        onSuccess: () => toast.success(status === 'accepted' ? t('matches.acceptedToast') : t('matches.declinedToast')),
        onError: (error) => toast.error(error.message),
        onSettled: () => setConfirmingDecline(false),
      },
    );

  if (confirmingDecline) {
    return (
      <div className="athlete-match-actions" role="group" aria-label={t('matches.confirmDeclineLabel', { program: programName })}>
        <p className="decline-question">{t('matches.declineQuestion')}</p>
        <button type="button" className="btn btn-danger btn-sm" disabled={respond.isPending} onClick={() => answer('declined')}>
          {respond.isPending ? t('matches.declining') : t('matches.yesDecline')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={respond.isPending} onClick={() => setConfirmingDecline(false)}>
          {t('common:modal.cancel')}
        </button>
      </div>
    );
  }
  return (
    <div className="athlete-match-actions">
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={respond.isPending}
        onClick={() => answer('accepted')}
        aria-label={t('matches.acceptLabel', { program: programName })}
      >
        {respond.isPending ? t('matches.saving') : t('matches.accept')}
      </button>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        disabled={respond.isPending}
        onClick={() => setConfirmingDecline(true)}
        aria-label={t('matches.declineLabel', { program: programName })}
      >
        {t('matches.decline')}
      </button>
    </div>
  );
}
