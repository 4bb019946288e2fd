import type { ConversationSummary } from '@app/domain';
import { NOTIFICATION_PATHS } from '@app/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession, type Role } from '../auth/api.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { formatMoment } from '../ui/format.ts';
import { EmptyState, LoadError, PageLoading } from '../ui/states.tsx';
import { useConversations } from './api/getConversations.ts';
import { aboutText, MATCHES_PAGE, participantsText } from './texts.ts';
import './conversations.css';

/** The empty state's next step: the role's matches, where conversations start. */
const TO_MATCHES_LABEL: Record<Role, string> = { coach: 'list.toMatches.coach', athlete: 'list.toMatches.athlete', agent: 'list.toMatches.agent' };

/**
 * /messages: the user's conversations (decision M9), the most recently active first, each with
 * who is in it, what it is about, its latest message and how many of its messages are new (counted
 * by the server: the user's unread message notifications of each thread).
 */
export default function ConversationsPage() {
  const { t } = useTranslation('conversations');
  useDocumentTitle(t('list.title'));
  const role = useSession().data?.role;
  const conversations = useConversations();
  // A thread that moved to the first page after a later page was read is listed once.
  const threads = conversations.data ? uniqueThreads(conversations.data.pages.flatMap((page) => page.conversations)) : [];

  let body;
  if (conversations.isPending) body = <PageLoading label={t('list.loading')} />;
  // A failed later page keeps the pages read (isFetchNextPageError below).
  else if (!conversations.data)
    body = <LoadError title={t('list.loadError')} message={conversations.error.message} onRetry={() => void conversations.refetch()} />;
  else if (threads.length === 0)
    body = (
      <EmptyState title={t('list.emptyTitle')}>
        <p>{t('list.emptyText')}</p>
        {role && (
          <Link to={MATCHES_PAGE[role]} className="btn btn-outline btn-sm">
            {t(TO_MATCHES_LABEL[role])}
          </Link>
        )}
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="conversation-list" role="list">
          {threads.map((conversation) => (
            <li key={conversation.matchId}>
              <ConversationItem conversation={conversation} role={role} />
            </li>
          ))}
        </ul>
        {conversations.isFetchNextPageError && (
          <div className="notice notice-error conversation-more-error" role="alert">
            {t('list.moreError')}
          </div>
        )}
        {conversations.hasNextPage && (
          <button
            type="button"
            className="btn btn-outline btn-sm conversation-more"
            onClick={() => void conversations.fetchNextPage()}
            disabled={conversations.isFetchingNextPage}
          >
            {conversations.isFetchingNextPage ? t('common:states.loading') : t('list.more')}
          </button>
        )}
      </>
    );

  return (
    <main id="main" className="page container narrow conversations-page">
      <header className="page-header">
        <h1>{t('list.title')}</h1>
        <p className="muted">{t('list.intro')}</p>
      </header>
      {body}
    </main>
  );
}

function uniqueThreads(threads: ConversationSummary[]): ConversationSummary[] {
  const seen = new Set<string>();
  return threads.filter((thread) => !seen.has(thread.matchId) && Boolean(seen.add(thread.matchId)));
}

function ConversationItem({ conversation, role }: { conversation: ConversationSummary; role: Role | undefined }) {
  const { t } = useTranslation('conversations');
  const { lastMessage, unread } = conversation;
  const others = conversation.participants.filter((p) => p.role !== role);
  const sender = lastMessage.sender.role === role ? t('thread.you') : lastMessage.sender.name;
  return (
    <Link to={NOTIFICATION_PATHS.thread(conversation.matchId)} className={unread > 0 ? 'conversation-item is-unread' : 'conversation-item'}>
      <span className="conversation-top">
        <strong className="conversation-names">{participantsText(others)}</strong>
        <time className="muted conversation-time" dateTime={lastMessage.createdAt}>
          {formatMoment(lastMessage.createdAt)}
        </time>
      </span>
      <span className="muted conversation-about">{aboutText(conversation.about, conversation.participants, role)}</span>
      <span className="conversation-last">
        <span className="conversation-sender">{sender}:</span> {lastMessage.body}
      </span>
      {(unread > 0 || !conversation.canSend) && (
        <span className="conversation-badges">
          {unread > 0 && (
            <span className="badge badge-accent">
              {t('link.new', { count: unread })}
              <span className="sr-only"> {t('link.messages', { count: unread })}</span>
            </span>
          )}
          {!conversation.canSend && <span className="badge">{t('list.closed')}</span>}
        </span>
      )}
    </Link>
  );
}
