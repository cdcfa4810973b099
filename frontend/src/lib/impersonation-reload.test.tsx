import { clearCredentials, getSession, getToken, resetSessionForTests, restoreSession, setCredentials } from './auth-session';
import { getToasts } from './toast';
import { jsonResponse, makeToken, mockFetch } from '../test/utils';

const ADMIN = makeToken({ userId: 'admin-1', username: 'root', roles: ['User', 'Admin'] });
const AS_UMA = makeToken({ userId: 'u-42', username: 'uma' }, { imp: 'admin-1' });

/** product.md §12.6: impersonation survives a reload, or ends visibly. */
describe('impersonation across a reload', () => {
  it('a reload while acting as a user restores the admin, then acts as the same user again (the admin’s token asks)', async () => {
    setCredentials({ accessToken: AS_UMA });
    expect(getSession().impersonated).toBe(true);
    // the page reloads: memory is gone, the tab's storage and the refresh cookie stay
    resetSessionForTests();
    const fetch = mockFetch({
      'GET /api/auth/refresh': () => jsonResponse(200, { accessToken: ADMIN }),
      'POST /api/admin/impersonate': () => jsonResponse(200, { accessToken: AS_UMA }),
    });
    restoreSession();
    await vi.waitFor(() => expect(getSession()).toMatchObject({ username: 'uma', impersonated: true }));
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/api/admin/impersonate'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 'u-42' });
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${ADMIN}`);
    expect(getToasts().filter((t) => t.message.startsWith('Acting as'))).toHaveLength(0);
    // and again on the next reload
    resetSessionForTests();
    restoreSession();
    await vi.waitFor(() => expect(getToken()).toBe(AS_UMA));
  });

  it('when acting as the user again is refused, the restore says the impersonation ended (once)', async () => {
    setCredentials({ accessToken: AS_UMA });
    resetSessionForTests();
    mockFetch({
      'GET /api/auth/refresh': () => jsonResponse(200, { accessToken: ADMIN }),
      'POST /api/admin/impersonate': () => jsonResponse(404, { statusCode: 404, code: 'USERS.NOT_FOUND', message: 'User not found' }),
    });
    restoreSession();
    await vi.waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Acting as uma ended when the page reloaded: you are root again.'));
    expect(getSession()).toMatchObject({ username: 'root', impersonated: false });
    // said once: the next reload is an ordinary one
    resetSessionForTests();
    restoreSession();
    await vi.waitFor(() => expect(getSession().username).toBe('root'));
    expect(getToasts().filter((t) => t.message.startsWith('Acting as'))).toHaveLength(1);
  });

  it('returning to admin (or signing out) before the reload leaves nothing to resume', async () => {
    setCredentials({ accessToken: AS_UMA });
    setCredentials({ accessToken: ADMIN });
    setCredentials({ accessToken: AS_UMA });
    clearCredentials();
    resetSessionForTests();
    const fetch = mockFetch({ 'GET /api/auth/refresh': () => jsonResponse(200, { accessToken: ADMIN }) });
    restoreSession();
    await vi.waitFor(() => expect(getSession().username).toBe('root'));
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContainEqual(expect.stringContaining('impersonate'));
    expect(getToasts().filter((t) => t.message.startsWith('Acting as'))).toHaveLength(0);
  });
});
