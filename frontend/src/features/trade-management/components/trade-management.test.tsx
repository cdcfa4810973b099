import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderApp, signIn } from '../../../test/utils';

const openTrade = {
  id: 'tr-1', traderId: 3, market: 'Forex', pair: 'EURUSD', side: 'buy', entryPrice: '1.0850', exitPrice: null, allocationPct: 25,
  pnlPct: null, status: 'open', copiedCount: 4, skippedCount: 1, copiersPnl: '0.00', copiersFees: '0.00', openedAt: '2026-11-22T10:00:00Z', closedAt: null,
};

function bodies(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([u, i]) => u === path && (i as RequestInit).method === 'POST').map(([, i]) => i as RequestInit);
}

describe('trade management (Trader)', () => {
  it('validates and opens a trade with market, pair, side, entryPrice and allocationPct', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const fetchMock = mockFetch({ 'GET /api/trader/trades': { items: [], total: 0, page: 1, limit: 20 }, 'POST /api/trader/trades': () => jsonResponse(201, openTrade) });
    renderApp('/trademanagement');
    await screen.findByText('No trades yet');
    await userEvent.click(screen.getByRole('button', { name: 'Open trade' }));
    expect(screen.getByText(/Enter a pair like EURUSD/)).toBeInTheDocument();
    expect(screen.getByText(/Enter a positive price/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Market'), 'Crypto');
    await userEvent.type(screen.getByLabelText('Pair'), 'btcusdt');
    await userEvent.selectOptions(screen.getByLabelText('Side'), 'sell');
    await userEvent.type(screen.getByLabelText('Entry price'), '64000.5');
    await userEvent.clear(screen.getByLabelText('Allocation %'));
    await userEvent.type(screen.getByLabelText('Allocation %'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Open trade' }));
    await waitFor(() => expect(bodies(fetchMock, '/api/trader/trades')).toHaveLength(1));
    const init = bodies(fetchMock, '/api/trader/trades')[0];
    expect(JSON.parse(String(init.body))).toEqual({ market: 'Crypto', pair: 'BTCUSDT', side: 'sell', entryPrice: '64000.5', allocationPct: 30 });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
  });

  it('closes an open trade with an exit price', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const fetchMock = mockFetch({
      'GET /api/trader/trades': { items: [openTrade], total: 1, page: 1, limit: 20 },
      'POST /api/trader/trades/tr-1/close': () => jsonResponse(200, { ...openTrade, status: 'closed' }),
    });
    renderApp('/trademanagement');
    const row = await screen.findByRole('listitem', { name: 'Open trade EURUSD' });
    await userEvent.type(within(row).getByLabelText('Exit price'), '1.0920');
    await userEvent.click(within(row).getByRole('button', { name: 'Close trade' }));
    await waitFor(() => expect(bodies(fetchMock, '/api/trader/trades/tr-1/close')).toHaveLength(1));
    expect(JSON.parse(String(bodies(fetchMock, '/api/trader/trades/tr-1/close')[0].body))).toEqual({ exitPrice: '1.0920' });
  });
});
