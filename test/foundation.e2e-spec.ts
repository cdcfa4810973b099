import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { dropDatabase } from '../apps/api/src/database/database-url';
import { MikroORM } from '@mikro-orm/postgresql';
import { mikroOrmOptions } from '../apps/api/src/database/mikro-orm.options';
import { createTestApp, createTestDatabase, serverUrl, type TestApp } from './support/test-app';

describe('foundation (HTTP against real PostgreSQL)', () => {
  let t: TestApp;
  let spaDir: string;

  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'mirrorline-spa-'));
    mkdirSync(join(spaDir, 'assets'));
    writeFileSync(join(spaDir, 'index.html'), '<!doctype html><title>Mirrorline</title><div id="root"></div>');
    writeFileSync(join(spaDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ SPA_DIR: spaDir });
  });
  afterAll(() => t.close());

  describe('health and wakeup', () => {
    it('GET /api/health reports the process and the database up', async () => {
      const res = await t.http().get('/api/health').expect(200);
      expect(res.body.status).toBe('ok');
      expect(res.body.info.database.status).toBe('up');
    });

    it('answers with a trailing slash too', async () => {
      await t.http().get('/api/health/').expect(200);
    });

    it('POST /api/wakeup/ answers {status:"ok"} to anyone', async () => {
      const res = await t.http().post('/api/wakeup/').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('puts a request id on every response, keeping a sane incoming one', async () => {
      const mine = await t.http().get('/api/health').set('X-Request-Id', 'trace-42').expect(200);
      expect(mine.headers['x-request-id']).toBe('trace-42');
      const generated = await t.http().get('/api/health').set('X-Request-Id', 'bad id with spaces').expect(200);
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it('GET /api/health → 503 SERVICE_UNAVAILABLE with a readable message when the database is gone', async () => {
    const down = await createTestApp();
    try {
      // Dropping the spec's database (WITH FORCE) ends the app's connections and makes new ones fail.
      await dropDatabase(serverUrl(), new URL(down.databaseUrl).pathname.slice(1));
      const res = await down.http().get('/api/health').expect(503);
      expect(res.body).toEqual({ statusCode: 503, message: 'Not ready: database down', code: 'SERVICE_UNAVAILABLE' });
      expect(res.headers['x-request-id']).toBeDefined();
    } finally {
      await down.close().catch(() => undefined);
    }
  });

  describe('bad input never gives a 500', () => {
    it('unknown API route → 404 JSON with code', async () => {
      const res = await t.http().get('/api/no/such/route').expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: expect.any(String), code: 'NOT_FOUND' });
    });

    // The body parsers answer these before Nest sees the request: the request id (and its log line)
    // must still be there, or such failures cannot be traced.
    it('malformed JSON → 400 JSON with a request id', async () => {
      const res = await t.http().post('/api/wakeup').set('Content-Type', 'application/json').send('{"a":').expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: 'Malformed JSON in request body' });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const traced = await t.http().post('/api/wakeup').set('X-Request-Id', 'trace-400').set('Content-Type', 'application/json').send('{"a":').expect(400);
      expect(traced.headers['x-request-id']).toBe('trace-400');
    });

    it('oversized body → 413 JSON with a request id', async () => {
      const big = JSON.stringify({ data: 'x'.repeat(1024 * 1024 + 10) });
      const res = await t.http().post('/api/wakeup').set('X-Request-Id', 'trace-413').set('Content-Type', 'application/json').send(big).expect(413);
      expect(res.body).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
      expect(res.headers['x-request-id']).toBe('trace-413');
    });

    it('wrong content type is not parsed and does not crash', async () => {
      const res = await t.http().post('/api/wakeup').set('Content-Type', 'text/plain').send('hello').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('a text/plain body on a route that needs one → 400 JSON, not 500', async () => {
      const res = await t
        .http()
        .post('/api/auth/login')
        .set('Content-Type', 'text/plain')
        .send('{"email":"a@example.com","password":"whatever-password"}');
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.body).toMatchObject({ statusCode: 400, code: expect.any(String), message: expect.any(String) });
    });

    it('a route that needs a token → 401 without one, 403 TOKEN_EXPIRED with a bad one', async () => {
      const missing = await t.http().get('/api/user/get').expect(401);
      expect(missing.body).toEqual({ statusCode: 401, message: 'Authentication required', code: 'UNAUTHENTICATED' });
      const bad = await t.http().get('/api/user/get').set('Authorization', 'Bearer not.a.token').expect(403);
      expect(bad.body.code).toBe('TOKEN_EXPIRED');
      expect(bad.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    });

    it('error bodies carry no stack trace', async () => {
      const res = await t.http().post('/api/wakeup').set('Content-Type', 'application/json').send('{"a":').expect(400);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js|node_modules|stack/);
    });
  });

  describe('CORS', () => {
    it('allows no cross-origin caller by default', async () => {
      const res = await t.http().options('/api/health').set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'GET');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('allows the origins listed in CORS_ORIGINS, with credentials', async () => {
      const cors = await createTestApp({ CORS_ORIGINS: 'http://localhost:5173' });
      try {
        const ok = await cors.http().options('/api/health').set('Origin', 'http://localhost:5173').set('Access-Control-Request-Method', 'GET');
        expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
        expect(ok.headers['access-control-allow-credentials']).toBe('true');
        const other = await cors.http().options('/api/health').set('Origin', 'http://evil.example').set('Access-Control-Request-Method', 'GET');
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await cors.close();
      }
    });
  });

  describe('security headers', () => {
    it('sets helmet headers and hides the framework', async () => {
      const res = await t.http().get('/api/health').expect(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      // Issue 26: the charts are self-hosted, so scripts come from this origin only (no tradingview.com).
      const csp = String(res.headers['content-security-policy']);
      expect(csp.split(';').map((d) => d.trim())).toContain("script-src 'self'");
      expect(csp).not.toMatch(/tradingview/i);
      expect(res.headers['x-powered-by']).toBeUndefined();
    });
  });

  describe('SPA serving', () => {
    it.each(['/', '/traders', '/traderinfo/3', '/userdashboard/wallet', '/no/such/page'])('GET %s → index.html', async (path) => {
      const res = await t.http().get(path).set('Accept', 'text/html').expect(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    });

    it('serves hashed assets with a long cache', async () => {
      const res = await t.http().get('/assets/app-abc123.js').expect(200);
      expect(res.headers['cache-control']).toContain('immutable');
    });

    it('does not answer a missing asset with index.html', async () => {
      await t.http().get('/assets/missing-123.js').expect(404);
    });

    it('does not fall back for /api paths', async () => {
      const res = await t.http().get('/api/unknown').set('Accept', 'text/html').expect(404);
      expect(res.body.code).toBe('NOT_FOUND');
    });
  });

  describe('OpenAPI', () => {
    it('serves Swagger UI at /api/docs', async () => {
      const res = await t.http().get('/api/docs/').expect(200);
      expect(res.text).toContain('swagger-ui');
    });

    it('serves a valid OpenAPI 3 document at /api/docs-json', async () => {
      const res = await t.http().get('/api/docs-json').expect(200);
      expect(res.body.openapi).toMatch(/^3\./);
      await expect(SwaggerParser.validate(structuredClone(res.body))).resolves.toBeDefined();
      expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/wakeup']));
    });
  });

  describe('migrations', () => {
    // On a database of its own with no app on it: the app's workers (price watcher, outbox, feed) query tables
    // that `down` drops, and such a race deadlocked PostgreSQL once on a busy machine.
    it('are all applied on a new database and can go down to zero and up again', async () => {
      const database = await createTestDatabase();
      const orm = await MikroORM.init(mikroOrmOptions(database.url, { pool: { min: 0, max: 1 } }));
      try {
        const migrator = orm.getMigrator();
        expect(await migrator.getPendingMigrations()).toEqual([]);
        const executed = await migrator.getExecutedMigrations();
        expect(executed.length).toBeGreaterThan(0);
        await migrator.down({ to: 0 });
        const count = async (where: string) =>
          Number((await orm.em.getConnection().execute<{ n: string }[]>(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public' AND ${where}`))[0].n);
        expect(await count("table_name <> 'mikro_orm_migrations'")).toBe(0);
        await migrator.up();
        expect((await migrator.getExecutedMigrations()).length).toBe(executed.length);
        expect(await count("table_name = 'users'")).toBe(1);
      } finally {
        await orm.close(true);
        await database.drop();
      }
    });

    it('are all applied when the app starts', async () => {
      expect(await t.orm.getMigrator().getPendingMigrations()).toEqual([]);
    });
  });
});
