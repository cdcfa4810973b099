import { getSession } from './auth-session';
import { expectBusyWhile, gate, renderMutation } from '../test/mutation';
import { jsonResponse, makeToken, mockFetch, signIn } from '../test/utils';
import { useReturnToAdmin } from './use-end-impersonation';

describe('useReturnToAdmin', () => {
  it('busy while the admin’s own session comes back (one refresh); then every cached answer of the user is refetched', async () => {
    signIn({ username: 'uma' });
    const answer = gate<Response>();
    mockFetch({ 'GET /api/auth/refresh': () => answer.promise });
    const { result, fetches } = await renderMutation(() => useReturnToAdmin(), ['/api/wallet', '/api/copies']);
    await expectBusyWhile(() => result.current.busy, () => result.current.trigger(), () => answer.open(jsonResponse(200, { accessToken: makeToken({ username: 'root', roles: ['User', 'Admin'] }) })));
    expect(getSession().username).toBe('root');
    await vi.waitFor(() => expect([fetches('/api/wallet'), fetches('/api/copies')]).toEqual([2, 2]));
  });
});
