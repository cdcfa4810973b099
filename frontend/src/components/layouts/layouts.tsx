import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { TopBar } from './top-bar';
import { ImpersonationBanner } from './impersonation-banner';
import { useConnectionLost } from '../../lib/connection';
import { ConnectionBanner } from './connection-banner';
import { Footer } from './footer';
import { TickerTape } from './ticker-tape';
import { RoleMenu } from './role-menu';
import { LoadingState } from '../ui/states';
import { Toaster } from '../ui/toaster';
import { ErrorBoundary } from '../errors/error-boundary';

/**
 * Scrolls to the top on every route change (seed §2) and, after the first page, moves focus to the main
 * region so that screen readers and keyboard users start at the new page's content.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo?.(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <a href="#main" className="skip-link">Skip to content</a>
      <ScrollToTop />
      <Toaster />
      <ErrorBoundary resetKey={pathname}>
        <Outlet />
      </ErrorBoundary>
    </>
  );
}

/** Top bar, ticker and footer around the public and dashboard pages. */
export function SiteLayout() {
  const lost = useConnectionLost();
  return (
    <div className={lost ? 'site is-offline' : 'site'}>
      <TopBar />
      <ImpersonationBanner />
      <ConnectionBanner lost={lost} />
      <TickerTape />
      <main id="main" className="site__main" tabIndex={-1}>
        <Suspense fallback={<LoadingState label="Loading page" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/** Sign in, register, OTP and forgot password: no top bar, no footer (seed §2). */
export function AuthLayout() {
  return (
    <main id="main" className="auth-layout" tabIndex={-1}>
      <Suspense fallback={<LoadingState label="Loading page" />}>
        <Outlet />
      </Suspense>
    </main>
  );
}

export function DashboardLayout() {
  return (
    <div className="dashboard">
      <aside className="dashboard__sidebar" aria-label="Dashboard">
        <RoleMenu label="Dashboard menu" />
      </aside>
      <section className="dashboard__content">
        <Suspense fallback={<LoadingState label="Loading page" />}>
          <Outlet />
        </Suspense>
      </section>
    </div>
  );
}
