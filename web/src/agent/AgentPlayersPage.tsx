import { Avatar } from '../ui/Avatar.tsx';
import { listText } from '../ui/format.ts';
import { EmptyState } from '../ui/states.tsx';
import { AgentNav } from './AgentNav.tsx';
import { useAgentDashboard } from './api/getAgentDashboard.ts';
import { useAgentMatches } from './api/getAgentMatches.ts';
import type { AgentPlayer, StatusCounts } from './api/workspaceTypes.ts';
import { gpaText, NO_COUNTS, plural } from './labels.ts';
import './agent.css';

export const PLAYERS_ERROR = 'We couldn’t load your players.';
export const PLAYERS_EMPTY = 'No athletes have linked to your agency yet.';

function matchesText(counts: StatusCounts): string {
  const total = counts.accepted + counts.pending + counts.declined;
  if (total === 0) return 'No matches yet';
  return `${counts.accepted} matched · ${counts.pending} pending · ${counts.declined} declined`;
}

/** /agent/players: every athlete linked to the agency, complete or not. */
export default function AgentPlayersPage() {
  const dashboard = useAgentDashboard();
  const matches = useAgentMatches();

  let body;
  if (dashboard.isPending || matches.isPending) {
    body = (
      <p className="muted loading-line" role="status">
        Loading roster…
      </p>
    );
  } else if (dashboard.isError || matches.isError) {
    const error = dashboard.error ?? matches.error;
    body = (
      <div className="notice notice-error load-error" role="alert">
        <strong>{PLAYERS_ERROR}</strong>
        <p>{error?.message || 'Please refresh or try again.'}</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void Promise.all([dashboard.refetch(), matches.refetch()])}>
          Try again
        </button>
      </div>
    );
  } else {
    const { playerCount, players } = dashboard.data;
    const { stats } = matches.data;
    body = (
      <>
        <p className="lead roster-summary">
          {plural(playerCount, 'player')} linked • {plural(stats.total, 'total match', 'total matches')} generated
        </p>
        {players.length === 0 ? (
          <EmptyState title={PLAYERS_EMPTY} />
        ) : (
          <ul className="roster-grid" role="list">
            {players.map((player) => (
              <li key={player.id}>
                <PlayerCard player={player} counts={stats.byAthlete[player.id] ?? NO_COUNTS} />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <main id="main" className="page container agent-page" aria-busy={dashboard.isPending || matches.isPending}>
      <AgentNav />
      <header className="page-header">
        <p className="eyebrow">{dashboard.data?.agent.agency ?? 'Your agency'}</p>
        <h1>Agency roster</h1>
      </header>
      {body}
    </main>
  );
}

function PlayerCard({ player, counts }: { player: AgentPlayer; counts: StatusCounts }) {
  return (
    <article className="card roster-card" aria-labelledby={`roster-${player.id}`}>
      <div className="roster-card-head">
        <Avatar name={player.fullName} photoUrl={player.profilePhotoUrl} size="md" />
        <div>
          <h2 id={`roster-${player.id}`} className="roster-name">
            {player.fullName}
          </h2>
          {player.profileCompleted ? <span className="badge badge-success">Profile complete</span> : <span className="badge badge-warn">Profile in progress</span>}
        </div>
      </div>
      <dl className="mini-facts">
        <div>
          <dt>GPA</dt>
          <dd>{gpaText(player.gpa, 'N/A')}</dd>
        </div>
        <div>
          <dt>League</dt>
          <dd>{player.leagueLevelLabel ?? 'Not specified'}</dd>
        </div>
        <div>
          <dt>Target start</dt>
          <dd>{listText(player.targetStartTerms, 'Not specified')}</dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{player.age ?? '—'}</dd>
        </div>
        <div className="span-2">
          <dt>Preferred regions</dt>
          <dd>{listText(player.preferredUsRegions, 'Not specified')}</dd>
        </div>
        <div className="span-2">
          <dt>Matches</dt>
          <dd>{matchesText(counts)}</dd>
        </div>
      </dl>
    </article>
  );
}
