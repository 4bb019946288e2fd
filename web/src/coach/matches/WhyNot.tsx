import { i18n } from '../../i18n/index.ts';
import { MATCH_THRESHOLD, shownScore } from '@app/domain';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SearchInput } from '../../ui/form.tsx';
import { LoadError } from '../../ui/states.tsx';
import { useAthleteSearch, useExplain } from './api/listTools.ts';
import { percent, SUB_SCORE_LABELS } from './MatchCard.tsx';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

const STATUS_NOTE = {
  declined: 'You declined this player: they are under Hidden.',
  pending: 'Shared with the player (pending).',
  accepted: 'Matched.',
} as const;

/**
 * "Why not?": the coach looks a completed athlete up by name and reads why they are (not) on the
 * list, as the scoring computes it: the exclusion rule with its value, or the score and its gaps.
 */
export function WhyNot({ requestId }: { requestId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [athleteId, setAthleteId] = useState<string | null>(null);
  const search = useAthleteSearch(requestId, query);
  const explain = useExplain(requestId, athleteId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAthleteId(null);
    setQuery(text.trim());
  };
  const tooShort = query !== '' && query.length < 2;
  // The answer comes under the list of names found: on a phone, out of sight. Brought into view
  // once it is there (`nearest`: a page where it already shows does not move).
  const answerRef = useRef<HTMLDivElement>(null);
  const answered = explain.data !== undefined || explain.isError;
  useEffect(() => {
    if (athleteId && answered) answerRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [athleteId, answered]);

  return (
    <details className="why-not">
      <summary>{t('whyNot.whyIsnTAPlayer')}</summary>
      <form className="why-not-search" role="search" onSubmit={submit}>
        <label htmlFor={`${id}-q`}>{t('whyNot.playerName')}</label>
        <div className="why-not-row">
          <SearchInput id={`${id}-q`} value={text} onChange={setText} aria-describedby={`${id}-hint`} />
          <button type="submit" className="btn btn-outline btn-sm">
            {t('whyNot.lookUp')}
          </button>
        </div>
        <p id={`${id}-hint`} className="field-hint">
          {t('whyNot.onlyPlayersWithAComplete')}
        </p>
      </form>
      {tooShort && (
        <p className="field-error" role="alert">
          {t('whyNot.typeAtLeast2Letters')}
        </p>
      )}
      {search.isFetching && (
        <p className="muted" role="status">
          {t('whyNot.searching')}
        </p>
      )}
      {search.isError && <LoadError title={t('whyNot.theSearchDidNotWork')} message={search.error.message} />}
      {search.data && search.data.athletes.length === 0 && <p role="status">{t('whyNot.noPlayerWithAComplete')}</p>}
      {search.data && search.data.athletes.length > 0 && (
        <ul className="why-not-results" role="list" aria-label={t('whyNot.playersFound')}>
          {search.data.athletes.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className={`why-not-result ${athleteId === a.id ? 'is-current' : ''}`}
                aria-pressed={athleteId === a.id}
                onClick={() => setAthleteId(a.id)}
              >
                <strong>{a.name}</strong>
                <span className="muted">{[a.primaryPosition, a.nationality, a.age !== null ? `${a.age} yrs` : null].filter(Boolean).join(' · ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {athleteId && (
        <div className="why-not-answer" aria-live="polite" ref={answerRef}>
          {explain.isPending && <p className="muted">{t('whyNot.workingItOut')}</p>}
          {explain.isError && <LoadError title={t('whyNot.weCouldnTExplainThis')} message={explain.error.message} onRetry={() => void explain.refetch()} />}
          {explain.data && <Explanation answer={explain.data} />}
        </div>
      )}
    </details>
  );
}

/** The player looked up, to read in full: any completed athlete's profile is the coach's to open. */
function ProfileLink({ athlete }: { athlete: { id: string; name: string } }) {
  return (
    <p className="why-not-profile">
      <Link to={`/coach/athletes/${athlete.id}`}>
        {t('whyNot.viewFullProfile')} <span className="sr-only">of {athlete.name}</span>
      </Link>
    </p>
  );
}

function Explanation({ answer }: { answer: NonNullable<ReturnType<typeof useExplain>['data']> }) {
  const { explanation: e, athlete, matchStatus } = answer;
  if (e.exclusion) {
    return (
      <div className="why-not-card">
        <h3>
          {athlete.name} {t('whyNot.isNotScoredForThis')}
        </h3>
        <p>{e.exclusion.text}.</p>
        <ProfileLink athlete={athlete} />
      </div>
    );
  }
  return (
    <div className="why-not-card">
      <h3>
        {athlete.name}: {percent(shownScore(e.score!))}{' '}
        {e.listed ? t('whyNot.onTheListMatchThreshold', { MATCH_THRESHOLD }) : t('whyNot.underMatchThreshold', { MATCH_THRESHOLD })}
      </h3>
      {matchStatus && <p className="muted">{STATUS_NOTE[matchStatus]}</p>}
      <dl className="why-not-subs">
        {SUB_SCORE_LABELS.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{percent(e.subScores![key])}</dd>
          </div>
        ))}
      </dl>
      <ul className="why-not-reasons">
        {e.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <ProfileLink athlete={athlete} />
    </div>
  );
}
