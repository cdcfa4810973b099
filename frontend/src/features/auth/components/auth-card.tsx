import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="auth-card">
      <Link to="/" className="brand auth-card__brand" aria-label="Mirrorline home">
        <img src="/logo.svg" alt="" width="36" height="36" />
        <span>Mirrorline</span>
      </Link>
      <h1 className="auth-card__title">{title}</h1>
      {subtitle && <p className="auth-card__subtitle muted">{subtitle}</p>}
      {children}
      {footer && <div className="auth-card__footer">{footer}</div>}
    </div>
  );
}
