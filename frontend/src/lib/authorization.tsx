import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { useEffect } from 'react';
import { restoreSession, useRestoreState, useSession, type Role } from './auth-session';
import { Spinner } from '../components/ui/spinner';

export const ALL_ROLES: readonly Role[] = ['User', 'Trader', 'Admin'];

export function hasAnyRole(roles: readonly string[], allowed: readonly Role[]): boolean {
  return roles.some((r) => (allowed as readonly string[]).includes(r));
}

/**
 * The session-restore gate (seed §4): while the refresh runs a spinner shows; a 401 (no cookie) lets the
 * page render; any other failure shows the server message and a way back to sign in.
 */
export function PersistGate() {
  const state = useRestoreState();
  const session = useSession();
  useEffect(() => restoreSession(), []);
  if (session.isLoggedIn) return <Outlet />;
  if (state.phase === 'idle' || state.phase === 'loading') {
    return (
      <div className="page-center">
        <Spinner label="Restoring your session" />
      </div>
    );
  }
  if (state.phase === 'error') {
    return (
      <div className="page-center">
        <p role="alert" className="error-text">
          {state.message} <Link to="/signin">Please login again</Link>
        </p>
      </div>
    );
  }
  return <Outlet />;
}

/** The role gate: a failure goes to /signin and remembers where the user was going (seed §2). */
export function RequireRole({ allowed }: { allowed: readonly Role[] }) {
  const session = useSession();
  const location = useLocation();
  if (session.isLoggedIn && hasAnyRole(session.roles, allowed)) return <Outlet />;
  return <Navigate to="/signin" state={{ from: location }} replace />;
}
