import { i18n } from '../../i18n/index.ts';
import { shownScore } from '@app/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ThreadLink } from '../../conversations/ThreadLink.tsx';
import { NoteExcerpt } from '../../notes/NoteCard.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import type { MatchState, RankedMatch, SubScores } from './api/getRequestMatches.ts';
import { listState, type ListContext } from './listContext.ts';
import './matches.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

export const SUB_SCORE_LABELS: ReadonlyArray<[keyof SubScores, string]> = [
  ['position', 'Position'],
  ['academics', 'Academics'],
  ['lyfs', 'LYFS'],
  ['region', 'Region'],
  ['budget', 'Budget'],
  ['extras', 'Extras'],
];

/** 86.5 -> '86.5%', 100 -> '100%'. */
export function percent(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}

/**
 * A card's score (decision S14): at most 100%, the raw score (which ranks and passes the 70
 * threshold) in the tooltip and, for screen readers, in words.
 */
export function ScoreValue({ score }: { score: number }) {
  const shown = shownScore(score);
  if (shown === score) return <span className="match-score-value">{percent(score)}</span>;
  return (
    <span className="match-score-value" title={t('matchCard.rawScoreValue0', { value0: percent(score) })}>
      {percent(shown)}
      <span className="sr-only">
        {' '}
        {t('matchCard.rawScore')} {percent(score)})
      </span>
    </span>
  );
}

/** The coach's match with the player, as a badge (spec section 4 labels). */
export function MatchStatusBadges({ match }: { match: MatchState | null }) {
  if (!match) return <span className="badge">{t('matchCard.notSharedYet')}</span>;
  if (match.status === 'accepted') {
    return (
      <>
        <span className="badge badge-success">{t('matchCard.matched')}</span>
        {match.autoResolved && <span className="badge badge-accent">{t('matchCard.autoAccepted')}</span>}
      </>
    );
  }
  if (match.status === 'pending') return <span className="badge badge-warn">{t('matchCard.pendingPlayerResponse')}</span>;
  return <span className="badge badge-danger">{t('matchCard.declined')}</span>;
}

/**
 * One ranked player of a request: who they are, the overall percentage, the six components, why
 * they fit and the coach's own note. `actions` is where the ⚡️ / 💣 buttons go.
 */
export function MatchCard({
  item,
  rank,
  actions,
  minGpa,
  note,
  list,
}: {
  item: RankedMatch;
  rank: number;
  actions?: ReactNode;
  minGpa?: number;
  /** The coach's own note on the player, as an excerpt. */
  note?: { excerpt: string; truncated: boolean };
  /** The list the card is on: its profile can then step through that list. */
  list?: ListContext;
}) {
  const { athlete } = item;
  const nameId = `match-${athlete.id}-name`;
  const facts = [athlete.age !== null ? `${athlete.age} yrs` : null, athlete.nationality, athlete.league ?? 'League not specified'].filter(Boolean);
  return (
    <article className="match-card card" aria-labelledby={nameId}>
      <header className="match-card-head">
        <span className="match-rank">
          <span className="sr-only">{t('matchCard.rank')} </span>
          {rank}
        </span>
        <Avatar name={athlete.name} photoUrl={athlete.photoUrl} size="md" />
        <div className="match-identity">
          <h3 id={nameId} className="match-name">
            {athlete.name}
          </h3>
          <p className="match-facts">{facts.join(' · ')}</p>
        </div>
        <div className="match-tags">
          <MatchStatusBadges match={item.match} />
          <span className="tag">
            {athlete.gpa !== null ? `GPA ${athlete.gpa.toFixed(1)}` : t('matchCard.gpaNA')}
            {minGpa !== undefined && t('matchCard.minValue0', { value0: minGpa.toFixed(1) })}
          </span>
          {athlete.isTransfer && <span className="tag tag-transfer">{t('matchCard.transfer')}</span>}
          {athlete.hasVideo && <span className="tag tag-video">{t('matchCard.video')}</span>}
        </div>
        <p className="match-score">
          <ScoreValue score={item.score} /> <span className="match-score-label">match</span>
        </p>
      </header>

      <dl className="sub-scores">
        {SUB_SCORE_LABELS.map(([key, label]) => (
          <div key={key} className="sub-score">
            <dt>{label}</dt>
            <dd>
              <span className="sub-score-value">{percent(item.subScores[key])}</span>
              <span className="sub-score-bar" aria-hidden="true">
                <span style={{ width: `${Math.max(0, Math.min(100, item.subScores[key]))}%` }} />
              </span>
            </dd>
          </div>
        ))}
      </dl>

      {item.highlights.length > 0 && (
        <ul className="match-highlights">
          {item.highlights.map((h) => (
            <li key={h}>{h}</li>
          ))}
        </ul>
      )}

      {note && <NoteExcerpt note={note} />}

      <footer className="match-card-foot">
        <Link to={`/coach/athletes/${athlete.id}`} state={list && listState(list)} className="match-profile-link">
          {t('matchCard.viewFullProfile')} <span className="sr-only">of {athlete.name}</span>
        </Link>
        {item.match?.status === 'accepted' && <ThreadLink matchId={item.match.id} about={athlete.name} />}
        {actions && <div className="match-card-actions">{actions}</div>}
      </footer>
    </article>
  );
}
