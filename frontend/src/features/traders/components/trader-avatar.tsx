import { useState } from 'react';

export function TraderAvatar({ name, image, size = 48 }: { name: string; image: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const initials = name
    .split(/\s+/)
    .map((p) => p.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  if (image && !broken) return <img className="trader-avatar" src={image} alt="" width={size} height={size} onError={() => setBroken(true)} />;
  return (
    <span className="trader-avatar trader-avatar--initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials || '?'}
    </span>
  );
}
