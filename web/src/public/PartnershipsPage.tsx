import { Link } from 'react-router-dom';
import { icons } from './icons.tsx';
import { LogoCarousel } from './partnerships/LogoCarousel.tsx';
import { AGENCY_LOGOS, PARTNERSHIP_STATS, UNIVERSITY_LOGOS } from './partnerships/partners.ts';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

const STAT_ICONS = [icons.users, icons.globe, icons.university, icons.briefcase];

export default function PartnershipsPage() {
  useDocumentTitle('Partnerships');
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">Partnerships</p>
        <h1>Built with universities and agencies</h1>
        <p className="lead">College programs bring the opportunities, partner agencies bring the guidance. Together they make every match count.</p>
      </header>

      <section aria-label="Our network in numbers">
        <ul className="stats">
          {PARTNERSHIP_STATS.map((stat, i) => (
            <li key={stat.label} className="card stat">
              <span className="icon-badge icon-badge-sm">{STAT_ICONS[i]}</span>
              <span className="stat-value">{stat.value}</span>
              <span className="stat-label">{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <div className="carousels">
        <LogoCarousel label="Partner universities" images={UNIVERSITY_LOGOS} emptyText="Our partner universities will be announced soon." />
        <LogoCarousel label="Partner agencies" images={AGENCY_LOGOS} emptyText="Our partner agencies will be announced soon." />
      </div>

      <section className="cta-card card" aria-labelledby="partner-cta">
        <div>
          <h2 id="partner-cta">Become a partner</h2>
          <p className="muted">Universities looking for international talent and agencies representing student-athletes: let’s talk about working together.</p>
        </div>
        <Link className="btn btn-primary" to="/contact">
          Contact our partnerships team
        </Link>
      </section>
    </main>
  );
}
