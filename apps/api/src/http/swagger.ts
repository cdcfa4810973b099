import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Mirrorline API')
    .setDescription(
      'Copy-trading API. Amounts are decimal strings with 2 places (USD). Errors are `{ statusCode, message, code }`.',
    )
    .setVersion('1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addCookieAuth('refresh_token', { type: 'apiKey', in: 'cookie', name: 'refresh_token' }, 'refresh')
    .addServer('/')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.tags = declaredTags(document);
  documentErrors(document);
  return document;
}

/** What each tag groups (Spectral's operation-tag-defined: every tag an operation uses is declared). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Liveness and readiness',
  auth: 'Sign-up, email codes, sign-in, token refresh, passwords',
  users: 'The signed-in user and the admin user management',
  kyc: 'Identity documents',
  wallet: 'Cash balance, deposits and withdrawals',
  'admin wallet': 'Every user\'s wallet, platform totals and the ledger check (Admin)',
  admin: 'Admin-only operations',
  traders: 'Public trader profiles and statistics',
  trader: 'A trader\'s own trades and followers',
  copies: 'Copying traders: copies, funds, settings',
  notifications: 'In-app notifications',
  support: 'The contact form',
};

function declaredTags(document: OpenAPIObject): { name: string; description?: string }[] {
  const used = new Set<string>();
  for (const item of Object.values(document.paths)) {
    for (const op of Object.values(item as Record<string, { tags?: string[] }>)) for (const tag of op?.tags ?? []) used.add(tag);
  }
  return [...used].sort().map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name }));
}

/**
 * Swagger UI at /api/docs, the OpenAPI 3 document at /api/docs-json. The document is built at its first request
 * (SwaggerModule keeps it): scanning every route took about 120 ms of CPU at each start, for a page most starts never serve.
 */
export function setupSwagger(app: INestApplication): void {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
    customSiteTitle: 'Mirrorline API',
  });
}

type Operation = {
  security?: unknown[];
  parameters?: Array<{ in?: string; name?: string }>;
  requestBody?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, unknown> }>;
};

/** A domain error code in a response description: `COPY.NOT_FOUND`, `KYC_REQUIRED`, `FORBIDDEN`. */
const CODE = /\b[A-Z][A-Z0-9]*(?:[._][A-Z0-9]+)+\b|\b(?:FORBIDDEN|BLOCKED|CONFLICT|UNAUTHENTICATED)\b/g;

/** What every bearer route may answer before its handler runs (the access-token guard). */
const GUARD_ERRORS: Record<string, string[]> = { '401': ['UNAUTHENTICATED'], '403': ['TOKEN_EXPIRED', 'TOKEN_REVOKED'] };
/** What an `Idempotency-Key` route may answer (the idempotency interceptor). */
const IDEMPOTENCY_ERRORS: Record<string, string[]> = {
  '400': ['VALIDATION_FAILED'],
  '409': ['IDEMPOTENCY_KEY_IN_PROGRESS'],
  '422': ['IDEMPOTENCY_KEY_REUSED'],
};
const DEFAULT_CODE: Record<string, string> = { '400': 'VALIDATION_FAILED', '401': 'UNAUTHENTICATED', '403': 'FORBIDDEN', '404': 'NOT_FOUND', '409': 'CONFLICT', '413': 'PAYLOAD_TOO_LARGE', '422': 'UNPROCESSABLE', '429': 'TOO_MANY_REQUESTS', '503': 'SERVICE_UNAVAILABLE' };

/**
 * Every error answer is `{ statusCode, message, code }` (the domain-error filter). This gives each declared
 * error response that schema and lists its codes (from the decorators' descriptions), and adds the answers
 * every route of a kind shares: the guard's 401/403 on bearer routes, 400 VALIDATION_FAILED where there is
 * input or a body may be sent, the idempotency codes where an `Idempotency-Key` is read. Whether every status a
 * route answers is listed is checked by probing every route (test/api-contract.e2e-spec.ts).
 */
function documentErrors(document: OpenAPIObject): void {
  document.components = document.components ?? {};
  document.components.schemas = {
    ...document.components.schemas,
    ErrorResponse: {
      type: 'object',
      required: ['statusCode', 'message', 'code'],
      properties: {
        statusCode: { type: 'integer', example: 404 },
        message: { type: 'string', example: 'Copy not found' },
        code: { type: 'string', example: 'COPY.NOT_FOUND', description: 'stable, machine-readable' },
        errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'VALIDATION_FAILED: the messages per field' },
      },
    },
  };
  for (const item of Object.values(document.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      if (!op || typeof op !== 'object' || !op.responses) continue;
      const codes = new Map<string, Set<string>>();
      const add = (status: string, list: string[]) => {
        const set = codes.get(status) ?? new Set<string>();
        for (const c of list) set.add(c);
        codes.set(status, set);
      };
      for (const [status, response] of Object.entries(op.responses)) {
        if (/^[45]/.test(status)) add(status, response.description?.match(CODE) ?? []);
      }
      if (op.security?.length) for (const [status, list] of Object.entries(GUARD_ERRORS)) add(status, list);
      const input = op.requestBody !== undefined || (op.parameters ?? []).some((p) => p.in === 'query' || p.in === 'path');
      if (input) add('400', ['VALIDATION_FAILED']);
      // Any write may carry a JSON body, and its parser answers before the route does: malformed JSON (BAD_REQUEST),
      // a body nested deeper than 32 levels (VALIDATION_FAILED), even where the route reads no body.
      if (method !== 'get') add('400', ['VALIDATION_FAILED', 'BAD_REQUEST']);
      if ((op.parameters ?? []).some((p) => p.in === 'header' && p.name === 'Idempotency-Key')) {
        for (const [status, list] of Object.entries(IDEMPOTENCY_ERRORS)) add(status, list);
      }
      for (const [status, set] of codes) {
        const list = set.size ? [...set] : [DEFAULT_CODE[status] ?? 'ERROR'];
        const existing = op.responses[status];
        const said = existing?.description?.trim();
        const description = said && said.match(CODE) ? said : said ? `${list.join(', ')}: ${said}` : list.join(', ');
        if (existing?.content && !isErrorSchema(existing.content)) {
          existing.description = description;
          continue;
        }
        op.responses[status] = {
          description,
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ErrorResponse' },
                  { type: 'object', properties: { code: { type: 'string', description: `one of: ${list.join(', ')}`, example: list[0] } } },
                ],
              },
            },
          },
        };
      }
    }
  }
}

function isErrorSchema(content: Record<string, unknown>): boolean {
  const schema = (content['application/json'] as { schema?: { $ref?: string } } | undefined)?.schema;
  return schema?.$ref === '#/components/schemas/ErrorResponse';
}
