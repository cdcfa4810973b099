import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

/**
 * The signed-in user's avatar: a button opening a small menu (dashboard, settings, logout). Escape and
 * a click outside close it; focus goes back to the avatar.
 */
export function AvatarMenu({ username, home, onLogout }: { username: string; home: string; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const initial = (username || '?').charAt(0).toUpperCase();

  useEffect(() => {
    if (!open) return;
    boxRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onDown = (e: MouseEvent) => {
      if (!boxRef.current?.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div className="avatar-menu" ref={boxRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar"
        data-testid="avatar"
        aria-label={`Account menu of ${username}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {initial}
      </button>
      {open && (
        <ul id={id} role="menu" className="avatar-menu__list" aria-label={`Account of ${username}`}>
          <li role="none"><Link role="menuitem" to={home} onClick={close}>Dashboard</Link></li>
          <li role="none"><Link role="menuitem" to="/userdashboard/accountsettings" onClick={close}>Settings</Link></li>
          <li role="none">
            <button type="button" role="menuitem" className="avatar-menu__logout" onClick={() => { close(); onLogout(); }}>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
