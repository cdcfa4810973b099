import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/auth-session';
import { useLogout } from '../../lib/use-logout';
import { RoleMenu } from './role-menu';
import { isDashboardPath, PUBLIC_LINKS } from './menus';

export function TopBar() {
  const session = useSession();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onDashboard = isDashboardPath(pathname);

  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  const initial = (session.username || session.email || '?').charAt(0).toUpperCase();
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
          {session.isLoggedIn && !onDashboard && (
            <>
              <Link to={home} className="btn btn--ghost">Dashboard</Link>
              <button type="button" className="btn btn--outline" onClick={() => void logout()}>Logout</button>
            </>
          )}
          {session.isLoggedIn && onDashboard && (
            <span className="avatar" title={session.username} aria-label={`Signed in as ${session.username}`} data-testid="avatar">
              {initial}
            </span>
          )}
          <button
            type="button"
            className="topbar__burger"
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
          <div className="drawer-backdrop" onClick={() => setDrawerOpen(false)} aria-hidden="true" />
          <aside id="mobile-drawer" className="drawer" aria-label="Mobile menu">
            <button type="button" className="drawer__close" aria-label="Close menu" autoFocus onClick={() => setDrawerOpen(false)}>
              ×
            </button>
            <RoleMenu label="Mobile menu" onNavigate={() => setDrawerOpen(false)} />
            {session.isLoggedIn && (
              <ul className="drawer__public">
                {PUBLIC_LINKS.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} onClick={() => setDrawerOpen(false)}>{l.label}</Link>
                  </li>
                ))}
              </ul>
            )}
          </aside>
        </>
      )}
    </>
  );
}
