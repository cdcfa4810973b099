import { vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';
import { EXPIRED_MESSAGE, getToken, setCredentials } from './auth-session';
import { api } from './api';
import { jsonResponse, makeToken } from '../test/utils';

const expired = () => jsonResponse(403, { statusCode: 403, message: 'Token expired', code: 'TOKEN_EXPIRED' });

function authOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

describe('the typed client: one shared refresh', () => {
  it('sends the in-memory bearer token, cookies included, to /api', async () => {
    const token = makeToken();
    setCredentials({ accessToken: token });
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('get', '/api/wallet')).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/wallet');
    expect(init.credentials).toBe('include');
    expect(authOf(init)).toBe(`Bearer ${token}`);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('refreshes ONCE for concurrent 403 TOKEN_EXPIRED calls and retries each with the new token', async () => {
    const oldToken = makeToken({ username: 'old' });
    const newToken = makeToken({ username: 'new' });
    setCredentials({ accessToken: oldToken });
    let refreshes = 0;
    let releaseRefresh: () => void = () => undefined;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise<void>((r) => (releaseRefresh = r));
        return jsonResponse(200, { accessToken: newToken });
      }
      if (authOf(init) === `Bearer ${oldToken}`) return expired();
      return jsonResponse(200, { url });
    });
    vi.stubGlobal('fetch', fetchMock);

    const calls = [api('get', '/api/wallet'), api('get', '/api/copies'), api('get', '/api/trades')];
    await vi.waitFor(() => expect(refreshes).toBe(1));
    releaseRefresh();
    await expect(Promise.all(calls)).resolves.toEqual([{ url: '/api/wallet' }, { url: '/api/copies' }, { url: '/api/trades' }]);
    expect(refreshes).toBe(1);
    expect(getToken()).toBe(newToken);
    const retried = fetchMock.mock.calls.filter(([u, i]) => u !== '/api/auth/refresh' && authOf(i) === `Bearer ${newToken}`);
    expect(retried).toHaveLength(3);
  });

  it('says "Your login has expired." when the refresh fails with 403, and does not retry again', async () => {
    setCredentials({ accessToken: makeToken() });
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/refresh') return jsonResponse(403, { statusCode: 403, message: 'Refresh token reused' });
      return expired();
    });
    vi.stubGlobal('fetch', fetchMock);
    const error = await api('get', '/api/wallet').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toBe(EXPIRED_MESSAGE);
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/wallet')).toHaveLength(1);
  });

  it('treats 403 TOKEN_REVOKED (session signed out) like an expired token: one refresh, then "Your login has expired."', async () => {
    setCredentials({ accessToken: makeToken() });
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/refresh') return jsonResponse(403, { statusCode: 403, message: 'revoked' });
      return jsonResponse(403, { statusCode: 403, message: 'This session was signed out', code: 'TOKEN_REVOKED' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const error = (await api('get', '/api/wallet').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(EXPIRED_MESSAGE);
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/auth/refresh')).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/wallet')).toHaveLength(1);
  });

  it('sends an Admin without 2FA to enrol on 403 MFA_ENROLMENT_REQUIRED, without a refresh', async () => {
    setCredentials({ accessToken: makeToken() });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/admindashboard', assign });
    const fetchMock = vi.fn(async () => jsonResponse(403, { statusCode: 403, message: 'enrol', code: 'MFA_ENROLMENT_REQUIRED' }));
    vi.stubGlobal('fetch', fetchMock);
    const error = (await api('get', '/api/admin_details').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('MFA_ENROLMENT_REQUIRED');
    expect(assign).toHaveBeenCalledWith('/settings/security');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not refresh or retry on 403 FORBIDDEN (role not allowed)', async () => {
    setCredentials({ accessToken: makeToken() });
    const fetchMock = vi.fn(async () => jsonResponse(403, { statusCode: 403, message: 'Forbidden resource', code: 'FORBIDDEN' }));
    vi.stubGlobal('fetch', fetchMock);
    const error = (await api('get', '/api/admin_details').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(403);
    expect(error.code).toBe('FORBIDDEN');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reuses a token refreshed by another caller while its own request was in flight', async () => {
    const oldToken = makeToken({ username: 'old' });
    const newToken = makeToken({ username: 'new' });
    setCredentials({ accessToken: oldToken });
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/refresh') throw new Error('must not refresh');
      if (authOf(init) === `Bearer ${oldToken}`) {
        setCredentials({ accessToken: newToken }); // someone else refreshed meanwhile
        return expired();
      }
      return jsonResponse(200, { ok: 1 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api('get', '/api/wallet')).resolves.toEqual({ ok: 1 });
  });
});

describe('the API client errors (seed §8)', () => {
  it('carries the HTTP status and the body as info', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(409, { statusCode: 409, message: 'Email taken', code: 'USER.EMAIL_TAKEN' })));
    const e = (await apiRequest('/auth/register', { method: 'POST', body: {} }).catch((x: unknown) => x)) as ApiError;
    expect(e.status).toBe(409);
    expect(e.info).toEqual({ statusCode: 409, message: 'Email taken', code: 'USER.EMAIL_TAKEN' });
    expect(e.message).toBe('Email taken');
  });

  it('FETCH_ERROR on a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiRequest('/wakeup')).rejects.toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('TIMEOUT_ERROR when the answer takes longer than the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_u: string, init: RequestInit) => new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    await expect(apiRequest('/wakeup', { timeoutMs: 10 })).rejects.toMatchObject({ status: 'TIMEOUT_ERROR' });
  });

  it('PARSING_ERROR when a success body is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>', { status: 200 })));
    await expect(apiRequest('/wakeup')).rejects.toMatchObject({ status: 'PARSING_ERROR' });
  });

  it('sends query params and JSON bodies', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/traders', { params: { sort: 'roi', traderType: 'SMC Trader', page: 2, empty: '' } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/traders?sort=roi&traderType=SMC+Trader&page=2');
    await apiRequest('/auth/login', { method: 'POST', body: { email: 'a@b.c' } });
    const init = (fetchMock.mock.calls[1] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe('{"email":"a@b.c"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});
