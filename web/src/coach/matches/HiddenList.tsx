import { i18n } from '../../i18n/index.ts';
import { shownScore } from '@app/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../ui/Avatar.tsx';
import { useLinkedMatch, type LinkedMatch } from '../../ui/linkedMatch.ts';
import { LoadError } from '../../ui/states.tsx';
import { useToast } from '../../ui/toast.tsx';
import { FETCH_HIDDEN_FALLBACK, useRequestHidden } from './api/getRequestHidden.ts';
import { useUpdateMatchStatus } from './api/updateMatchStatus.ts';
import { athleteAnswerText, MATCH_TOASTS } from './MatchActions.tsx';
import './match-actions.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

/** A declined athlete of the request (GET /coach/requests/{id}/hidden). */
export interface HiddenEntry {
  athlete: { id: string; name: string; photoUrl: string | null; nationality?: string | null; league?: string | null };
  score: number | null;
  match: { id: string; athleteAnswered?: boolean };
}

/**
 * The collapsible 'Hidden (N)' list, each player with 'Restore to pool' (back to where they were
 * before the coach's decline, M7). A player who declined the match themselves cannot be restored (M6).
 * The ranked list says how many (`count`); the players are read when the list is first opened.
 */
export function HiddenList({ requestId, count }: { requestId: string; count: number }) {
  const linked = useLinkedMatch();
  // Open when a notification's link names a player (an athlete's decline): the list is where it leads.
  const [open, setOpen] = useState(() => linked.linkedId !== null);
  const panelId = useId();
  const hidden = useRequestHidden(requestId, open && count > 0);
  if (count === 0) return null;
  return (
    <section className="hidden-list">
      <h3 className="hidden-list-heading">
        <button type="button" className="hidden-toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          <span className="chevron" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {t('hiddenList.hidden')}
          {count})
        </button>
      </h3>
      <div id={panelId} hidden={!open}>
        {hidden.isPending ? (
          open && (
            <p className="muted hidden-loading" role="status">
              <span className="spinner" aria-hidden="true" /> {t('hiddenList.loading')}
            </p>
          )
        ) : hidden.isError ? (
          <LoadError title={FETCH_HIDDEN_FALLBACK} message={hidden.error.message} onRetry={() => void hidden.refetch()} />
        ) : (
          <ul className="hidden-rows" role="list">
            {hidden.data.hidden.map((entry) => (
              <li key={entry.match.id}>
                <HiddenRow entry={entry} linked={linked} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function HiddenRow({ entry, linked }: { entry: HiddenEntry; linked: LinkedMatch }) {
  const toast = useToast();
  const update = useUpdateMatchStatus();
  const { athlete } = entry;
  const details = [athlete.nationality, athlete.league, entry.score === null ? 'No longer above 70%' : `${shownScore(entry.score).toFixed(1)}%`]
    .filter(Boolean)
    .join(' · ');
  const restore = () => {
    // After the promise, not mutate()'s callbacks: the row leaves this list (unmounts) as the lists refresh.
    void update.mutateAsync({ id: entry.match.id, status: 'pending' }).then(
      () => toast.success(MATCH_TOASTS.restored),
      (error: Error) => toast.error(error.message),
    );
  };
  return (
    <div {...linked.cardProps(entry.match.id, 'hidden-row')}>
      <Avatar name={athlete.name} photoUrl={athlete.photoUrl} size="sm" />
      <div className="hidden-row-text">
        <Link to={`/coach/athletes/${athlete.id}`}>{athlete.name}</Link>
        {details && <span className="muted">{details}</span>}
      </div>
      {entry.match.athleteAnswered ? (
        <span className="match-answered is-declined">{athleteAnswerText('declined')}</span>
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={restore}
          disabled={update.isPending}
          aria-label={t('hiddenList.restoreToPoolName', { name: athlete.name })}
        >
          {update.isPending ? t('hiddenList.restoring') : t('hiddenList.restoreToPool')}
        </button>
      )}
    </div>
  );
}
