import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { icons } from './icons.tsx';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

interface Plan {
  id: string;
  audience: string;
  title: string;
  icon: ReactNode;
  summary: string;
  items: { title: string; text: string }[];
  cta: { to: string; label: string };
  comingSoon?: boolean;
  featured?: boolean;
}

const PLANS: Plan[] = [
  {
    id: 'athletes',
    audience: 'For student-athletes',
    title: 'One-time fees',
    icon: icons.ball,
    summary: 'No subscription. You pay once to join and once more if you go semi-professional.',
    items: [
      { title: 'One-time commitment fee', text: 'Your complete profile, GPA conversion, matching with every open recruitment request and the support of a partner agency.' },
      { title: 'Semi-professional player fee', text: 'A separate one-time fee that applies only to players with semi-professional status.' },
    ],
    cta: { to: '/athlete-register', label: 'Create your profile' },
  },
  {
    id: 'coaches',
    audience: 'For coaches & universities',
    title: 'Premium subscription',
    icon: icons.university,
    summary: 'Everything a program needs to recruit internationally, with the best athletes first.',
    items: [
      { title: 'Access to the top 5% of athletes', text: 'The premium subscription opens the highest-ranked profiles on the platform.' },
      { title: 'Paid analytics and scouting reports', text: 'In-depth reports on the athletes and leagues you are interested in, ordered when you need them.' },
      { title: 'Agency collaboration', text: 'Work directly with our partner agencies on visas, eligibility and arrival.' },
    ],
    cta: { to: '/coach-register', label: 'Register your program' },
    featured: true,
  },
  {
    id: 'sponsorships',
    audience: 'For brands & partners',
    title: 'Sponsorships',
    icon: icons.trophy,
    summary: 'Support international student-athletes and reach the programs that recruit them.',
    items: [
      { title: 'Athlete and event sponsorships', text: 'Showcases, camps and scholarships in Spain and across Europe.' },
      { title: 'Brand partnerships', text: 'Visibility with college programs and young athletes on the platform.' },
    ],
    cta: { to: '/contact', label: 'Register your interest' },
    comingSoon: true,
  },
];

export default function PricingPage() {
  useDocumentTitle('Pricing');
  return (
    <main id="main" className="page container">
      <header className="page-header center">
        <p className="eyebrow">Pricing</p>
        <h1>Simple, transparent pricing</h1>
        <p className="lead center-block">Affordable for athletes, valuable for programs. Exact amounts are shared personally during onboarding, so every family and program gets a clear quote before paying anything.</p>
      </header>
      <ul className="plans">
        {PLANS.map((plan) => (
          <li key={plan.id} className={`card plan ${plan.featured ? 'plan-featured' : ''}`}>
            <div className="plan-head">
              <span className="icon-badge">{plan.icon}</span>
              {plan.comingSoon && <span className="badge badge-accent">Coming soon</span>}
              {plan.featured && <span className="badge badge-accent">For programs</span>}
            </div>
            <p className="eyebrow">{plan.audience}</p>
            <h2 id={`plan-${plan.id}`}>{plan.title}</h2>
            <p className="muted">{plan.summary}</p>
            <ul className="plan-items">
              {plan.items.map((item) => (
                <li key={item.title}>
                  {icons.check}
                  <div>
                    <strong>{item.title}</strong>
                    <p className="muted">{item.text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <Link className={`btn ${plan.featured ? 'btn-primary' : 'btn-secondary'} btn-block`} to={plan.cta.to}>
              {plan.cta.label}
            </Link>
          </li>
        ))}
      </ul>
      <p className="center muted pricing-note">
        Questions about fees? Read the <Link to="/faq">FAQ</Link> or <Link to="/contact">contact us</Link> for a quote.
      </p>
    </main>
  );
}
