import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { catalogTree } from './catalogTree.ts';
import { icons } from './icons.tsx';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

/** The placeholder sections of the spec, in order; their texts are the catalog's community.sections.<id>. */
const SECTIONS = [
  { id: 'success-stories', icon: icons.trophy },
  { id: 'media', icon: icons.camera },
  { id: 'news', icon: icons.news },
  { id: 'events', icon: icons.calendar },
  { id: 'resources', icon: icons.book },
  { id: 'motivation-zone', icon: icons.flame },
];

export default function CommunityPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('community.title'));
  const texts = catalogTree<Record<string, { title: string; text: string }>>(t, 'community.sections');
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">{t('community.title')}</p>
        <h1>{t('community.heading')}</h1>
        <p className="lead">{t('community.lead')}</p>
      </header>
      <ul className="community-grid">
        {SECTIONS.map((section) => (
          <li key={section.id} id={section.id} className="card community-card">
            <div className="community-head">
              <span className="icon-badge">{section.icon}</span>
              <span className="badge">{t('comingSoon')}</span>
            </div>
            <h2>{texts[section.id].title}</h2>
            <p className="muted">{texts[section.id].text}</p>
          </li>
        ))}
      </ul>
      <section className="cta-card card" aria-labelledby="community-cta">
        <div>
          <h2 id="community-cta">{t('community.cta.title')}</h2>
          <p className="muted">{t('community.cta.text')}</p>
        </div>
        <Link className="btn btn-primary" to="/contact">
          {t('community.cta.button')}
        </Link>
      </section>
    </main>
  );
}
