import type { Request, Response } from 'express';

/** Where the back-office opens: the Users resource, not AdminJS's tips dashboard. */
export const ADMIN_HOME = '/admin/resources/UserEntity';

/**
 * AdminJS's page templates link Roboto from fonts.googleapis.com: a request to another origin on every
 * back-office page (the admin's address and browser leak to a third party, and the page waits for it).
 * The layout falls back to the system fonts.
 */
const OUTSIDE_FONTS = /\s*<link[^>]+href="https:\/\/fonts\.googleapis\.com[^"]*"[^>]*>/g;

/**
 * Before AdminJS's client router starts, `/admin` becomes the Users list (the URL /admin itself still
 * answers 200 with the page, so sign-in and its redirect to /admin stay as AdminJS makes them).
 */
const OPEN_ON_USERS = `<script>if (location.pathname === '/admin' || location.pathname === '/admin/') history.replaceState(history.state, '', '${ADMIN_HOME}' + location.search);</script>`;

/** The HTML AdminJS sends, without outside requests, opening on Users. */
export function localAdminPage(html: string): string {
  const local = html.replace(OUTSIDE_FONTS, '');
  return local.includes('<head>') ? local.replace('<head>', `<head>\n      ${OPEN_ON_USERS}`) : local;
}

/** Called first on every /admin request (from adminCsrfGuard, the first /admin middleware): rewrites the HTML pages. */
export function keepAdminLocal(_req: Request, res: Response): void {
  const send = res.send.bind(res);
  res.send = ((body?: unknown) => send(typeof body === 'string' && body.includes('<html') ? localAdminPage(body) : body)) as Response['send'];
}
