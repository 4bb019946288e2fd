import type { ConversationSummary } from '@app/domain';
import { NOTIFICATION_PATHS, searchTextSchema } from '@app/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useSession, type Role } from '../auth/api.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { Toggle } from '../ui/choices.tsx';
import { SearchForm } from '../ui/form.tsx';
import { formatMoment } from '../ui/format.ts';
import { withParams } from '../ui/searchParams.ts';
import { EmptyState, ErrorNotice, LoadError, PageLoading } from '../ui/states.tsx';
import { useConversations, type ConversationFilter } from './api/getConversations.ts';
import { aboutText, MATCHES_PAGE, participantsText } from './texts.ts';
import './conversations.css';

/** The empty state's next step: the role's matches, where conversations start. */
const TO_MATCHES_LABEL: Record<Role, string> = { coach: 'list.toMatches.coach', athlete: 'list.toMatches.athlete', agent: 'list.toMatches.agent' };

/**
 * /messages: the user's conversations (decision M9), the most recently active first, each with
 * who is in it, what it is about, its latest message and how many of its messages are new (counted
 * by the server: the user's unread message notifications of each thread). A name (?q=) and
 * "Unread only" (?unread=yes) narrow it on the server; the URL keeps them.
 */
export default function ConversationsPage() {
  const { t } = useTranslation('conversations');
  useDocumentTitle(t('list.title'));
  const role = useSession().data?.role;
  const [params, setParams] = useSearchParams();
  // A search the server would refuse (an old bookmark, a hand-edited address) is read as none, and
  // what the page does not read leaves the address too, so the address says what is listed.
  const search = searchTextSchema.safeParse(params.get('q') ?? '');
  const filter: ConversationFilter = { q: search.success ? search.data : '', unreadOnly: params.get('unread') === 'yes' };
  const address = withParams(new URLSearchParams(), { q: filter.q, unread: filter.unreadOnly ? 'yes' : null }).toString();
  useEffect(() => {
    if (address !== params.toString()) setParams(new URLSearchParams(address), { replace: true });
  }, [address, params, setParams]);
  const filtered = filter.q !== '' || filter.unreadOnly;
  const conversations = useConversations(filter);

  /** Sets or clears some of the list's parameters (the history keeps each view). */
  const update = (changes: Record<string, string | null>) => setParams(withParams(params, changes));
  // A thread that moved to the first page after a later page was read is listed once.
  const threads = conversations.data ? uniqueThreads(conversations.data.pages.flatMap((page) => page.conversations)) : [];

  let body;
  if (conversations.isPending) body = <PageLoading label={t('list.loading')} />;
  // A failed later page keeps the pages read (isFetchNextPageError below).
  else if (!conversations.data)
    body = <LoadError title={t('list.loadError')} message={conversations.error.message} onRetry={() => void conversations.refetch()} />;
  else if (threads.length === 0 && filtered)
    body = (
      <EmptyState title={t('list.search.noResults')}>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setParams(new URLSearchParams())}>
          {t('list.search.showAll')}
        </button>
      </EmptyState>
    );
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
        <ul className="conversation-list" role="list" aria-busy={conversations.isPlaceholderData || undefined}>
          {threads.map((conversation) => (
            <li key={conversation.matchId}>
              <ConversationItem conversation={conversation} role={role} />
            </li>
          ))}
        </ul>
        {conversations.isFetchNextPageError && <ErrorNotice className="conversation-more-error">{t('list.moreError')}</ErrorNotice>}
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
      {/* Nothing to narrow before the first conversation. */}
      {(filtered || threads.length > 0) && <ConversationTools filter={filter} update={update} />}
      {body}
    </main>
  );
}

/** The search box (sent with its button or Enter) and the "Unread only" switch (applied at once). */
function ConversationTools({ filter, update }: { filter: ConversationFilter; update: (changes: Record<string, string | null>) => void }) {
  const { t } = useTranslation('conversations');
  return (
    <section className="card conversation-tools" aria-label={t('list.search.tools')}>
      <SearchForm
        label={t('list.search.label')}
        placeholder={t('list.search.placeholder')}
        submitLabel={t('list.search.submit')}
        value={filter.q}
        onSearch={(q) => update({ q })}
      />
      <Toggle label={t('list.search.unreadOnly')} checked={filter.unreadOnly} onChange={(on) => update({ unread: on ? 'yes' : null })} />
    </section>
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
