import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { BRAND_NAME, MESSAGES_ENTRY, navEntriesFor, pageHasOwnBack } from './navigation.ts';
import { AccountMenu } from '../auth/AccountMenu.tsx';
import { useSession } from '../auth/api.ts';
import { useUnreadThreads } from '../conversations/api/getUnreadThreads.ts';
import { NotificationBell } from '../notifications/NotificationBell.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import './chrome.css';

export type TopBarVariant = 'light' | 'landing' | 'dark';

/** True when the browser history holds an entry before this one that the app can go back to. */
function historyHasPreviousEntry(): boolean {
  // react-router keeps its position in history.state.idx; 0 is the first entry of this tab.
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  return window.history.length > 1 && idx > 0;
}

/**
 * Sticky top bar: logo, navigation (a role's own links inside its signed-in area, the marketing
 * links elsewhere), Back (only with history), the account menu, and 'Get Started' for visitors
 * who are not signed in.
 */
export function TopBar({ variant = 'dark', showBack = true }: { variant?: TopBarVariant; showBack?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [canGoBack, setCanGoBack] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const session = useSession();
  const entries = navEntriesFor(location.pathname, session.data?.role);
  // Messages says how many conversations hold messages new to the user.
  const unreadThreads = useUnreadThreads({ enabled: entries.includes(MESSAGES_ENTRY) }).size;
  // Only once the visitor is known to be signed out: a signed-in user never sees it flash.
  const showGetStarted = session.data === null;
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    setOpen(false);
    setCanGoBack(historyHasPreviousEntry());
  }, [location.key]);

  // The phone menu closes on Escape (focus back on its button) and on a click outside it. Opening
  // it moves focus to its first link: the links come before the button in the page's order.
  useEffect(() => {
    if (!open) return;
    headerRef.current?.querySelector<HTMLElement>('#primary-nav a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <header ref={headerRef} className={`topbar topbar-${variant}`}>
      <a className="skip-link" href="#main">
        {t('topBar.skipToContent')}
      </a>
      <div className="container topbar-inner">
        <div className="topbar-left">
          {showBack && canGoBack && !pageHasOwnBack(location.pathname) && (
            <button type="button" className="btn btn-ghost btn-sm back-btn" onClick={() => void navigate(-1)}>
              <span aria-hidden="true">←</span>
              <span className="back-text">{t('topBar.back')}</span>
            </button>
          )}
          <Link to="/" className="logo" aria-label={t('topBar.homeLink', { brand: BRAND_NAME })}>
            <svg className="logo-mark" width="28" height="28" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
              <path d="M14 48 L32 12 L50 48 Z" fill="none" stroke="currentColor" strokeWidth="7" strokeLinejoin="round" />
              <circle cx="32" cy="38" r="6" fill="#fff" />
            </svg>
            <span className="logo-text">
              Recruit<span className="logo-accent">Match</span>
            </span>
          </Link>
        </div>
        <div className="topbar-right">
          <nav id="primary-nav" aria-label={t('topBar.primaryNav')} className={`nav ${open ? 'nav-open' : ''}`}>
            <ul>
              {entries.map((entry) => (
                <li key={entry.labelKey}>
                  {entry.to ? (
                    <NavLink to={entry.to} end={!entry.section} className={({ isActive }) => `nav-link ${isActive ? 'active' : ''}`}>
                      {t(entry.labelKey)}
                      {entry === MESSAGES_ENTRY && unreadThreads > 0 && (
                        <span className="badge badge-accent nav-badge">
                          <span aria-hidden="true">{unreadThreads}</span>
                          <span className="sr-only">{t('nav.unreadThreads', { count: unreadThreads })}</span>
                        </span>
                      )}
                    </NavLink>
                  ) : (
                    <a className="nav-link" href={entry.href} target="_blank" rel="noopener noreferrer">
                      {t(entry.labelKey)}
                    </a>
                  )}
                </li>
              ))}
            </ul>
            {/* Phones: the switcher lives in the menu (the bar has no room for it). */}
            <LanguageSwitcher className="nav-language" />
          </nav>
          {/* Right-side items, in order: the account menu with the notification bell before it, or Get Started. */}
          <div className="topbar-actions">
            <LanguageSwitcher className="topbar-language" />
            <NotificationBell />
            <AccountMenu />
            {showGetStarted && (
              <Link to="/get-started" className="btn btn-primary btn-sm get-started">
                {t('topBar.getStarted')}
              </Link>
            )}
          </div>
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-ghost menu-toggle"
            aria-expanded={open}
            aria-controls="primary-nav"
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">{open ? '✕' : '☰'}</span>
            <span className="sr-only">{t('topBar.menu')}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
