import { Link } from 'react-router-dom';
import { CONTACT_DETAILS } from './navigation.ts';

const QUICK_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Partnerships', to: '/partnerships' },
  { label: 'Contact', to: '/contact' },
];

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <p className="logo-text footer-logo">
            Recruit<span className="logo-accent">Match</span>
          </p>
          <p className="muted">Your Future, Matched. International student-athletes and US college programs, connected.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="footer-heading">Quick Links</h2>
          <ul>
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Contact</h2>
          <ul>
            <li>
              <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a>
            </li>
            <li>{CONTACT_DETAILS.phone}</li>
            <li>{CONTACT_DETAILS.city}</li>
          </ul>
        </div>
        <div>
          <h2 className="footer-heading">Follow us</h2>
          <ul className="social">
            <li>
              <a href="#instagram" aria-label="Instagram (coming soon)">Instagram</a>
            </li>
            <li>
              <a href="#linkedin" aria-label="LinkedIn (coming soon)">LinkedIn</a>
            </li>
            <li>
              <a href="#x" aria-label="X (coming soon)">X</a>
            </li>
          </ul>
        </div>
      </div>
      <div className="container footer-legal">
        <span>© {new Date().getFullYear()} RecruitMatch. All rights reserved.</span>
        <nav aria-label="Legal">
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/terms">Terms of Service</Link>
          <Link to="/consent-policy">Coach Consent Policy</Link>
        </nav>
      </div>
    </footer>
  );
}
