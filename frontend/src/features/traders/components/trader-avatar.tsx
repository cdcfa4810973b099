import { useState } from 'react';

/**
 * The picture's URL when it is an https URL on another host, else null (initials instead). The API accepts only
 * those (product.md §11.4), but a value stored before that rule may be a path on this origin: loaded as an
 * image it would be a same-origin GET carrying our cookies (issue 26's chain ran a back-office action so).
 */
export function foreignImage(image: string | null, here: string = window.location.href): string | null {
  if (!image) return null;
  try {
    const url = new URL(image, here);
    return url.protocol === 'https:' && url.hostname !== new URL(here).hostname ? url.href : null;
  } catch {
    return null;
  }
}

export function TraderAvatar({ name, image, size = 48 }: { name: string; image: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const initials = name
    .split(/\s+/)
    .map((p) => p.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const src = foreignImage(image);
  if (src && !broken) return <img className="trader-avatar" src={src} alt="" width={size} height={size} onError={() => setBroken(true)} />;
  return (
    <span className="trader-avatar trader-avatar--initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
