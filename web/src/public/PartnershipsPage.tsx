import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { icons } from './icons.tsx';
import { LogoCarousel } from './partnerships/LogoCarousel.tsx';
import { AGENCY_LOGOS, PARTNERSHIP_STATS, UNIVERSITY_LOGOS } from './partnerships/partners.ts';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

const STAT_ICONS = [icons.users, icons.globe, icons.university, icons.briefcase];

export default function PartnershipsPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('partnerships.title'));
  const statLabels = [
    t('partnerships.stats.athletes'),
    t('partnerships.stats.countries'),
    t('partnerships.stats.universities'),
    t('partnerships.stats.agencies'),
  ];
  const logoAlt = (name: string) => t('partnerships.logoAlt', { name });
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">{t('partnerships.title')}</p>
        <h1>{t('partnerships.heading')}</h1>
        <p className="lead">{t('partnerships.lead')}</p>
      </header>

      <section aria-label={t('partnerships.statsLabel')}>
        <ul className="stats">
          {PARTNERSHIP_STATS.map((stat, i) => (
            <li key={stat.value + i} className="card stat">
              <span className="icon-badge icon-badge-sm">{STAT_ICONS[i]}</span>
              <span className="stat-value">{stat.value}</span>
              <span className="stat-label">{statLabels[i]}</span>
            </li>
          ))}
        </ul>
      </section>

      <div className="carousels">
        <LogoCarousel
          label={t('partnerships.universities')}
          images={UNIVERSITY_LOGOS.map((logo) => ({ src: logo.src, alt: logoAlt(logo.name) }))}
          emptyText={t('partnerships.universitiesSoon')}
        />
        <LogoCarousel
          label={t('partnerships.agencies')}
          images={AGENCY_LOGOS.map((logo) => ({ src: logo.src, alt: logoAlt(logo.name) }))}
          emptyText={t('partnerships.agenciesSoon')}
        />
      </div>

      <section className="cta-card card" aria-labelledby="partner-cta">
        <div>
          <h2 id="partner-cta">{t('partnerships.cta.title')}</h2>
          <p className="muted">{t('partnerships.cta.text')}</p>
        </div>
        <Link className="btn btn-primary" to="/contact">
          {t('partnerships.cta.button')}
        </Link>
      </section>
    </main>
  );
}
