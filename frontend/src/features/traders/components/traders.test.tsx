import { screen, waitFor, within } from '@testing-library/react';
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
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'followers');
    await userEvent.selectOptions(screen.getByLabelText('Trader type'), 'ICT Trader');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/traders?sort=followers&traderType=ICT+Trader&page=1&limit=12'),
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
    await userEvent.click(screen.getByRole('button', { name: 'Copy trader' }));
    expect(await screen.findByText('The minimum is $10.00')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '250.00');
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
