import { HUB_PAGE_SIZE } from '@app/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ThreadLink } from '../conversations/ThreadLink.tsx';
import { referenceLabel } from '../i18n/reference.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { EmailText } from '../ui/EmailText.tsx';
import { formatNumber } from '../ui/format.ts';
import { useLinkedMatch, type LinkedMatch } from '../ui/linkedMatch.ts';
import { EmptyState, ErrorNotice } from '../ui/states.tsx';
import { useMoreAgentMatches } from './api/getAgentMatches.ts';
import type { AgentMatch, StatusCounts } from './api/workspaceTypes.ts';
import { eventText, eventTimeText, hubGroups, sharedDateText } from './labels.ts';
import { playerPath } from './rosterLink.ts';

/**
 * The matches of the agency's athletes, grouped by where the conversation stands (read only).
 * `matches` holds each group's first page, `counts` the size of every group: a group with more
 * shows them a page at a time.
 */
export function ConversationHub({ matches, counts }: { matches: AgentMatch[]; counts: StatusCounts }) {
  const { t } = useTranslation('agent');
  const linked = useLinkedMatch();
  if (counts.accepted + counts.pending + counts.declined === 0) return <EmptyState title={t('hub.empty')} />;
  return (
    <div className="stack hub">
      {hubGroups().map((group) => (
        <HubGroup key={group.status} group={group} firstPage={matches.filter((m) => m.status === group.status)} count={counts[group.status]} linked={linked} />
      ))}
    </div>
  );
}

function HubGroup({
  group,
  firstPage,
  count,
  linked,
}: {
  group: ReturnType<typeof hubGroups>[number];
  firstPage: AgentMatch[];
  count: number;
  linked: LinkedMatch;
}) {
  const { t } = useTranslation('agent');
  const [morePages, setMorePages] = useState(0);
  const more = useMoreAgentMatches(group.status, morePages);
  // A match that moved between two pages' reads would come twice: the first one read is kept.
  const items = new Map<string, AgentMatch>();
  for (const match of [...firstPage, ...more.flatMap((page) => page.data?.matches ?? [])]) if (!items.has(match.id)) items.set(match.id, match);
  const loading = more.some((page) => page.isPending);
  const failed = more.find((page) => page.isError);
  const remaining = count - items.size;
  const headingId = `hub-${group.status}`;
  return (
    <section aria-labelledby={headingId} className="hub-group">
      <h3 id={headingId} className="hub-group-title">
        {group.title} <span className="count">({formatNumber(count)})</span>
      </h3>
      {items.size === 0 ? (
        <p className="muted hub-group-empty">{t('hub.groupEmpty')}</p>
      ) : (
        <ul className="hub-list" role="list">
          {[...items.values()].map((match) => (
            <li key={match.id}>
              <HubMatchCard match={match} badge={group.badge} badgeClass={group.badgeClass} linked={linked} />
            </li>
          ))}
        </ul>
      )}
      {failed ? (
        <ErrorNotice className="hub-more">
          <p>{failed.error?.message || t('hub.moreError')}</p>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => void failed.refetch()}>
            {t('common:states.tryAgain')}
          </button>
        </ErrorNotice>
      ) : (
        remaining > 0 && (
          <div className="hub-more">
            <button type="button" className="btn btn-outline btn-sm" aria-busy={loading} disabled={loading} onClick={() => setMorePages((n) => n + 1)}>
              {loading ? t('hub.loadingMore') : t('hub.showMore', { count: Math.min(remaining, HUB_PAGE_SIZE) })}
            </button>
          </div>
        )
      )}
    </section>
  );
}

/**
 * One shared match: the athlete and the coach's program, its status, the coach's contact and
 * request, its history and the way to the chat. In the hub (under a group's h3) the athlete's name
 * opens their page; on that page (`onPlayerPage`, under an h2) it is plain text.
 */
export function HubMatchCard({
  match,
  badge,
  badgeClass,
  linked,
  onPlayerPage = false,
}: {
  match: AgentMatch;
  badge: string;
  badgeClass: string;
  linked: LinkedMatch;
  onPlayerPage?: boolean;
}) {
  const { t } = useTranslation('agent');
  const { athlete, coach, coachRequest } = match;
  const program = [coach.programName ?? t('hub.programNotNamed'), coach.division, referenceLabel('schoolSizes', coach.schoolSize)].filter(Boolean).join(' · ');
  const coachName = coach.programName ?? t('hub.coachName', { lastName: coach.lastName });
  const titleId = `hub-match-${match.id}`;
  const Title = onPlayerPage ? 'h3' : 'h4';
  return (
    <article {...linked.cardProps(match.id, 'card hub-card')} aria-labelledby={titleId}>
      <div className="hub-card-head">
        <Avatar name={athlete.fullName} photoUrl={athlete.profilePhotoUrl} size="sm" />
        <div className="hub-card-title">
          <Title id={titleId}>
            {onPlayerPage ? (
              athlete.fullName
            ) : (
              <Link to={playerPath(match.athleteId)} className="player-link">
                {athlete.fullName}
              </Link>
            )}{' '}
            <span className="muted">{t('hub.with')}</span> {coachName}
          </Title>
          <p className="muted">{t('hub.shared', { date: sharedDateText(match) })}</p>
        </div>
        <div className="hub-badges">
          <span className={badgeClass}>{badge}</span>
          {match.autoResolved && match.status === 'accepted' && <span className="badge badge-accent">{t('hub.autoAccepted')}</span>}
        </div>
      </div>
      <dl className="mini-facts hub-facts">
        <div className="span-2">
          <dt>{t('hub.facts.coach')}</dt>
          <dd>
            {coach.firstName} {coach.lastName}
            {coach.email && (
              <>
                {' · '}
                <a href={`mailto:${coach.email}`}>
                  <EmailText email={coach.email} />
                </a>
              </>
            )}
          </dd>
        </div>
        <div className="span-2">
          <dt>{t('hub.facts.program')}</dt>
          <dd>{program}</dd>
        </div>
        <div>
          <dt>{t('facts.position')}</dt>
          <dd>{coachRequest.positions[0] ? referenceLabel('positions', coachRequest.positions[0]) : t('any')}</dd>
        </div>
        <div>
          <dt>{t('hub.facts.team')}</dt>
          <dd>
            {coachRequest.teamCategories.length
              ? coachRequest.teamCategories.map((category) => referenceLabel('teamCategories', category)).join(', ')
              : t('any')}
          </dd>
        </div>
        {coachRequest.notes && (
          <div className="span-2 hub-notes">
            <dt>{t('hub.facts.notes')}</dt>
            <dd>{coachRequest.notes}</dd>
          </div>
        )}
      </dl>
      {match.events.length > 0 && (
        <details className="trail">
          <summary>{t('hub.history', { count: match.events.length })}</summary>
          <ol className="trail-list">
            {match.events.map((event, index) => (
              <li key={index}>
                <time dateTime={event.at}>{eventTimeText(event.at)}</time>
                <span>{eventText(event)}</span>
              </li>
            ))}
          </ol>
        </details>
      )}
      {match.status === 'accepted' ? (
        <ThreadLink
          matchId={match.id}
          about={t('hub.chatAbout', { athlete: athlete.fullName, coach: coachName })}
          label={t('hub.openChat')}
          className="btn btn-outline btn-sm hub-chat"
        />
      ) : (
        match.status === 'pending' && <p className="muted hub-chat">{t('hub.chatOpensOnce', { name: athlete.fullName })}</p>
      )}
    </article>
  );
}
