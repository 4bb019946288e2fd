import { useTranslation } from 'react-i18next';
import { NOTIFICATION_PATHS, type ConversationMessage } from '@app/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../api/client.ts';
import { useSession, type Role } from '../auth/api.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { useMarkNotificationsRead } from '../notifications/api/markNotificationsRead.ts';
import { formatMoment } from '../ui/format.ts';
import { EmptyState, LoadError, PageLoading } from '../ui/states.tsx';
import { useMessages } from './api/getMessages.ts';
import { Composer } from './Composer.tsx';
import { aboutText, MATCHES_PAGE, participantsText } from './texts.ts';
import './conversations.css';

/** Keys of the `conversations` catalog. */
export const THREAD_LOAD_ERROR = 'thread.loadError';

export const ROLE_WORD: Record<Role, string> = { coach: 'roles.coach', athlete: 'roles.athlete', agent: 'roles.agent' };

/** The way back to the screen the thread's match lives on (MATCHES_PAGE), in each role's words. */
const BACK_LABEL: Record<Role, string> = { coach: 'back.coach', athlete: 'back.athlete', agent: 'back.agent' };

/**
 * /messages/:matchId: the conversation of an accepted match between its coach, athlete and agent
 * (decision M9). Oldest message at the top, earlier ones on demand; the messages the user has not
 * seen (the thread's unread 'message' notifications, counted by the server) are marked, then the
 * notifications are read.
 */
export default function ThreadPage() {
  const { t } = useTranslation('conversations');
  useDocumentTitle(t('thread.eyebrow'));
  const { matchId = '' } = useParams();
  const session = useSession();
  const role = session.data?.role;
  const thread = useMessages(matchId);
  const markRead = useMarkNotificationsRead();
  // How many of the newest messages are new to the user, fixed when the thread is first shown
  // (another thread opened from this page starts again).
  const [shownNew, setShownNew] = useState<{ matchId: string; count: number } | null>(null);
  const newCount = shownNew?.matchId === matchId ? shownNew.count : null;
  const newest = thread.data?.pages[0];
  const unread = newest?.unread ?? 0;
  const lastId = newest?.messages.at(-1)?.id;

  // The thread's new messages are seen once shown: their notifications are read (the bell's count
  // and the conversation list follow). A message arriving while it is open is read the same way.
  useEffect(() => {
    if (!thread.isSuccess) return;
    if (newCount === null) setShownNew({ matchId, count: unread });
    if (unread > 0) markRead.mutate({ thread: matchId });
    // markRead is stable in effect; the thread's last message and count say all that matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as said above
  }, [thread.isSuccess, matchId, lastId, unread]);

  const messages = thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.messages) : [];

  let body;
  if (thread.isPending) body = <PageLoading label={t('thread.loading')} />;
  else if (thread.isError) {
    // Not found (or not yours) will not change by trying again; a network or server fault may.
    const lasting = thread.error instanceof ApiError && thread.error.status >= 400 && thread.error.status < 500;
    body = <LoadError title={t(THREAD_LOAD_ERROR)} message={thread.error.message} onRetry={lasting ? undefined : () => void thread.refetch()} />;
  } else
    body = (
      <section className="card thread" aria-labelledby="thread-title">
        <header className="thread-head">
          <h2 id="thread-title" className="thread-title">
            {t('thread.messages')}
          </h2>
          <p className="muted thread-participants">{t('thread.with', { names: participantsText(newest!.participants.filter((p) => p.role !== role)) })}</p>
          <p className="muted thread-about">{aboutText(newest!.about, newest!.participants, role)}</p>
        </header>
        <MessageLog
          messages={messages}
          myRole={role}
          newCount={newCount ?? 0}
          hasEarlier={thread.hasNextPage}
          loadingEarlier={thread.isFetchingNextPage}
          onLoadEarlier={() => void thread.fetchNextPage()}
        />
        <Composer key={matchId} matchId={matchId} canSend={newest!.canSend} cannotSendReason={newest!.cannotSendReason} />
      </section>
    );

  return (
    <main id="main" className="page container narrow thread-page">
      <header className="page-header">
        <p className="eyebrow">{t('thread.eyebrow')}</p>
        <h1>{t('thread.title')}</h1>
        {role && (
          <nav className="thread-back-links" aria-label={t('thread.backLinks')}>
            <Link to={MATCHES_PAGE[role]} className="thread-back">
              ← {t(BACK_LABEL[role])}
            </Link>
            <Link to={NOTIFICATION_PATHS.conversations} className="thread-back">
              {t('list.all')}
            </Link>
          </nav>
        )}
      </header>
      {body}
    </main>
  );
}

function MessageLog({
  messages,
  myRole,
  newCount,
  hasEarlier,
  loadingEarlier,
  onLoadEarlier,
}: {
  messages: ConversationMessage[];
  myRole: Role | undefined;
  newCount: number;
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
}) {
  const { t } = useTranslation('conversations');
  const logRef = useRef<HTMLDivElement>(null);
  const lastId = messages[messages.length - 1]?.id;
  // A new last message (sent or received) scrolls the log to it; loading earlier ones does not.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  // The first new message: the newCount-th newest message written by someone else.
  let firstNewId: string | undefined;
  let seen = 0;
  for (let i = messages.length - 1; i >= 0 && seen < newCount; i--) {
    if (messages[i].sender.role !== myRole) {
      seen++;
      firstNewId = messages[i].id;
    }
  }

  return (
    <div ref={logRef} className="message-log" role="log" aria-label={t('thread.messages')} tabIndex={0}>
      {hasEarlier && (
        <button type="button" className="btn btn-ghost btn-sm message-earlier" onClick={onLoadEarlier} disabled={loadingEarlier}>
          {loadingEarlier ? t('common:states.loading') : t('thread.loadEarlier')}
        </button>
      )}
      {messages.length === 0 ? (
        <EmptyState title={t('thread.emptyTitle')}>
          <p className="muted">{t('thread.emptyText')}</p>
        </EmptyState>
      ) : (
        <ol className="message-list" role="list">
          {messages.map((message) => {
            const mine = message.sender.role === myRole;
            return (
              <li key={message.id} className={`message ${mine ? 'is-mine' : ''}`}>
                {message.id === firstNewId && (
                  <p className="message-new-divider">
                    <span>{t('thread.newMessages')}</span>
                  </p>
                )}
                <article className="message-bubble" aria-label={`${mine ? t('thread.you') : message.sender.name}, ${formatMoment(message.createdAt)}`}>
                  <header className="message-meta">
                    <span className="message-sender">{mine ? t('thread.you') : message.sender.name}</span>
                    <span className="message-role">{t(ROLE_WORD[message.sender.role])}</span>
                    <time dateTime={message.createdAt}>{formatMoment(message.createdAt)}</time>
                  </header>
                  {/* Plain text: React escapes it; line breaks are kept by CSS. */}
                  <p className="message-body">{message.body}</p>
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
