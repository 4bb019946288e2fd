import { useTranslation } from 'react-i18next';
import { NOTIFICATION_PATHS } from '@app/domain';
import { Link } from 'react-router-dom';
import { Icon } from '../ui/icons.tsx';
import { useUnreadThreads } from './api/getUnreadThreads.ts';
import './conversations.css';

/**
 * The way into a match's conversation from a match card, with an unread marker when the user has
 * new messages in it (counted by the server). `about` names the match for screen readers.
 */
export function ThreadLink({
  matchId,
  about,
  label,
  className = 'btn btn-outline btn-sm',
}: {
  matchId: string;
  about: string;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation('conversations');
  const unread = useUnreadThreads().get(matchId) ?? 0;
  return (
    <Link to={NOTIFICATION_PATHS.thread(matchId)} className={`${className} thread-link`}>
      <Icon size={16}>
        <path d="M4 5h16v10H9l-5 4z" />
      </Icon>{' '}
      {label ?? t('thread.messages')}
      <span className="sr-only"> {t('link.with', { name: about })}</span>
      {unread > 0 && (
        <span className="badge badge-accent thread-link-badge">
          {t('link.new', { count: unread })}
          <span className="sr-only"> {t('link.messages', { count: unread })}</span>
        </span>
      )}
    </Link>
  );
}
