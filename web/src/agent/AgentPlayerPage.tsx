import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { CompletionBadge } from '../athlete/CompletionBadge.tsx';
import { ProfileDetails, profileHeadline } from '../athlete/ProfileDetails.tsx';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { NoteCard } from '../notes/NoteCard.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { formatNumber } from '../ui/format.ts';
import { useLinkedMatch } from '../ui/linkedMatch.ts';
import { ListStepper, type ListStep } from '../ui/ListStepper.tsx';
import { withParams } from '../ui/searchParams.ts';
import { EmptyState, LoadError, PageLoading } from '../ui/states.tsx';
import { AgentNav } from './AgentNav.tsx';
import { useAgentAthlete } from './api/getAgentAthlete.ts';
import { useAgentRoster, type RosterPlayer } from './api/getAgentRoster.ts';
import type { AgentAthlete } from './api/workspaceTypes.ts';
import { HubMatchCard } from './ConversationHub.tsx';
import { hubGroups } from './labels.ts';
import { playerPath, rosterPathFrom, rosterQueryFrom, rosterState } from './rosterLink.ts';
import './agent.css';
import '../athlete/athlete.css';

/**
 * /agent/players/:athleteId: one of the agency's athletes in full (complete or not): the profile as
 * the athlete reads it, the agent's private note, and the matches coaches shared with them. Opened
 * from the roster, its Back link returns to the roster as it was (search, filters, page).
 */
export default function AgentPlayerPage() {
  const { t } = useTranslation('agent');
  const { athleteId = '' } = useParams();
  const athlete = useAgentAthlete(athleteId);
  const state: unknown = useLocation().state;
  const roster = rosterPathFrom(state);
  const rosterQuery = rosterQueryFrom(state);
  useDocumentTitle(athlete.data?.player.fullName ?? t('player.title'));

  let body;
  if (athlete.isPending) body = <PageLoading label={t('player.loading')} />;
  else if (athlete.isError) {
    body =
      athlete.error instanceof ApiError && athlete.error.status === 404 ? (
        <LoadError title={t('player.notFound')} message={t('player.notFoundHint')}>
          <p>
            <Link to="/agent/players">{t('player.seeRoster')}</Link>
          </p>
        </LoadError>
      ) : (
        <LoadError title={t('player.error')} message={athlete.error.message} onRetry={() => void athlete.refetch()} />
      );
  } else {
    // Keyed: another player's page starts afresh (the note editor's text).
    body = <Player key={athlete.data.player.id} data={athlete.data} />;
  }

  return (
    <main id="main" className="page container agent-page athlete-page agent-player-page" aria-busy={athlete.isPending}>
      <AgentNav />
      <div className="page-bar">
        <Link to={roster} className="btn btn-ghost btn-sm">
          <span aria-hidden="true">←</span> {t('player.backToRoster')}
        </Link>
        {rosterQuery !== null && <RosterStepper query={rosterQuery} athleteId={athleteId} />}
      </div>
      {body}
    </main>
  );
}

/**
 * Opened from the roster: the previous and next players of the roster as it was on screen, and
 * where this one stands in the whole view. The page already read is not read again; past its
 * first or last player, the page before or after is read, and Back to roster then returns to it.
 */
function RosterStepper({ query, athleteId }: { query: string; athleteId: string }) {
  const { t } = useTranslation('agent');
  const here = useAgentRoster(query, { enabled: true }).data;
  const players = here?.players ?? [];
  const place = players.findIndex((player) => player.id === athleteId);
  const page = here?.page ?? 1;
  const more = here !== undefined && (here.totalCapped ? players.length === here.pageSize : page * here.pageSize < here.total);
  const params = new URLSearchParams(query);
  const before = withParams(params, { page: page > 2 ? String(page - 1) : null }).toString();
  const after = withParams(params, { page: String(page + 1) }).toString();
  const pageBefore = useAgentRoster(before, { enabled: place === 0 && page > 1 }).data;
  const pageAfter = useAgentRoster(after, { enabled: place >= 0 && place === players.length - 1 && more }).data;
  if (!here || place < 0) return null;

  // A neighbour on this page, else the last of the page before or the first of the page after (whose query it then carries).
  const [onThisPageBefore, onThisPageAfter] = [place > 0, place < players.length - 1];
  const previousOne = onThisPageBefore ? players[place - 1] : pageBefore?.players.at(-1);
  const nextOne = onThisPageAfter ? players[place + 1] : pageAfter?.players[0];
  const stepTo = (player: RosterPlayer, pageQuery: string, word: string, name: string): ListStep => ({
    to: playerPath(player.id),
    state: rosterState(pageQuery),
    word,
    name,
  });
  const previous =
    previousOne && stepTo(previousOne, onThisPageBefore ? query : before, t('player.previous'), t('player.previousName', { name: previousOne.fullName }));
  const next = nextOne && stepTo(nextOne, onThisPageAfter ? query : after, t('player.next'), t('player.nextName', { name: nextOne.fullName }));
  const values = { place: (page - 1) * here.pageSize + place + 1, count: here.total };
  return (
    <ListStepper
      label={t('player.playersOfRoster')}
      place={here.totalCapped ? t('player.placeMore', values) : t('player.place', values)}
      previous={previous}
      next={next}
    />
  );
}

function Player({ data: { player: p, matches } }: { data: AgentAthlete }) {
  const { t } = useTranslation('agent');
  return (
    <>
      <header className="profile-hero card">
        <Avatar name={p.fullName} photoUrl={p.profilePhotoUrl} size="xl" />
        <div className="profile-hero-body">
          <p className="eyebrow">{t('player.title')}</p>
          <h1>{p.fullName}</h1>
          <p className="muted">{profileHeadline(p) || t('roster.detailsPending')}</p>
          <CompletionBadge complete={p.profileCompleted} />
        </div>
      </header>

      {!p.profileCompleted && (
        <div className="notice notice-warn" role="note">
          {t('player.inProgress', { name: p.fullName })}
        </div>
      )}

      <NoteCard role="agent" athleteId={p.id} />
      <ProfileDetails profile={p} />
      <PlayerMatches matches={matches} />
    </>
  );
}

/** The matches coaches shared with the player, as the hub shows them, in the server's order (the latest change first). */
function PlayerMatches({ matches }: { matches: AgentAthlete['matches'] }) {
  const { t } = useTranslation('agent');
  const linked = useLinkedMatch();
  const groups = new Map(hubGroups().map((group) => [group.status, group]));
  return (
    <section aria-labelledby="player-matches-title" className="agent-player-matches">
      <h2 id="player-matches-title">
        {t('player.matches')} <span className="count">({formatNumber(matches.length)})</span>
      </h2>
      {matches.length === 0 ? (
        <EmptyState title={t('player.noMatches')} />
      ) : (
        <ul className="hub-list" role="list">
          {matches.map((match) => {
            const group = groups.get(match.status)!;
            return (
              <li key={match.id}>
                <HubMatchCard match={match} badge={group.badge} badgeClass={group.badgeClass} linked={linked} onPlayerPage />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
