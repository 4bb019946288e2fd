import { i18n } from '../../i18n/index.ts';
import { useToast } from '../../ui/toast.tsx';
import { useCreateMatch } from './api/createMatch.ts';
import { useDeclineAthlete } from './api/declineAthlete.ts';
import type { CoachMatch, MatchStatus } from './api/matchMutations.ts';
import { useUpdateMatchStatus } from './api/updateMatchStatus.ts';
import './match-actions.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

export const MATCH_TOASTS = {
  shared: 'Match shared with athlete',
  confirmed: 'Match confirmed',
  hidden: 'Player hidden from this request',
  restored: 'Player restored to your pool',
} as const;

export interface MatchActionsProps {
  requestId: string;
  athleteId: string;
  athleteName: string;
  /** The athlete's match for this request, if any. */
  match: { id: string; status: MatchStatus; athleteAnswered?: boolean } | null;
  /** The match as the server answered a move (the compare dialog shows it before the list is read again). */
  onChange?: (match: CoachMatch) => void;
}

/** Why the coach's buttons are closed once the athlete has answered (decision M6). */
export function athleteAnswerText(status: MatchStatus): string {
  return status === 'declined' ? 'This athlete declined this match' : 'This athlete accepted this match';
}

/**
 * The ⚡️ match and 💣 decline buttons of a match card (spec section 4; decisions M1, M4).
 * ⚡️: no match -> share (pending, or accepted for an auto-accepting athlete); pending -> confirm;
 * disabled once accepted. 💣: hides the player from the request; disabled once declined. Once the
 * athlete has answered, neither is offered (M6).
 */
export function MatchActions({ requestId, athleteId, athleteName, match, onChange }: MatchActionsProps) {
  const toast = useToast();
  const create = useCreateMatch();
  const declineNew = useDeclineAthlete();
  const update = useUpdateMatchStatus();
  const busy = create.isPending || declineNew.isPending || update.isPending;
  const status = match?.status ?? null;
  // M6: the athlete's accept or decline is theirs; the card says so and offers no move.
  if (match?.athleteAnswered) {
    return (
      <p className={`match-answered ${match.status === 'declined' ? 'is-declined' : 'is-accepted'}`} role="note">
        {athleteAnswerText(match.status)}
      </p>
    );
  }

  // The toasts follow the promise, not mutate()'s callbacks: a live update can move the card (and
  // unmount these buttons) before the answer arrives, and mutate()'s callbacks would then never run.
  const failed = (error: Error) => toast.error(error.message);
  const done = (changed: CoachMatch, text: string) => {
    onChange?.(changed);
    toast.success(text);
  };
  const onMatch = () => {
    if (!match) {
      create
        .mutateAsync({ athleteId, requestId })
        .then((created) => done(created, created.status === 'accepted' ? MATCH_TOASTS.confirmed : MATCH_TOASTS.shared), failed);
    } else {
      update.mutateAsync({ id: match.id, status: 'accepted' }).then((confirmed) => done(confirmed, MATCH_TOASTS.confirmed), failed);
    }
  };

  const onDecline = () => {
    const declined = match ? update.mutateAsync({ id: match.id, status: 'declined' }) : declineNew.mutateAsync({ athleteId, requestId });
    declined.then((hidden) => done(hidden, MATCH_TOASTS.hidden), failed);
  };

  return (
    <div className="match-actions" role="group" aria-label={t('matchActions.actionsForAthletename', { athleteName })}>
      <button
        type="button"
        className="btn btn-primary btn-sm match-btn"
        onClick={onMatch}
        disabled={busy || status === 'accepted' || status === 'declined'}
        aria-busy={create.isPending || undefined}
      >
        <span aria-hidden="true">⚡️</span>
        {status === 'accepted' ? (
          t('matchActions.alreadyMatched')
        ) : status === 'pending' ? (
          <>
            {t('matchActions.confirmMatch')} <span className="sr-only">with {athleteName}</span>
          </>
        ) : (
          <>
            Match <span className="sr-only">{athleteName}</span>
          </>
        )}
      </button>
      <button type="button" className="btn btn-outline btn-sm decline-btn" onClick={onDecline} disabled={busy || status === 'declined'}>
        <span aria-hidden="true">💣</span>
        {status === 'declined' ? (
          t('matchActions.matchDeclined')
        ) : (
          <>
            {t('matchActions.decline')} <span className="sr-only">{athleteName}</span>
          </>
        )}
      </button>
    </div>
  );
}
