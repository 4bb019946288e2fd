import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { catalogTree } from './catalogTree.ts';
import { icons } from './icons.tsx';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { LinkedText } from './LinkedText.tsx';

/** The three roles in the spec's order; their texts are the catalog's getStarted.roles.<id>. */
const ROLES = [
  { id: 'player', to: '/athlete-login', icon: icons.ball },
  { id: 'coach', to: '/coach-login', icon: icons.whistle },
  { id: 'agent', to: '/agent-login', icon: icons.briefcase },
] as const;

interface RoleText {
  title: string;
  text: string;
  points: string[];
  cta: string;
}

export default function GetStartedPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('getStarted.title'));
  const texts = catalogTree<Record<(typeof ROLES)[number]['id'], RoleText>>(t, 'getStarted.roles');
  return (
    <main id="main" className="page container">
      <header className="page-header center">
        <p className="eyebrow">{t('getStarted.eyebrow')}</p>
        <h1>{t('getStarted.title')}</h1>
        <p className="lead center-block">{t('getStarted.lead')}</p>
      </header>
      <ul className="role-grid">
        {ROLES.map((role) => {
          const text = texts[role.id];
          return (
            <li key={role.id}>
              <Link to={role.to} className="card role-card">
                <span className="icon-badge">{role.icon}</span>
                <h2>{text.title}</h2>
                <p className="muted">{text.text}</p>
                <ul className="check-list">
                  {text.points.map((point) => (
                    <li key={point}>
                      {icons.check}
                      {point}
                    </li>
                  ))}
                </ul>
                <span className="role-cta">
                  {text.cta} {icons.arrowRight}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="center muted role-register">
        <LinkedText i18nKey="getStarted.register" links={['/athlete-register', '/coach-register', '/agent-register']} />
      </p>
    </main>
  );
}
