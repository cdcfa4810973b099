import { loggableError } from '../apps/api/src/http/domain-error.filter';
import { createTestApp, type TestApp } from './support/test-app';
import { createUser, type TestUser } from './support/users';

const NUL = '\u0000';

interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
}
interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
}

/**
 * Issue 11, "500s on bad input": NUL characters in names, `traders/me` fields and the traders filter,
 * and `{balance: null}` answered 500. Every DTO is now checked in one place (apps/api/src/http/validation.ts).
 * The walk below reads the OpenAPI document, so a DTO added tomorrow is walked too.
 */
describe('security: every DTO refuses NUL characters and nulls with a 400', () => {
  let t: TestApp;
  let admin: TestUser;
  let kycUser: TestUser;
  let doc: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
  let ip = 0;
  const from = () => `10.91.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    admin = await createUser(t, { roles: ['User', 'Trader', 'Admin'], kyc: 'Verified' });
    kycUser = await createUser(t, { kyc: 'Unverified' });
    doc = (await t.http().get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  const resolve = (schema: Schema): Schema => {
    if (schema.$ref) return resolve(doc.components.schemas[schema.$ref.split('/').pop()!]);
    if (schema.allOf) return { properties: Object.assign({}, ...schema.allOf.map((s) => resolve(s).properties ?? {})) };
    return schema;
  };
  const call = (method: string, path: string, as: TestUser = admin) => {
    const url = `${path.replace(/\{[^}]+\}/g, '1')}`;
    return (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)[method](url)
      .set('Authorization', as.bearer)
      .set('X-Forwarded-For', from());
  };
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

  it('walks every body field and query parameter with a NUL character: 400 naming the field, never 500', async () => {
    const walked: string[] = [];
    for (const { path, method, op } of operations()) {
      for (const param of op.parameters ?? []) {
        if (param.in !== 'query') continue;
        const res = await call(method, path).query({ [param.name]: `a${NUL}b` });
        expect({ at: `${method} ${path} ?${param.name}`, status: res.status }).toEqual({ at: `${method} ${path} ?${param.name}`, status: 400 });
        expect(res.body.errors?.[param.name]?.join(' ')).toContain('NUL');
        walked.push(`${method} ${path} ?${param.name}`);
      }
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const multipart = content['multipart/form-data']?.schema;
      for (const [name, property] of Object.entries(resolve(json ?? multipart ?? {}).properties ?? {})) {
        const field = resolve(property);
        if (field.type === 'string' && (property as { format?: string }).format === 'binary') continue;
        // A KYC upload is refused before its body is read unless the caller's KYC is Unverified.
        const req = call(method, path, multipart ? kycUser : admin);
        const res = multipart ? await req.field(name, `a${NUL}b`) : await req.send({ [name]: field.type === 'array' ? [`a${NUL}b`] : `a${NUL}b` });
        expect({ at: `${method} ${path} ${name}`, status: res.status }).toEqual({ at: `${method} ${path} ${name}`, status: 400 });
        expect(JSON.stringify(res.body.errors ?? {})).toContain('NUL');
        walked.push(`${method} ${path} ${name}`);
      }
    }
    // The document names dozens of fields; a walk that found none would prove nothing.
    expect(walked.length).toBeGreaterThan(40);
  });

  it('walks every JSON body field with null: 400 unless the DTO documents it as nullable', async () => {
    let walked = 0;
    for (const { path, method, op } of operations()) {
      const json = op.requestBody?.content?.['application/json']?.schema;
      if (!json) continue;
      for (const [name, property] of Object.entries(resolve(json).properties ?? {})) {
        if (property.nullable || resolve(property).nullable) continue;
        const res = await call(method, path).send({ [name]: null });
        expect({ at: `${method} ${path} ${name}`, status: res.status }).toEqual({ at: `${method} ${path} ${name}`, status: 400 });
        expect(res.body.errors?.[name]?.join(' ')).toMatch(/cannot be null|must|should/);
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(30);
  });

  it('the attacks as they were made: 400, nothing changed', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    const update = await t.http().patch('/api/user/update').set('Authorization', admin.bearer).send({ userId: user.id, balance: null });
    expect(update.status).toBe(400);
    expect(update.body.errors.balance).toEqual(['balance cannot be null']);
    const filter = await t.http().get('/api/traders?traderType=a%00b');
    expect(filter.status).toBe(400);
    const register = await t
      .http()
      .post('/api/auth/register')
      .set('X-Forwarded-For', from())
      .send({ username: 'nul_name', firstname: `Ja${NUL}ne`, lastname: 'Doe', email: 'nul-name@example.test', password: 'a-strong-password' });
    expect(register.status).toBe(400);
    expect(await t.sql("SELECT 1 FROM users WHERE email = 'nul-name@example.test'")).toHaveLength(0);
    const param = await t.http().post(`/api/copies/a${encodeURIComponent(NUL)}b/pause`).set('Authorization', admin.bearer);
    expect(param.status).toBe(400);
  });
});

/**
 * Issue 26, "Deeply nested JSON": about 2,000 levels gave a 500 (a stack overflow in the input walk) on every
 * JSON route, public ones included. A body nested deeper than 32 levels is now a 400 before anything walks it.
 */
describe('security: a body nested deeper than 32 levels is a 400 on every JSON route', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/docs-json').expect(200)).body;
  });
  afterAll(() => t.close());

  const nest = (levels: number): object => {
    let value: unknown = 1;
    for (let i = 1; i < levels; i++) value = i % 2 ? [value] : { a: value };
    return { x: value };
  };

  it('the attack as it was made: 2,000 levels on every route that takes a JSON body, signed in or not, answer 400', async () => {
    const body = JSON.stringify(nest(2000));
    const walked: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.requestBody?.content['application/json']) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await (t.http() as unknown as Record<string, (u: string) => import('supertest').Test>)[method](url).set('Content-Type', 'application/json').send(body);
        expect({ at: `${method} ${path}`, status: res.status, message: res.body.message }).toEqual({
          at: `${method} ${path}`,
          status: 400,
          message: 'The request body is nested deeper than 32 levels',
        });
        walked.push(`${method} ${path}`);
      }
    }
    expect(walked).toEqual(expect.arrayContaining(['post /api/auth/register', 'post /api/auth/login', 'post /api/contact', 'post /api/wallet/deposit']));
  });

  it('32 levels pass the parser (and meet the DTO), 33 do not', async () => {
    const at32 = await t.http().post('/api/auth/login').send(nest(32));
    expect(at32.status).toBe(400);
    expect(at32.body.message).not.toContain('nested');
    const at33 = await t.http().post('/api/auth/login').send(nest(33));
    expect(at33.status).toBe(400);
    expect(at33.body.message).toBe('The request body is nested deeper than 32 levels');
    expect(at33.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('security: input hygiene', () => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  const register = (email: string, extra: Record<string, string> = {}) =>
    t
      .http()
      .post('/api/auth/register')
      .set('X-Forwarded-For', `10.92.0.${++ip}`)
      .send({ username: `u${ip}_${Date.now() % 100000}`, firstname: 'A', lastname: 'B', email, password: 'a-strong-password', ...extra });

  it('the attack as it was made (issue 26): an image is an https:// URL on another site, never a path or an address of this one', async () => {
    const trader = await createUser(t, { roles: ['User', 'Trader'], kyc: 'Verified' });
    await t.sql(`INSERT INTO trader_profiles (user_id, name) VALUES (?, 'Hygiene')`, [trader.id]).catch(() => undefined);
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const puppet = '00000000-0000-4000-8000-000000000001';
    for (const image of [
      `/admin/api/resources/UserEntity/records/${puppet}/%76erifyKyc`,
      '/images/traders/2.jpg',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'http://evil.example/x.png',
      'javascript:alert(1)',
      `https://127.0.0.1:${port}/admin/api/resources/UserEntity/records/${puppet}/verifyKyc`,
      'https://127.0.0.1/admin/logout',
    ]) {
      const res = await t.http().patch('/api/traders/me').set('Authorization', trader.bearer).send({ image });
      expect({ image, status: res.status, code: res.body.code }).toEqual({ image, status: 400, code: 'VALIDATION_FAILED' });
      expect(res.body.errors.image).toBeDefined();
    }
    const [row] = await t.sql<{ image: string | null }>('SELECT image FROM trader_profiles WHERE user_id = ?', [trader.id]);
    expect(row.image).toBeNull();
    for (const image of ['https://cdn.example.com/a.png', null]) {
      const res = await t.http().patch('/api/traders/me').set('Authorization', trader.bearer).send({ image });
      expect({ image, status: res.status }).toEqual({ image, status: 200 });
    }
  });

  it('free text shown to admins refuses bidi and invisible characters (withdrawal destination, names)', async () => {
    const user = await createUser(t, { kyc: 'Verified' });
    for (const destination of ['IBAN \u202Emoc.live', 'IBAN\u200B123', 'IBAN\u2066x\u2069', 'IBAN\uFEFF1']) {
      const res = await t.http().post('/api/wallet/withdraw').set('Authorization', user.bearer).send({ amount: '1.00', destination });
      expect(res.status).toBe(400);
      expect(res.body.errors.destination.join(' ')).toContain('bidirectional or invisible');
    }
    const res = await register('bidi@example.test', { firstname: 'Eve\u202E' });
    expect(res.status).toBe(400);
    expect(res.body.errors.firstname).toBeDefined();
  });

  it('emails are NFKC-normalised before uniqueness: a look-alike cannot shadow an existing address', async () => {
    await register('admin@shadow.test').expect(201);
    // Full-width letters fold to "admin@shadow.test" under NFKC: the same address, so taken.
    const fullWidth = await register('\uFF41\uFF44\uFF4D\uFF49\uFF4E@shadow.test');
    expect(fullWidth.status).toBe(409);
    // A dotless ı does not fold; a non-ASCII local part is refused instead of creating a look-alike account.
    const dotless = await register('adm\u0131n@shadow.test');
    expect(dotless.status).toBe(400);
    expect(await t.sql("SELECT email FROM users WHERE email LIKE '%@shadow.test'")).toEqual([{ email: 'admin@shadow.test' }]);
  });
});

describe('security: caching and API docs', () => {
  it('every authenticated API answer carries Cache-Control: no-store', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t, { kyc: 'Verified' });
      for (const path of ['/api/wallet', '/api/user/get', '/api/copies', '/api/trades', '/api/wallet/transactions']) {
        const res = await t.http().get(path).set('Authorization', user.bearer);
        expect({ path, status: res.status, cache: res.headers['cache-control'] }).toEqual({ path, status: 200, cache: 'no-store' });
      }
      const unauthenticated = await t.http().get('/api/wallet');
      expect(unauthenticated.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });

  it('API_DOCS=false serves neither /api/docs nor /api/docs-json; the default outside production serves both', async () => {
    const off = await createTestApp({ API_DOCS: 'false' });
    try {
      expect((await off.http().get('/api/docs/')).status).toBe(404);
      expect((await off.http().get('/api/docs-json')).status).toBe(404);
    } finally {
      await off.close();
    }
    const on = await createTestApp();
    try {
      expect((await on.http().get('/api/docs-json')).status).toBe(200);
    } finally {
      await on.close();
    }
  });
});

describe('security: a failed SQL statement is logged without its values', () => {
  it('what the filter logs of a failed statement has no values, detail or hash', async () => {
    const t = await createTestApp();
    try {
      const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVl';
      const email = 'leak-check@example.test';
      await createUser(t, { email });
      const error = await t
        .sql(`INSERT INTO users (email, username, firstname, lastname, password_hash) VALUES (?, ?, 'Leaky', 'Name', ?)`, [email, 'leak_check', hash])
        .catch((e: unknown) => e);
      // The raw driver error holds the statement with its values (that is what used to reach the log).
      expect((error as Error).message).toContain('duplicate key');
      const logged = JSON.stringify(loggableError(error));
      expect(logged).toContain('23505');
      for (const secret of [email, hash, 'Leaky']) expect(logged).not.toContain(secret);
    } finally {
      await t.close();
    }
  });
});
