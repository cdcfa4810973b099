import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/auth-session';
import { useLogout } from '../../lib/use-logout';
import { RoleMenu } from './role-menu';
import { AvatarMenu } from './avatar-menu';
import { NotificationBell } from './notification-bell';
import { isDashboardPath, PUBLIC_LINKS } from './menus';

export function TopBar() {
  const session = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onDashboard = isDashboardPath(pathname);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  /** Close the drawer; focus goes back to "Open menu" unless a navigation moves it to the new page. */
  const closeDrawer = useCallback((returnFocus: boolean) => {
    setDrawerOpen(false);
    // the burger stays mounted: focusing it before the drawer unmounts keeps focus off <body>
    if (returnFocus) burgerRef.current?.focus();
  }, []);

  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    // focus moves into the dialog
    drawerRef.current?.querySelector<HTMLElement>('.drawer__close')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeDrawer(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen, closeDrawer]);

  /** aria-modal: Tab and Shift+Tab stay inside the drawer. */
  const trapTab = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !drawerRef.current) return;
    const focusable = [...drawerRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const home = session.isAdmin ? '/admindashboard' : '/userdashboard';

  return (
    <>
    <header className="topbar">
      <div className="topbar__inner container">
        <Link to="/" className="brand" aria-label="Mirrorline home">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>Mirrorline</span>
        </Link>
        <nav aria-label="Main" className="topbar__nav">
          <ul>
            {PUBLIC_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={({ isActive }) => `topbar__link${isActive ? ' is-active' : ''}`}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topbar__actions">
          {!session.isLoggedIn && (
            <>
              <Link to="/signin" className="btn btn--ghost">Login</Link>
              <Link to="/register" className="btn btn--primary">Get Started</Link>
            </>
          )}
          {session.isLoggedIn && <NotificationBell />}
          {session.isLoggedIn && !onDashboard && (
            <>
              <Link to={home} className="btn btn--ghost">Dashboard</Link>
              <button type="button" className="btn btn--outline" onClick={() => void logout()}>Logout</button>
            </>
          )}
          {session.isLoggedIn && onDashboard && (
            <AvatarMenu username={session.username || session.email} home={home} onLogout={() => void logout()} />
          )}
          <button
            ref={burgerRef}
            type="button"
            className="topbar__burger"
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            aria-label="Open menu"
            onClick={() => setDrawerOpen((o) => !o)}
          >
            <span aria-hidden="true">☰</span>
          </button>
        </div>
      </div>
    </header>
      {/* outside the header: its backdrop-filter would make it the containing block of the fixed drawer */}
      {drawerOpen && (
        <>
          <div className="drawer-backdrop" onClick={() => closeDrawer(true)} aria-hidden="true" />
          <div id="mobile-drawer" ref={drawerRef} className="drawer" role="dialog" aria-modal="true" aria-label="Menu" onKeyDown={trapTab}>
            <button type="button" className="drawer__close" aria-label="Close menu" onClick={() => closeDrawer(true)}>
              ×
            </button>
            <RoleMenu label="Mobile menu" onNavigate={() => setDrawerOpen(false)} />
            {session.isLoggedIn ? (
              <ul className="drawer__public">
                {PUBLIC_LINKS.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} onClick={() => setDrawerOpen(false)}>{l.label}</Link>
                  </li>
                ))}
              </ul>
            ) : (
              // the visitor's menu (seed §2) has no Contact: it is added here
              <ul className="drawer__public">
                <li>
                  <Link to="/contactus" onClick={() => setDrawerOpen(false)}>Contact</Link>
                </li>
              </ul>
            )}
          </div>
        </>
      )}
    </>
  );
}
