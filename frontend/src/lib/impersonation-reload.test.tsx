import { clearCredentials, getSession, resetSessionForTests, restoreSession, setCredentials } from './auth-session';
import { getToasts } from './toast';
import { jsonResponse, makeToken, mockFetch } from '../test/utils';

/** product.md §12.6: impersonation survives a reload, or ends visibly (here: visibly). */
describe('impersonation across a reload', () => {
  it('a reload while acting as a user restores the admin and says the impersonation ended', async () => {
    setCredentials({ accessToken: makeToken({ username: 'uma' }, { imp: 'admin-1' }) });
    expect(getSession().impersonated).toBe(true);
    // the page reloads: memory is gone, the tab's storage and the refresh cookie stay
    resetSessionForTests();
    mockFetch({ 'GET /api/auth/refresh': () => jsonResponse(200, { accessToken: makeToken({ username: 'root', roles: ['User', 'Admin'] }) }) });
    restoreSession();
    await vi.waitFor(() => expect(getSession().username).toBe('root'));
    await vi.waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Acting as uma ended when the page reloaded: you are root again.'));
    // said once: the next reload is an ordinary one
    resetSessionForTests();
    restoreSession();
    await vi.waitFor(() => expect(getSession().username).toBe('root'));
    expect(getToasts().filter((t) => t.message.startsWith('Acting as'))).toHaveLength(1);
  });

  it('returning to admin (or signing out) before the reload leaves nothing to say', async () => {
    setCredentials({ accessToken: makeToken({ username: 'uma' }, { imp: 'admin-1' }) });
    setCredentials({ accessToken: makeToken({ username: 'root', roles: ['User', 'Admin'] }) });
    setCredentials({ accessToken: makeToken({ username: 'uma' }, { imp: 'admin-1' }) });
    clearCredentials();
    resetSessionForTests();
    mockFetch({ 'GET /api/auth/refresh': () => jsonResponse(200, { accessToken: makeToken({ username: 'root', roles: ['User', 'Admin'] }) }) });
    restoreSession();
    await vi.waitFor(() => expect(getSession().username).toBe('root'));
    expect(getToasts().filter((t) => t.message.startsWith('Acting as'))).toHaveLength(0);
  });
});
