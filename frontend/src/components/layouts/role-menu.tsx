import { NavLink } from 'react-router-dom';
import { useSession } from '../../lib/auth-session';
import { useLogout } from '../../lib/use-logout';
import { menuFor } from './menus';

/** The menu of the signed-in role (or the visitor's), with Logout when signed in. */
export function RoleMenu({ onNavigate, label = 'Account menu' }: { onNavigate?: () => void; label?: string }) {
  const session = useSession();
  const logout = useLogout();
  const items = menuFor(session);
  return (
    <nav aria-label={label} className="role-menu">
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              onClick={onNavigate}
              className={({ isActive }) => `role-menu__link${isActive ? ' is-active' : ''}${item.primary ? ' role-menu__link--primary' : ''}`}
            >
              {item.label}
            </NavLink>
          </li>
        ))}
        {session.isLoggedIn && (
          <li>
            <button
              type="button"
              className="role-menu__link role-menu__logout"
              onClick={() => {
                onNavigate?.();
                void logout();
              }}
            >
              Logout
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
