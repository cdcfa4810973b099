import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderApp, signIn } from '../../test/utils';

describe('page titles', () => {
  it.each([
    ['/', 'Mirrorline'],
    ['/traders', 'Traders — Mirrorline'],
    ['/aboutus', 'About — Mirrorline'],
    ['/signin', 'Sign in — Mirrorline'],
    ['/no-such-page', 'Page not found — Mirrorline'],
  ])('%s has its own <title>', async (path, title) => {
    mockFetch({ 'GET /api/traders': { items: [], total: 0, page: 1, limit: 12 } });
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
    expect(screen.getByTestId('location')).toHaveTextContent(path);
  });
});

describe('titles named after what the page shows', () => {
  it('the trader page is "<name> — Mirrorline" once the profile is in', async () => {
    mockFetch({
      'GET /api/traders/2': {
        id: 2, name: 'Nora Quinn', description: '', traderType: 'Scalper', strategySummary: '', strategyExplanation: '', image: null, share: 20, maxCopiers: 100,
        tradingAccuracy: 60, roi30d: 4.5, maxDrawdown: 3, closedTrades: 12, followers: 3, assetsCopying: '100.00', copiersPnl: '5.00',
        dayLabels: [], dailyPnls: [], daily: [], riskScore: 4, newTrader: false, recentTrades: [],
        period: 'all', roi: 4.5, sharpe: 1, copiers: 3, aum: '100.00', daysTrading: 40, historyStart: null, shorterHistory: false, markets: [], minCopyAmount: '10.00', full: false, allocation: [],
      },
    });
    renderApp('/traderinfo/2');
    await waitFor(() => expect(document.title).toBe('Nora Quinn — Mirrorline'));
  });
});

describe('footer', () => {
  it('links Terms and Privacy to real pages; a visitor sees Get Started and Login', async () => {
    mockFetch({});
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 })).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Get Started' })).toBeInTheDocument();
  });

  it('a signed-in user’s footer has no Get Started / Login', async () => {
    signIn({ roles: ['User'] });
    mockFetch({});
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(footer).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });
});
