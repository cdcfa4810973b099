import express, { type Request, type Response } from 'express';
import request from 'supertest';
import { FixedClock, type AppConfig } from '@mirrorline/shared';
import { REFRESH_TOKEN_TTL_MS } from '../../domain/refresh-token';
import { SessionTokens } from '../../application/services/session-tokens';
import { UserInfoBuilder } from '../../application/services/user-info.builder';
import type { LogInUseCase } from '../../application/use-cases/log-in/log-in.use-case';
import {
  InMemoryAuthSessions,
  ImmediateUnitOfWork,
  InMemoryRefreshTokenStore,
  InMemoryUserAccounts,
  JsonAccessTokenSigner,
  ZeroUserBalances,
} from '../../testing/in-memory-auth.fakes';
import { AuthController } from './auth.controller';
import { REFRESH_COOKIE, SESSION_HINT_COOKIE, clearRefreshCookie, refreshCookieOptions, setRefreshCookie } from './refresh-cookie';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Set-Cookie header express writes for these options. */
async function setCookieHeader(expiresAt: Date, secure: boolean): Promise<string> {
  const app = express();
  app.get('/', (_req, res) => {
    setRefreshCookie(res, 'opaque-token', expiresAt, secure);
    res.end();
  });
  const res = await request(app).get('/');
  return (res.headers['set-cookie'] as unknown as string[])[0];
}

describe('refresh cookie', () => {
  it('options: httpOnly, SameSite=Strict, scoped to /api/auth, Secure as asked', () => {
    expect(refreshCookieOptions(true)).toEqual({ httpOnly: true, sameSite: 'strict', secure: true, path: '/api/auth' });
    expect(refreshCookieOptions(false)).toEqual({ httpOnly: true, sameSite: 'strict', secure: false, path: '/api/auth' });
  });

  it('the header: Secure in production, HttpOnly, SameSite=Strict, Path=/api/auth, Expires as given', async () => {
    const expiresAt = new Date('2026-01-08T00:00:00.000Z');
    const production = await setCookieHeader(expiresAt, true);
    expect(production.startsWith(`${REFRESH_COOKIE}=opaque-token;`)).toBe(true);
    const attributes = production.split(';').slice(1).map((a) => a.trim());
    expect(attributes).toEqual(expect.arrayContaining(['Path=/api/auth', 'HttpOnly', 'Secure', 'SameSite=Strict', `Expires=${expiresAt.toUTCString()}`]));
    expect(await setCookieHeader(expiresAt, false)).not.toMatch(/;\s*Secure/i);
  });

  it('the session hint is set and cleared with the refresh cookie, readable by scripts, on every path', async () => {
    const app = express();
    app.get('/in', (_req, res) => {
      setRefreshCookie(res, 'opaque-token', new Date('2026-01-08T00:00:00.000Z'), false);
      res.end();
    });
    app.get('/out', (_req, res) => {
      clearRefreshCookie(res, false);
      res.end();
    });
    const set = (await request(app).get('/in')).headers['set-cookie'] as unknown as string[];
    const hint = set.find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=1;`));
    expect(hint).toBeDefined();
    expect(hint).toMatch(/Path=\//);
    expect(hint).not.toMatch(/HttpOnly/i);
    const cleared = (await request(app).get('/out')).headers['set-cookie'] as unknown as string[];
    expect(cleared.find((c) => c.startsWith(`${SESSION_HINT_COOKIE}=;`))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(cleared.find((c) => c.startsWith(`${REFRESH_COOKIE}=;`))).toBeDefined();
  });

  it.each([
    ['production', true],
    ['development', false],
  ])('login in %s sets a 7-day cookie with Secure=%s', async (_env, isProduction) => {
    const clock = new FixedClock();
    const accounts = new InMemoryUserAccounts();
    const uow = new ImmediateUnitOfWork();
    const sessions = new SessionTokens(new JsonAccessTokenSigner(), new InMemoryRefreshTokenStore(), new UserInfoBuilder(new ZeroUserBalances()), clock, uow, accounts, new InMemoryAuthSessions());
    const account = accounts.add();
    const logIn = { execute: async () => ({ accessToken: 'access', refresh: await sessions.refreshToken({ kind: 'transaction' }, account.id) }) } as unknown as LogInUseCase;
    const controller = new (AuthController as unknown as new (...args: unknown[]) => AuthController)({ isProduction } as AppConfig, null, null, null, logIn);
    const cookie = jest.fn();
    await controller.login({ email: account.email, password: 'x' }, { ip: '127.0.0.1', headers: {} } as unknown as Request, { cookie } as unknown as Response);
    // the refresh cookie, and beside it the non-secret session hint for the SPA
    expect(cookie).toHaveBeenCalledTimes(2);
    const [name, , options] = cookie.mock.calls[0] as [string, string, Record<string, unknown>];
    expect(name).toBe(REFRESH_COOKIE);
    expect(options).toEqual({ httpOnly: true, sameSite: 'strict', secure: isProduction, path: '/api/auth', expires: new Date(clock.now().getTime() + 7 * DAY_MS) });
    const [hint, value, hintOptions] = cookie.mock.calls[1] as [string, string, Record<string, unknown>];
    expect([hint, value]).toEqual([SESSION_HINT_COOKIE, '1']);
    expect(hintOptions).toEqual({ httpOnly: false, sameSite: 'strict', secure: isProduction, path: '/', expires: options.expires });
    expect(REFRESH_TOKEN_TTL_MS).toBe(7 * DAY_MS);
  });
});
