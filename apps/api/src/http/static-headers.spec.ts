import express from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { staticHeaders } from './configure-app';

describe('staticHeaders', () => {
  it('sets exactly the headers helmet sets, in the same order', async () => {
    const options = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
      crossOriginEmbedderPolicy: false,
      hsts: true,
    };
    const serve = (middleware: express.RequestHandler) => {
      const app = express();
      app.disable('x-powered-by');
      app.use(middleware);
      app.get('/', (_req, res) => res.json({ ok: true }));
      return request(app).get('/').expect(200);
    };
    const live = await serve(helmet(options));
    const once = await serve(staticHeaders(helmet(options) as never) as never);
    const strip = (headers: Record<string, string>) => {
      const { date: _date, etag: _etag, ...rest } = headers;
      return rest;
    };
    expect(strip(once.headers)).toEqual(strip(live.headers));
    expect(Object.keys(strip(once.headers))).toEqual(Object.keys(strip(live.headers)));
    expect(once.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(once.headers['strict-transport-security']).toBeDefined();
  });
});
