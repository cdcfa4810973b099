import type { ButtonHTMLAttributes } from 'react';
import { useSession } from '../../lib/auth-session';

export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'danger';

/** Why a write control is off while an admin views the app as a user (product.md §12.6). */
export const READ_ONLY_TITLE = 'Read-only: an admin viewing as this user cannot change anything';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** While busy the button is disabled, says so (aria-busy) and shows an inline ring before its label. */
  busy?: boolean;
  /**
   * The button changes something on the server (POST/PUT/PATCH/DELETE, or opens the step that does): it is
   * disabled while the session is an impersonation, which only reads (the server refuses its writes with 403
   * IMPERSONATION_FORBIDDEN; this only says so before the click).
   */
  writes?: boolean;
}

/** The one button of the SPA: `.btn` + variant + size; `type="button"` unless told otherwise. */
export function Button({ variant = 'ghost', size = 'md', block = false, busy = false, writes = false, disabled, className, children, type = 'button', title, ...rest }: ButtonProps) {
  const readOnly = useSession().impersonated && writes;
  const cls = ['btn', `btn--${variant}`, size !== 'md' ? `btn--${size}` : '', block ? 'btn--block' : '', busy ? 'is-busy' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={cls} disabled={disabled || busy || readOnly} aria-busy={busy || undefined} title={readOnly ? READ_ONLY_TITLE : title} {...rest}>
      {busy && <span className="btn__ring" aria-hidden="true" />}
      {children}
    </button>
  );
}
