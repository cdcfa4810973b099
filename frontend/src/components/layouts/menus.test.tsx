import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp, renderWithProviders, signIn } from '../../test/utils';
import { getToken } from '../../lib/auth-session';
import { getToasts } from '../../lib/toast';
import { menuFor } from './menus';
import { RoleMenu } from './role-menu';

const labels = (s: Parameters<typeof menuFor>[0]) => menuFor(s).map((i) => i.label);

describe('navigation menus per role (seed §2)', () => {
  it('logged out: Get Started, Login, CopyTrading, Traders, About', () => {
    expect(labels({ isLoggedIn: false, status: 'User', KYCstatus: false })).toEqual(['Get Started', 'Login', 'CopyTrading', 'Traders', 'Markets', 'About']);
    expect(menuFor({ isLoggedIn: false, status: 'User', KYCstatus: false })[0].to).toBe('/register');
  });

  it('admin: the four admin items and the KYC queue', () => {
    expect(labels({ isLoggedIn: true, status: 'Admin', KYCstatus: false })).toEqual([
      'Admin Dashboard',
      'User Management',
      'Transaction Management',
      'Wallet Management',
      'KYC Queue',
    ]);
  });

  it('trader: Overview, Settings, KYC verification, Followers, TradeManagement — no Wallet or Trades', () => {
    const items = labels({ isLoggedIn: true, status: 'Trader', KYCstatus: false });
    expect(items).toEqual(['Overview', 'Settings', 'KYC verification', 'Trades', 'Wallet', 'Followers', 'TradeManagement']);
  });

  it('user: Overview, Trades, Wallet, Settings, KYC verification — no Followers or TradeManagement', () => {
    expect(labels({ isLoggedIn: true, status: 'User', KYCstatus: false })).toEqual(['Overview', 'Trades', 'Wallet', 'Settings', 'KYC verification']);
  });

  it('hides KYC verification once KYC is verified', () => {
    expect(labels({ isLoggedIn: true, status: 'User', KYCstatus: true })).not.toContain('KYC verification');
    expect(labels({ isLoggedIn: true, status: 'Trader', KYCstatus: true })).not.toContain('KYC verification');
  });

  it('renders the signed-in role menu from the token, with Logout', () => {
    signIn({ roles: ['User', 'Trader'], kycverified: true });
    renderWithProviders(<RoleMenu />);
    const nav = screen.getByRole('navigation', { name: 'Account menu' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Overview', 'Settings', 'Trades', 'Wallet', 'Followers', 'TradeManagement']);
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('Admin takes precedence over Trader', () => {
    signIn({ roles: ['User', 'Trader', 'Admin'] });
    renderWithProviders(<RoleMenu />);
    expect(screen.getByRole('link', { name: 'User Management' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'TradeManagement' })).not.toBeInTheDocument();
  });
});

describe('logout (seed §4)', () => {
  it('posts auth/logout, clears the credentials and goes to / (from a protected page)', async () => {
    signIn({ roles: ['User'] });
    const fetchMock = mockFetch({
      'POST /api/auth/logout': {},
      'GET /api/wallet': { balance: '0.00', tradingBalance: '0.00', held: '0.00', transactions: [] },
      'GET /api/wallet/transactions': { transactions: [], total: 0, page: 1, limit: 10 },
    });
    renderApp('/userdashboard/wallet');
    const sidebar = await screen.findByRole('navigation', { name: 'Dashboard menu' });
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(screen.getByRole('heading', { name: 'Mirrorline', level: 1 })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(fetchMock.mock.calls.some(([u, i]) => u === '/api/auth/logout' && (i as RequestInit).method === 'POST')).toBe(true);
  });

  it("toasts 'Error logging out' when the call fails", async () => {
    signIn({ roles: ['User'] });
    mockFetch({ 'POST /api/auth/logout': () => jsonResponse(500, { statusCode: 500, message: 'boom' }) });
    renderWithProviders(<RoleMenu />, '/userdashboard');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Error logging out'));
  });
});
