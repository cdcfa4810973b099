import { flushSync } from 'react-dom';
import type { NavigateFunction } from 'react-router-dom';

/**
 * Leave the current page, then change who is signed in. In the other order the role gate of the page
 * being left sees the new session first and redirects to /signin (e.g. an admin on an admin-only page
 * who starts acting as a plain user, or a user logging out of the dashboard).
 */
export function leaveThenSwitch(navigate: NavigateFunction, to: string, switchSession: () => void): void {
  flushSync(() => {
    void navigate(to);
  });
  switchSession();
}
