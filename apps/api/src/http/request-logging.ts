import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp, type HttpLogger } from 'pino-http';
import type { AppConfig } from '@mirrorline/shared';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request id and the access log line (pino-http) for every request. It is mounted as the very first
 * middleware (configure-app.ts), so requests that helmet, CORS or the body parsers answer on their own
 * (400 malformed JSON, 413 too large) are logged and carry X-Request-Id like any other. nestjs-pino then
 * reuses this logger (`useExisting`, app.module.ts) to bind it to every log line inside the request.
 */
export function createHttpLogger(config: Pick<AppConfig, 'logLevel'>): HttpLogger {
  return pinoHttp({
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
    },
    autoLogging: { ignore: (req: IncomingMessage) => req.url === '/api/health' },
  });
}
