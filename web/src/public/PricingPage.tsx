import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { catalogTree } from './catalogTree.ts';
import { icons } from './icons.tsx';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';
import { LinkedText } from './LinkedText.tsx';

/** What does not change with the language; the texts are the catalog's pricing.plans.<id>. */
const PLANS: Array<{ id: 'athletes' | 'coaches' | 'sponsorships'; icon: ReactNode; to: string; comingSoon?: boolean; featured?: boolean }> = [
  { id: 'athletes', icon: icons.ball, to: '/athlete-register' },
  { id: 'coaches', icon: icons.university, to: '/coach-register', featured: true },
  { id: 'sponsorships', icon: icons.trophy, to: '/contact', comingSoon: true },
];

interface PlanText {
  audience: string;
  title: string;
  summary: string;
  items: { title: string; text: string }[];
  cta: string;
}

export default function PricingPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('pricing.title'));
  const texts = catalogTree<Record<(typeof PLANS)[number]['id'], PlanText>>(t, 'pricing.plans');
  return (
    <main id="main" className="page container">
      <header className="page-header center">
        <p className="eyebrow">{t('pricing.title')}</p>
        <h1>{t('pricing.heading')}</h1>
        <p className="lead center-block">{t('pricing.lead')}</p>
      </header>
      <ul className="plans">
        {PLANS.map((plan) => {
          const text = texts[plan.id];
          return (
            <li key={plan.id} className={`card plan ${plan.featured ? 'plan-featured' : ''}`}>
              <div className="plan-head">
                <span className="icon-badge">{plan.icon}</span>
                {plan.comingSoon && <span className="badge badge-accent">{t('comingSoon')}</span>}
                {plan.featured && <span className="badge badge-accent">{t('pricing.forPrograms')}</span>}
              </div>
              <p className="eyebrow">{text.audience}</p>
              <h2 id={`plan-${plan.id}`}>{text.title}</h2>
              <p className="muted">{text.summary}</p>
              <ul className="plan-items">
                {text.items.map((item) => (
                  <li key={item.title}>
                    {icons.check}
                    <div>
                      <strong>{item.title}</strong>
                      <p className="muted">{item.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
              <Link className={`btn ${plan.featured ? 'btn-primary' : 'btn-secondary'} btn-block`} to={plan.to}>
                {text.cta}
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="center muted pricing-note">
        <LinkedText i18nKey="pricing.note" links={['/faq', '/contact']} />
      </p>
    </main>
  );
}
