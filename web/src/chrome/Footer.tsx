import { Link } from 'react-router-dom';
import { BRAND_NAME, CONTACT_DETAILS, LEGAL_LINKS, QUICK_LINKS, SOCIAL_LINKS } from './navigation.ts';
import { SocialIcon } from './SocialIcon.tsx';
import './chrome.css';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="logo-text footer-logo">
            Recruit<span className="logo-accent">Match</span>
          </p>
          <p className="muted">Your Future, Matched. International student-athletes, US college programs and partner agencies, connected.</p>
          <ul className="social-links" aria-label="Social media">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.network}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} (opens in a new tab)`}>
                  <SocialIcon network={s.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="footer-heading">
            Quick Links
          </h2>
          <ul>
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer-contact">
          <h2 className="footer-heading">Contact</h2>
          <ul>
            <li>
              <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
            </li>
            <li>
              <a href={`tel:${CONTACT_DETAILS.phone.replace(/[^+\d]/g, '')}`}>{CONTACT_DETAILS.phone}</a>
            </li>
            <li>{CONTACT_DETAILS.city}</li>
            <li className="muted">{CONTACT_DETAILS.replyPromise}</li>
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">Get started</h2>
          <ul>
            <li>
              <Link to="/athlete-register">Athlete sign up</Link>
            </li>
            <li>
              <Link to="/coach-register">Coach sign up</Link>
            </li>
            <li>
              <Link to="/agent-register">Agent sign up</Link>
            </li>
            <li>
              <Link to="/community">Community</Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-legal">
        <span>
          © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
        </span>
        <nav aria-label="Legal">
          {LEGAL_LINKS.map((l) => (
            <Link key={l.to} to={l.to}>
              {l.label}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
