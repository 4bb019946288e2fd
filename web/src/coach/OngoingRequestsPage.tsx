import { minGpaSource, requestMinGpa, resolveLeague } from '@app/domain';
import { useState } from 'react';
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
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import './coach.css';

export const REQUESTS_LOAD_ERROR = 'Unable to load requests. Please try again later.';
export const DELETE_CONFIRMATION = 'Delete this recruitment request? This action cannot be undone.';

const positionOf = (r: CoachRequest) => r.positions[0] ?? 'Any position';

/** The minimum GPA scoring uses (decision S3), and where it comes from. */
export function minGpaText(r: CoachRequest): string {
  const min = requestMinGpa(r).toFixed(1);
  const source = minGpaSource(r);
  return source === 'request' ? min : source === 'notes' ? `${min} (from the notes)` : `${min} (default)`;
}

/** /coach-requests: the coach's requests on the left, the selected one's detail and matches on the right. */
export function OngoingRequestsPage() {
  useDocumentTitle('Ongoing Requests');
  const requests = useCoachRequests();
  const [params, setParams] = useSearchParams();

  let body;
  if (requests.isPending) {
    body = <PageLoading label="Loading your requests…" />;
  } else if (requests.isError) {
    body = <LoadError title={REQUESTS_LOAD_ERROR} onRetry={() => void requests.refetch()} />;
  } else if (requests.data.length === 0) {
    body = (
      <EmptyState title="You have no ongoing requests yet.">
        <p>Create a recruitment request and we will rank the athletes who fit it.</p>
        <Link to="/coach-request" className="btn btn-primary btn-sm">
          Create a request
        </Link>
      </EmptyState>
    );
  } else {
    const list = requests.data;
    // The first request is selected by default; the selection lives in the URL (?request=).
    const selected = list.find((r) => r._id === params.get('request')) ?? list[0];
    body = (
      <div className="requests-layout">
        <nav className="requests-list card" aria-label="Your requests">
          <h2 className="requests-list-title">
            Requests <span className="badge">{list.length}</span>
          </h2>
          <ul role="list">
            {list.map((r) => {
              const current = r._id === selected._id;
              return (
                <li key={r._id}>
                  <Link to={`?request=${r._id}`} replace className={`request-item ${current ? 'is-current' : ''}`} aria-current={current ? 'page' : undefined}>
                    <span className="request-item-title">{positionOf(r)}</span>
                    <span className="request-item-meta">
                      <span className="muted">Created {formatDate(r.createdAt)}</span>
                      {r.urgent && <span className="badge badge-danger">Urgent</span>}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="request-main">
          <RequestDetail key={selected._id} request={selected} onDeleted={() => setParams({}, { replace: true })} />
          <MatchesSection requestId={selected._id} minGpa={requestMinGpa(selected)} />
        </div>
      </div>
    );
  }

  return (
    <main id="main" className="page container coach-page">
      <header className="page-header page-header-row">
        <div>
          <p className="eyebrow">Recruitment</p>
          <h1>Ongoing Requests</h1>
        </div>
        <Link to="/coach-request" className="btn btn-primary">
          + New request
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
        toast.success('Request deleted');
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
        <div>
          <h2 id="request-title">
            {positionOf(request)} {request.urgent && <span className="badge badge-danger">Urgent</span>}
          </h2>
          <p className="muted">Created {formatDate(request.createdAt)}</p>
        </div>
        <div className="request-detail-actions">
          <Link to={`/coach-requests/${encodeURIComponent(request._id)}/edit`} className="btn btn-outline btn-sm">
            Edit request
          </Link>
          <button type="button" className="btn btn-outline btn-sm btn-danger-outline" onClick={() => setConfirming(true)}>
            Delete request
          </button>
        </div>
      </div>
      <Facts
        items={[
          ['Team category', listText(request.teamCategories, 'Any')],
          ['Player levels', listText(levels, 'Any')],
          ['Budget', request.estimatedBudget || 'Any'],
          ['Institution size', request.institutionSize || 'Any'],
          ['Age range', `${request.ageMin} – ${request.ageMax}`],
          ['Minimum GPA', minGpaText(request)],
          ['Regions', listText(request.regions, 'Any')],
          ['Start terms', listText(request.targetStartTerms, 'Any')],
          ['Extras', listText(request.playerExtras, 'None')],
          ['Junior college', request.openToJuniorCollege],
          ['Transfer', request.openToTransfer ? 'Open to transfers' : 'Not open to transfers'],
        ]}
      />
      <div className="request-notes">
        <h3>Notes</h3>
        {request.notes ? <p>{request.notes}</p> : <p className="muted">No additional context.</p>}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete request"
          message={DELETE_CONFIRMATION}
          confirmLabel="Delete request"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          danger
          onConfirm={onConfirm}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
