import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BRAND_NAME, CONTACT_DETAILS, LEGAL_LINKS, QUICK_LINKS, SOCIAL_LINKS } from './navigation.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { SocialIcon } from './SocialIcon.tsx';
import './chrome.css';
import { PhoneLink } from '../ui/PhoneLink.tsx';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="logo-text footer-logo">
            Recruit<span className="logo-accent">Match</span>
          </p>
          <p className="muted">{t('footer.tagline')}</p>
          <ul className="social-links" aria-label={t('footer.socialMedia')}>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.network}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={t('footer.opensInNewTab', { label: s.label })}>
                  <SocialIcon network={s.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-heading">
            {t('footer.quickLinks')}
          </h2>
          <ul>
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t(l.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-contact">
          <h2 className="footer-heading">{t('footer.contact')}</h2>
          <ul>
            <li>
              <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
            </li>
            <li>
              <PhoneLink phone={CONTACT_DETAILS.phone} />
            </li>
            <li>{CONTACT_DETAILS.city}</li>
            <li className="muted">{t('footer.replyPromise')}</li>
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">{t('footer.getStarted')}</h2>
          <ul>
            <li>
              <Link to="/athlete-register">{t('footer.athleteSignUp')}</Link>
            </li>
            <li>
              <Link to="/coach-register">{t('footer.coachSignUp')}</Link>
            </li>
            <li>
              <Link to="/agent-register">{t('footer.agentSignUp')}</Link>
            </li>
            <li>
              <Link to="/community">{t('nav.community')}</Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-legal">
        <span>{t('footer.copyright', { year: String(new Date().getFullYear()), brand: BRAND_NAME })}</span>
        <nav aria-label={t('footer.legal')}>
          {LEGAL_LINKS.map((l) => (
            <Link key={l.to} to={l.to}>
              {t(l.labelKey)}
            </Link>
          ))}
        </nav>
        <LanguageSwitcher className="footer-language" />
      </div>
    </footer>
  );
}
