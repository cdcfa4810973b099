import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { destination } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { AppConfig } from '@mirrorline/shared';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request id and the access log line (pino-http) for every request. It is mounted as the very first
 * middleware (configure-app.ts), so requests that helmet, CORS or the body parsers answer on their own
 * (400 malformed JSON, 413 too large) are logged and carry X-Request-Id like any other. nestjs-pino then
 * reuses this logger (`useExisting`, app.module.ts) to bind it to every log line inside the request.
 *
 * Lines go to stdout through an asynchronous, buffered destination (LOG_BUFFER_BYTES): one write(2) per
 * few KiB instead of one per line, off the request's path. What is buffered is flushed at exit (pino
 * registers the destination for a synchronous flush on 'exit', including process.exit after a failed start).
 */
export const LOG_BUFFER_BYTES = 4096;

export function createHttpLogger(config: Pick<AppConfig, 'logLevel'>): HttpLogger {
  return pinoHttp(
    {
      level: config.logLevel,
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customProps: (req: IncomingMessage) => ({ requestId: (req as IncomingMessage & { id?: string }).id }),
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
        req: (req: { id?: string; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: req.url }),
        // The status only: the response headers (a 1 KB CSP on every line) told nothing and cost the most.
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
    },
    logDestination(),
  );
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
