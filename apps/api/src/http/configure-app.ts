import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { runAsRequest, serverBusy, type AppConfig } from '@mirrorline/shared';
import { databaseUnavailable, DomainErrorFilter, errorResponse } from './domain-error.filter';
import { createValidationPipe } from '@mirrorline/shared/nest';
import type { HttpLogger } from './request-logging';
import { setupSwagger } from './swagger';
import { serveSpa } from './spa';
import { serveAdminScripts } from '../admin/admin-assets';
import { AdminRouteGuard } from '../admin/admin-csrf';
import { Drain } from './drain';
import { requestDeadline } from './server-timeouts';
import { Admission, ADMISSION_EXEMPT, eventLoopDelay } from './admission';
import { refuseDeepBodies } from './body-depth';
import { ConnectionGate } from '../database/connection-gate';
import { requestConnections } from '../config/load-config';
import { DatabaseMonitor } from '../database/database-monitor';
import { lazyRequestContext } from '../database/request-context';
import { MikroORM } from '@mikro-orm/postgresql';

export const JSON_BODY_LIMIT = '1mb';

/**
 * Everything the HTTP edge needs, shared by main.ts and the e2e tests so that tests exercise the
 * real stack: security headers, CORS, body limits, /api prefix, validation, error filter, docs, SPA.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig, httpLogger: HttpLogger): void {
  if (config.trustProxy !== false) app.set('trust proxy', config.trustProxy);
  // First of all, so that every response (including those that helmet, CORS or the body parsers end on
  // their own) carries X-Request-Id and gets its access log line.
  httpLogger.install(app.getHttpAdapter().getInstance());
  app.use(httpLogger);
  // A request's body must arrive within HTTP_REQUEST_TIMEOUT_MS (60 s) of its headers (product.md §11.5; Node's own
  // bound is the headers').
  app.use((req: Request, res: Response, next: NextFunction) => requestDeadline(req, res, next, config.httpRequestTimeoutMs));
  app.disable('x-powered-by');
  // Requests in flight, for the graceful drain (main.ts); `Connection: close` once it has started.
  app.use(app.get(Drain).middleware);
  const strictHelmet = staticHeaders(helmet({
    contentSecurityPolicy: {
      // Scripts, frames and connections: this origin only (the charts are self-hosted lightweight-charts;
      // product.md §11.4). Images may also come from another https origin: a trader's picture may be one.
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        frameSrc: ["'self'"],
        connectSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  }));
  // AdminJS and Swagger UI ship inline scripts and styles: relax CSP there only.
  const relaxedHelmet = staticHeaders(helmet({ contentSecurityPolicy: false, crossOriginEmbedderPolicy: false, hsts: config.isProduction }));
  const database = app.get(DatabaseMonitor);
  const gate = app.get(ConnectionGate);
  const admission = new Admission(
    config.maxInFlight,
    () => gate.overloaded(),
    config.admissionTargetMs > 0 ? { targetMs: config.admissionTargetMs, floor: requestConnections(config.dbPoolSize), loopDelay: eventLoopDelay() } : undefined,
  );
  // One middleware for what every request needs at the edge (each Express layer costs a little on every request):
  app.use((req: Request, res: Response, next: NextFunction) => {
    const path = req.path;
    (/^\/(admin|api\/docs)(\/|$)/.test(path) ? relaxedHelmet : strictHelmet)(req, res, noop);
    // As app.use('/api', …) matched: the mount path, case-insensitively.
    if (!API_PATH.test(path)) return next();
    // API answers carry balances, tokens and personal data: no shared or browser cache may keep them. Public
    // reads that are safe to cache (the traders list and profiles) opt in with their own Cache-Control.
    res.setHeader('Cache-Control', 'no-store');
    // While the database does not answer, API requests get a 503 at once instead of each waiting for a
    // timeout (health answers its own 503 with the reason).
    if (!database.available && !/^\/api\/(health|wakeup)\/?$/i.test(path)) return answerUnread(req, res, databaseUnavailable(database.unavailableReason));
    // Admission control (health and event streams exempt): 503 at once past the limit of requests in flight
    // (MAX_IN_FLIGHT, lower while accepted requests take longer than ADMISSION_TARGET_MS), or
    // while the line for a pooled connection has waited past DB_QUEUE_SHED_MS (load shedding by queue wait).
    if (ADMISSION_EXEMPT.test(path) || admission.admit(res)) return next();
    answerUnread(req, res, serverBusy());
  });

  app.enableCors({
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: ['Retry-After', 'WWW-Authenticate', 'X-Request-Id'],
  });
  // req.cookies / req.signedCookies parsed when first read (most requests carry no cookie anyone reads).
  lazyCookies(app.getHttpAdapter().getInstance());
  // Before AdminJS's router (registered at app.init()): its state-changing actions answer same-origin POSTs only.
  if (config.adminPanel) app.use('/admin', app.get(AdminRouteGuard, { strict: false }).middleware());
  // A body nested deeper than MAX_BODY_DEPTH is a 400 before any recursive walk sees it (body-depth.ts).
  app.use('/api', express.json({ limit: JSON_BODY_LIMIT }), express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT }), refuseDeepBodies, bodyErrorHandler);
  // After the body parsers (their callbacks run outside any async context), in one middleware: every line
  // logged while the request runs carries its request id (nestjs-pino's per-request logger, made on first
  // use), and the request has its MikroORM context (the injected EntityManager resolves to its fork, forked
  // on first use), and its arrival time, by which the caches' syncs are counted (runAsRequest).
  const requestContext = lazyRequestContext(app.get(MikroORM));
  app.use((req: Request, res: Response, next: NextFunction) => httpLogger.bindLogger(req, res, () => requestContext(req, res, () => runAsRequest(next))));
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new DomainErrorFilter());
  // The API's map is for developers and API consumers; production keeps it off unless API_DOCS=true.
  if (config.apiDocs) setupSwagger(app);
  if (config.adminPanel) serveAdminScripts(app.getHttpAdapter().getInstance());
  serveSpa(app, config.spaDir);
  // No app.enableShutdownHooks(): main.ts owns SIGTERM/SIGINT (drain first, then app.close(), then PostgreSQL).
}

const noop = () => undefined;
const API_PATH = /^\/api(\/|$)/i;

const COOKIES = Symbol('mirrorline.cookies');

/**
 * cookie-parser's `req.cookies`, `req.signedCookies` and `req.secret`, computed by cookie-parser itself the
 * first time one of them is read (accessors on Express's request prototype) instead of on every request.
 */
export function lazyCookies(express: { request: object }): void {
  const parser = cookieParser();
  type Parsed = { headers: unknown; cookies?: unknown; signedCookies?: unknown; secret?: unknown };
  const parsed = (req: { headers: unknown; [COOKIES]?: Parsed }): Parsed => {
    if (!req[COOKIES]) {
      const holder: Parsed = { headers: req.headers };
      parser(holder as unknown as Request, {} as Response, noop);
      req[COOKIES] = holder;
    }
    return req[COOKIES];
  };
  for (const name of ['cookies', 'signedCookies', 'secret'] as const) {
    Object.defineProperty(express.request, name, {
      get(this: { headers: unknown }) {
        return parsed(this)[name];
      },
      set(this: { headers: unknown }, value: unknown) {
        parsed(this)[name] = value;
      },
      configurable: true,
    });
  }
}

type Middleware = (req: Request, res: Response, next: (error?: unknown) => void) => void;

/**
 * The headers a helmet instance sets, computed once: with static options (no directive is a function of
 * the request, as here) they never vary, and setting a list of ~15 headers is much cheaper than running
 * helmet's chain of 13 middlewares on every request. Same names, same values, same order.
 */
export function staticHeaders(middleware: Middleware): Middleware {
  const headers: Array<[string, string]> = [];
  let done = false;
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
    getHeader: () => undefined,
  };
  middleware({ headers: {} } as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('staticHeaders: the middleware did not finish synchronously');
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** An error answered at the edge, before Nest has the request: the filter's status, body and headers. */
function answer(res: Response, error: unknown): void {
  const { status, body, headers } = errorResponse(error);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json(body);
}

/**
 * An answer given before the request's body was read (the edge's 503s). The body is read and dropped first: a
 * connection closed with unread bytes in it is reset, and the client would lose the answer (ECONNRESET instead
 * of a 503 it can retry on). Bodies are at most 1 MB here (an upload's 15 MB is read at disk speed).
 */
function answerUnread(req: Request, res: Response, error: unknown): void {
  if (req.complete) return answer(res, error);
  req.once('end', () => answer(res, error));
  req.resume();
}

/**
 * Answers body-parser errors (malformed JSON, too large, bad charset) right where they happen, in the
 * same JSON shape as the filter; Nest would otherwise turn them into a message from the JSON parser.
 */
function bodyErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  answer(res, error);
}
