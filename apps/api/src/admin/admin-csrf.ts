import type { NextFunction, Request, Response } from 'express';
import { keepAdminLocal } from './admin-local-pages';

/**
 * The back-office's record actions that change state (admin-resources.ts). AdminJS's own frontend calls
 * an action without a component with a plain GET, so a top-level navigation from another site to
 * /admin/api/resources/User/records/<id>/verifyKyc used to run it with the admin's cookie (CSRF).
 */
export const ADMIN_STATE_CHANGING_ACTIONS = ['block', 'unblock', 'verifyKyc', 'pendingKyc', 'unverifyKyc', 'approve', 'reject', 'new', 'edit', 'delete', 'bulkDelete'];

const ACTION_PATH = /^\/admin\/api\/resources\/[^/]+\/(?:records\/[^/]+|bulk|actions)\/([^/?#]+)/;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The URL path of the small script the AdminJS page loads (see ADMIN_CSRF_SCRIPT). */
export const ADMIN_CSRF_SCRIPT_PATH = '/admin/mirrorline-csrf.js';

/**
 * Runs in the AdminJS page (adminJsOptions.assets.scripts): AdminJS's API client sends a component-less
 * action as GET; this turns exactly those requests into POSTs, which the browser sends with an Origin header.
 */
export const ADMIN_CSRF_SCRIPT = `(function () {
  var actions = ${JSON.stringify(ADMIN_STATE_CHANGING_ACTIONS)};
  var pattern = new RegExp('/admin/api/resources/[^/]+/(?:records/[^/]+|bulk|actions)/(' + actions.join('|') + ')(?:[?#]|$)');
  var open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url) {
    var args = Array.prototype.slice.call(arguments);
    if (String(method).toUpperCase() === 'GET' && pattern.test(String(url))) args[0] = 'POST';
    return open.apply(this, args);
  };
})();
`;

/**
 * Whether the browser says the request comes from this origin: the Origin header names our host, or, where
 * the browser sends `Origin: null` (it does for a form under `Referrer-Policy: no-referrer`, which helmet
 * sets), its Fetch Metadata says `Sec-Fetch-Site: same-origin`.
 */
function sameOrigin(req: Request): boolean {
  const origin = req.get('origin');
  if (origin && origin !== 'null') {
    try {
      // The host the browser talked to; the scheme is left out (TLS may end at a proxy in front of us).
      return new URL(origin).host === req.get('host');
    } catch {
      return false;
    }
  }
  return req.get('sec-fetch-site') === 'same-origin';
}

const crossOrigin = (req: Request) => (req.get('origin') !== undefined || req.get('sec-fetch-site') !== undefined) && !sameOrigin(req);

/**
 * CSRF guard of the back-office, mounted before AdminJS:
 * - a state-changing action answers only a POST whose Origin is this server (GET → 405, other origin → 403);
 * - any other write under /admin (sign-in, sign-out) is refused when it names another origin;
 * - the session cookie itself is SameSite=Strict (admin-panel.module.ts), so another site's navigation
 *   does not even carry it.
 */
export function adminCsrfGuard(req: Request, res: Response, next: NextFunction): void {
  // the back-office opens on Users and makes no outside request (admin-local-pages.ts)
  keepAdminLocal(req, res);
  // Mounted at /admin: originalUrl keeps the full path.
  const path = req.originalUrl.split('?')[0];
  if (path === ADMIN_CSRF_SCRIPT_PATH && req.method === 'GET') {
    res.type('application/javascript').setHeader('Cache-Control', 'no-cache');
    res.send(ADMIN_CSRF_SCRIPT);
    return;
  }
  const action = ACTION_PATH.exec(path)?.[1];
  const refuse = (status: number, message: string) => {
    res.status(status).json({ statusCode: status, message, code: status === 405 ? 'METHOD_NOT_ALLOWED' : 'CSRF_REJECTED' });
  };
  if (action && ADMIN_STATE_CHANGING_ACTIONS.includes(action)) {
    if (SAFE.has(req.method)) return refuse(405, 'This action changes data: it only answers a POST from the back-office itself');
    if (!sameOrigin(req)) return refuse(403, 'Cross-origin request refused');
    return next();
  }
  if (!SAFE.has(req.method) && crossOrigin(req)) return refuse(403, 'Cross-origin request refused');
  next();
}

interface RouterLayer {
  name?: string;
}

/**
 * @adminjs/nestjs moves AdminJS's router to the front of Express's stack when it registers it (at
 * app.init(), "reorderRoutes"), ahead of every middleware the app added. The CSRF guard must run first,
 * so it is moved right before AdminJS's layer once AdminJS is in place.
 */
export function placeAdminCsrfGuardFirst(expressApp: { router?: { stack?: RouterLayer[] } }): void {
  const stack = expressApp.router?.stack;
  if (!stack) return;
  const guardIndex = stack.findIndex((layer) => layer.name === adminCsrfGuard.name);
  if (guardIndex < 0) return;
  const [guard] = stack.splice(guardIndex, 1);
  const adminIndex = stack.findIndex((layer) => layer.name === 'admin');
  stack.splice(adminIndex >= 0 ? adminIndex : 0, 0, guard);
}
