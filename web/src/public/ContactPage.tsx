import { Link } from 'react-router-dom';
import { CONTACT_DETAILS, SOCIAL_LINKS } from '../chrome/navigation.ts';
import { SocialIcon } from '../chrome/SocialIcon.tsx';
import { ChatAssistant } from './assistant/ChatAssistant.tsx';
import { ContactForm } from './ContactForm.tsx';
import './public.css';
import { useDocumentTitle } from '../chrome/useDocumentTitle.ts';

export default function ContactPage() {
  useDocumentTitle('Contact');
  return (
    <main id="main" className="page container">
      <header className="page-header">
        <p className="eyebrow">Contact</p>
        <h1>Let’s talk about your next step</h1>
        <p className="lead">Athletes, coaches and partners: {CONTACT_DETAILS.replyPromise.charAt(0).toLowerCase() + CONTACT_DETAILS.replyPromise.slice(1)}</p>
      </header>
      <div className="split">
        <ContactForm />
        <aside className="stack" aria-label="Contact details and quick answers">
          <div className="card">
            <h2>Contact details</h2>
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
            <h3 className="contact-social-title">Follow us</h3>
            <ul className="social-links social-links-light">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.network}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} (opens in a new tab)`}>
                    <SocialIcon network={s.network} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="card">
            <h2>Quick answers</h2>
            <p>
              Many questions are already answered in our <Link to="/faq">FAQ</Link>.
            </p>
          </div>
          <ChatAssistant />
        </aside>
      </div>
    </main>
  );
}
