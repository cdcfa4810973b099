import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, makeToken, mockFetch, renderApp, signIn } from '../test/utils';
import { getSession, getToken, setPersist } from './auth-session';

const emptyPage = { items: [], total: 0, page: 1, limit: 20 };
const userApi = {
  'GET /api/wallet': { balance: '10.00', tradingBalance: '0.00', held: '0.00', recent: [] },
  'GET /api/copies': [],
  'GET /api/notifications': { ...emptyPage, unread: 0 },
};

describe('the role gate (seed §2)', () => {
  it('sends a visitor from a protected page to /signin and remembers the origin', async () => {
    mockFetch({ 'GET /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'No refresh token' }) });
    renderApp('/userdashboard/wallet');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/signin');
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/userdashboard/wallet');
  });

  it('after signing in, returns to the remembered page', async () => {
    const token = makeToken({ roles: ['User'] });
    mockFetch({
      'GET /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'No refresh token' }),
      'POST /api/auth/login': { accessToken: token },
      ...userApi,
    });
    renderApp('/userdashboard/trades');
    await screen.findByRole('heading', { name: 'Sign in' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/userdashboard/trades'));
    expect(getToken()).toBe(token);
  });

  it('redirects a User away from the admin dashboard and a User away from trade management', async () => {
    signIn({ roles: ['User'] });
    mockFetch(userApi);
    renderApp('/admindashboard/usermanagement');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/admindashboard/usermanagement');
  });

  it('a signed-in user refused a page lands on /signin with a notice saying why (and the sign-in form)', async () => {
    signIn({ roles: ['User'], username: 'ada' });
    mockFetch(userApi);
    renderApp('/admindashboard/walletmanagement');
    const notice = await screen.findByText(/Your account .* cannot open/);
    expect(notice).toHaveTextContent('Your account (ada, User) cannot open /admindashboard/walletmanagement.');
    expect(within(notice).getByRole('link', { name: 'go back to your dashboard' })).toHaveAttribute('href', '/userdashboard');
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/signin');
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/admindashboard/walletmanagement');
  });

  it('no such notice for a visitor sent to /signin, nor for a signed-in user opening /signin directly', async () => {
    mockFetch({ 'GET /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'No refresh token' }) });
    const { unmount } = renderApp('/userdashboard');
    await screen.findByRole('form', { name: 'Sign in' });
    expect(screen.queryByText(/cannot open/)).not.toBeInTheDocument();
    unmount();
    signIn({ roles: ['User'] });
    renderApp('/signin');
    await screen.findByRole('form', { name: 'Sign in' });
    expect(screen.queryByText(/cannot open/)).not.toBeInTheDocument();
  });

  it('lets a Trader into trade management and an Admin into the admin dashboard', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    mockFetch({ 'GET /api/trader/trades': emptyPage });
    const { unmount } = renderApp('/trademanagement');
    expect(await screen.findByRole('heading', { name: 'Trade management' })).toBeInTheDocument();
    unmount();
    signIn({ roles: ['User', 'Admin'], username: 'root' });
    mockFetch({ 'GET /api/admin_details': { users: 3 } });
    renderApp('/admindashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeInTheDocument();
  });
});

describe('an expired login (seed §4 "Expired token")', () => {
  const expired = () => jsonResponse(403, { statusCode: 403, message: 'Token expired', code: 'TOKEN_EXPIRED' });

  it('a refresh refused with 403 signs out: toast, no token, role gate → /signin remembering the page, one refresh only', async () => {
    signIn({ roles: ['User'] });
    const fetchMock = mockFetch({
      'GET /api/auth/refresh': () => jsonResponse(403, { statusCode: 403, message: 'Refresh token revoked' }),
      // the wallet page asks for two things at once: both get TOKEN_EXPIRED
      'GET /api/wallet': expired,
      'GET /api/wallet/transactions': expired,
    });
    renderApp('/userdashboard/wallet');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/userdashboard/wallet');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const toasts = screen.getAllByRole('alert').find((el) => el.classList.contains('toaster__stack'));
    expect(toasts).toBeDefined();
    expect(within(toasts!).getByText('Your login has expired.')).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(getSession().isLoggedIn).toBe(false);
    const refreshes = fetchMock.mock.calls.filter(([u]) => String(u).includes('/auth/refresh'));
    expect(refreshes).toHaveLength(1);
  });

  it('after the sign-out, further calls do not hit /auth/refresh again', async () => {
    signIn({ roles: ['User'] });
    const fetchMock = mockFetch({
      'GET /api/auth/refresh': () => jsonResponse(403, { statusCode: 403, message: 'Refresh token revoked' }),
      'GET /api/wallet': expired,
      'GET /api/wallet/transactions': expired,
      // the public traders page, visited afterwards, does not need a session
      'GET /api/traders': { items: [], total: 0, page: 1, limit: 12 },
    });
    const { unmount } = renderApp('/userdashboard/wallet');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    unmount();
    renderApp('/userdashboard');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/auth/refresh'))).toHaveLength(1);
  });
});

describe('session restore (seed §4)', () => {
  it('shows a spinner, then the protected page after a successful refresh', async () => {
    let release: () => void = () => undefined;
    mockFetch({
      'GET /api/auth/refresh': async () => {
        await new Promise<void>((r) => (release = r));
        return jsonResponse(200, { accessToken: makeToken({ username: 'grace' }) });
      },
      ...userApi,
    });
    renderApp('/userdashboard');
    expect(await screen.findByText('Restoring your session')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: /^Welcome/ })).toBeInTheDocument();
    expect(screen.getByTestId('avatar')).toHaveTextContent('G');
  });

  it('shows the server message and a "Please login again" link on a non-401 failure', async () => {
    mockFetch({ 'GET /api/auth/refresh': () => jsonResponse(403, { statusCode: 403, message: 'Refresh token revoked' }) });
    renderApp('/userdashboard');
    expect(await screen.findByText(/Your login has expired\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Please login again' })).toHaveAttribute('href', '/signin');
  });

  it('a 500 from the refresh shows the server message and a "Please login again" link to /signin', async () => {
    mockFetch({ 'GET /api/auth/refresh': () => jsonResponse(500, { statusCode: 500, message: 'Session store unavailable' }) });
    renderApp('/userdashboard/wallet');
    const alert = await screen.findByText(/Session store unavailable/);
    expect(alert).toHaveAttribute('role', 'alert');
    expect(within(alert).getByRole('link', { name: 'Please login again' })).toHaveAttribute('href', '/signin');
    // the page itself is not rendered, and nobody is signed in
    expect(screen.queryByRole('navigation', { name: 'Dashboard menu' })).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('does not call refresh when persist is off', async () => {
    setPersist(false);
    const fetchMock = mockFetch({});
    renderApp('/userdashboard');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/auth/refresh'))).toBe(false);
  });

  it('a first visit (no ml_session hint cookie) does not call refresh: no 401 on visitor pages', async () => {
    document.cookie = 'ml_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const fetchMock = mockFetch({ 'GET /api/traders': { items: [], total: 0, page: 1, limit: 12 } });
    renderApp('/userdashboard');
    await screen.findByRole('heading', { name: 'Sign in' });
    renderApp('/traders');
    await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/traders'))).toBe(true));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/auth/refresh'))).toBe(false);
  });
});

describe('layout rules', () => {
  it('hides the top bar and footer on the auth screens', async () => {
    mockFetch({});
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('shows the footer with the risk warning and © 2019 on public pages, and the not-found screen for unknown paths', async () => {
    mockFetch({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2019');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/past performance of any trader or strategy is no guarantee/);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/legal\s+where you live/);
  });

  it('loads no third-party ticker script (the ticker is the platform\'s own live quotes) and takes no room without instruments', async () => {
    mockFetch({});
    renderApp('/aboutus');
    await screen.findByRole('heading', { name: 'Trading skill, shared fairly' });
    expect(document.querySelector('script[src*="tradingview"]')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Market ticker' })).toBeNull();
  });
});
