import { i18n } from '../i18n/index.ts';
import { inTermOrder, minGpaSource, requestMinGpa, requestName, resolveLeague } from '@app/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Facts } from '../ui/Facts.tsx';
import { formatDate, listText } from '../ui/format.ts';
import { ConfirmDialog } from '../ui/Modal.tsx';
import { EmptyState, LoadError, PageLoading } from '../ui/states.tsx';
import { useToast } from '../ui/toast.tsx';
import { DELETE_REQUEST_FALLBACK, useDeleteCoachRequest } from './api/deleteRequest.ts';
import { useCoachRequests } from './api/getRequests.ts';
import type { CoachRequest } from './api/types.ts';
import { MatchesSection } from './matches/MatchesSection.tsx';
import { PhoneFold } from '../ui/PhoneFold.tsx';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import './coach.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

export const REQUESTS_LOAD_ERROR = 'Unable to load requests. Please try again later.';
export const DELETE_CONFIRMATION = 'Delete this recruitment request? This action cannot be undone.';

const ANY_POSITION = 'Any position';
const positionOf = (r: CoachRequest) => r.positions[0] ?? ANY_POSITION;

/** The minimum GPA scoring uses (decision S3), and where it comes from. */
export function minGpaText(r: CoachRequest): string {
  const min = requestMinGpa(r).toFixed(1);
  const source = minGpaSource(r);
  return source === 'request' ? min : source === 'notes' ? `${min} (from the notes)` : `${min} (default)`;
}

/** /coach-requests: the coach's requests on the left, the selected one's detail and matches on the right. */
export function OngoingRequestsPage() {
  useDocumentTitle(t('ongoingRequestsPage.ongoingRequests'));
  const requests = useCoachRequests();
  const [params, setParams] = useSearchParams();
  const requestsNav = useRef<HTMLElement>(null);
  const current = params.get('request');
  // On a phone the requests are a row that scrolls sideways: the current one is brought into it
  // (only the row scrolls; the page stays where it was, e.g. back from a player's page).
  useEffect(() => {
    const item = requestsNav.current?.querySelector('[aria-current="page"]');
    const row = item?.closest('ul');
    if (!item || !row || row.scrollWidth <= row.clientWidth) return;
    const box = row.getBoundingClientRect();
    const { left, right } = item.getBoundingClientRect();
    if (left < box.left || right > box.right) row.scrollLeft += left - box.left;
  }, [current, requests.data]);

  let body;
  if (requests.isPending) {
    body = <PageLoading label={t('ongoingRequestsPage.loadingYourRequests')} />;
  } else if (requests.isError) {
    body = <LoadError title={REQUESTS_LOAD_ERROR} onRetry={() => void requests.refetch()} />;
  } else if (requests.data.length === 0) {
    body = (
      <EmptyState title={t('ongoingRequestsPage.youHaveNoOngoingRequests')}>
        <p>{t('ongoingRequestsPage.createARecruitmentRequestAnd')}</p>
        <Link to="/coach-request" className="btn btn-primary btn-sm">
          {t('ongoingRequestsPage.createARequest')}
        </Link>
      </EmptyState>
    );
  } else {
    const list = requests.data;
    // The first request is selected by default; the selection lives in the URL (?request=), beside
    // the list's view and filters (MatchesSection). A request's link names only the request: it
    // opens with the default view and no filters.
    const selected = list.find((r) => r._id === params.get('request')) ?? list[0];
    body = (
      <div className="requests-layout">
        {/* On a wide screen the requests and the open one's brief share the left column, so the
            players start at the top of the right one; on a phone all three stack in this order. */}
        <div className="requests-side">
          <nav ref={requestsNav} className="requests-list card" aria-label={t('ongoingRequestsPage.yourRequests')}>
            <h2 className="requests-list-title">
              {t('ongoingRequestsPage.requests')} <span className="badge">{list.length}</span>
            </h2>
            <ul role="list">
              {list.map((r) => {
                const current = r._id === selected._id;
                return (
                  <li key={r._id}>
                    <Link
                      to={`?request=${r._id}`}
                      replace
                      className={`request-item ${current ? 'is-current' : ''}`}
                      aria-current={current ? 'page' : undefined}
                    >
                      <span className="request-item-title">{positionOf(r)}</span>
                      <span className="request-item-meta">
                        <span className="muted">
                          {t('ongoingRequestsPage.created')} {formatDate(r.createdAt)}
                        </span>
                        {r.urgent && <span className="badge badge-danger">{t('ongoingRequestsPage.urgent')}</span>}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          {/* Keyed by the request (as the matches below): another one starts with none of this
              one's state (a delete being confirmed, Compare ticks, open boxes). */}
          <RequestDetail key={selected._id} request={selected} onDeleted={() => setParams({}, { replace: true })} />
        </div>
        <MatchesSection key={selected._id} requestId={selected._id} requestName={requestName('en', selected, ANY_POSITION)} minGpa={requestMinGpa(selected)} />
      </div>
    );
  }

  return (
    <main id="main" className="page container coach-page">
      <header className="page-header page-header-row">
        <div>
          <p className="eyebrow">{t('ongoingRequestsPage.recruitment')}</p>
          <h1>{t('ongoingRequestsPage.ongoingRequests')}</h1>
        </div>
        <Link to="/coach-request" className="btn btn-primary">
          {t('ongoingRequestsPage.newRequest')}
        </Link>
      </header>
      {body}
    </main>
  );
}

function RequestDetail({ request, onDeleted }: { request: CoachRequest; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteCoachRequest();
  const toast = useToast();
  const levels = request.playerLevels.map((v) => resolveLeague(v)?.label ?? v);

  const onConfirm = () =>
    remove.mutate(request._id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(t('ongoingRequestsPage.requestDeleted'));
        onDeleted();
      },
      onError: (error) => {
        setConfirming(false);
        toast.error(error.message || DELETE_REQUEST_FALLBACK);
      },
    });

  return (
    <section className="card request-detail" aria-labelledby="request-title">
      <div className="request-detail-head">
        {/* On a phone the request is the highlighted one in the row just above: not shown twice. */}
        <div className="phone-sr-only">
          <h2 id="request-title">
            {positionOf(request)} {request.urgent && <span className="badge badge-danger">{t('ongoingRequestsPage.urgent')}</span>}
          </h2>
          <p className="muted">
            {t('ongoingRequestsPage.created')} {formatDate(request.createdAt)}
          </p>
        </div>
        <div className="request-detail-actions">
          <Link to={`/coach-requests/${encodeURIComponent(request._id)}/edit`} className="btn btn-outline btn-sm">
            {t('ongoingRequestsPage.editRequest')}
          </Link>
          <Link to={`/coach-request?from=${encodeURIComponent(request._id)}`} className="btn btn-outline btn-sm">
            {t('ongoingRequestsPage.duplicate')}
          </Link>
          <button type="button" className="btn btn-outline btn-sm btn-danger-outline" onClick={() => setConfirming(true)}>
            {t('ongoingRequestsPage.deleteRequest')}
          </button>
        </div>
      </div>
      <PhoneFold label={t('ongoingRequestsPage.requestDetails')}>
        <Facts
          className="request-facts"
          items={[
            ['Team category', listText(request.teamCategories, 'Any')],
            ['Player levels', listText(levels, 'Any')],
            ['Budget', request.estimatedBudget || 'Any'],
            ['Institution size', request.institutionSize || 'Any'],
            ['Age range', `${request.ageMin} – ${request.ageMax}`],
            ['Minimum GPA', minGpaText(request)],
            ['Regions', listText(request.regions, 'Any')],
            ['Start terms', listText(inTermOrder(request.targetStartTerms), 'Any')],
            ['Extras', listText(request.playerExtras, 'None')],
            ['Junior college', request.openToJuniorCollege],
            ['Transfer', request.openToTransfer ? 'Open to transfers' : 'Not open to transfers'],
          ]}
        />
        <div className="request-notes">
          <h3>{t('ongoingRequestsPage.notes')}</h3>
          {request.notes ? <p>{request.notes}</p> : <p className="muted">{t('ongoingRequestsPage.noAdditionalContext')}</p>}
        </div>
      </PhoneFold>
      {confirming && (
        <ConfirmDialog
          title={t('ongoingRequestsPage.deleteRequest')}
          message={DELETE_CONFIRMATION}
          confirmLabel={t('ongoingRequestsPage.deleteRequest')}
          pendingLabel={t('ongoingRequestsPage.deleting')}
          pending={remove.isPending}
          danger
          onConfirm={onConfirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
