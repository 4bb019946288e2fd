import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { LiveEvents } from '../notifications/LiveEvents.tsx';
import { Footer } from './Footer.tsx';
import { TopBar, type TopBarVariant } from './TopBar.tsx';

function variantFor(pathname: string): TopBarVariant {
  if (pathname === '/') return 'landing';
  return 'dark';
}

/** Shared chrome around every route. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <TopBar variant={variantFor(pathname)} />
      <LiveEvents />
      <Suspense fallback={<div className="page container" aria-busy="true"><p className="muted">Loading…</p></div>}>
        <Outlet />
      </Suspense>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
