import { i18n } from '../../i18n/index.ts';
import {
  COMPARE_MAX,
  MATCH_THRESHOLD,
  matchListFromParams,
  matchListParams,
  matchListQuerySchema,
  TOP_VIEW_SIZE,
  type MatchFilters,
  type MatchView,
} from '@app/domain';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorNotice, LoadError } from '../../ui/states.tsx';
import { FETCH_MATCHES_FALLBACK, useRequestMatches, type RankedMatch } from './api/getRequestMatches.ts';
import { HiddenList } from './HiddenList.tsx';
import { PhoneFold } from '../../ui/PhoneFold.tsx';
import { CompareDialog, CompareToggle, filtersSummary, ListToolbar, MatchFiltersPanel } from './ListTools.tsx';
import { useMatchFacets } from './api/listTools.ts';
import { matchStateOf } from './api/matchMutations.ts';
import { WhyNot } from './WhyNot.tsx';
import { MatchActions } from './MatchActions.tsx';
import { MatchCard } from './MatchCard.tsx';
import { listedPlayers } from './listContext.ts';
import { useNoteExcerpts } from '../../notes/api.ts';
import { SavedViews } from '../../savedViews/SavedViews.tsx';
import './matches.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

export const VIEW_LABELS: ReadonlyArray<[MatchView, string]> = [
  ['top15', 'Top 15 matches'],
  ['all', 'All by score'],
  ['position', 'Position match priority'],
];

export const EMPTY_POOL_TEXT = "We don't have any completed athlete profiles to compare yet. Check back soon.";
export const NO_MATCHES_TEXT = 'No players reached the 70% threshold for this brief yet.';
export const ALL_HIDDEN_TEXT = 'All matches are currently hidden. Restore a player from the Hidden list to see them here.';
export const COMPUTING_TEXT = 'Scoring athletes against this brief…';
export const NO_FILTERED_TEXT = 'No listed players match these filters.';

/**
 * `params` with the list's view and filters in place of the ones it had, in their fixed order
 * after the request (set, so a bookmark keeps it) and the parameters that are not the list's
 * (?match=), which are kept.
 */
function withMatchList(params: URLSearchParams, requestId: string, view: MatchView, filters: MatchFilters): URLSearchParams {
  const next = new URLSearchParams({ request: requestId });
  for (const [key, value] of params) if (key !== 'request' && !(key in matchListQuerySchema.shape)) next.append(key, value);
  for (const [key, value] of matchListParams(view, filters)) next.append(key, value);
  return next;
}

/** The position view's groups (decision S13), in order. */
function tierOf(m: RankedMatch): string {
  if (m.positionMatch === 'primary') return m.positionExact ? 'Exact position' : 'Same position group';
  return m.positionMatch === 'secondary' ? 'Secondary position' : 'Other';
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
function updatedText(computedAt: string | null): string | null {
  if (!computedAt) return null;
  const seconds = Math.round((new Date(computedAt).getTime() - Date.now()) / 1000);
  if (Number.isNaN(seconds)) return null;
  if (Math.abs(seconds) < 60) return 'Updated just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return `Updated ${relative.format(minutes, 'minute')}`;
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return `Updated ${relative.format(hours, 'hour')}`;
  return `Updated ${relative.format(Math.round(hours / 24), 'day')}`;
}

/**
 * The Matches section of a request (spec section 2, Ongoing Requests): the players ranked for
 * the request, read from the match index, in one of three views (decision S13). While the
 * request is being scored the section says so and refreshes itself until the list is ready.
 * The view and filters live in the address (?view=&position=&…), so a filtered list can be
 * bookmarked, shared and reached with Back/Forward; the rest (the Compare ticks, open boxes) is
 * the request's own: the page renders one section per request (keyed by its id).
 */
export function MatchesSection({
  requestId,
  requestName,
  minGpa,
}: {
  requestId: string;
  /** The request as the printed shortlist names it: "Forward (Men's Team)". */
  requestName: string;
  /** The minimum GPA the request is scored with (S3), named on each card. */ minGpa?: number;
}) {
  const [params, setParams] = useSearchParams();
  const { view, filters } = matchListFromParams(params);
  // A new history entry per change, as the roster's: Back returns to the list as it was. Flushed:
  // the router otherwise renders the new address as a transition, and the chosen radio or option
  // would spring back to the old one until it lands.
  const setList = (nextView: MatchView, nextFilters: MatchFilters) => setParams(withMatchList(params, requestId, nextView, nextFilters), { flushSync: true });
  const setView = (next: MatchView) => setList(next, filters);
  const setFilters = (next: MatchFilters) => setList(view, next);
  // Players ticked for Compare, kept across views and filters (their cards may leave the page).
  const [selected, setSelected] = useState<ReadonlyMap<string, RankedMatch>>(new Map());
  const [comparing, setComparing] = useState(false);
  const matches = useRequestMatches(requestId, view, filters);
  // The coach's notes, one read for every card (a failed read just shows no note lines).
  const notes = useNoteExcerpts('coach');
  const filterCount = Object.values(filters).filter((v) => v !== undefined).length;
  const filtered = filterCount > 0;
  const filtersText = filtersSummary(filters);
  const toggle = (item: RankedMatch, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on && next.size < COMPARE_MAX) next.set(item.athlete.id, item);
      else next.delete(item.athlete.id);
      return next;
    });
  const titleId = useId();

  const pages = matches.data?.pages ?? [];
  const first = pages[0];
  const items = listedPlayers(pages);
  const computing = first?.status === 'computing';
  // How many players the list holds: the unfiltered page's own count; a filtered list's is the
  // facets' total (the same request as the filters' counts; none while it loads or if it failed).
  // top15 says whether more follow, not how many.
  const facets = useMatchFacets(requestId, filters, first?.computedAt ?? null, filtered && view !== 'top15');
  const facetsTotal = facets.isPlaceholderData ? null : (facets.data?.total ?? null);
  const total = view === 'top15' ? null : filtered ? facetsTotal : (first?.total ?? null);
  const switching = matches.isPlaceholderData;

  let content;
  if (matches.isPending) {
    content = <MatchesLoading />;
  } else if (matches.isError && !first) {
    content = <LoadError title={FETCH_MATCHES_FALLBACK} message={matches.error.message} onRetry={() => void matches.refetch()} />;
  } else if (first && first.poolSize === 0) {
    content = <EmptyState title={EMPTY_POOL_TEXT} />;
  } else if (first && items.length === 0) {
    content = computing ? (
      <ComputingState />
    ) : (
      <EmptyState title={filtered ? NO_FILTERED_TEXT : first.hiddenCount > 0 ? ALL_HIDDEN_TEXT : NO_MATCHES_TEXT}>
        {filtered && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setFilters({})}>
            {t('matchesSection.clearFilters')}
          </button>
        )}
      </EmptyState>
    );
  } else {
    content = (
      <>
        <ol className="match-list" aria-busy={switching || undefined} aria-labelledby={titleId}>
          {items.map((item, index) => {
            const tier = view === 'position' ? tierOf(item) : null;
            const previousTier = view === 'position' && index > 0 ? tierOf(items[index - 1]) : null;
            const heading = tier !== null && tier !== previousTier ? tier : null;
            return (
              <li key={item.athlete.id}>
                {heading && <h3 className="match-tier">{heading}</h3>}
                <MatchCard
                  item={item}
                  rank={index + 1}
                  list={{ requestId, view, filters }}
                  minGpa={minGpa}
                  note={notes.data?.get(item.athlete.id)}
                  actions={
                    <>
                      <CompareToggle
                        name={item.athlete.name}
                        checked={selected.has(item.athlete.id)}
                        disabled={selected.size >= COMPARE_MAX}
                        onChange={(on) => toggle(item, on)}
                      />
                      <MatchActions requestId={requestId} athleteId={item.athlete.id} athleteName={item.athlete.name} match={item.match} />
                    </>
                  }
                />
              </li>
            );
          })}
        </ol>
        {matches.hasNextPage && (
          <div className="match-more">
            <button type="button" className="btn btn-outline" onClick={() => void matches.fetchNextPage()} disabled={matches.isFetchingNextPage}>
              {matches.isFetchingNextPage ? t('matchesSection.loadingMore') : t('matchesSection.showMorePlayers')}
            </button>
            <span className="muted">
              {t('matchesSection.showing')} {items.length}
              {total !== null && ` of ${total.toLocaleString('en-US')}`}
            </span>
          </div>
        )}
        {matches.isError && <ErrorNotice>{matches.error.message}</ErrorNotice>}
      </>
    );
  }

  return (
    <section className="card matches-section" aria-labelledby={titleId}>
      <div className="matches-head">
        <h2 id={titleId}>{t('matchesSection.matches')}</h2>
        <fieldset className="view-switch">
          <legend className="sr-only">{t('matchesSection.orderMatchesBy')}</legend>
          {VIEW_LABELS.map(([value, label]) => (
            <label key={value} className={view === value ? 'is-selected' : undefined}>
              <input type="radio" name={`${titleId}-view`} value={value} checked={view === value} onChange={() => setView(value)} />
              {label}
            </label>
          ))}
        </fieldset>
      </div>
      <div className="print-only">
        <p className="print-title">
          {t('matchesSection.shortlistTitle', {
            request: requestName,
            view: VIEW_LABELS.find(([v]) => v === view)?.[1],
            date: new Date().toLocaleDateString('en-US', { dateStyle: 'medium' }),
          })}
        </p>
        {filtersText && <p className="print-filters">{t('matchesSection.shortlistFilters', { filters: filtersText })}</p>}
      </div>
      {first && first.poolSize > 0 && (
        <SavedViews
          role="coach"
          query={matchListParams(view, filters).toString()}
          onOpen={(query) => {
            const saved = matchListFromParams(new URLSearchParams(query));
            setList(saved.view, saved.filters);
          }}
        />
      )}
      {/* One row on a phone: the Filters button, then Download and Print (list-tools.css); the
          filters open under that row. */}
      {first && first.poolSize > 0 && (
        <div className="list-tools-row">
          <PhoneFold label={t('matchesSection.filtersFold', { count: filterCount })}>
            <MatchFiltersPanel requestId={requestId} computedAt={first.computedAt} filters={filters} onChange={setFilters} />
          </PhoneFold>
          {items.length > 0 && (
            <ListToolbar
              requestId={requestId}
              view={view}
              filters={filters}
              selected={selected.size}
              onCompare={() => setComparing(true)}
              onClearSelection={() => setSelected(new Map())}
            />
          )}
        </div>
      )}
      {first && items.length > 0 && (
        <SummaryLine
          shown={items.length}
          total={total}
          topOnly={view === 'top15'}
          hasMore={first.hasMore}
          computing={computing}
          computedAt={first.computedAt}
          filtered={filtered}
        />
      )}
      {content}
      {first && first.hiddenCount > 0 && <HiddenList requestId={requestId} count={first.hiddenCount} />}
      {first && first.poolSize > 0 && <WhyNot requestId={requestId} />}
      {comparing && selected.size > 1 && (
        <CompareDialog
          list={{ requestId, view, filters }}
          // Each player as the list now reads them (a move or an answer since the tick shows); one
          // no longer listed (hidden, or outside the filters) as ticked, with the moves made since.
          items={[...selected.values()].map((ticked) => items.find((item) => item.athlete.id === ticked.athlete.id) ?? ticked)}
          onMatchChange={(changed) =>
            setSelected((current) => {
              const ticked = current.get(changed.athleteId);
              return ticked ? new Map(current).set(changed.athleteId, { ...ticked, match: matchStateOf(changed) }) : current;
            })
          }
          onClose={() => setComparing(false)}
        />
      )}
    </section>
  );
}

function SummaryLine({
  shown,
  total,
  topOnly,
  hasMore,
  computing,
  computedAt,
  filtered,
}: {
  shown: number;
  /** Players in the list; null when not counted (top15) or not known yet (a filtered list's while its facets load). */
  total: number | null;
  /** The top15 view: a single page of the first players. */
  topOnly: boolean;
  hasMore: boolean;
  computing: boolean;
  computedAt: string | null;
  filtered: boolean;
}) {
  const players = (n: number) => (n === 1 ? '1 player' : `${n.toLocaleString('en-US')} players`);
  // Without a count, the players shown are all there are unless more follow.
  const text =
    total !== null
      ? `${players(total)} at ${MATCH_THRESHOLD}% or more`
      : !hasMore
        ? `${players(shown)} at ${MATCH_THRESHOLD}% or more`
        : topOnly
          ? `The top ${TOP_VIEW_SIZE} players at ${MATCH_THRESHOLD}% or more`
          : `Players at ${MATCH_THRESHOLD}% or more`;
  const shownText = filtered ? `${text}, matching the filters` : text;
  return (
    <p className="matches-summary" role="status">
      {computing ? (
        <>
          <span className="spinner" aria-hidden="true" />
          <span>{t('matchesSection.updatingMatches')}</span>
        </>
      ) : (
        <>
          <span>{shownText}</span>
          {updatedText(computedAt) && <span className="muted">{updatedText(computedAt)}</span>}
        </>
      )}
    </p>
  );
}

function ComputingState() {
  return (
    <div className="empty-state matches-computing">
      <span className="spinner spinner-lg" aria-hidden="true" />
      <p className="empty-state-title">{COMPUTING_TEXT}</p>
      <p className="muted">{t('matchesSection.rankedPlayersAppearHereAs')}</p>
    </div>
  );
}

function MatchesLoading() {
  return (
    <div className="match-list" aria-busy="true" role="status">
      <span className="sr-only">{t('matchesSection.loadingMatches')}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="skeleton match-skeleton" />
      ))}
    </div>
  );
}
