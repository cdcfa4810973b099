import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp, signIn } from '../../test/utils';

const traders = {
  items: [
    { id: 7, name: 'Tess Trend', traderType: 'Swing Trader', followers: 3 },
    { id: 2, name: 'Alan Alpha', traderType: 'Scalper', followers: 9 },
  ],
  total: 2,
  page: 1,
  limit: 100,
};
const emptyPage = { items: [], total: 0, page: 1, limit: 20 };
const openTrade = {
  id: 'tr-1', market: 'Forex', pair: 'EURUSD', side: 'buy', entryPrice: '1.0850', exitPrice: null, allocationPct: 25,
  pnlPct: null, status: 'open', copiedCount: 1, skippedCount: 0, copiersPnl: '0.00', openedAt: '2026-11-22T10:00:00Z', closedAt: null,
};

const instruments = ['GBPUSD', 'EURUSD'].map((symbol) => ({
  symbol, market: 'Forex', name: symbol, priceDecimals: 5, session: 'forex', open: true, nextOpen: null, nextClose: null,
  quote: { bid: '1.08500', ask: '1.08510', time: '2026-11-23T10:00:00.000Z' }, dayOpen: '1.08000', changePct: '0.46',
}));
const candles = { symbol: 'GBPUSD', interval: '1m', candles: [] };

const urls = (fetchMock: ReturnType<typeof mockFetch>, prefix: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([u, i]) => String(u).startsWith(prefix) && ((i as RequestInit).method ?? 'GET') === method).map(([u]) => String(u));

describe('trade management and followers for an Admin (trader picker, ?traderId=)', () => {
  it('an Admin without a trader profile must choose a trader first: no trade call until then, then every call names it', async () => {
    signIn({ roles: ['User', 'Admin'], username: 'root' });
    const fetchMock = mockFetch({
      'GET /api/traders': traders,
      'GET /api/market/instruments': instruments,
      'GET /api/market/candles/GBPUSD': candles,
      'GET /api/trader/trades': (url: string) =>
        url.includes('traderId=7') ? jsonResponse(200, { items: url.includes('status=closed') ? [] : [openTrade], total: 1, page: 1, limit: 20 }) : jsonResponse(400, { statusCode: 400, message: 'traderId is required for an admin' }),
      'POST /api/trader/trades': () => jsonResponse(201, openTrade),
      'POST /api/trader/trades/tr-1/close': () => jsonResponse(200, { ...openTrade, status: 'closed' }),
    });
    renderApp('/trademanagement');
    expect(await screen.findByText('Choose a trader')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Open a trade' })).not.toBeInTheDocument();
    const picker = await screen.findByLabelText('Trader');
    // the list comes from GET /api/traders (up to 100), sorted by name
    expect(urls(fetchMock, '/api/traders')[0]).toContain('limit=100');
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a trader…', 'Alan Alpha (#2)', 'Tess Trend (#7)']);
    expect(urls(fetchMock, '/api/trader/trades')).toHaveLength(0);

    await userEvent.selectOptions(picker, '7');
    expect(await screen.findByRole('listitem', { name: 'Open trade EURUSD' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/trademanagement');
    expect(urls(fetchMock, '/api/trader/trades').every((u) => u.includes('traderId=7'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Followers of this trader' })).toHaveAttribute('href', '/followers?traderId=7');

    // opening and closing act for the chosen trader too
    await userEvent.type(screen.getByLabelText('Symbol'), 'gbpusd');
    await userEvent.click(screen.getByRole('button', { name: 'Open trade' }));
    await waitFor(() => expect(urls(fetchMock, '/api/trader/trades', 'POST')).toHaveLength(1));
    expect(urls(fetchMock, '/api/trader/trades', 'POST')[0]).toBe('/api/trader/trades?traderId=7');
    const close = screen.getByRole('form', { name: 'Close EURUSD' });
    await userEvent.click(within(close).getByRole('button', { name: 'Close at market' }));
    expect(urls(fetchMock, '/api/trader/trades/tr-1/close', 'POST')).toHaveLength(0); // asks first
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Close EURUSD?' })).getByRole('button', { name: 'Confirm close' }));
    await waitFor(() => expect(urls(fetchMock, '/api/trader/trades/tr-1/close', 'POST')).toEqual(['/api/trader/trades/tr-1/close?traderId=7']));
  });

  it('followers: the Admin\'s choice is passed as ?traderId= (from the URL too)', async () => {
    signIn({ roles: ['User', 'Admin'], username: 'root' });
    const fetchMock = mockFetch({
      'GET /api/traders': traders,
      'GET /api/trader/followers': (url: string) =>
        jsonResponse(200, { items: [{ copyId: 'c1', username: url.includes('traderId=2') ? 'fan_of_alan' : 'fan_of_tess', status: 'active', invested: '10.00', equity: '10.00', pnl: '0.00', since: '2026-01-01T00:00:00Z' }], total: 1, page: 1, limit: 20 }),
    });
    renderApp('/followers?traderId=7');
    expect(await screen.findByText('fan_of_tess')).toBeInTheDocument();
    await userEvent.selectOptions(await screen.findByLabelText('Trader'), '2');
    expect(await screen.findByText('fan_of_alan')).toBeInTheDocument();
    expect(urls(fetchMock, '/api/trader/followers').every((u) => /traderId=(7|2)/.test(u))).toBe(true);
  });

  it('with no traders at all the Admin is told how to get one', async () => {
    signIn({ roles: ['User', 'Admin'], username: 'root' });
    mockFetch({ 'GET /api/traders': { items: [], total: 0, page: 1, limit: 100 } });
    renderApp('/followers');
    expect(await screen.findByText('No traders yet')).toBeInTheDocument();
    const picker = screen.getByRole('region', { name: 'Acting for a trader' });
    expect(within(picker).getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/admindashboard/usermanagement');
    expect(screen.getByText('Choose a trader')).toBeInTheDocument();
  });

  it('an Admin that is also a Trader starts on its own profile (no traderId); a plain Trader gets no picker', async () => {
    signIn({ roles: ['User', 'Trader', 'Admin'], traderID: 5 });
    const fetchMock = mockFetch({ 'GET /api/traders': traders, 'GET /api/trader/trades': emptyPage });
    const { unmount } = renderApp('/trademanagement');
    expect(await screen.findByText('No open trades')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'My own trader profile' })).toBeInTheDocument();
    expect(urls(fetchMock, '/api/trader/trades').some((u) => u.includes('traderId'))).toBe(false);
    unmount();

    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const traderFetch = mockFetch({ 'GET /api/trader/trades': emptyPage });
    renderApp('/trademanagement');
    expect(await screen.findByText('No open trades')).toBeInTheDocument();
    expect(screen.queryByLabelText('Trader')).not.toBeInTheDocument();
    expect(urls(traderFetch, '/api/traders')).toHaveLength(0);
  });
});
