import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { teamMembers } from './about/team.ts';
import { TeamSection } from './about/TeamSection.tsx';
import { catalogTree } from './catalogTree.ts';
import { icons } from './icons.tsx';
import { ContactLines } from './ContactLines.tsx';
import { replyPromise } from './replyPromise.ts';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

const PILLAR_ICONS = [icons.target, icons.bulb, icons.eye];

export default function AboutPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('about.title'));
  const pillars = catalogTree<Array<{ title: string; text: string }>>(t, 'about.pillars');
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">{t('about.title')}</p>
        <h1>{t('about.heading')}</h1>
        <p className="lead">{t('about.lead')}</p>
      </header>

      <section aria-label={t('about.pillarsLabel')} className="pillars">
        {pillars.map((pillar, index) => (
          <article key={pillar.title} className="card pillar">
            <span className="icon-badge">{PILLAR_ICONS[index]}</span>
            <h2>{pillar.title}</h2>
            <p>{pillar.text}</p>
          </article>
        ))}
      </section>

      <section className="section" aria-labelledby="team-title">
        <header className="section-header">
          <p className="eyebrow">{t('about.teamEyebrow')}</p>
          <h2 id="team-title">{t('about.teamTitle')}</h2>
          <p className="muted">{t('about.teamLead')}</p>
        </header>
        <TeamSection members={teamMembers(t)} />
      </section>

      <section className="card contact-block" aria-labelledby="about-contact-title">
        <div>
          <h2 id="about-contact-title">{t('about.contactTitle')}</h2>
          <p>
            {t('about.contactText')} {replyPromise()}
          </p>
        </div>
        <ContactLines />
        <Link className="btn btn-primary" to="/contact">
          {t('about.contactButton')}
        </Link>
      </section>
    </main>
  );
}
