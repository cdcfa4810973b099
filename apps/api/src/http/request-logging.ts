import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { destination, pino, stdSerializers, symbols, type Logger } from 'pino';
import { Store, storage } from 'nestjs-pino/storage';
import type { AppConfig } from '@mirrorline/shared';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request id and the access log line of every request (the lines pino-http wrote: `req` {id, method, url},
 * `requestId`, `res` {statusCode}, `responseTime`, "request completed" / "request errored" / "request aborted").
 * `middleware` is mounted as the very first middleware (configure-app.ts), so requests that helmet, CORS or
 * the body parsers answer on their own (400 malformed JSON, 413 too large) are logged and carry X-Request-Id
 * like any other. `bindLogger` (mounted after the body parsers) gives nestjs-pino its per-request logger, so
 * that every line logged during a request carries the request id.
 *
 * Cheap on purpose (docs/performance.md): the access line is written by the root logger with the request's
 * fields, and the per-request child logger is made only when something logs during the request (most
 * requests log nothing else); pino-http made two children per request, and that was a third of the cost of
 * a request without database work.
 *
 * Lines go to stdout through an asynchronous, buffered destination (LOG_BUFFER_BYTES): one write(2) per
 * few KiB instead of one per line, off the request's path. What is buffered is flushed at exit (pino
 * registers the destination for a synchronous flush on 'exit', including process.exit after a failed start).
 */
export const LOG_BUFFER_BYTES = 4096;

export interface HttpLogger {
  /** Express middleware: request id, X-Request-Id, the access line when the response is done. */
  (req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** The root logger every line goes through. */
  logger: Logger;
  /** Gives Express's requests and responses their `log` (the request's logger, made on first use). */
  install: (app: { request: object; response: object }) => void;
  /** Express middleware: runs the rest of the request with nestjs-pino's per-request logger (made on first use). */
  bindLogger: (req: Request, res: Response, next: NextFunction) => void;
}


/** Query parameters whose value is a secret whatever it looks like (tokens, codes, passwords, keys, signatures). */
const SECRET_PARAM = /token|code|otp|pass|secret|key|sig|auth|session|cookie|credential/i;
/** Values that are credentials whatever the parameter is called: a personal API token, a JWT, a long opaque token. */
const SECRET_VALUE = /^(ml_pat_|eyJ[\w-]*\.[\w-]+\.)|^[A-Za-z0-9_-]{40,}$|^\d{6}$/;
const REDACTED = '[redacted]';

/**
 * The URL as the access log writes it: a query value that is, or may be, a token or a code is replaced by
 * `[redacted]` (product.md §11.4: `?access_token=ml_pat_…` is refused, but the line used to keep it). The
 * rest of the query stays as sent, so a line still says what was asked. Without a query: the URL itself.
 */
export function loggableUrl(url: string | undefined): string | undefined {
  const start = url?.indexOf('?') ?? -1;
  if (!url || start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      let value = pair.slice(eq + 1);
      try {
        value = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        /* not valid percent-encoding: judged as sent */
      }
      let decodedName = name;
      try {
        decodedName = decodeURIComponent(name);
      } catch {
        /* idem */
      }
      return SECRET_PARAM.test(decodedName) || SECRET_VALUE.test(value.trim()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

const START = Symbol('mirrorline.requestStart');
const FIELDS = Symbol('mirrorline.requestFields');
const LOGGER = Symbol('mirrorline.requestLogger');
type Fields = { req: { id: string; method: string | undefined; url: string | undefined }; requestId: string };
/** The request as this module sees it (`id` and `log` as pino-http put them there). */
type Tracked = Omit<IncomingMessage, 'id' | 'log'> & { id?: string; log?: Logger; [START]?: number; [FIELDS]?: Fields; [LOGGER]?: Logger };

export function createHttpLogger(config: Pick<AppConfig, 'logLevel'>): HttpLogger {
  const logger = pino(
    {
      level: config.logLevel,
      redact: {
        // Bodies are not logged today; the secret-bearing fields are redacted anyway, should one ever be.
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.currentPassword',
          '*.newPassword',
          '*.otp',
          '*.resetToken',
          '*.accessToken',
        ],
        censor: '[redacted]',
      },
      serializers: {
        err: stdSerializers.err,
        req: (req: { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        // The status only: the response headers (a 1 KB CSP on every line) told nothing and cost the most.
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        // The exception filter logs a failed request's `path` (its URL): the same redaction as the access line.
        path: (path: unknown) => (typeof path === 'string' ? loggableUrl(path) : path),
      },
    },
    logDestination(),
  );

  /** The request's own logger (its fields bound), made once, on first use. */
  const requestLogger = (req: Tracked): Logger => (req[LOGGER] ??= logger.child(req[FIELDS] ?? {}));

  const middleware = ((request: IncomingMessage, res: ServerResponse, next: () => void) => {
    const req = request as unknown as Tracked;
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    req[START] = Date.now();
    req[FIELDS] = { req: { id, method: req.method, url: loggableUrl(req.url) }, requestId: id };
    if (req.url !== '/api/health') {
      // 'finish' when the response was handed over; 'close' alone when the client left before that.
      const done = () => {
        res.removeListener('close', done);
        res.removeListener('finish', done);
        accessLine(logger, req, res);
      };
      res.on('close', done);
      res.on('finish', done);
    }
    next();
  }) as HttpLogger;
  middleware.logger = logger;
  middleware.install = (app) => {
    // `req.log` / `res.log` as pino-http had them, made when first read: accessors on Express's request and
    // response prototypes (defining them on each request would cost more than the rest of this middleware).
    const accessor = (of: (self: unknown) => Tracked): PropertyDescriptor => ({
      get(this: unknown) {
        const req = of(this);
        return req[FIELDS] ? requestLogger(req) : undefined;
      },
      set(this: unknown, value: Logger) {
        of(this)[LOGGER] = value;
      },
      configurable: true,
    });
    Object.defineProperty(app.request, 'log', accessor((self) => self as Tracked));
    Object.defineProperty(app.response, 'log', accessor((self) => (self as { req: Tracked }).req));
  };
  middleware.bindLogger = (req, _res, next) => storage.run(new LazyStore(() => requestLogger(req as unknown as Tracked)), next);
  return middleware;
}

/** The access line, as pino-http wrote it (level info; errors carry `err`). */
function accessLine(logger: Logger, req: Tracked, res: ServerResponse): void {
  if (!logger.isLevelEnabled('info')) return;
  const fields = req[FIELDS] as Fields;
  const responseTime = Date.now() - (req[START] as number);
  const failed = (res as ServerResponse & { err?: unknown }).err;
  if (failed || res.statusCode >= 500) {
    logger.info({ ...fields, res, err: failed ?? new Error(`failed with status code ${res.statusCode}`), responseTime }, 'request errored');
    return;
  }
  // The most frequent line, written as pino writes it (same level, time and base fields, same stream) without
  // its generic path: its fields are known strings and numbers, none of them a redacted path.
  const internals = logger as unknown as Record<symbol, unknown>;
  const line =
    (internals[symbols.lsCacheSym] as Record<number, string>)[30] +
    (internals[symbols.timeSym] as () => string)() +
    (internals[symbols.chindingsSym] as string) +
    `,"req":{"id":${JSON.stringify(fields.req.id)},"method":${JSON.stringify(fields.req.method)},"url":${JSON.stringify(fields.req.url)}}` +
    `,"requestId":${JSON.stringify(fields.requestId)},"res":{"statusCode":${res.statusCode}},"responseTime":${responseTime}` +
    `,"msg":"${res.writableEnded ? 'request completed' : 'request aborted'}"` +
    (internals[symbols.endSym] as string);
  (internals[symbols.streamSym] as { write: (line: string) => unknown }).write(line);
}

/** nestjs-pino's per-request store, its logger made on first use (`assign` replaces it, as in nestjs-pino). */
class LazyStore extends Store {
  private made: Logger | undefined;

  constructor(private readonly make: () => Logger) {
    super(undefined as unknown as Logger);
  }

  // @ts-expect-error an accessor in place of Store's field
  override get logger(): Logger {
    return (this.made ??= this.make());
  }

  override set logger(value: Logger) {
    this.made = value;
  }
}

/** How long a line may wait in the buffer: an operator sees a warning (database down, a drain) within this. */
export const LOG_FLUSH_MS = 250;

function logDestination() {
  const stream = destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES });
  // A quiet process fills no buffer: flush on a short timer too, so no line waits for the next 4 KiB.
  setInterval(() => {
    try {
      stream.flush();
    } catch {
      /* not ready yet (still opening) or already closed: the next tick or the exit flush writes it */
    }
  }, LOG_FLUSH_MS).unref();
  return stream;
}
