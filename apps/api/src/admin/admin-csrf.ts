import { Injectable } from '@nestjs/common';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { keepAdminLocal } from './admin-local-pages';

/**
 * The actions that only read: AdminJS's built-in list, search and show. Every other action, built in (new,
 * edit, delete, bulkDelete) or ours (block, verifyKyc, approve…, admin-resources.ts), may change state, so it
 * runs only on a same-origin POST. The default is closed: an action added tomorrow is guarded without a list
 * to keep up to date.
 */
export const ADMIN_READ_ONLY_ACTIONS: readonly string[] = ['list', 'search', 'show'];

/** The URL path of the small script the AdminJS page loads (see ADMIN_CSRF_SCRIPT). */
export const ADMIN_CSRF_SCRIPT_PATH = '/admin/mirrorline-csrf.js';

/**
 * Runs in the AdminJS page (adminJsOptions.assets.scripts): AdminJS's API client sends a component-less action
 * as a GET; this turns every API call to an action that is not read-only into a POST, which the browser sends
 * with an Origin header. The action is read decoded, as the server reads it.
 */
export const ADMIN_CSRF_SCRIPT = `(function () {
  var readOnly = ${JSON.stringify(ADMIN_READ_ONLY_ACTIONS)};
  var pattern = /\\/admin\\/api\\/resources\\/[^/]+\\/(?:records\\/[^/]+|bulk|actions)\\/([^/?#]+)/i;
  var open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url) {
    var args = Array.prototype.slice.call(arguments);
    var match = pattern.exec(String(url));
    var action = null;
    try { action = match && decodeURIComponent(match[1]); } catch (e) { action = match && match[1]; }
    if (String(method).toUpperCase() === 'GET' && action !== null && readOnly.indexOf(action) < 0) args[0] = 'POST';
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

/** What the guard asks of the AdminJS instance: the same lookups its ApiController makes. */
export interface AdminJsInstance {
  /** throws for an unknown id (exact, case-sensitive, as AdminJS compares it) */
  findResource(resourceId: string): { decorate(): { actions: Record<string, DecoratedAction> } };
  options: { pages?: Record<string, unknown> };
}
/** AdminJS's ActionDecorator: the action as configured sits in `action` (its type a string or a list of them). */
interface DecoratedAction {
  action: { actionType: string | string[] };
}
/** One of AdminJS's routes (`Router.routes` of adminjs): `path` with `{param}` placeholders under the root path. */
export interface AdminJsRoute {
  method: string;
  path: string;
  action: string;
}

/** The action type each AdminJS API controller method runs: an action of another type there is a 404. */
const ACTION_TYPE_OF_ROUTE: Record<string, string> = { recordAction: 'record', bulkAction: 'bulk', resourceAction: 'resource' };

type Refusal = [status: number, code: string, message: string];
const NOT_FOUND: Refusal = [404, 'NOT_FOUND', 'No such resource, action or page in the back-office'];

/**
 * The back-office's guard, in front of AdminJS's router. It decides on the route **as AdminJS resolves it**:
 * it is an Express router built from AdminJS's own route table, so Express matches a path the same way for
 * both (any letter case, a trailing slash, percent-encoding decoded in the parameters: `…/%62lock` is `block`,
 * `/admin/API/…` is `/admin/api/…`), and it looks the resource and the action up in the AdminJS instance itself
 * (issue 26: the guard's regex read the raw, case-sensitive URL, and both spellings ran an action on a GET).
 * - an unknown resource, action (`Block`, `block/`) or page, or an action of the wrong type for its route,
 *   answers 404 (AdminJS answered 500 when its lookup came back empty);
 * - an action that is not read-only answers only a same-origin POST: any other method → 405, a POST naming
 *   another origin or carrying neither Origin nor Sec-Fetch-Site → 403 `CSRF_REJECTED`;
 * - any other write under /admin (sign-in, sign-out) naming another origin is refused too;
 * - the session cookie itself is SameSite=Strict (admin-panel.module.ts).
 * Bound to the instance when AdminJS registers its router (GuardedExpressLoader, admin-panel.module.ts).
 */
@Injectable()
export class AdminRouteGuard {
  private router?: Router;

  /** Builds the guard's router from AdminJS's route table; `admin` answers the lookups. */
  bind(admin: AdminJsInstance, routes: readonly AdminJsRoute[]): void {
    const router = Router();
    const seen = new Set<string>();
    for (const route of routes) {
      const params = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (!params.includes('resourceId') && !params.includes('pageName')) continue;
      if (!route.path.startsWith('/api/')) continue; // the HTML routes only render the page; its script calls the API
      const key = `${route.path} ${route.action}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // as @adminjs/express converts it: {recordId} → :recordId
      router.all(route.path.replace(/\{(\w+)\}/g, ':$1'), (req: Request, res: Response, next: NextFunction) => {
        const refusal = this.refusal(admin, route.action, req);
        if (!refusal) return next();
        const [status, code, message] = refusal;
        res.status(status).json({ statusCode: status, message, code });
      });
    }
    this.router = router;
  }

  private refusal(admin: AdminJsInstance, routeAction: string, req: Request): Refusal | null {
    const { resourceId, action, pageName } = req.params as Record<string, string | undefined>;
    if (pageName !== undefined) return Object.hasOwn(admin.options.pages ?? {}, pageName) ? null : NOT_FOUND;
    if (resourceId === undefined) return null;
    let actions: Record<string, DecoratedAction>;
    try {
      actions = admin.findResource(resourceId).decorate().actions;
    } catch {
      return NOT_FOUND;
    }
    if (action === undefined) return null;
    // Own properties only: `constructor` or `__proto__` is no action.
    if (!Object.hasOwn(actions, action)) return NOT_FOUND;
    const expected = ACTION_TYPE_OF_ROUTE[routeAction];
    // ActionDecorator.isRecordType() and its siblings ask the same: `actionType.includes(type)`.
    if (expected && !actions[action].action.actionType.includes(expected)) return NOT_FOUND;
    if (ADMIN_READ_ONLY_ACTIONS.includes(action)) return null;
    if (req.method !== 'POST') return [405, 'METHOD_NOT_ALLOWED', 'This action changes data: it only answers a POST from the back-office itself'];
    if (!sameOrigin(req)) return [403, 'CSRF_REJECTED', 'Cross-origin request refused'];
    return null;
  }

  /** The middleware mounted at /admin (its function name, adminCsrfGuard, is how placeAdminCsrfGuardFirst finds it). */
  middleware(): (req: Request, res: Response, next: NextFunction) => void {
    const handle = (req: Request, res: Response, next: NextFunction) => this.handle(req, res, next);
    return function adminCsrfGuard(req: Request, res: Response, next: NextFunction) {
      handle(req, res, next);
    };
  }

  private handle(req: Request, res: Response, next: NextFunction): void {
    // the back-office opens on Users and makes no outside request (admin-local-pages.ts)
    keepAdminLocal(req, res);
    if (req.path === ADMIN_CSRF_SCRIPT_PATH.slice('/admin'.length) && req.method === 'GET') {
      res.type('application/javascript').setHeader('Cache-Control', 'no-cache');
      res.send(ADMIN_CSRF_SCRIPT);
      return;
    }
    if (!this.router) {
      // AdminJS is not registered yet (the app is still starting): nothing under /admin runs before it is.
      res.status(503).setHeader('Retry-After', '5').json({ statusCode: 503, message: 'The back-office is starting', code: 'SERVICE_UNAVAILABLE' });
      return;
    }
    this.router(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method) && crossOrigin(req)) {
        res.status(403).json({ statusCode: 403, message: 'Cross-origin request refused', code: 'CSRF_REJECTED' });
        return;
      }
      next();
    });
  }
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
  const guardIndex = stack.findIndex((layer) => layer.name === 'adminCsrfGuard');
  if (guardIndex < 0) return;
  const [guard] = stack.splice(guardIndex, 1);
  const adminIndex = stack.findIndex((layer) => layer.name === 'admin');
  stack.splice(adminIndex >= 0 ? adminIndex : 0, 0, guard);
}
