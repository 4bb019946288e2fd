import { ATHLETE_POSITIONS, LEAGUE_LEVELS, MATCH_STATUSES, SEARCH_MAX, type RosterSort } from '@app/domain';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Avatar } from '../ui/Avatar.tsx';
import { listText } from '../ui/format.ts';
import { EmptyState, LoadError } from '../ui/states.tsx';
import { AgentNav } from './AgentNav.tsx';
import { ROSTER_FALLBACK, useAgentRoster, type RosterPlayer } from './api/getAgentRoster.ts';
import type { StatusCounts } from './api/workspaceTypes.ts';
import { gpaText, plural } from './labels.ts';
import './agent.css';

export const PLAYERS_ERROR = 'We couldn’t load your players.';
export const PLAYERS_EMPTY = 'No athletes have linked to your agency yet.';
export const NO_RESULTS = 'No players match this search.';

const SORT_LABELS: ReadonlyArray<[RosterSort, string]> = [
  ['news', 'News first'],
  ['name', 'Name'],
  ['updated', 'Last updated'],
  ['score', 'Best score'],
];
const STATUS_LABELS: Record<(typeof MATCH_STATUSES)[number], string> = { pending: 'Pending', accepted: 'Matched', declined: 'Declined' };

/** The filters the URL can carry, in the order of the form. */
const FILTER_KEYS = ['position', 'league', 'profile', 'hasMatches', 'matchStatus'] as const;

function matchesText(counts: StatusCounts): string {
  const total = counts.accepted + counts.pending + counts.declined;
  if (total === 0) return 'No matches yet';
  return `${counts.accepted} matched · ${counts.pending} pending · ${counts.declined} declined`;
}

function newsText(news: RosterPlayer['news']): string | null {
  const parts = [news.newShares > 0 ? plural(news.newShares, 'new share') : null, news.answered > 0 ? plural(news.answered, 'answer') : null].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * /agent/players: the agency's athletes, searched, filtered, sorted and paged by the server. The
 * whole view lives in the URL (?q=&position=&…&sort=&page=), so it can be bookmarked and shared.
 */
export default function AgentPlayersPage() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const roster = useAgentRoster(query);
  const page = Number(params.get('page') ?? '1') || 1;
  const filtered = [...FILTER_KEYS, 'q'].some((k) => params.get(k));

  /** Changes some parameters; any change but the page goes back to page 1. */
  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  }

  let body;
  if (roster.isPending) {
    body = (
      <p className="muted loading-line" role="status">
        Loading roster…
      </p>
    );
  } else if (roster.isError && !roster.data) {
    body = <LoadError title={PLAYERS_ERROR} message={roster.error.message || ROSTER_FALLBACK} onRetry={() => void roster.refetch()} />;
  } else {
    // The page the server answered (while the next one loads, the current one stays on screen).
    const { total, players, pageSize, page: shownPage } = roster.data;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    body = (
      <>
        {roster.isError && <p className="notice notice-error" role="alert">{roster.error.message}</p>}
        <p className="lead roster-summary" role="status">
          {filtered ? `${plural(total, 'player')} found` : `${plural(total, 'player')} linked`}
          {total > 0 && ` · page ${shownPage} of ${pages}`}
        </p>
        {players.length === 0 ? (
          <EmptyState title={filtered ? NO_RESULTS : shownPage > 1 ? 'No players on this page.' : PLAYERS_EMPTY}>
            {(filtered || shownPage > 1) && (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setParams(new URLSearchParams())}>
                Show all players
              </button>
            )}
          </EmptyState>
        ) : (
          <ul className="roster-grid" role="list" aria-busy={roster.isPlaceholderData || undefined}>
            {players.map((player) => (
              <li key={player.id}>
                <PlayerCard player={player} />
              </li>
            ))}
          </ul>
        )}
        {total > pageSize && (
          <nav className="roster-pager" aria-label="Roster pages">
            <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => update({ page: page > 2 ? String(page - 1) : null })}>
              Previous
            </button>
            <span className="muted">
              Page {shownPage} of {pages}
            </span>
            <button type="button" className="btn btn-outline btn-sm" disabled={page >= pages} onClick={() => update({ page: String(page + 1) })}>
              Next
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <main id="main" className="page container agent-page" aria-busy={roster.isPending}>
      <AgentNav />
      <header className="page-header">
        <p className="eyebrow">Your agency</p>
        <h1>Agency roster</h1>
      </header>
      <RosterFilters params={params} update={update} />
      {body}
    </main>
  );
}

function RosterFilters({ params, update }: { params: URLSearchParams; update: (changes: Record<string, string | null>) => void }) {
  const id = useId();
  const [text, setText] = useState(params.get('q') ?? '');
  // Back and forward move the URL: the search box follows it.
  useEffect(() => setText(params.get('q') ?? ''), [params]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim() || null });
  };
  const select = (key: string, label: string, options: ReadonlyArray<[string, string]>, anyLabel = 'Any') => (
    <div className="roster-filter">
      <label htmlFor={`${id}-${key}`} className="field-label">
        {label}
      </label>
      <select id={`${id}-${key}`} className="input select" value={params.get(key) ?? ''} onChange={(e) => update({ [key]: e.target.value || null })}>
        {anyLabel && <option value="">{anyLabel}</option>}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <section className="card roster-tools" aria-label="Search and filter players">
      <form className="roster-search" role="search" onSubmit={submit}>
        <label htmlFor={`${id}-q`} className="field-label">
          Search by name
        </label>
        <div className="roster-search-row">
          <input id={`${id}-q`} className="input" type="search" value={text} maxLength={SEARCH_MAX} onChange={(e) => setText(e.target.value)} placeholder="e.g. Lucía" />
          <button type="submit" className="btn btn-primary btn-sm">
            Search
          </button>
        </div>
      </form>
      <div className="roster-filters">
        {select('position', 'Position', ATHLETE_POSITIONS.map((p) => [p, p]))}
        {select('league', 'League', LEAGUE_LEVELS.map((l) => [l.value, l.label]))}
        {select('profile', 'Profile', [
          ['complete', 'Complete'],
          ['incomplete', 'In progress'],
        ])}
        {select('hasMatches', 'Matches', [
          ['yes', 'Has matches'],
          ['no', 'No matches'],
        ])}
        {select('matchStatus', 'Match status', MATCH_STATUSES.map((s) => [s, STATUS_LABELS[s]]))}
        {select('sort', 'Sort by', SORT_LABELS, '')}
      </div>
    </section>
  );
}

function PlayerCard({ player }: { player: RosterPlayer }) {
  const news = newsText(player.news);
  const compact = [player.primaryPosition, player.leagueLevelLabel, `GPA ${gpaText(player.gpa, 'N/A')}`].filter(Boolean).join(' · ');
  return (
    <article className="card roster-card" aria-labelledby={`roster-${player.id}`}>
      <div className="roster-card-head">
        <Avatar name={player.fullName} photoUrl={player.profilePhotoUrl} size="md" />
        <div>
          <h2 id={`roster-${player.id}`} className="roster-name">
            {player.fullName}
          </h2>
          <div className="roster-badges">
            {player.profileCompleted ? <span className="badge badge-success">Profile complete</span> : <span className="badge badge-warn">Profile in progress</span>}
            {news && <span className="badge badge-accent">{news}</span>}
          </div>
          {/* Phones show this one line instead of the facts below. */}
          <p className="roster-compact muted">
            {compact} · {matchesText(player.matchCounts)}
          </p>
        </div>
      </div>
      <dl className="mini-facts roster-facts">
        <div>
          <dt>GPA</dt>
          <dd>{gpaText(player.gpa, 'N/A')}</dd>
        </div>
        <div>
          <dt>League</dt>
          <dd>{player.leagueLevelLabel ?? 'Not specified'}</dd>
        </div>
        <div>
          <dt>Position</dt>
          <dd>{player.primaryPosition ?? 'Not specified'}</dd>
        </div>
        <div>
          <dt>Best score</dt>
          <dd>{player.bestScore === null ? '—' : `${Math.min(100, player.bestScore)}%`}</dd>
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
          <dt>Matches</dt>
          <dd>{matchesText(player.matchCounts)}</dd>
        </div>
      </dl>
    </article>
  );
}
