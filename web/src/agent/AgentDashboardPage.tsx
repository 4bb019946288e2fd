import { DASHBOARD_ROSTER_QUERY, rosterQueryFromParams, type MatchStatus } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Avatar } from '../ui/Avatar.tsx';
import { formatNumber } from '../ui/format.ts';
import { EmptyState, LoadError } from '../ui/states.tsx';
import { AgentNav } from './AgentNav.tsx';
import { useAgentDashboard } from './api/getAgentDashboard.ts';
import { useAgentMatches } from './api/getAgentMatches.ts';
import { ConversationHub } from './ConversationHub.tsx';
import { agentDisplayName } from './labels.ts';
import { RosterCard } from './RosterCard.tsx';
import { rosterState } from './rosterLink.ts';
import './agent.css';

type View = 'roster' | 'hub';

/** The roster the preview is the first screen of, as its address reads it: a player opened from the preview steps on through it. */
const PREVIEW_ROSTER_QUERY = rosterQueryFromParams(new URLSearchParams(DASHBOARD_ROSTER_QUERY)).toString();

/**
 * /agent-dashboard: welcome, match totals, and the roster or the conversation hub. The totals and
 * the preview's counts come with the dashboard; the hub (about 100 KB at a large agency) is read
 * only when it is shown.
 */
export default function AgentDashboardPage() {
  const { t } = useTranslation('agent');
  const dashboard = useAgentDashboard();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'hub' ? 'hub' : 'roster';
  const show = (next: View) => setParams(next === 'hub' ? { view: 'hub' } : {}, { replace: true });

  if (dashboard.isPending) {
    return (
      <main id="main" className="page container agent-page" aria-busy="true">
        <p className="muted loading-line" role="status">
          {t('dashboard.loading')}
        </p>
      </main>
    );
  }
  if (dashboard.isError) {
    return (
      <main id="main" className="page container agent-page">
        <LoadError title={t('dashboard.error')} message={dashboard.error.message || t('dashboard.errorHint')} onRetry={() => void dashboard.refetch()} />
      </main>
    );
  }

  // `players` is a preview (the roster's first screen); the counts are the agency's.
  const { agent, playerCount, completedCount, players, matchStats: stats } = dashboard.data;
  const inProgress = playerCount - completedCount;

  return (
    <main id="main" className="page container agent-page">
      <AgentNav />
      <section className="card agent-welcome" aria-labelledby="agent-welcome-title">
        <Avatar name={agentDisplayName(agent)} photoUrl={agent.profilePhotoUrl} size="lg" />
        <div className="agent-welcome-body">
          <p className="eyebrow">{t('dashboard.eyebrow', { agency: agent.agency })}</p>
          <h1 id="agent-welcome-title">{t('dashboard.welcome', { name: agentDisplayName(agent) })}</h1>
          <p className="agent-welcome-meta">
            <span>
              <strong>{t('dashboard.players', { count: playerCount })}</strong> {t('dashboard.linkedTo', { agency: agent.agency, count: playerCount })}
            </span>
            {agent.agencyUrl && (
              <a href={agent.agencyUrl} target="_blank" rel="noopener noreferrer">
                {t('dashboard.visitSite', { agency: agent.agency })}
                <span className="sr-only"> {t('opensInNewTab')}</span> ↗
              </a>
            )}
          </p>
          <p className="summary-line">
            <StatusCount status="accepted" count={stats.byStatus.accepted} word={t('counts.matched', { count: stats.byStatus.accepted })} />
            <span className="sep" aria-hidden="true">
              /
            </span>
            <StatusCount status="pending" count={stats.byStatus.pending} word={t('counts.pending', { count: stats.byStatus.pending })} />
            <span className="sep" aria-hidden="true">
              /
            </span>
            <StatusCount status="declined" count={stats.byStatus.declined} word={t('counts.declined', { count: stats.byStatus.declined })} />
          </p>
        </div>
      </section>

      <div className="quick-actions" role="group" aria-label={t('dashboard.chooseView')}>
        <button type="button" className="quick-action card" aria-pressed={view === 'roster'} aria-controls="agent-view" onClick={() => show('roster')}>
          <span className="quick-action-icon" aria-hidden="true">
            <RosterIcon />
          </span>
          <span>
            <span className="quick-action-title">{t('dashboard.roster')}</span>
            <span className="quick-action-text">{t('dashboard.rosterText', { count: completedCount })}</span>
          </span>
        </button>
        <button type="button" className="quick-action card" aria-pressed={view === 'hub'} aria-controls="agent-view" onClick={() => show('hub')}>
          <span className="quick-action-icon" aria-hidden="true">
            <ChatIcon />
          </span>
          <span>
            <span className="quick-action-title">{t('dashboard.hub')}</span>
            <span className="quick-action-text">{t('dashboard.hubText', { count: stats.total })}</span>
          </span>
        </button>
      </div>

      <section id="agent-view" aria-labelledby="agent-view-title" className="agent-view">
        {view === 'roster' ? (
          <>
            <div className="agent-view-header">
              <h2 id="agent-view-title">{t('dashboard.roster')}</h2>
              <Link to="/agent/players">{t('dashboard.fullRoster')}</Link>
            </div>
            {inProgress > 0 && completedCount > 0 && <p className="muted">{t('dashboard.stillCompleting', { count: inProgress })}</p>}
            {players.length === 0 ? (
              <EmptyState title={t('dashboard.rosterEmpty')} />
            ) : (
              <ul className="roster-grid" role="list">
                {players.map((player) => (
                  <li key={player.id}>
                    <RosterCard player={player} counts={player.matchCounts} linkState={rosterState(PREVIEW_ROSTER_QUERY)} />
                  </li>
                ))}
              </ul>
            )}
            {completedCount > players.length && (
              <p className="roster-preview-more">
                {t('dashboard.previewOf', { shown: players.length, count: completedCount })} <Link to="/agent/players">{t('dashboard.fullRoster')}</Link>
              </p>
            )}
          </>
        ) : (
          <>
            <div className="agent-view-header">
              <h2 id="agent-view-title">{t('dashboard.hub')}</h2>
            </div>
            <HubView />
          </>
        )}
      </section>
    </main>
  );
}

/** The conversation hub, read when it is shown (its own loading and error states). */
function HubView() {
  const { t } = useTranslation('agent');
  const matches = useAgentMatches();
  if (matches.isPending) {
    return (
      <p className="muted loading-line" role="status" aria-busy="true">
        {t('hub.loading')}
      </p>
    );
  }
  if (matches.isError)
    return <LoadError title={t('hub.error')} message={matches.error.message || t('dashboard.errorHint')} onRetry={() => void matches.refetch()} />;
  return <ConversationHub matches={matches.data.matches} counts={matches.data.stats.byStatus} />;
}

function RosterIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="9" cy="8" r="3.2" />
      <path d="M3 19c.6-3.2 3-5 6-5s5.4 1.8 6 5" />
      <circle cx="17" cy="9" r="2.4" />
      <path d="M16.5 14.2c2.3.2 4 1.7 4.5 4.3" />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 5h16v10H9l-5 4z" />
      <path d="M8 9h8M8 12h5" />
    </svg>
  );
}

/** One status's count of the agency's matches; when there are some, a link to the roster narrowed to the players with a match of that status. */
function StatusCount({ status, count, word }: { status: MatchStatus; count: number; word: string }) {
  const { t } = useTranslation('agent');
  const text = `${formatNumber(count)} ${word}`;
  return (
    <span>
      <span className={`dot dot-${status}`} aria-hidden="true" />{' '}
      {count === 0 ? (
        text
      ) : (
        <Link to={`/agent/players?matchStatus=${status}`} title={t('counts.players', { status })}>
          {text}
        </Link>
      )}
    </span>
  );
}
