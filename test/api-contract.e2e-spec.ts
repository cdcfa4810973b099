import { createTestApp, type TestApp } from './support/test-app';
import { Contract } from './support/contract';
import { copyTradingFixtures as fx } from '@mirrorline/copy-trading/testing';
import { closeAt, openAt } from './support/market';
import { createUser } from './support/users';
import type { Server } from 'node:http';
import { baseUrl, openSse } from './support/sse';

/**
 * The running app's answers against its own OpenAPI document. The document's static checks (the SPA's generated
 * types and input rules, Spectral's lint) start CLI processes: test/processes/api-document.process-spec.ts.
 */
describe('API contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('central answers match the document (the opt-in Contract helper): wallet, transactions, notifications, admin wallets', async () => {
    const contract = await Contract.of(t);
    const user = await createUser(t, { kyc: 'Verified' });
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    contract.check(await t.http().get('/api/wallet').set('Authorization', user.bearer).expect(200));
    contract.check(await t.http().get('/api/wallet/transactions?page=1&limit=5').set('Authorization', user.bearer).expect(200));
    contract.check(await t.http().get('/api/notifications').set('Authorization', user.bearer).expect(200));
    contract.check(await t.http().get('/api/admin/wallets?page=1').set('Authorization', admin.bearer).expect(200));
    contract.check(await t.http().get('/api/admin/transactions').set('Authorization', admin.bearer).expect(200));
    // the helper does fail on a body the document does not describe
    const wrong = await t.http().get('/api/wallet').set('Authorization', user.bearer).expect(200);
    wrong.body = { balance: 12 };
    expect(() => contract.check(wrong)).toThrow(/does not match the document/);
  });

  it('documents every error answer as { statusCode, message, code } with its codes, and the Idempotency-Key format', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { description?: string; security?: unknown[]; parameters?: { name: string; schema?: Record<string, unknown> }[]; responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> }>>;
    };
    const missing: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op.description) missing.push(`${method} ${path}: no description`);
        if (!Object.keys(op.responses).some((s) => /^2/.test(s))) missing.push(`${method} ${path}: no success answer`);
        for (const [status, r] of Object.entries(op.responses)) {
          if (/^2/.test(status) && !r.content && status !== '204') missing.push(`${method} ${path} ${status}: no schema`);
          if (/^[45]/.test(status) && !r.content?.['application/json']) missing.push(`${method} ${path} ${status}: no error schema`);
          if (/^[45]/.test(status) && !/[A-Z][A-Z0-9]*([._][A-Z0-9]+)+|FORBIDDEN|CONFLICT|BLOCKED|UNAUTHENTICATED/.test(r.description)) missing.push(`${method} ${path} ${status}: no code`);
        }
        if (op.security?.length && !op.responses['401']) missing.push(`${method} ${path}: bearer route without 401`);
      }
    }
    expect(missing).toEqual([]);
    const key = doc.paths['/api/wallet/deposit'].post.parameters!.find((p) => p.name === 'Idempotency-Key')!;
    expect(key.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 255 });
    expect(new RegExp(key.schema!.pattern as string).test('3f1c2a9e-5b7d-4e21-9a0c-8d6f4b2e1a77')).toBe(true);
    expect(new RegExp(key.schema!.pattern as string).test('has space')).toBe(false);
    // the documented refusal is what the API does
    const user = await createUser(t, { kyc: 'Verified' });
    const bad = await t.http().post('/api/wallet/deposit').set('Authorization', user.bearer).set('Idempotency-Key', 'has space').send({ amount: '10.00' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/Idempotency-Key must be 1 to 255 visible ASCII characters/) });
    (await Contract.of(t)).check(bad);
  });

  it('every answer the SPA reads has a schema, and the answers match it: traders, copies, trades, trader tools, users, admin, statement, addresses', async () => {
    const contract = await Contract.of(t);
    const sql = t.sql as fx.Sql;
    const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    const traderId = await fx.insertTraderProfile(sql, trader.id, 20, 100);
    const follower = await createUser(t, { kyc: 'Verified' });
    await fx.fundCash(sql, follower.id, 100_000);
    const admin = await createUser(t, { roles: ['User', 'Admin'] });
    const as = (u: { bearer: string }) => ({ get: (url: string) => t.http().get(url).set('Authorization', u.bearer) });

    const copy = contract.check(await t.http().post('/api/copies').set('Authorization', follower.bearer).send({ traderId, amount: '500.00' }).expect(201));
    const opened = contract.check(await openAt(t, trader.bearer, '100', { symbol: 'ETHUSDT' }).expect(201));
    contract.check(await as(follower).get('/api/trades?status=open').expect(200));
    contract.check(await as(trader).get('/api/trader/trades').expect(200));
    contract.check(await closeAt(t, trader.bearer, opened.body.trade.id as string, '110').expect(200));
    for (const url of ['/api/traders', `/api/traders/${traderId}`]) contract.check(await t.http().get(url).expect(200));
    for (const url of ['/api/copies', '/api/copies/settings', '/api/copies/skips', '/api/trades', '/api/user/get', '/api/wallet/statement', '/api/wallet/addresses']) {
      contract.check(await as(follower).get(url).expect(200));
    }
    contract.check(await t.http().post(`/api/copies/${copy.body.id as string}/pause`).set('Authorization', follower.bearer).expect(200));
    contract.check(await as(trader).get('/api/trader/followers').expect(200));
    for (const url of ['/api/user/get-all', '/api/admin_details', '/api/admin/kyc', '/api/admin/audit']) contract.check(await as(admin).get(url).expect(200));
    contract.check(await t.http().post('/api/notifications/all/read').set('Authorization', follower.bearer).expect(200));
    expect(copy.body).toMatchObject({ traderId, invested: '500.00' });
  });

  /**
   * Issue 26, "OpenAPI": routes answered statuses the document did not list (wakeup 400, mfa/setup 400, mfa/enable
   * 409, trader/trades 404, trader/followers 404, user/delete 404, user/update 404), and no spec noticed. This one
   * finds them by itself: every operation of the document is called as an anonymous visitor, a User, a Trader and
   * an Admin (with 2FA), with an empty body, a body with an unknown field, a plausible body built from the
   * operation's schema (examples, enums, formats), its documented query parameters, and an unknown or malformed
   * path parameter; every status that comes back must be one the operation documents. A route added tomorrow is
   * probed the same way.
   */
  it('every status a route answers to the probes is one its operation documents', async () => {
    interface Schema {
      $ref?: string;
      allOf?: Schema[];
      type?: string;
      format?: string;
      enum?: unknown[];
      example?: unknown;
      default?: unknown;
      minimum?: number;
      items?: Schema;
      properties?: Record<string, Schema>;
      required?: string[];
      nullable?: boolean;
    }
    interface Op {
      parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>;
      requestBody?: { content: Record<string, { schema: Schema }> };
      responses: Record<string, { content?: Record<string, unknown> }>;
    }
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as { paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, Schema> } };
    const resolve = (schema: Schema): Schema => {
      if (schema.$ref) return resolve(doc.components.schemas[schema.$ref.split('/').pop()!]);
      if (schema.allOf) return schema.allOf.map(resolve).reduce((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b.properties }, required: [...(a.required ?? []), ...(b.required ?? [])] }), {});
      return schema;
    };
    const UNKNOWN_ID = '00000000-0000-4000-8000-00000000beef';
    const sample = (raw: Schema): unknown => {
      const schema = resolve(raw);
      if (schema.example !== undefined) return schema.example;
      if (schema.enum?.length) return schema.enum[0];
      if (schema.default !== undefined) return schema.default;
      switch (schema.type) {
        case 'integer':
        case 'number':
          return schema.minimum ?? 1;
        case 'boolean':
          return true;
        case 'array':
          return schema.items ? [sample(schema.items)] : [];
        case 'object':
        case undefined:
          return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, sample(prop)]));
        default:
          return schema.format === 'uuid' ? UNKNOWN_ID : schema.format === 'email' ? 'probe@example.test' : schema.format === 'date-time' ? new Date().toISOString() : 'probe';
      }
    };
    /** An id nobody has (of the parameter's type), or a malformed one. */
    const pathValue = (op: Op, name: string, malformed: boolean, schema?: Schema) => {
      if (malformed) return 'not-an-id';
      const type = (schema ?? op.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema)?.type;
      return name === 'name' ? 'front' : type === 'integer' || type === 'number' ? '999999' : UNKNOWN_ID;
    };

    // Callers: a trader with a profile, an admin with 2FA (enrolled, so 2FA routes answer as they would for one).
    const user = await createUser(t, { kyc: 'Verified' });
    const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    await fx.insertTraderProfile(t.sql as fx.Sql, trader.id, 10);
    const admin = await createUser(t, { roles: ['User', 'Admin'], kyc: 'Verified' });
    const callers: Array<[string, string | undefined]> = [['anonymous', undefined], ['User', user.bearer], ['Trader', trader.bearer], ['Admin', admin.bearer]];

    const failures = new Set<string>();
    let probes = 0;
    let address = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const documented = new Set(Object.keys(op.responses));
        const streaming = Object.values(op.responses).some((r) => r.content && 'text/event-stream' in r.content);
        const json = op.requestBody?.content['application/json']?.schema;
        const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
        const hasPathParams = /\{\w+\}/.test(path);
        const write = method !== 'get';
        const variants: Array<{ name: string; body?: unknown; query?: Record<string, unknown>; malformed?: boolean }> = [
          { name: 'empty', body: write ? {} : undefined },
          { name: 'unknown field', body: write ? { unexpectedField: 1 } : undefined, query: write ? undefined : { unexpectedField: 1 } },
          { name: 'plausible', body: json ? sample(json) : write ? {} : undefined, query: Object.fromEntries(queryParams.map((p) => [p.name, /id$/i.test(p.name) ? pathValue(op, '', false, p.schema) : sample(p.schema ?? {})])) },
          ...(write ? [{ name: 'malformed JSON', body: '{"unterminated' }] : []),
          ...(hasPathParams ? [{ name: 'malformed id', body: write ? {} : undefined, malformed: true }] : []),
        ];
        for (const [who, bearer] of callers) {
          for (const variant of streaming ? variants.slice(0, 1) : variants) {
            const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValue(op, name, !!variant.malformed));
            let status: number;
            let code: string | undefined;
            if (streaming) {
              const stream = await openSse(`${baseUrl(t.app.getHttpServer() as Server)}${url}`, bearer ? { Authorization: bearer } : {});
              stream.close();
              status = stream.status;
            } else {
              let req = t.http()[method as 'get' | 'post' | 'put' | 'patch' | 'delete'](url).set('X-Forwarded-For', `10.26.${Math.floor(++address / 250) % 250}.${(address % 250) + 1}`);
              if (bearer) req = req.set('Authorization', bearer);
              if (variant.query && Object.keys(variant.query).length) req = req.query(variant.query as Record<string, string>);
              if (typeof variant.body === 'string') req = req.set('Content-Type', 'application/json').send(variant.body);
              else if (variant.body !== undefined) req = req.send(variant.body as object);
              const res = await req;
              status = res.status;
              code = res.body?.code;
            }
            probes++;
            if (!documented.has(String(status))) failures.add(`${method.toUpperCase()} ${path} answered ${status}${code ? ` ${code}` : ''} (as ${who}, ${variant.name}), not in the document`);
          }
        }
      }
    }
    expect(probes).toBeGreaterThan(500);
    expect([...failures]).toEqual([]);
  }, 300_000);
});
