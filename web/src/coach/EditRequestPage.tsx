import { i18n } from '../i18n/index.ts';
import { requestDefaultsFromCoachProfile } from '@app/domain';
import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { EmptyState, LoadError, PageLoading } from '../ui/states.tsx';
import { useCoachProfile } from './api/getProfile.ts';
import { useCoachRequests } from './api/getRequests.ts';
import { REQUEST_NOT_FOUND_TEXT, RequestForm, requestFormFromRequest } from './CreateRequestPage.tsx';
import { REQUESTS_LOAD_ERROR } from './OngoingRequestsPage.tsx';
import './coach.css';

/** Texts of the `coach` catalog (English only: issue 19). */
const t = i18n.getFixedT(null, 'coach');

/** /coach-requests/:requestId/edit: the request's form with its saved values; saving rescores its matches. */
export function EditRequestPage() {
  useDocumentTitle(t('editRequestPage.editRequest'));
  const { requestId = '' } = useParams();
  const requests = useCoachRequests();
  const profile = useCoachProfile();

  let body;
  if (requests.isPending || profile.isPending) {
    body = <PageLoading label={t('editRequestPage.loadingYourRequest')} />;
  } else if (requests.isError) {
    body = <LoadError title={REQUESTS_LOAD_ERROR} onRetry={() => void requests.refetch()} />;
  } else {
    const request = requests.data.find((r) => r._id === requestId);
    body = request ? (
      <RequestForm
        key={request._id}
        defaults={requestFormFromRequest(request, requestDefaultsFromCoachProfile(profile.data).minGpa)}
        profileFailed={profile.isError}
        mode={{ kind: 'edit', requestId: request._id }}
      />
    ) : (
      <EmptyState title={REQUEST_NOT_FOUND_TEXT}>
        <Link to="/coach-requests" className="btn btn-primary btn-sm">
          {t('editRequestPage.backToYourRequests')}
        </Link>
      </EmptyState>
    );
  }

  return (
    <main id="main" className="page container coach-page">
      <header className="page-header">
        <p className="eyebrow">{t('editRequestPage.recruitment')}</p>
        <h1>{t('editRequestPage.editRequest')}</h1>
        <p className="lead">{t('editRequestPage.changesThatAffectScoringRescore')}</p>
      </header>
      {body}
    </main>
  );
}
