import { useTranslation } from 'react-i18next';
import { ThreadLink } from '../conversations/ThreadLink.tsx';
import { referenceLabel } from '../i18n/reference.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { EmptyState } from '../ui/states.tsx';
import type { AgentMatch } from './api/workspaceTypes.ts';
import { eventText, eventTimeText, hubGroups, sharedDateText } from './labels.ts';

/** The matches of the agency's athletes, grouped by where the conversation stands (read only). */
export function ConversationHub({ matches }: { matches: AgentMatch[] }) {
  const { t } = useTranslation('agent');
  if (matches.length === 0) return <EmptyState title={t('hub.empty')} />;
  return (
    <div className="stack hub">
      {hubGroups().map((group) => {
        const items = matches.filter((m) => m.status === group.status);
        const headingId = `hub-${group.status}`;
        return (
          <section key={group.status} aria-labelledby={headingId} className="hub-group">
            <h3 id={headingId} className="hub-group-title">
              {group.title} <span className="count">({items.length})</span>
            </h3>
            {items.length === 0 ? (
              <p className="muted hub-group-empty">{t('hub.groupEmpty')}</p>
            ) : (
              <ul className="hub-list" role="list">
                {items.map((match) => (
                  <li key={match.id}>
                    <HubMatchCard match={match} badge={group.badge} badgeClass={group.badgeClass} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function HubMatchCard({ match, badge, badgeClass }: { match: AgentMatch; badge: string; badgeClass: string }) {
  const { t } = useTranslation('agent');
  const { athlete, coach, coachRequest } = match;
  const program = [coach.programName ?? t('hub.programNotNamed'), coach.division, coach.schoolSize].filter(Boolean).join(' · ');
  const coachName = coach.programName ?? t('hub.coachName', { lastName: coach.lastName });
  const titleId = `hub-match-${match.id}`;
  return (
    <article className="card hub-card" aria-labelledby={titleId}>
      <div className="hub-card-head">
        <Avatar name={athlete.fullName} photoUrl={athlete.profilePhotoUrl} size="sm" />
        <div className="hub-card-title">
          <h4 id={titleId}>
            {athlete.fullName} <span className="muted">{t('hub.with')}</span> {coachName}
          </h4>
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
                <a href={`mailto:${coach.email}`}>{coach.email}</a>
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
