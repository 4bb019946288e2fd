import { i18n } from '../../i18n/index.ts';
import { COMPARE_MAX, COMPARE_MIN, GPA_FILTER_STEPS, MATCH_FILTER_KEYS, resolveLeague, shownScore, type MatchFilters, type MatchView } from '@app/domain';
import { useQueries } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getCoachAthlete, coachAthleteKey } from '../api/getAthlete.ts';
import { getNote, noteKey } from '../../notes/api.ts';
import { Modal } from '../../ui/Modal.tsx';
import type { RankedMatch } from './api/getRequestMatches.ts';
import type { CoachMatch } from './api/matchMutations.ts';
import { listState, type ListContext } from './listContext.ts';
import { exportHref, useMatchFacets } from './api/listTools.ts';
import { MatchActions } from './MatchActions.tsx';
import { MatchStatusBadges, percent, SUB_SCORE_LABELS } from './MatchCard.tsx';
import './list-tools.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

const STATUS_OPTIONS: ReadonlyArray<[NonNullable<MatchFilters['status']>, string]> = [
  ['not-shared', 'Not shared yet'],
  ['pending', 'Pending'],
  ['accepted', 'Matched'],
];

/** Each filter's name, on its select and in the printed shortlist's summary. */
const FILTER_LABELS: Record<keyof MatchFilters, string> = {
  position: 'Position',
  nationality: 'Nationality',
  league: 'League',
  minGpa: 'GPA at least',
  hasVideo: 'Video',
  status: 'Match status',
};
const VIDEO_TEXT: Record<NonNullable<MatchFilters['hasVideo']>, string> = { yes: 'Has video', no: 'No video' };

/**
 * The filters set, as the printed shortlist names them ("Nationality: Chile · GPA at least: 3.0 ·
 * Has video"), or null when none is: on paper, "matching the filters" has no panel beside it.
 */
export function filtersSummary(filters: MatchFilters): string | null {
  const { league, minGpa, hasVideo, status } = filters;
  const values: Record<keyof MatchFilters, string | undefined> = {
    position: filters.position,
    nationality: filters.nationality,
    league: league && (resolveLeague(league)?.label ?? league),
    minGpa: minGpa?.toFixed(1),
    hasVideo: undefined,
    status: status && STATUS_OPTIONS.find(([value]) => value === status)?.[1],
  };
  const parts = MATCH_FILTER_KEYS.flatMap((key) => (values[key] === undefined ? [] : [`${FILTER_LABELS[key]}: ${values[key]}`]));
  // "Video: Has video" would say it twice.
  if (hasVideo) parts.push(VIDEO_TEXT[hasVideo]);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * The filters of a request's list (issue 18): each choice shows how many listed players it would
 * show with the other filters as they are.
 * The list is filtered by the server, in the view's order.
 */
export function MatchFiltersPanel({
  requestId,
  computedAt,
  filters,
  onChange,
}: {
  requestId: string;
  /** When the list on screen was computed (its page's `computedAt`): the counts follow it. */
  computedAt: string | null;
  filters: MatchFilters;
  onChange: (filters: MatchFilters) => void;
}) {
  const id = useId();
  const facets = useMatchFacets(requestId, filters, computedAt);
  const f = facets.data;
  const set = <K extends keyof MatchFilters>(key: K, value: string) => {
    const next = { ...filters };
    if (value === '') delete next[key];
    else next[key] = (key === 'minGpa' ? Number(value) : value) as MatchFilters[K];
    onChange(next);
  };
  const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${count})`);
  const select = (key: keyof MatchFilters, label: string, options: ReadonlyArray<[string, string]>) => (
    <div className="list-filter">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select
        id={`${id}-${key}`}
        className="input select"
        value={filters[key] === undefined ? '' : String(filters[key])}
        onChange={(e) => set(key, e.target.value)}
      >
        <option value="">{t('listTools.any')}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
        {/* A value set from elsewhere (e.g. with no player any more) stays selectable. */}
        {filters[key] !== undefined && !options.some(([value]) => value === String(filters[key])) && (
          <option value={String(filters[key])}>{String(filters[key])} (0)</option>
        )}
      </select>
    </div>
  );
  const active = Object.values(filters).some((v) => v !== undefined);
  return (
    <fieldset className="list-filters" aria-describedby={facets.isError ? `${id}-error` : undefined}>
      <legend className="sr-only">{t('listTools.filterPlayers')}</legend>
      {select(
        'position',
        FILTER_LABELS.position,
        (f?.position ?? []).map((o) => [o.value, counted(o.value, o.count)]),
      )}
      {select(
        'nationality',
        FILTER_LABELS.nationality,
        (f?.nationality ?? []).map((o) => [o.value, counted(o.value, o.count)]),
      )}
      {select(
        'league',
        FILTER_LABELS.league,
        (f?.league ?? []).map((o) => [o.value, counted(o.label, o.count)]),
      )}
      {select(
        'minGpa',
        FILTER_LABELS.minGpa,
        GPA_FILTER_STEPS.map((step) => [String(step), counted(step.toFixed(1), f?.gpaAtLeast.find((g) => g.value === step)?.count)]),
      )}
      {select('hasVideo', FILTER_LABELS.hasVideo, [
        ['yes', counted(VIDEO_TEXT.yes, f?.hasVideo.yes)],
        ['no', counted(VIDEO_TEXT.no, f?.hasVideo.no)],
      ])}
      {select(
        'status',
        FILTER_LABELS.status,
        STATUS_OPTIONS.map(([value, label]) => [value, counted(label, f?.status[value])]),
      )}
      {active && (
        <button type="button" className="btn btn-ghost btn-sm list-filters-clear" onClick={() => onChange({})}>
          {t('listTools.clearFilters')}
        </button>
      )}
      {facets.isError && (
        <p id={`${id}-error`} className="field-hint">
          {t('listTools.countsAreUnavailableRightNow')}
        </p>
      )}
    </fieldset>
  );
}

/** Export, print and compare: the list as it is on screen, taken out of the product. */
export function ListToolbar({
  requestId,
  view,
  filters,
  selected,
  onCompare,
  onClearSelection,
}: {
  requestId: string;
  view: MatchView;
  filters: MatchFilters;
  selected: number;
  onCompare: () => void;
  onClearSelection: () => void;
}) {
  const canCompare = selected >= COMPARE_MIN && selected <= COMPARE_MAX;
  return (
    <div className="list-toolbar">
      {/* A phone shows the short words, to keep the Filters button in their row; the names stay whole. */}
      <a className="btn btn-outline btn-sm" href={exportHref(requestId, view, filters)} download aria-label={t('listTools.downloadCsv')}>
        <span className="wide-label">{t('listTools.downloadCsv')}</span>
        <span className="phone-label">{t('listTools.downloadCsvShort')}</span>
      </a>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => window.print()} aria-label={t('listTools.printShortlist')}>
        <span className="wide-label">{t('listTools.printShortlist')}</span>
        <span className="phone-label">{t('listTools.printShort')}</span>
      </button>
      {/* Once a player is ticked, the compare controls float at the foot of the screen: the boxes are
          ticked far down a long list. Untouched, a phone shows none of them (each card has its
          Compare box): the hint stays for screen readers, the live region that says what is ticked. */}
      <span className={selected > 0 ? 'list-toolbar-compare is-floating' : 'list-toolbar-compare'}>
        <button
          type="button"
          className={selected > 0 ? 'btn btn-primary btn-sm' : 'btn btn-primary btn-sm compare-untouched'}
          disabled={!canCompare}
          onClick={onCompare}
          aria-describedby="compare-hint"
        >
          {t('listTools.compare')}
          {selected > 0 ? ` (${selected})` : ''}
        </button>
        <span id="compare-hint" className={selected > 0 ? 'muted' : 'muted phone-sr-only'} aria-live="polite">
          {selected === 0
            ? t('listTools.tickCompareMinCompareMax', { COMPARE_MIN, COMPARE_MAX })
            : selected < COMPARE_MIN
              ? t('listTools.tickOneMorePlayer')
              : t('listTools.selectedOfCompareMaxSelected', { selected, COMPARE_MAX })}
        </span>
        {selected > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClearSelection}>
            {t('listTools.clear')}
          </button>
        )}
      </span>
    </div>
  );
}

/** The compare tick box of a card. At most COMPARE_MAX players: further boxes are disabled. */
export function CompareToggle({
  name,
  checked,
  disabled,
  onChange,
}: {
  name: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="compare-toggle">
      <input type="checkbox" checked={checked} disabled={disabled && !checked} onChange={(e) => onChange(e.target.checked)} />
      {t('listTools.compare')} <span className="sr-only">{name}</span>
    </label>
  );
}

/** 2–4 players side by side: score, sub-scores, key facts and video links. */
export function CompareDialog({
  list,
  items,
  onMatchChange,
  onClose,
}: {
  /** The list the players were ticked in: their profiles open in it (its steps, its Match and Decline). */
  list: ListContext;
  items: RankedMatch[];
  /** A move made in the dialog, as the server answered it. */
  onMatchChange: (match: CoachMatch) => void;
  onClose: () => void;
}) {
  // The video link is on the full profile (the list carries only whether there is one).
  const profiles = useQueries({
    queries: items.map((item) => ({ queryKey: coachAthleteKey(item.athlete.id), queryFn: () => getCoachAthlete(item.athlete.id) })),
  });
  const notes = useQueries({
    queries: items.map((item) => ({
      queryKey: noteKey('coach', item.athlete.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getNote('coach', item.athlete.id, signal),
    })),
  });
  const rows: Array<[string, (item: RankedMatch, index: number) => ReactNode]> = [
    ['Score', (item) => <strong>{percent(shownScore(item.score))}</strong>],
    ...SUB_SCORE_LABELS.map(([key, label]): [string, (item: RankedMatch) => ReactNode] => [label, (item) => percent(item.subScores[key])]),
    // Not 'Position': that is the sub-score's row above.
    ['Primary position', (item) => item.athlete.primaryPosition ?? '—'],
    ['Age', (item) => item.athlete.age ?? '—'],
    ['Nationality', (item) => item.athlete.nationality ?? '—'],
    ['League', (item) => item.athlete.league ?? '—'],
    ['GPA', (item) => (item.athlete.gpa !== null ? item.athlete.gpa.toFixed(1) : 'N/A')],
    ['Transfer', (item) => (item.athlete.isTransfer ? 'Yes' : 'No')],
    ['Status', (item) => <MatchStatusBadges match={item.match} />],
    [
      'Video',
      (item, i) => {
        const profile = profiles[i];
        if (!item.athlete.hasVideo) return 'None';
        if (profile?.isPending) return <span className="muted">{t('listTools.loading')}</span>;
        const url = profile?.data?.highlightVideoUrl;
        return url ? (
          <a href={url} target="_blank" rel="noopener noreferrer">
            {t('listTools.watch')}{' '}
            <span className="sr-only">
              {item.athlete.name}
              {t('listTools.sVideo')}
            </span>{' '}
            {t('listTools.opensInANewTab')}
          </a>
        ) : (
          <span className="muted">{t('listTools.unavailable')}</span>
        );
      },
    ],
    [
      t('listTools.yourNote'),
      (_item, i) => {
        const note = notes[i];
        if (note?.isPending) return <span className="muted">{t('listTools.loading')}</span>;
        if (note?.isError) return <span className="muted">{t('listTools.unavailable')}</span>;
        return note?.data?.note ? <span className="compare-note">{note.data.note.body}</span> : <span className="muted">{t('listTools.noNote')}</span>;
      },
    ],
    // The decision the comparison is for, made here: the card's own Match and Decline.
    [
      'Actions',
      (item) => (
        <MatchActions requestId={list.requestId} athleteId={item.athlete.id} athleteName={item.athlete.name} match={item.match} onChange={onMatchChange} />
      ),
    ],
    [
      'Profile',
      (item) => (
        <Link to={`/coach/athletes/${item.athlete.id}`} state={listState(list)}>
          {t('listTools.viewFullProfile')} <span className="sr-only">of {item.athlete.name}</span>
        </Link>
      ),
    ],
  ];
  return (
    <Modal title={t('listTools.comparePlayers')} onClose={onClose} size="lg">
      <div className="compare-scroll" tabIndex={0} role="region" aria-label={t('listTools.playersSideBySide')}>
        <table className="compare-table">
          <thead>
            <tr>
              <td />
              {items.map((item) => (
                <th key={item.athlete.id} scope="col">
                  {item.athlete.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {items.map((item, i) => (
                  <td key={item.athlete.id}>{cell(item, i)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Modal>
  );
}
