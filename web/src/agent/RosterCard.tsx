import { inTermOrder } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { referenceLabel } from '../i18n/reference.ts';
import { Avatar } from '../ui/Avatar.tsx';
import type { AgentPlayer, StatusCounts } from './api/workspaceTypes.ts';
import { gpaText } from './labels.ts';
import { playerPath } from './rosterLink.ts';

/**
 * A player on the dashboard roster: quick stats and how their matches stand; the name opens their
 * page, carrying `linkState` (the roster the preview is the first screen of, for its steps).
 */
export function RosterCard({ player, counts, linkState }: { player: AgentPlayer; counts: StatusCounts; linkState?: unknown }) {
  const { t } = useTranslation('agent');
  const position = player.primaryPosition ? referenceLabel('positions', player.primaryPosition) : null;
  const facts: Array<[string, string]> = [
    [t('facts.age'), player.age != null ? String(player.age) : '—'],
    [t('facts.nationality'), player.nationality ?? '—'],
    [t('facts.league'), player.leagueLevelLabel ?? '—'],
    [t('facts.position'), position ?? '—'],
    [t('facts.gpa'), gpaText(player.gpa)],
    [t('facts.start'), player.targetStartTerms.length ? referenceLabel('terms', inTermOrder(player.targetStartTerms)[0]) : '—'],
  ];
  return (
    <article className="card roster-card" aria-labelledby={`player-${player.id}`}>
      <div className="roster-card-head">
        <Avatar name={player.fullName} photoUrl={player.profilePhotoUrl} size="md" />
        <div>
          <h3 id={`player-${player.id}`}>
            <Link to={playerPath(player.id)} state={linkState} className="player-link">
              {player.fullName}
            </Link>
          </h3>
          <p className="muted">{[position, player.nationality].filter(Boolean).join(' · ') || t('roster.detailsPending')}</p>
        </div>
      </div>
      <dl className="mini-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="status-counts" aria-label={t('roster.matchesOf', { name: player.fullName })}>
        <li className="count-accepted">
          <strong>{counts.accepted}</strong> {t('counts.matched', { count: counts.accepted })}
        </li>
        <li className="count-pending">
          <strong>{counts.pending}</strong> {t('counts.pending', { count: counts.pending })}
        </li>
        <li className="count-declined">
          <strong>{counts.declined}</strong> {t('counts.declined', { count: counts.declined })}
        </li>
      </ul>
      {player.highlightVideoUrl ? (
        <a className="video-link" href={player.highlightVideoUrl} target="_blank" rel="noopener noreferrer">
          ▶ {t('roster.video')}
          <span className="sr-only"> {t('roster.videoOf', { name: player.fullName })}</span>
        </a>
      ) : (
        <span className="muted video-link">{t('roster.noVideo')}</span>
      )}
    </article>
  );
}
