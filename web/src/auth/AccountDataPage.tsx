import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { API_BASE } from '../api/client.ts';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { useSession } from './api.ts';
import { ROLE_AREAS } from './roles.ts';
import './auth.css';

/** GET /api/account/export, downloaded as a file by the browser (the session cookie goes with it). */
export const ACCOUNT_EXPORT_HREF = `${API_BASE}/account/export`;

/**
 * /account-data: a signed-in user (any role) downloads a copy of what the product keeps about
 * their account (GDPR access and portability). Deletion is not self-service yet: the page says
 * how to ask for it.
 */
export default function AccountDataPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('accountData.title'));
  const role = useSession().data?.role;
  const holds = [
    t('accountData.holds.account'),
    ...(role === 'coach' ? [t('accountData.holds.requests')] : []),
    t('accountData.holds.matches'),
    t('accountData.holds.notifications'),
    t('accountData.holds.sessions'),
    t('accountData.holds.pictures'),
  ];

  return (
    <main id="main" className="page container narrow">
      <header className="page-header">
        <p className="eyebrow">{t('accountData.eyebrow')}</p>
        <h1>{t('accountData.title')}</h1>
        <p className="lead">{t('accountData.lead')}</p>
        {role && (
          <Link to={ROLE_AREAS[role].dashboardPath} className="settings-back">
            {t('accountData.back')}
          </Link>
        )}
      </header>
      <section className="card form" aria-labelledby="account-data-holds">
        <h2 id="account-data-holds">{t('accountData.holdsTitle')}</h2>
        <ul>
          {holds.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        <p>{t('accountData.leavesOut')}</p>
        <a className="btn btn-primary" href={ACCOUNT_EXPORT_HREF} download>
          {t('accountData.download')}
        </a>
        <p className="muted">
          {t('accountData.deleteAsk')} <Link to="/contact">{t('accountData.deleteLink')}</Link>
        </p>
      </section>
    </main>
  );
}
