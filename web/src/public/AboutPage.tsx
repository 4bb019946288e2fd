import { Link } from 'react-router-dom';
import { CONTACT_DETAILS } from '../chrome/navigation.ts';
import { TEAM } from './about/team.ts';
import { TeamSection } from './about/TeamSection.tsx';
import { icons } from './icons.tsx';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

const PILLARS = [
  {
    icon: icons.target,
    title: 'Our mission',
    text: 'Give every international student-athlete a fair, affordable path to study and play at a US university, and give coaches a faster, more reliable way to find them.',
  },
  {
    icon: icons.bulb,
    title: 'Our solution',
    text: 'An AI-powered matching platform: athletes complete one profile, coaches describe what they need, and a transparent score puts the right players in front of the right programs, with a partner agency to follow up.',
  },
  {
    icon: icons.eye,
    title: 'Our vision',
    text: 'Recruiting without borders: soccer first, other sports next, for men and women, at every level from NJCAA to NCAA Division I.',
  },
];

export default function AboutPage() {
  useDocumentTitle('About us');
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">About us</p>
        <h1>We help talent cross the Atlantic</h1>
        <p className="lead">Founded by former players and college coaches, based in New York and working with athletes across Spain and Europe. In early access today.</p>
      </header>

      <section aria-label="Mission, solution and vision" className="pillars">
        {PILLARS.map((pillar) => (
          <article key={pillar.title} className="card pillar">
            <span className="icon-badge">{pillar.icon}</span>
            <h2>{pillar.title}</h2>
            <p>{pillar.text}</p>
          </article>
        ))}
      </section>

      <section className="section" aria-labelledby="team-title">
        <header className="section-header">
          <p className="eyebrow">The team</p>
          <h2 id="team-title">Meet the people behind the matches</h2>
          <p className="muted">Some of us have a story to tell: open it to read how we got here.</p>
        </header>
        <TeamSection members={TEAM} />
      </section>

      <section className="card contact-block" aria-labelledby="about-contact-title">
        <div>
          <h2 id="about-contact-title">Get in touch</h2>
          <p>Questions about the platform, a partnership or your recruiting journey? {CONTACT_DETAILS.replyPromise}</p>
        </div>
        <ul className="plain-list contact-lines">
          <li>
            <span className="muted">Email</span> <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
          </li>
          <li>
            <span className="muted">Phone</span> <a href={`tel:${CONTACT_DETAILS.phone.replace(/[^+\d]/g, '')}`}>{CONTACT_DETAILS.phone}</a>
          </li>
          <li>
            <span className="muted">Office</span> {CONTACT_DETAILS.city}
          </li>
        </ul>
        <Link className="btn btn-primary" to="/contact">
          Contact us
        </Link>
      </section>
    </main>
  );
}
