import { NavLink } from 'react-router-dom';
import { useSession } from '../../lib/auth-session';
import { useLogout } from '../../lib/use-logout';
import { useAdminDetails } from '../../features/admin/api/get-admin-details';
import { QueueCount } from '../ui/queue-count';
import { menuFor } from './menus';

/** The menu of the signed-in role (or the visitor's), with Logout when signed in. */
export function RoleMenu({ onNavigate, label = 'Account menu' }: { onNavigate?: () => void; label?: string }) {
  const session = useSession();
  const logout = useLogout();
  const items = menuFor(session);
  // the queue counts beside an admin's menu items, kept current every 30 s (and after each decision: its mutation
  // refreshes admin_details)
  const { data: counts } = useAdminDetails({ enabled: items.some((item) => item.queue), refreshInterval: 30_000 });
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
              {item.queue && <QueueCount count={counts?.[item.queue]} />}
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
