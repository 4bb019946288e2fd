import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { useAccountLanguage } from '../i18n/language.ts';
import { LiveEvents } from '../notifications/LiveEvents.tsx';
import { Footer } from './Footer.tsx';
import { OfflineBanner } from './OfflineBanner.tsx';
import { TopBar, type TopBarVariant } from './TopBar.tsx';

function variantFor(pathname: string): TopBarVariant {
  if (pathname === '/') return 'landing';
  return 'dark';
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
      <ScrollRestoration />
    </div>
  );
}
