import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { resetSessionForTests, setCredentials } from '../lib/auth-session';
import { clearToasts } from '../lib/toast';
import { resetMarketStreamForTests } from '../lib/market-stream';
import { resetLiveEventsForTests } from '../lib/live-events';

export interface TokenUser {
  userId?: string;
  username?: string;
  email?: string;
  roles?: string[];
  kycverified?: boolean;
  kycstring?: string;
  traderID?: number | null;
}

function b64url(s: string): string {
  return btoa(unescape(encodeURIComponent(s))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token carrying `UserInfo` (the SPA only decodes it). */
export function makeToken(user: TokenUser = {}, extra: Record<string, unknown> = {}): string {
  const info = {
    userId: user.userId ?? 'u-1',
    verified: true,
    email: user.email ?? 'ada@example.com',
    username: user.username ?? 'ada',
    firstname: 'Ada',
    lastname: 'Lovelace',
    traderID: user.traderID ?? null,
    copyID: [],
    balance: '100.00',
    tradingBalance: '0.00',
    roles: user.roles ?? ['User'],
    kycverified: user.kycverified ?? false,
    kycstring: user.kycstring ?? (user.kycverified ? 'Verified' : 'Unverified'),
    copiedTrades: 0,
  };
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify({ UserInfo: info, sub: info.userId, typ: 'access', ...extra }))}.sig`;
}

export function signIn(user: TokenUser = {}): string {
  const token = makeToken(user);
  setCredentials({ accessToken: token });
  return token;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Stubs global fetch with a router of `METHOD /api/path` → handler; unknown calls answer 404. */
export function mockFetch(routes: Record<string, Handler | unknown>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const route = routes[`${method} ${path}`] ?? routes[path];
    if (route === undefined) return jsonResponse(404, { statusCode: 404, message: `No mock for ${method} ${url}` });
    if (typeof route === 'function') return (route as Handler)(url, init);
    return jsonResponse(200, route);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The JSON bodies a stubbed fetch sent to `path`, in order: what a form's submit sent, [] when it sent nothing. */
export function sentBodies(fetchMock: ReturnType<typeof mockFetch>, path: string): unknown[] {
  return fetchMock.mock.calls.filter(([u]) => String(u).split('?')[0] === path).map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
}

/** Shows the current location so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname ?? '';
  return (
    <div data-testid="location" data-from={from}>
      {location.pathname}
    </div>
  );
}

export function renderApp(path: string, extra?: ReactNode) {
  return render(
    <AppProviders cache={new Map()}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <AppRoutes />
        <LocationProbe />
        {extra}
      </MemoryRouter>
    </AppProviders>,
  );
}

export function renderWithProviders(ui: ReactNode, path = '/') {
  return render(
    <AppProviders cache={new Map()}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

/**
 * Before each test (setup.ts): what a test may leave in the SPA's module state, since the spec files of a worker
 * share their modules (vite.config.ts, isolate: false): the session, the toasts, the market and events streams,
 * storage, stubbed globals and fake timers.
 */
export function resetAll() {
  resetSessionForTests();
  clearToasts();
  resetMarketStreamForTests();
  resetLiveEventsForTests();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
}
