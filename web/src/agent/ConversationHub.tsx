import { ThreadLink } from '../conversations/ThreadLink.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { EmptyState } from '../ui/states.tsx';
import type { AgentMatch } from './api/workspaceTypes.ts';
import { eventText, eventTimeText, HUB_GROUPS, sharedDateText } from './labels.ts';

export const HUB_EMPTY = 'When a coach shares a ⚡️ match, it will appear here with their contact information.';

/** The matches of the agency's athletes, grouped by where the conversation stands (read only). */
export function ConversationHub({ matches }: { matches: AgentMatch[] }) {
  if (matches.length === 0) return <EmptyState title={HUB_EMPTY} />;
  return (
    <div className="stack hub">
      {HUB_GROUPS.map((group) => {
        const items = matches.filter((m) => m.status === group.status);
        const headingId = `hub-${group.status}`;
        return (
          <section key={group.status} aria-labelledby={headingId} className="hub-group">
            <h3 id={headingId} className="hub-group-title">
              {group.title} <span className="count">({items.length})</span>
            </h3>
            {items.length === 0 ? (
              <p className="muted hub-group-empty">Nothing here right now.</p>
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
  const { athlete, coach, coachRequest } = match;
  const program = [coach.programName ?? 'Program not named', coach.division, coach.schoolSize].filter(Boolean).join(' · ');
  const titleId = `hub-match-${match.id}`;
  return (
    <article className="card hub-card" aria-labelledby={titleId}>
      <div className="hub-card-head">
        <Avatar name={athlete.fullName} photoUrl={athlete.profilePhotoUrl} size="sm" />
        <div className="hub-card-title">
          <h4 id={titleId}>
            {athlete.fullName} <span className="muted">with</span> {coach.programName ?? `Coach ${coach.lastName}`}
          </h4>
          <p className="muted">Shared {sharedDateText(match)}</p>
        </div>
        <div className="hub-badges">
          <span className={badgeClass}>{badge}</span>
          {match.autoResolved && match.status === 'accepted' && <span className="badge badge-accent">Auto accepted</span>}
        </div>
      </div>
      <dl className="mini-facts hub-facts">
        <div className="span-2">
          <dt>Coach</dt>
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
          <dt>Program</dt>
          <dd>{program}</dd>
        </div>
        <div>
          <dt>Position</dt>
          <dd>{coachRequest.positions[0] ?? 'Any'}</dd>
        </div>
        <div>
          <dt>Team</dt>
          <dd>{coachRequest.teamCategories.length ? coachRequest.teamCategories.join(', ') : 'Any'}</dd>
        </div>
        {coachRequest.notes && (
          <div className="span-2 hub-notes">
            <dt>Coach notes</dt>
            <dd>{coachRequest.notes}</dd>
          </div>
        )}
      </dl>
      {match.events.length > 0 && (
        <details className="trail">
          <summary>History ({match.events.length})</summary>
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
        <ThreadLink matchId={match.id} about={`${athlete.fullName} and ${coach.programName ?? `Coach ${coach.lastName}`}`} label="Open chat" className="btn btn-outline btn-sm hub-chat" />
      ) : (
        match.status === 'pending' && <p className="muted hub-chat">The chat opens once {athlete.fullName} accepts.</p>
      )}
    </article>
  );
}
