import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../test/utils';
import { formatHolding, PositionHistorySection } from './position-history';

const closed = {
  id: '12', status: 'closed', symbol: 'EURUSD', side: 'sell', allocationPct: 15, entryPrice: '1.0851', exitPrice: '1.0802',
  openedAt: '2026-11-20T08:00:00.000Z', closedAt: '2026-11-21T10:30:00.000Z', holdingSeconds: 95_400, pnlPct: '0.4516', closeReason: 'take_profit',
};
const open = {
  id: '13', status: 'open', symbol: 'BTCUSDT', side: 'buy', allocationPct: 20, entryPrice: '64250.5', exitPrice: null,
  openedAt: '2026-11-27T09:00:00.000Z', closedAt: null, holdingSeconds: 2700, pnlPct: '-1.2000', closeReason: null,
};

describe('the position history on the trader page', () => {
  it('closed trades with entry, exit, allocation, holding time, pnl and reason; Open shows the open ones; no money size anywhere', async () => {
    const calls: string[] = [];
    mockFetch({
      'GET /api/traders/7/trades': (u: string) => {
        calls.push(u);
        const status = new URL(u, 'http://x').searchParams.get('status');
        return jsonResponse(200, { items: [status === 'open' ? open : closed], total: 1, page: 1, limit: 10 });
      },
    });
    renderWithProviders(<PositionHistorySection traderId="7" />);
    const table = await screen.findByRole('table', { name: 'Closed positions' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Symbol', 'Side', 'Allocation', 'Entry', 'Exit', 'Closed', 'Held', 'PnL', 'Reason']);
    const row = within(table).getByRole('row', { name: /EURUSD/ });
    expect(row).toHaveTextContent('15%');
    expect(row).toHaveTextContent('1.0851');
    expect(row).toHaveTextContent('1.0802');
    expect(row).toHaveTextContent('1 d 2 h');
    expect(row).toHaveTextContent('+0.45%');
    expect(row).toHaveTextContent('Take profit');

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const openTable = await screen.findByRole('table', { name: 'Open trades' });
    expect(within(openTable).getByRole('row', { name: /BTCUSDT/ })).toHaveTextContent('45 min');
    expect(within(openTable).getByRole('row', { name: /BTCUSDT/ })).toHaveTextContent('-1.20%');
    expect(calls).toEqual(['/api/traders/7/trades?status=closed&page=1&limit=10', '/api/traders/7/trades?status=open&page=1&limit=10']);
    expect(document.body.textContent).not.toMatch(/\$/);
  });

  it('holding times in words', () => {
    expect([30, 60, 2 * 3600, 2 * 3600 + 15 * 60, 86_400, 3 * 86_400 + 4 * 3600].map(formatHolding)).toEqual(['30 s', '1 min', '2 h', '2 h 15 min', '1 d', '3 d 4 h']);
  });
});
