import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, type Location } from 'react-router-dom';
import { useAccountLanguage } from '../i18n/language.ts';
import { LiveEvents } from '../notifications/LiveEvents.tsx';
import { Footer } from './Footer.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { TopBar, type TopBarVariant } from './TopBar.tsx';

function variantFor(pathname: string): TopBarVariant {
  if (pathname === '/') return 'landing';
  return 'dark';
}

/**
 * What a scroll position is kept for. Each history entry has its own (Back and Forward return to
 * where it was left, as a browser does), except the agent's roster: a player page's "Back to
 * roster" link opens it as a new entry, and the agent expects to be where they left that view (its
 * address: search, filters, page), by the card they opened, not at the top of 25 cards.
 */
export function scrollKey(location: Location): string {
  return location.pathname === '/agent/players' ? location.pathname + location.search : location.key;
}

/** Shared chrome around every route. */
export function Layout() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  useAccountLanguage();
  return (
    <div className="app-shell">
      <TopBar variant={variantFor(pathname)} />
      <OfflineBanner />
      <LiveEvents />
      <Suspense
        fallback={
          <div className="page container" aria-busy="true">
            <p className="muted">{t('states.loading')}</p>
          </div>
        }
      >
        <Outlet />
      </Suspense>
      <Footer />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
