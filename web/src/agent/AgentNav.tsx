import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

/** Links between the two agent pages. */
export function AgentNav() {
  const { t } = useTranslation('agent');
  return (
    <nav className="agent-nav" aria-label={t('nav.label')}>
      <NavLink to="/agent-dashboard" end>
        {t('nav.dashboard')}
      </NavLink>
      <NavLink to="/agent/players">{t('nav.roster')}</NavLink>
    </nav>
  );
}
