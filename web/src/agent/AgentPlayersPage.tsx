import { ATHLETE_POSITIONS, inTermOrder, LEAGUE_LEVELS, MATCH_STATUSES, ROSTER_SORTS, rosterQueryFromParams, shownScore, type RosterSort } from '@app/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { API_BASE } from '../api/client.ts';
import { currentLanguage } from '../i18n/language.ts';
import { referenceLabel } from '../i18n/reference.ts';
import { useNoteExcerpts } from '../notes/api.ts';
import { NoteCard, NoteExcerpt } from '../notes/NoteCard.tsx';
import { SavedViews } from '../savedViews/SavedViews.tsx';
import { Avatar } from '../ui/Avatar.tsx';
import { Modal } from '../ui/Modal.tsx';
import { PhoneFold } from '../ui/PhoneFold.tsx';
import { SearchForm } from '../ui/form.tsx';
import { withParams } from '../ui/searchParams.ts';
import { listText } from '../ui/format.ts';
import { EmptyState, ErrorNotice, LoadError } from '../ui/states.tsx';
import { AgentNav } from './AgentNav.tsx';
import { rosterFallback, useAgentRoster, type RosterPlayer } from './api/getAgentRoster.ts';
import { gpaText, matchesText, percentText } from './labels.ts';
import { playerPath, rosterState } from './rosterLink.ts';
import './agent.css';

/** The filters the URL can carry, in the order of the form. */
const FILTER_KEYS = ['position', 'league', 'profile', 'hasMatches', 'matchStatus'] as const;

function newsText(t: TFunction<'agent'>, news: RosterPlayer['news']): string | null {
  const parts = [
    news.newShares > 0 ? t('players.newShares', { count: news.newShares }) : null,
    news.answered > 0 ? t('players.answers', { count: news.answered }) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * /agent/players: the agency's athletes, searched, filtered, sorted and paged by the server. The
 * whole view lives in the URL (?q=&position=&…&sort=&page=), so it can be bookmarked and shared.
 */
export default function AgentPlayersPage() {
  const { t } = useTranslation('agent');
  const [address, setParams] = useSearchParams();
  // An old bookmark or a hand-edited address: what the roster cannot take is left out, here and in the address bar.
  const params = useMemo(() => rosterQueryFromParams(address), [address]);
  const query = params.toString();
  useEffect(() => {
    if (query !== address.toString()) setParams(params, { replace: true });
  }, [address, params, query, setParams]);
  const roster = useAgentRoster(query);
  // The agent's notes, one read for every card (a failed read just shows no note lines).
  const notes = useNoteExcerpts('agent');
  const page = Number(params.get('page') ?? '1') || 1;
  const filtered = [...FILTER_KEYS, 'q'].some((k) => params.get(k));

  /** Changes some parameters; any change but the page goes back to page 1. */
  function update(changes: Record<string, string | null>) {
    const next = withParams(params, changes);
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  }

  let body;
  if (roster.isPending) {
    body = (
      <p className="muted loading-line" role="status">
        {t('players.loading')}
      </p>
    );
  } else if (roster.isError && !roster.data) {
    body = <LoadError title={t('players.error')} message={roster.error.message || rosterFallback()} onRetry={() => void roster.refetch()} />;
  } else {
    // The page the server answered (while the next one loads, the current one stays on screen).
    const { total, totalCapped, players, pageSize, page: shownPage } = roster.data;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    // A capped count ("1,000+ found") says only that more pages follow while pages come back full.
    const more = totalCapped ? players.length === pageSize : shownPage < pages;
    const at = { page: shownPage, pages };
    const pageOf = totalCapped ? t('players.pageOfMore', at) : t('players.pageOf', at);
    const pageOfCapital = totalCapped ? t('players.pageOfCapitalMore', at) : t('players.pageOfCapital', at);
    body = (
      <>
        {roster.isError && <ErrorNotice>{roster.error.message}</ErrorNotice>}
        <div className="roster-summary">
          <p className="lead" role="status">
            {totalCapped ? t('players.foundMore', { count: total }) : filtered ? t('players.found', { count: total }) : t('players.linked', { count: total })}
            {total > 0 && ' · '}
            {total > 0 && pageOf}
          </p>
          {total > 0 && (
            // The whole view (every page), as the server reads it: the address without the page, in the screen's language.
            <a
              className="btn btn-outline btn-sm"
              href={`${API_BASE}/agent/players/export.csv?${withParams(params, { page: null, lang: currentLanguage() }).toString()}`}
              download
            >
              {t('players.download')}
            </a>
          )}
        </div>
        {players.length === 0 ? (
          <EmptyState title={filtered ? t('players.noResults') : shownPage > 1 ? t('players.emptyPage') : t('players.empty')}>
            {(filtered || shownPage > 1) && (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setParams(new URLSearchParams())}>
                {t('players.showAll')}
              </button>
            )}
          </EmptyState>
        ) : (
          <ul className="roster-grid" role="list" aria-busy={roster.isPlaceholderData || undefined}>
            {players.map((player) => (
              <li key={player.id}>
                <PlayerCard player={player} note={notes.data?.get(player.id)} query={query} />
              </li>
            ))}
          </ul>
        )}
        {total > pageSize && (
          <nav className="roster-pager" aria-label={t('players.pages')}>
            <button type="button" className="btn btn-outline btn-sm" disabled={page <= 1} onClick={() => update({ page: page > 2 ? String(page - 1) : null })}>
              {t('players.previous')}
            </button>
            <span className="muted">{pageOfCapital}</span>
            <button type="button" className="btn btn-outline btn-sm" disabled={!more} onClick={() => update({ page: String(page + 1) })}>
              {t('players.next')}
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
        <p className="eyebrow">{t('players.eyebrow')}</p>
        <h1>{t('players.title')}</h1>
      </header>
      <SavedViews role="agent" query={query} onOpen={(view) => setParams(new URLSearchParams(view))} />
      <RosterFilters params={params} update={update} />
      {body}
    </main>
  );
}

function RosterFilters({ params, update }: { params: URLSearchParams; update: (changes: Record<string, string | null>) => void }) {
  const { t } = useTranslation('agent');
  const id = useId();
  const sortLabels: ReadonlyArray<[RosterSort, string]> = [
    ['news', t('filters.sort.news')],
    ['name', t('filters.sort.name')],
    ['updated', t('filters.sort.updated')],
    ['score', t('filters.sort.score')],
  ];
  const statusLabels: Record<(typeof MATCH_STATUSES)[number], string> = {
    pending: t('filters.status.pending'),
    accepted: t('filters.status.accepted'),
    declined: t('filters.status.declined'),
  };
  const select = (key: string, label: string, options: ReadonlyArray<[string, string]>, anyLabel = t('any')) => (
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
  // How many of the folded choices differ from the roster's first screen (any filter, another order).
  const sort = params.get('sort');
  const changed = FILTER_KEYS.filter((key) => params.get(key)).length + (sort && sort !== ROSTER_SORTS[0] ? 1 : 0);
  return (
    <section className="card roster-tools" aria-label={t('filters.label')}>
      <SearchForm
        label={t('filters.searchByName')}
        placeholder={t('filters.searchPlaceholder')}
        submitLabel={t('filters.search')}
        value={params.get('q') ?? ''}
        onSearch={(q) => update({ q })}
      />
      <PhoneFold label={t('filters.fold', { count: changed })}>
        <div className="roster-filters">
          {select(
            'position',
            t('facts.position'),
            ATHLETE_POSITIONS.map((p) => [p, referenceLabel('positions', p)]),
          )}
          {select(
            'league',
            t('facts.league'),
            LEAGUE_LEVELS.map((l) => [l.value, l.label]),
          )}
          {select('profile', t('filters.profile'), [
            ['complete', t('filters.complete')],
            ['incomplete', t('filters.inProgress')],
          ])}
          {select('hasMatches', t('filters.matches'), [
            ['yes', t('filters.hasMatches')],
            ['no', t('filters.noMatches')],
          ])}
          {select(
            'matchStatus',
            t('filters.matchStatus'),
            MATCH_STATUSES.map((s) => [s, statusLabels[s]]),
          )}
          {select('sort', t('filters.sortBy'), sortLabels, '')}
        </div>
      </PhoneFold>
    </section>
  );
}

/** One athlete of the roster; the name opens their page, which leads back to the roster as it is (`query`). */
function PlayerCard({ player, note, query }: { player: RosterPlayer; note?: { excerpt: string; truncated: boolean }; query: string }) {
  const { t } = useTranslation('agent');
  const common = useTranslation().t;
  const [editingNote, setEditingNote] = useState(false);
  const news = newsText(t, player.news);
  const position = player.primaryPosition ? referenceLabel('positions', player.primaryPosition) : null;
  const gpa = gpaText(player.gpa, t('notAvailable'));
  const bestScore = player.bestScore === null ? null : percentText(shownScore(player.bestScore));
  // The phone's line holds the best score too: the roster can be sorted by it.
  const compact = [position, player.leagueLevelLabel, `${t('facts.gpa')} ${gpa}`, bestScore && `${t('players.bestScore')} ${bestScore}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <article className="card roster-card" aria-labelledby={`roster-${player.id}`}>
      <div className="roster-card-head">
        <Avatar name={player.fullName} photoUrl={player.profilePhotoUrl} size="md" />
        <div>
          <h2 id={`roster-${player.id}`} className="roster-name">
            <Link to={playerPath(player.id)} state={rosterState(query)} className="player-link">
              {player.fullName}
            </Link>
          </h2>
          <div className="roster-badges">
            {player.profileCompleted ? (
              <span className="badge badge-success">{t('players.profileComplete')}</span>
            ) : (
              <span className="badge badge-warn">{t('players.profileInProgress')}</span>
            )}
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
          <dt>{t('facts.gpa')}</dt>
          <dd>{gpa}</dd>
        </div>
        <div>
          <dt>{t('facts.league')}</dt>
          <dd>{player.leagueLevelLabel ?? t('notSpecified')}</dd>
        </div>
        <div>
          <dt>{t('facts.position')}</dt>
          <dd>{position ?? t('notSpecified')}</dd>
        </div>
        <div>
          <dt>{t('players.bestScore')}</dt>
          <dd>{bestScore ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('players.targetStart')}</dt>
          <dd>
            {listText(
              inTermOrder(player.targetStartTerms).map((term) => referenceLabel('terms', term)),
              t('notSpecified'),
            )}
          </dd>
        </div>
        <div>
          <dt>{t('facts.age')}</dt>
          <dd>{player.age ?? '—'}</dd>
        </div>
        <div className="span-2">
          <dt>{t('filters.matches')}</dt>
          <dd>{matchesText(player.matchCounts)}</dd>
        </div>
      </dl>
      {note && <NoteExcerpt note={note} />}
      <div className="roster-card-actions">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setEditingNote(true)}
          aria-label={common('notes.openFor', { name: player.fullName })}
        >
          {common('notes.open')}
        </button>
      </div>
      {editingNote && (
        <Modal title={common('notes.openFor', { name: player.fullName })} onClose={() => setEditingNote(false)}>
          <NoteCard role="agent" athleteId={player.id} bare onSaved={() => setEditingNote(false)} />
        </Modal>
      )}
    </article>
  );
}
