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

/**
 * AdminJS slides its sidebar out behind a menu button below 1324 px (1024 + the sidebar's width): at
 * 1280 px the admin saw no navigation. From 1200 px it stays in the page.
 */
const SIDEBAR_FROM_1200 = '<style>@media screen and (min-width: 1200px) { [data-css="sidebar"] { position: initial !important; } }</style>';

/** The HTML AdminJS sends, without outside requests, opening on Users, with its sidebar at 1280 px. */
export function localAdminPage(html: string): string {
  const local = html.replace(OUTSIDE_FONTS, '');
  if (!local.includes('<head>')) return local;
  return local.replace('<head>', `<head>\n      ${OPEN_ON_USERS}`).replace('</head>', `${SIDEBAR_FROM_1200}\n    </head>`);
}

/** Called first on every /admin request (from adminCsrfGuard, the first /admin middleware): rewrites the HTML pages. */
export function keepAdminLocal(_req: Request, res: Response): void {
  const send = res.send.bind(res);
  res.send = ((body?: unknown) => send(typeof body === 'string' && body.includes('<html') ? localAdminPage(body) : body)) as Response['send'];
}
