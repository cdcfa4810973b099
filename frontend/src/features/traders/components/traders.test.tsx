import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { jsonResponse, mockFetch, renderApp, renderWithProviders, signIn } from '../../../test/utils';
import { TraderDetails } from './trader-details';

// the plain form of this feature (the app's route composes the copy dialog instead: features/copy-dialog)
const renderDetails = () => renderWithProviders(<Routes><Route path="/traderinfo/:id" element={<TraderDetails />} /></Routes>, '/traderinfo/2');
import { getToasts } from '../../../lib/toast';

const trader = {
  id: 2,
  name: 'Nora Quinn',
  description: 'Patient swing trader',
  traderType: 'SMC Trader',
  strategySummary: 'Liquidity sweeps',
  strategyExplanation: 'Waits for a sweep of the previous high.',
  image: null,
  share: 20,
  tradingAccuracy: 78,
  roi30d: 6.5,
  maxDrawdown: 3.2,
  closedTrades: 40,
  followers: 12,
  assetsCopying: '1500.00',
  dayLabels: ['11-01', '11-02', '11-03'],
  dailyPnls: [1.2, -0.4, 2],
  daily: [],
  equityCurve30d: [] as number[], // under two points: the card falls back to the ten-day chart
  // discovery (product.md §12.3): the period's figures, the copy limits and the allocation
  period: '30d',
  roi: 6.5,
  sharpe: 1.2,
  copiers: 12,
  aum: '1500.00',
  daysTrading: 120,
  historyStart: '2026-07-01T00:00:00.000Z',
  shorterHistory: false,
  markets: ['Crypto'],
  minCopyAmount: '10.00',
  maxCopiers: 100000,
  full: false,
  allocation: [],
};

describe('traders list', () => {
  it('shows cards with share, accuracy, type and a ten-day chart, and sends sort and traderType', async () => {
    const fetchMock = mockFetch({ 'GET /api/traders': { items: [trader], total: 1, page: 1, limit: 12 }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traders');
    expect(await screen.findByRole('heading', { name: 'Nora Quinn' })).toBeInTheDocument();
    expect(screen.getByText('78%')).toBeInTheDocument();
    expect(screen.getByText('20%')).toBeInTheDocument();
    expect(screen.getByText('SMC Trader', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Nora Quinn: daily PnL/ })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'copiers');
    await userEvent.selectOptions(screen.getByLabelText('Trader type'), 'ICT Trader');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/traders?sort=copiers&traderType=ICT+Trader&page=1&limit=12'),
    );
  });

  it('a card shows the risk score, drawdown, AUM, copiers\' pnl and a Copy link; "New trader" instead of accuracy and ROI under 10 closed trades', async () => {
    const rookie = { ...trader, id: 3, name: 'Rookie Ray', closedTrades: 1, tradingAccuracy: 100, roi30d: 9, newTrader: true, riskScore: 8, copiersPnl: '-4.50' };
    mockFetch({ 'GET /api/traders': { items: [{ ...trader, riskScore: 3, newTrader: false, copiersPnl: '12.00' }, rookie], total: 2, page: 1, limit: 12 }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traders');
    const nora = (await screen.findByRole('heading', { name: 'Nora Quinn' })).closest('article')!;
    const ray = screen.getByRole('heading', { name: 'Rookie Ray' }).closest('article')!;
    expect(within(nora).getByTestId('risk-score')).toHaveTextContent('3/10');
    expect(within(nora).getByText('78%')).toBeInTheDocument();
    expect(within(nora).getByText('$1,500.00')).toBeInTheDocument();
    expect(within(nora).getByText('+$12.00')).toBeInTheDocument();
    expect(within(ray).getByText('New trader')).toBeInTheDocument();
    expect(within(ray).queryByText('100%')).toBeNull();
    expect(within(ray).getByTestId('risk-score')).toHaveTextContent('8/10');
    expect(within(ray).getByRole('link', { name: 'Copy Rookie Ray' })).toHaveAttribute('href', '/traderinfo/3#copy');
  });

  it('a card shows the open trades and their return at the market, or just 0 when none is open', async () => {
    const holding = { ...trader, newTrader: false, riskScore: 8, openTrades: 3, openPnlPct: -4.88, tradingAccuracy: 50, roi30d: 1.12 };
    const flat = { ...trader, id: 3, name: 'Flat Fay', newTrader: false, openTrades: 0, openPnlPct: 0 };
    mockFetch({ 'GET /api/traders': { items: [holding, flat], total: 2, page: 1, limit: 12 }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traders');
    const nora = (await screen.findByRole('heading', { name: 'Nora Quinn' })).closest('article')!;
    expect(within(nora).getByTestId('open-trades')).toHaveTextContent(/^3 · -4\.88%$/);
    expect(within(nora).getByText('-4.88%')).toHaveClass('neg');
    expect(within(nora).getByText('50%')).toBeInTheDocument();
    const fay = screen.getByRole('heading', { name: 'Flat Fay' }).closest('article')!;
    expect(within(fay).getByTestId('open-trades')).toHaveTextContent(/^0$/);
  });

  it('searches by name on the server after a short pause', async () => {
    const fetchMock = mockFetch({ 'GET /api/traders': { items: [trader], total: 1, page: 1, limit: 12 }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traders');
    await screen.findByRole('heading', { name: 'Nora Quinn' });
    await userEvent.type(screen.getByLabelText('Search by name'), 'nor');
    await waitFor(() => expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/traders?sort=roi&search=nor&page=1&limit=12'));
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('search=n&') || String(u).includes('search=no&'))).toHaveLength(0);
  });

  it('a click on a trader during the search pause stays on the trader page: the pending search navigation is dropped', async () => {
    mockFetch({ 'GET /api/traders': { items: [trader], total: 1, page: 1, limit: 12 }, 'GET /api/traders/2': trader, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traders');
    await screen.findByRole('heading', { name: 'Nora Quinn' });
    // the 300 ms pause on a fake clock: typed, clicked, and then the pause runs out (the trader page's chunk may still load)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'nor' } });
      fireEvent.click(screen.getByRole('link', { name: 'View profile of Nora Quinn' }));
      act(() => vi.advanceTimersByTime(1_000));
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/traderinfo\/2$/);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nora Quinn' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/traderinfo\/2$/);
  });

  it('shows an empty state and an error state', async () => {
    mockFetch({ 'GET /api/traders': { items: [], total: 0, page: 1, limit: 12 }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    const { unmount } = renderApp('/traders');
    expect(await screen.findByText('No traders match these filters')).toBeInTheDocument();
    unmount();
    mockFetch({ 'GET /api/traders': () => jsonResponse(503, { statusCode: 503, message: 'Database unavailable' }), 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traders');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });
});

describe('traders list: discovery (periods, filters, sorts, Full, Copy-ready)', () => {
  const calls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/traders?'));

  it('the period tabs and the chips go into the URL and the request; a pressed chip clears; reload keeps them', async () => {
    const fetchMock = mockFetch({ 'GET /api/traders': { items: [trader], total: 1, page: 1, limit: 12 }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    const { unmount } = renderApp('/traders');
    await screen.findByRole('heading', { name: 'Nora Quinn' });
    const tabs = screen.getByRole('group', { name: 'Period' });
    expect(within(tabs).getAllByRole('button').map((b) => b.textContent)).toEqual(['7D', '30D', '90D', '180D', '1Y', 'All']);
    expect(within(tabs).getByRole('button', { name: '30D' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(tabs).getByRole('button', { name: '1Y' }));
    await userEvent.click(screen.getByRole('button', { name: 'Risk ≤ 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Drawdown ≤ 25%' }));
    await userEvent.click(screen.getByRole('button', { name: '90+ days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stocks' }));
    await userEvent.click(screen.getByRole('button', { name: 'Hide full' }));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'sharpe');
    const wanted = '/api/traders?sort=sharpe&period=1y&maxRisk=3&maxDrawdown=25&minDays=90&market=Stocks&hideFull=true&page=1&limit=12';
    await waitFor(() => expect(calls(fetchMock)).toContain(wanted));
    expect(screen.getByTestId('location')).toHaveTextContent('/traders');
    expect(screen.getByRole('button', { name: 'Stocks' })).toHaveAttribute('aria-pressed', 'true');
    // a visitor is not offered Copy-ready (the API answers it for a signed-in caller only)
    expect(screen.queryByRole('button', { name: 'Copy-ready' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stocks' }));
    await waitFor(() => expect(calls(fetchMock)).toContain(wanted.replace('&market=Stocks', '')));
    unmount();

    // the same URL again (a reload): the same request, the same pressed buttons
    fetchMock.mockClear();
    renderApp('/traders?period=1y&maxRisk=3&sort=sharpe&hideFull=true');
    await screen.findByRole('heading', { name: 'Nora Quinn' });
    await waitFor(() => expect(calls(fetchMock)).toContain('/api/traders?sort=sharpe&period=1y&maxRisk=3&hideFull=true&page=1&limit=12'));
    expect(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: '1Y' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Risk ≤ 3' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a card labels its ROI with the period, or "since <date>" when the history is shorter; Full and Copy-ready badges', async () => {
    signIn({ roles: ['User'] }); // cash 100.00
    const young = { ...trader, id: 4, name: 'Young Yara', period: '1y', roi: 3.5, shorterHistory: true, historyStart: '2026-10-29T08:00:00.000Z', minCopyAmount: '50.00' };
    const full = { ...trader, id: 5, name: 'Full Fay', period: '1y', full: true, copiers: 3, maxCopiers: 3 };
    const dear = { ...trader, id: 6, name: 'Dear Dan', period: '1y', minCopyAmount: '500.00' };
    const fetchMock = mockFetch({ 'GET /api/traders': { items: [young, full, dear], total: 3, page: 1, limit: 12 } });
    renderApp('/traders?period=1y&copyReady=true');
    const yara = (await screen.findByRole('heading', { name: 'Young Yara' })).closest('article')!;
    const fay = screen.getByRole('heading', { name: 'Full Fay' }).closest('article')!;
    const dan = screen.getByRole('heading', { name: 'Dear Dan' }).closest('article')!;
    expect(within(yara).getByText('ROI since Oct 29, 2026')).toBeInTheDocument();
    expect(within(dan).getByText('ROI 1Y')).toBeInTheDocument();
    expect(within(yara).getByTestId('badge-copy-ready')).toHaveTextContent('Copy-ready');
    expect(within(fay).getByTestId('badge-full')).toHaveTextContent('Full');
    expect(within(fay).queryByTestId('badge-copy-ready')).toBeNull();
    expect(within(dan).queryByTestId('badge-copy-ready')).toBeNull();
    // signed in: the chip is offered, pressed from the URL, and sent
    expect(screen.getByRole('button', { name: 'Copy-ready' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls(fetchMock)).toContain('/api/traders?sort=roi&period=1y&copyReady=true&page=1&limit=12'));
  });
});

describe('trader details: allocation, Full and the minimum copy', () => {
  it('shows the allocation by market and symbol over a period, and reloads it for another', async () => {
    const allocation = [
      { market: 'Crypto', symbol: 'BTCUSDT', trades: 3, pct: 50 },
      { market: 'Crypto', symbol: 'ETHUSDT', trades: 1, pct: 25 },
      { market: 'Forex', symbol: 'EURUSD', trades: 2, pct: 25 },
    ];
    const fetchMock = mockFetch({
      'GET /api/traders/2': (url: string) =>
        jsonResponse(200, { ...trader, full: true, minCopyAmount: '250.00', recentTrades: [], period: new URL(url, 'http://x').searchParams.get('period') ?? 'all', allocation: url.includes('period=7d') ? [] : allocation }),
      'GET /api/auth/refresh': () => jsonResponse(401, {}),
    });
    renderApp('/traderinfo/2');
    await screen.findByRole('heading', { name: 'Nora Quinn', level: 1 });
    expect(screen.getByTestId('badge-full')).toHaveTextContent('Full');
    expect(screen.getByTestId('min-copy')).toHaveTextContent('$250.00');
    const section = (await screen.findByRole('heading', { name: 'Asset allocation' })).closest('section')!;
    const markets = await within(section).findByRole('list', { name: 'By market' });
    expect(within(markets).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Crypto75.0%', 'Forex25.0%']);
    expect(within(section).getByRole('table', { name: 'Allocation by symbol' })).toHaveTextContent('BTCUSDT');
    expect(within(section).getByTestId('allocation-period')).toHaveTextContent('the last 90 days');
    await userEvent.click(within(section).getByRole('button', { name: '7D' }));
    expect(await within(section).findByText('No trades in this period')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(expect.arrayContaining(['/api/traders/2?period=90d', '/api/traders/2?period=7d']));
  });
});

describe('trader details: open trades at the market', () => {
  it('shows the open trades, their return at the market, and says how the statistics count them', async () => {
    mockFetch({ 'GET /api/traders/2': { ...trader, openTrades: 2, openPnlPct: 3.25, recentTrades: [] }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traderinfo/2');
    await screen.findByRole('heading', { name: 'Nora Quinn', level: 1 });
    expect(screen.getByTestId('open-trades')).toHaveTextContent('2');
    expect(within(screen.getByTestId('open-pnl')).getByText('+3.25%')).toHaveClass('pos');
    expect(screen.getByText(/an open trade at a loss counts as a losing trade/)).toBeInTheDocument();
  });

  it('shows 0 open trades and no open P&L when none is open', async () => {
    mockFetch({ 'GET /api/traders/2': { ...trader, openTrades: 0, openPnlPct: 0, recentTrades: [] }, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traderinfo/2');
    await screen.findByRole('heading', { name: 'Nora Quinn', level: 1 });
    expect(screen.getByTestId('open-trades')).toHaveTextContent('0');
    expect(screen.queryByTestId('open-pnl')).toBeNull();
  });
});

describe('trader details: an unknown trader, and arriving from a card\'s Copy', () => {
  it('an unknown id says "Trader not found" at once, with an h1 and the document title, and asks the API once', async () => {
    const fetchMock = mockFetch({ 'GET /api/traders/999': () => jsonResponse(404, { statusCode: 404, code: 'TRADER_NOT_FOUND', message: 'Trader not found' }), 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traderinfo/999');
    expect(await screen.findByRole('heading', { name: 'Trader not found', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Trader not found — Mirrorline'));
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/traders/999')).toHaveLength(1);
  });

  it('/traderinfo/:id#copy puts the focus in the copy panel once the profile is in', async () => {
    signIn({ roles: ['User'], kycverified: true });
    mockFetch({ 'GET /api/traders/2': trader });
    renderWithProviders(<Routes><Route path="/traderinfo/:id" element={<TraderDetails />} /></Routes>, '/traderinfo/2#copy');
    await screen.findByRole('heading', { name: 'Nora Quinn', level: 1 });
    await waitFor(() => expect(document.getElementById('copy')).toContainElement(document.activeElement as HTMLElement));
  });
});

describe('trader details and the Copy button', () => {
  it('sends a signed-out visitor to /signin, remembering the trader page', async () => {
    mockFetch({ 'GET /api/traders/2': trader, 'GET /api/auth/refresh': () => jsonResponse(401, {}) });
    renderApp('/traderinfo/2');
    expect(await screen.findByRole('heading', { name: 'Nora Quinn', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Liquidity sweeps')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy trader' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signin'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/traderinfo/2');
  });

  it('POSTs /copies with traderId, amount, stopLossPct and an Idempotency-Key', async () => {
    signIn({ roles: ['User'], kycverified: true });
    const fetchMock = mockFetch({ 'GET /api/traders/2': trader, 'POST /api/copies': () => jsonResponse(201, { id: 'c-1' }) });
    renderDetails();
    await screen.findByRole('heading', { name: 'Nora Quinn', level: 1 });
    await userEvent.type(screen.getByLabelText('Amount'), '9.99');
    await userEvent.type(screen.getByLabelText(/Stop-loss %/), '96');
    await userEvent.click(screen.getByRole('button', { name: 'Copy trader' }));
    // FollowTraderDto's x-minimum-amount and stopLossPct range, before anything is sent
    expect(await screen.findByText('The minimum is $10.00')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole percentage from 5 to 95')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/copies')).toBe(false);
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '250.00');
    await userEvent.clear(screen.getByLabelText(/Stop-loss %/));
    await userEvent.type(screen.getByLabelText(/Stop-loss %/), '50');
    await userEvent.click(screen.getByRole('button', { name: 'Copy trader' }));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('You are now copying Nora Quinn'));
    const call = fetchMock.mock.calls.find(([u, i]) => u === '/api/copies' && (i as RequestInit).method === 'POST')!;
    const init = call[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ traderId: 2, amount: '250.00', stopLossPct: 50 });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server message when copying is refused (e.g. KYC required)', async () => {
    signIn({ roles: ['User'] });
    mockFetch({
      'GET /api/traders/2': trader,
      'POST /api/copies': () => jsonResponse(403, { statusCode: 403, message: 'Complete identity verification (KYC) before copying traders', code: 'KYC_REQUIRED' }),
    });
    renderDetails();
    await screen.findByRole('heading', { name: 'Nora Quinn', level: 1 });
    await userEvent.type(screen.getByLabelText('Amount'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Copy trader' }));
    expect(await screen.findByText('Complete identity verification (KYC) before copying traders')).toBeInTheDocument();
  });
});
