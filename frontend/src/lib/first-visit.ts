import { useEffect, useState } from 'react';

const KEY = 'ml_seen_';

/** True on a user's first dashboard visit in this browser ("Welcome", then "Welcome back"). */
export function useFirstVisit(userId: string | null | undefined): boolean {
  const [first] = useState(() => {
    if (!userId) return false;
    try {
      return localStorage.getItem(KEY + userId) === null;
    } catch {
      return false;
    }
  });
  useEffect(() => {
    if (!userId) return;
    try {
      localStorage.setItem(KEY + userId, '1');
    } catch {
      /* private mode: every visit is a first one */
    }
  }, [userId]);
  return first;
}
