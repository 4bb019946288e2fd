import { Link } from 'react-router-dom';
import { CONTACT_DETAILS } from '../chrome/navigation.ts';
import { ContactForm } from './ContactForm.tsx';

export default function ContactPage() {
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">Contact</p>
        <h1>Let’s talk about your next step</h1>
        <p className="lead">Athletes, coaches and partners: we reply within 24 hours or one business day.</p>
      </header>
      <div className="split">
        <ContactForm />
        <aside className="stack" aria-label="Contact details">
          <div className="card">
            <h2>Contact details</h2>
            <ul className="plain-list">
              <li>
                <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
              </li>
              <li>{CONTACT_DETAILS.phone}</li>
              <li>{CONTACT_DETAILS.city}</li>
            </ul>
          </div>
          <div className="card">
            <h2>Quick answers</h2>
            <p>
              Many questions are already answered in our <Link to="/faq">FAQ</Link>.
            </p>
          </div>
        </aside>
      </div>
    </main>
  );
}
