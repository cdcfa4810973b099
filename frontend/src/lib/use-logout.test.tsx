import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { jsonResponse, LocationProbe, mockFetch, signIn } from '../test/utils';
import { getSession, getToken } from './auth-session';
import { getToasts } from './toast';
import { CACHE_RESET_DELAY_MS } from './use-logout';

type CacheEntry = { data?: unknown } | undefined;

const walletApi = {
  'GET /api/wallet': { balance: '10.00', tradingBalance: '0.00', held: '0.00', transactions: [] },
  'GET /api/wallet/transactions': { transactions: [], total: 0, page: 1, limit: 10 },
};

async function dashboardWithCache(logout: () => Response) {
  signIn({ roles: ['User'] });
  const fetchMock = mockFetch({ 'POST /api/auth/logout': logout, ...walletApi });
  const cache = new Map<string, unknown>();
  render(
    <AppProviders cache={cache}>
      <MemoryRouter initialEntries={['/userdashboard/wallet']} useTransitions={false}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  await waitFor(() => expect((cache.get('/api/wallet') as CacheEntry)?.data).toBeDefined());
  return { cache, fetchMock };
}

/** Logout from the sidebar with fake timers: returns once the logout call and the navigation are done. */
async function logoutWithFakeTimers() {
  const sidebar = screen.getByRole('navigation', { name: 'Dashboard menu' });
  vi.useFakeTimers();
  await act(async () => {
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('logout (seed §4): clear credentials, go to /, reset the cache 1 s later', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resets the cached answers only after 1 s', async () => {
    const { cache } = await dashboardWithCache(() => jsonResponse(200, {}));
    await logoutWithFakeTimers();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(getToken()).toBeNull();
    expect((cache.get('/api/wallet') as CacheEntry)?.data).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(CACHE_RESET_DELAY_MS - 1));
    expect((cache.get('/api/wallet') as CacheEntry)?.data).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect((cache.get('/api/wallet') as CacheEntry)?.data).toBeUndefined();
    expect(CACHE_RESET_DELAY_MS).toBe(1000);
  });

  it("a failing logout call still signs out locally, goes to / and resets the cache after 1 s, and toasts 'Error logging out'", async () => {
    const { cache } = await dashboardWithCache(() => jsonResponse(500, { statusCode: 500, message: 'boom' }));
    await logoutWithFakeTimers();
    expect(getToasts().map((t) => t.message)).toContain('Error logging out');
    expect(getToken()).toBeNull();
    expect(getSession().isLoggedIn).toBe(false);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    // the top bar shows the signed-out actions
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect((cache.get('/api/wallet') as CacheEntry)?.data).toBeDefined();
    await act(() => vi.advanceTimersByTimeAsync(CACHE_RESET_DELAY_MS));
    expect((cache.get('/api/wallet') as CacheEntry)?.data).toBeUndefined();
  });
});
