import { Link } from 'react-router-dom';
import { icons } from './icons.tsx';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

const SECTIONS = [
  { id: 'success-stories', icon: icons.trophy, title: 'Success stories', text: 'Athletes who made the move to a US campus, in their own words: the first training, the first exam, the first win.' },
  { id: 'media', icon: icons.camera, title: 'Media', text: 'Highlight reels, match photos and behind-the-scenes videos from our athletes and partner programs.' },
  { id: 'news', icon: icons.news, title: 'News', text: 'Platform updates, new partner universities and agencies, and recruiting calendar reminders.' },
  { id: 'events', icon: icons.calendar, title: 'Events', text: 'Showcases, info sessions and online Q&As with college coaches, in Spain and across Europe.' },
  { id: 'resources', icon: icons.book, title: 'Resources', text: 'Guides to GPA conversion, English tests, eligibility, visas and budgeting for a US education.' },
  { id: 'motivation-zone', icon: icons.flame, title: 'Motivation zone', text: 'Training tips, mindset talks and words from athletes who have walked the path before you.' },
];

export default function CommunityPage() {
  useDocumentTitle('Community');
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">Community</p>
        <h1>A community is on its way</h1>
        <p className="lead">We are building a home for athletes, families, coaches and agencies to share the journey. These spaces open after launch.</p>
      </header>
      <ul className="community-grid">
        {SECTIONS.map((section) => (
          <li key={section.id} id={section.id} className="card community-card">
            <div className="community-head">
              <span className="icon-badge">{section.icon}</span>
              <span className="badge">Coming soon</span>
            </div>
            <h2>{section.title}</h2>
            <p className="muted">{section.text}</p>
          </li>
        ))}
      </ul>
      <section className="cta-card card" aria-labelledby="community-cta">
        <div>
          <h2 id="community-cta">Have a story to share?</h2>
          <p className="muted">Tell us about your recruiting journey and you could be one of the first stories we feature.</p>
        </div>
        <Link className="btn btn-primary" to="/contact">
          Share your story
        </Link>
      </section>
    </main>
  );
}
