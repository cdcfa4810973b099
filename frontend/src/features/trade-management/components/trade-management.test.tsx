import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderWithProviders, signIn } from '../../../test/utils';
import { TradeManagement } from './trade-management';

const openTrade = {
  id: 'tr-1', traderId: 3, market: 'Forex', pair: 'EURUSD', side: 'buy', entryPrice: '1.0850', exitPrice: null, allocationPct: 25,
  pnlPct: null, status: 'open', copiedCount: 4, skippedCount: 1, copiersPnl: '0.00', copiersFees: '0.00', openedAt: '2026-11-22T10:00:00Z', closedAt: null,
};

function bodies(fetchMock: ReturnType<typeof mockFetch>, path: string) {
  return fetchMock.mock.calls.filter(([u, i]) => u === path && (i as RequestInit).method === 'POST').map(([, i]) => i as RequestInit);
}

describe('trade management (Trader)', () => {
  it('validates and opens a market order with symbol, side, allocation and optional SL/TP (no price), then shows the fill', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const fetchMock = mockFetch({
      'GET /api/trader/trades': { items: [], total: 0, page: 1, limit: 20 },
      'POST /api/trader/trades': () => jsonResponse(201, { trade: { ...openTrade, symbol: 'BTCUSDT', pair: 'BTCUSDT', entryPrice: '64000.5' }, copied: 4 }),
    });
    renderWithProviders(<TradeManagement />); // the route now shows features/trade-desk
    await screen.findByText('No trades yet');
    expect(screen.queryByLabelText('Entry price')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open trade' }));
    expect(screen.getByText(/Enter a symbol like EURUSD/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Symbol'), 'btcusdt');
    await userEvent.selectOptions(screen.getByLabelText('Side'), 'sell');
    await userEvent.clear(screen.getByLabelText('Allocation %'));
    await userEvent.type(screen.getByLabelText('Allocation %'), '30');
    await userEvent.type(screen.getByLabelText('Stop loss'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Open trade' }));
    expect(screen.getByText(/Enter a positive price, or leave it empty/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Stop loss'));
    await userEvent.type(screen.getByLabelText('Stop loss'), '66000');
    await userEvent.click(screen.getByRole('button', { name: 'Open trade' }));
    await waitFor(() => expect(bodies(fetchMock, '/api/trader/trades')).toHaveLength(1));
    const init = bodies(fetchMock, '/api/trader/trades')[0];
    expect(JSON.parse(String(init.body))).toEqual({ symbol: 'BTCUSDT', side: 'sell', allocationPct: 30, stopLoss: '66000' });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(await screen.findAllByText('Sell BTCUSDT filled at 64000.5')).not.toHaveLength(0);
  });

  it('closes an open trade at the market (empty body) and shows the mark it would fill at', async () => {
    signIn({ roles: ['User', 'Trader'], traderID: 3 });
    const fetchMock = mockFetch({
      'GET /api/trader/trades': { items: [{ ...openTrade, markPrice: '1.0920', unrealizedPnlPct: '0.6452' }], total: 1, page: 1, limit: 20 },
      'POST /api/trader/trades/tr-1/close': () => jsonResponse(200, { trade: { ...openTrade, status: 'closed', exitPrice: '1.0920' } }),
    });
    renderWithProviders(<TradeManagement />); // the route now shows features/trade-desk
    const row = await screen.findByRole('listitem', { name: 'Open trade EURUSD' });
    expect(within(row).getByText('Closes at about 1.0920')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Close at market' }));
    await waitFor(() => expect(bodies(fetchMock, '/api/trader/trades/tr-1/close')).toHaveLength(1));
    expect(JSON.parse(String(bodies(fetchMock, '/api/trader/trades/tr-1/close')[0].body))).toEqual({});
  });
});
