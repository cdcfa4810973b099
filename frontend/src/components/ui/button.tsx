import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  /** While busy the button is disabled, says so (aria-busy) and shows an inline ring before its label. */
  busy?: boolean;
}

/** The one button of the SPA: `.btn` + variant + size; `type="button"` unless told otherwise. */
export function Button({ variant = 'ghost', size = 'md', block = false, busy = false, disabled, className, children, type = 'button', ...rest }: ButtonProps) {
  const cls = ['btn', `btn--${variant}`, size !== 'md' ? `btn--${size}` : '', block ? 'btn--block' : '', busy ? 'is-busy' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={cls} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <span className="btn__ring" aria-hidden="true" />}
      {children}
    </button>
  );
}
