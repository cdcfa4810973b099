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

/** Swagger UI at /api/docs, the OpenAPI 3 document at /api/docs-json. */
export function setupSwagger(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
    customSiteTitle: 'Mirrorline API',
  });
}
