import { Avatar } from '../ui/Avatar.tsx';
import type { AgentPlayer, StatusCounts } from './api/workspaceTypes.ts';
import { gpaText } from './labels.ts';

/** A player on the dashboard roster: quick stats and how their matches stand. */
export function RosterCard({ player, counts }: { player: AgentPlayer; counts: StatusCounts }) {
  const facts: Array<[string, string]> = [
    ['Age', player.age != null ? String(player.age) : '—'],
    ['Nationality', player.nationality ?? '—'],
    ['League', player.leagueLevelLabel ?? '—'],
    ['Position', player.primaryPosition ?? '—'],
    ['GPA', gpaText(player.gpa)],
    ['Start', player.targetStartTerms[0] ?? '—'],
  ];
  return (
    <article className="card roster-card" aria-labelledby={`player-${player.id}`}>
      <div className="roster-card-head">
        <Avatar name={player.fullName} photoUrl={player.profilePhotoUrl} size="md" />
        <div>
          <h3 id={`player-${player.id}`}>{player.fullName}</h3>
          <p className="muted">{[player.primaryPosition, player.nationality].filter(Boolean).join(' · ') || 'Profile details pending'}</p>
        </div>
      </div>
      <dl className="mini-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="status-counts" aria-label={`Matches of ${player.fullName}`}>
        <li className="count-accepted">
          <strong>{counts.accepted}</strong> matched
        </li>
        <li className="count-pending">
          <strong>{counts.pending}</strong> pending
        </li>
        <li className="count-declined">
          <strong>{counts.declined}</strong> declined
        </li>
      </ul>
      {player.highlightVideoUrl ? (
        <a className="video-link" href={player.highlightVideoUrl} target="_blank" rel="noopener noreferrer">
          ▶ Highlight video<span className="sr-only"> of {player.fullName} (opens in a new tab)</span>
        </a>
      ) : (
        <span className="muted video-link">No highlight video yet</span>
      )}
    </article>
  );
}
