import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { NAV_ENTRIES } from './navigation.ts';
import { AccountMenu } from '../auth/AccountMenu.tsx';

export type TopBarVariant = 'light' | 'landing' | 'dark';

/** Sticky top bar: logo, navigation, Back (only with history), and 'Get Started'. */
export function TopBar({ variant = 'dark', showBack = true }: { variant?: TopBarVariant; showBack?: boolean }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [canGoBack, setCanGoBack] = useState(false);
  useEffect(() => {
    setOpen(false);
    // react-router keeps an index in history.state; >0 means there is an entry to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    setCanGoBack(window.history.length > 1 && idx > 0);
  }, [location.key]);

  return (
    <header className={`topbar topbar-${variant}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="container topbar-inner">
        <div className="topbar-left">
          {showBack && canGoBack && (
            <button type="button" className="btn btn-ghost btn-sm back-btn" onClick={() => navigate(-1)} aria-label="Go back">
              ← Back
            </button>
          )}
          <Link to="/" className="logo" aria-label="Recruiting Platform home">
            <span className="logo-mark" aria-hidden="true">▲</span>
            <span className="logo-text">
              Recruit<span className="logo-accent">Match</span>
            </span>
          </Link>
        </div>
        <button type="button" className="btn btn-ghost menu-toggle" aria-expanded={open} aria-controls="primary-nav" onClick={() => setOpen((o) => !o)}>
          <span aria-hidden="true">☰</span>
          <span className="sr-only">Menu</span>
        </button>
        <nav id="primary-nav" aria-label="Primary" className={`nav ${open ? 'nav-open' : ''}`}>
          <ul>
            {NAV_ENTRIES.filter((e) => !e.hidden).map((entry) => (
              <li key={entry.label}>
                {entry.to ? (
                  <NavLink to={entry.to} className={({ isActive }) => `nav-link ${isActive ? 'active' : ''}`}>
                    {entry.label}
                  </NavLink>
                ) : (
                  <a className="nav-link" href={entry.href} target="_blank" rel="noreferrer">
                    {entry.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
          <AccountMenu />
          <Link to="/get-started" className="btn btn-primary btn-sm">
            Get Started
          </Link>
        </nav>
      </div>
    </header>
  );
}
